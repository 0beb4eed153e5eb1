"""Every level of every variant plays legal moves, deterministically; hints are sorted and sane."""

from __future__ import annotations

import random

import pytest

from engine import VARIANTS, Dice, Game, Position, SeededDice
from engine.ai import ARENA_LEVELS, LEVELS, Hint, get_player, hint, levels_for


def sample_games(variant: str, count: int = 3, seed: int = 5) -> list[Game]:
    """Games with dice rolled at a few stages of a game between random players."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    out = []
    game = Game.start(variant, dice)
    stops = {0, 9, 25}
    turn = 0
    while game.outcome is None and len(out) < count:
        if game.dice is None:
            game = game.roll(dice)
            continue
        if turn in stops and len(game.legal_plays()) > 1:
            out.append(game)
        game = game.play(rng.choice(game.legal_plays()))
        turn += 1
    return out


@pytest.mark.parametrize(
    ("variant", "level"),
    [(v, level) for v in VARIANTS for level in ("random", "greedy", *levels_for(v))],
)
def test_every_level_returns_a_legal_play(variant, level):
    player = get_player(variant, level, seed=1)
    for game in sample_games(variant):
        assert player.choose_play(game) in game.legal_plays()


def test_levels_are_the_documented_ones():
    assert LEVELS == ("easy", "medium", "hard")
    assert ARENA_LEVELS == ("random", "greedy", "easy", "medium", "hard", "expert", "perfect")
    assert levels_for("backgammon") == levels_for("backgammon-mulligan") == (*LEVELS, "expert")
    assert levels_for("multigam") == LEVELS
    for solved in ("minigam", "minigam-full-entry", "minigam-strict"):
        assert levels_for(solved) == (*LEVELS, "perfect")


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match=r"unknown level 'perfectly'.*easy, medium, hard"):
        get_player("minigam", "perfectly")


def test_expert_is_for_backgammon_only():
    with pytest.raises(ValueError, match=r"expert level is for backgammon; minigam has: easy, medium, hard"):
        get_player("minigam", "expert")


def test_a_forced_play_is_returned_as_is():
    # Everyone on the bar, player 0 to play 6-6 in minigam: bar/6 twice is the only play.
    game = Game(Position.initial("minigam", 0), dice=Dice(6, 6))
    assert len(game.legal_plays()) == 1
    for level in ("random", "greedy", *LEVELS):
        assert get_player("minigam", level).choose_play(game) == game.legal_plays()[0]


def test_choose_play_before_the_roll_is_a_clear_error():
    game = Game(Position.initial("minigam", 0))
    with pytest.raises(ValueError, match="roll the dice first"):
        get_player("minigam", "hard").choose_play(game)


@pytest.mark.parametrize("variant", ["minigam", "multigam"])
def test_same_seed_same_choices(variant):
    games = sample_games(variant, seed=11)
    for level in ("random", "easy"):
        first = [get_player(variant, level, seed=3).choose_play(g) for g in games]
        again = [get_player(variant, level, seed=3).choose_play(g) for g in games]
        assert first == again


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_hints_are_sorted_evaluations_within_bounds(variant):
    for game in sample_games(variant, count=2):
        hints = hint(game, count=3)
        assert 1 <= len(hints) <= min(3, len(game.legal_plays()))
        assert all(isinstance(h, Hint) for h in hints)
        assert len({h.play for h in hints}) == len(hints)
        for h in hints:
            assert h.play in game.legal_plays()
            assert 0.0 <= h.win <= 1.0
            assert game.position.parse_play(game.dice, h.notation).result == h.play.result
        if variant.startswith("backgammon"):
            keys = [h.equity for h in hints]
            for h in hints:
                assert 0.0 <= h.gammon <= h.win
                assert -3.0 <= h.equity <= 3.0
        elif variant == "multigam":
            keys = [h.expected_points for h in hints]
            assert all(1.0 <= k <= 5.0 for k in keys)
        else:
            keys = [h.win for h in hints]
            assert all(h.gammon is None and h.equity is None for h in hints)
        assert keys == sorted(keys, reverse=True)


def test_hint_before_the_roll_is_empty():
    assert hint(Game(Position.initial("backgammon", 0))) == []


def test_hint_count_limits_the_list():
    game = Game(Position.initial("backgammon", 0), dice=Dice(6, 5))
    assert len(hint(game, count=1)) == 1
    assert len(hint(game, count=5)) == 5


def test_hint_in_a_won_race_is_certain():
    # Player 0's last checker on point 6 needs 1 pip: any roll bears it off and wins.
    pos = Position.from_points("minigam", turn=0, points={6: (0, 1), 1: (1, 3)}, bar=[0, 0], off=[7, 5])
    (best,) = hint(Game(pos, dice=Dice(2, 1)), count=1)
    assert best.play.result.off[0] == 8
    assert best.win == 1.0
