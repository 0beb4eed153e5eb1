"""Expectimax over the dice, checked against hand-worked values; the hard level's analysis; easy's
mistakes."""

from __future__ import annotations

import random

import pytest

from engine import Game, Position, SeededDice
from engine.ai import get_player, heuristic_player, search
from engine.ai.players import EasyPlayer
from engine.dice import ROLLS
from engine.variants import find_variant


class Terminal:
    """Knows only finished games: +1 for the mover who has borne off, -1 for the loser, else 0."""

    def equity(self, pos: Position, mover: int) -> float:
        if pos.off[mover] == pos.variant.checkers:
            return 1.0
        if pos.off[1 - mover] == pos.variant.checkers:
            return -1.0
        return 0.0


# Player 0 has just played and has one checker left, on its 1-point (absolute 24). Player 1 has one
# checker left, on its 4-point (absolute 4), and rolls: every roll bears it off (1-1 moves four pips)
# except 2-1, 2 of 36 rolls; after 2-1 player 0 bears off with any roll.
LAST_CHECKERS = {"points": {24: (0, 1), 4: (1, 1)}, "off": [14, 14]}


def test_one_roll_ahead_by_hand():
    pos = Position.from_points("backgammon", turn=1, **LAST_CHECKERS)
    # one roll: 34/36 player 1 has won (+1 for it), 2/36 the game goes on (0 to a terminal-only eye)
    assert search.value_after(pos, 0, Terminal(), 1) == pytest.approx(-34 / 36)


def test_two_rolls_ahead_by_hand():
    pos = Position.from_points("backgammon", turn=1, **LAST_CHECKERS)
    # two rolls: after 2-1, player 0 rolls and always bears off: -(34/36 - 2/36)
    assert search.value_after(pos, 0, Terminal(), 2) == pytest.approx(-32 / 36)


def test_zero_plies_is_the_static_evaluation():
    pos = Position.from_points("backgammon", turn=1, **LAST_CHECKERS)
    assert search.value_after(pos, 0, Terminal(), 0) == 0.0


def test_the_player_on_roll_by_hand():
    # Player 1 on roll in the same position: it wins with 34 of 36 rolls at once.
    pos = Position.from_points("backgammon", turn=1, **LAST_CHECKERS)
    assert search.value_on_roll(pos, 1, Terminal()) == pytest.approx(34 / 36)


def random_games(variant: str, count: int, seed: int) -> list[Game]:
    """Games with dice rolled and a real choice, from games between random players."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    out: list[Game] = []
    while len(out) < count:
        game = Game.start(variant, dice)
        while game.outcome is None and len(out) < count:
            if game.dice is None:
                game = game.roll(dice)
                continue
            if len(game.legal_plays()) > 1:
                out.append(game)
            game = game.play(rng.choice(game.legal_plays()))
    return out


@pytest.mark.parametrize("variant", ["minigam", "minigam-strict"])
def test_hard_analyses_every_legal_play_once_best_first(variant):
    player = heuristic_player(variant, "hard")
    for game in random_games(variant, 4, seed=12):
        analysed = player.analyse(game, at_least=3)
        plays = [p for _, _, p in analysed]
        assert sorted(map(id, plays)) == sorted(map(id, game.legal_plays()))
        deep = min(3, len(plays))
        values = [value for value, _, _ in analysed[:deep]]
        assert values == sorted(values, reverse=True)
        assert player.choose_play(game) is plays[0]


@pytest.mark.parametrize("variant", ["minigam", "minigam-strict"])
def test_easy_makes_small_mistakes_but_never_a_blunder(variant):
    v = find_variant(variant)
    easy = heuristic_player(v, "easy", seed=4)
    medium = heuristic_player(v, "medium")
    assert isinstance(easy, EasyPlayer)
    games = random_games(variant, 120, seed=21)
    differs = 0
    for game in games:
        ranked = medium.ranked(game)
        best = ranked[0][0]
        chosen = easy.choose_play(game)
        value = next(value for value, _, play in ranked if play is chosen)
        # among the few best, and never far below the best
        assert any(play is chosen for _, _, play in ranked[: easy.candidates])
        assert value >= best - easy.margin
        differs += chosen is not ranked[0][2]
    # human-like: it does not always play the engine's first choice, but mostly does
    assert 0 < differs < len(games) / 2


# ------------------------------------------------------------------ multigam's look-ahead

#   point:    1    2    3    4    5    6      bar                           off
#   player:  0x2  0x3  2x2  2x2  3x2  3x2     player 1: one; 2 and 3: one each    player 1: four
# Player 0 has just played. Players 0, 2 and 3 hold all six points, so player 1, next to roll, is
# closed out: every one of the 21 rolls passes. Player 1 is otherwise close to finishing, so
# whether it rolls before or after the others matters to everyone's placings.
CLOSED_OUT_NEXT = {
    "points": {1: (0, 2), 2: (0, 3), 3: (2, 2), 4: (2, 2), 5: (3, 2), 6: (3, 2)},
    "bar": [0, 1, 1, 1],
    "off": [0, 4, 0, 0],
}


def test_multigam_look_ahead_over_a_closed_out_next_player_skips_their_turn():
    pos = Position.from_points("multigam", turn=1, **CLOSED_OUT_NEXT)
    hard = get_player("multigam", "hard")
    for dice, _ in ROLLS:
        assert [p.moves for p in search.to_move(pos, 1).legal_plays(dice)] in ([], [()])
    # Looking ahead over player 1's roll is the model's value with player 2 to roll ...
    assert hard.lookahead(pos, 0, frozenset()) == pytest.approx(hard.ev.scores(pos, 2)[0])
    # ... which is not the static value (player 1 to roll, its entry priced as a delay).
    assert hard.value(pos, 0, frozenset()) == pytest.approx(hard.ev.scores(pos, 1)[0])
    assert hard.lookahead(pos, 0, frozenset()) != pytest.approx(hard.value(pos, 0, frozenset()))
