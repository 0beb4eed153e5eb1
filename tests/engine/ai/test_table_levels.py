"""The solved games' easy, medium and hard: the table's values plus noise, sized to each level's strength."""

from __future__ import annotations

import pytest

from engine.ai import LEVELS, get_player, heuristic_player
from engine.ai.noise_fit import expected_loss, fit, positions
from engine.ai.perfect import LEVEL_LOSS, LEVEL_NOISE, NoisyPerfectPlayer, exact_values
from engine.ai.players import HardPlayer
from engine.solve.table import load
from engine.variants import find_variant
from tests.engine.ai.test_ai_search import random_games


@pytest.mark.parametrize("variant", sorted(LEVEL_NOISE))
def test_the_solved_games_levels_play_from_the_table(variant):
    for level in LEVELS:
        player = get_player(variant, level, seed=1)
        assert isinstance(player, NoisyPerfectPlayer)
        assert player.level == level
        assert player.noise == LEVEL_NOISE[variant][level]
    # weaker levels, more noise
    assert LEVEL_NOISE[variant]["easy"] > LEVEL_NOISE[variant]["medium"] > LEVEL_NOISE[variant]["hard"] > 0
    assert isinstance(heuristic_player(variant, "hard"), HardPlayer)
    assert not isinstance(get_player("multigam", "hard"), NoisyPerfectPlayer)
    with pytest.raises(ValueError, match="no hand-made"):
        heuristic_player("backgammon", "hard")


def test_noise_picks_among_close_plays_and_tiny_noise_is_perfect():
    v = find_variant("minigam")
    table = load(v)
    games = random_games("minigam", 60, seed=3)
    exact = NoisyPerfectPlayer(v, "hard", 1e-9, seed=2, table=table)
    noisy = NoisyPerfectPlayer(v, "easy", 0.1, seed=2, table=table)
    differs = 0
    for game in games:
        ranked = exact_values(table, game)
        value_of = {id(play): value for value, _, play in ranked}
        assert value_of[id(exact.choose_play(game))] == ranked[0][0]  # a best play (ties either way)
        chosen = noisy.choose_play(game)
        value = next(value for value, _, play in ranked if play is chosen)
        assert value >= ranked[0][0] - 1.0  # a legal play, valued
        differs += chosen is not ranked[0][2]
    assert 0 < differs < len(games)
    with pytest.raises(ValueError, match="positive"):
        NoisyPerfectPlayer(v, "hard", 0.0, table=table)


def test_the_same_seed_plays_the_same():
    v = find_variant("minigam-strict")
    games = random_games("minigam-strict", 30, seed=8)
    a, b = (get_player(v, "easy", seed=5) for _ in range(2))
    assert [a.choose_play(g) for g in games] == [b.choose_play(g) for g in games]


def test_the_fitted_noise_gives_each_levels_loss_per_move():
    # What `python -m engine.ai.noise_fit` fitted, checked on other games: each level's expected loss per
    # move is its target, within the sampling error of 150 games (the targets are about a point apart).
    v = find_variant("minigam")
    table = load(v)
    losses = {}
    for level in LEVELS:
        seen = positions(v, LEVEL_NOISE[v.name][level], 150, seed=99, table=table)
        losses[level] = expected_loss(seen, LEVEL_NOISE[v.name][level])
        assert losses[level] == pytest.approx(LEVEL_LOSS[v.name][level], rel=0.2)
    assert losses["easy"] > losses["medium"] > losses["hard"] > 0
    # and the fit finds a noise back from its own target
    seen = positions(v, 0.05, 60, seed=4, table=table)
    target = expected_loss(seen, 0.05)
    assert fit(seen, target) == pytest.approx(0.05, rel=0.05)
