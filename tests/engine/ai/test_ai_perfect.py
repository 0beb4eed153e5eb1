"""The ``perfect`` level and the exact hints of the solved 6-point games (the shipped tables)."""

from __future__ import annotations

import pytest

from engine import Dice, Game, Position, SeededDice
from engine.ai import PERFECT, get_player, hint, levels_for
from engine.ai.perfect import PerfectPlayer
from engine.solve.index import SOLVABLE
from engine.solve.table import available, load


def _shipped(name):
    if not available(name):
        pytest.skip(f"the {name} table is not installed (python -m engine.solve --variant {name})")
    return load(name)


def test_perfect_is_a_level_of_the_solved_games_only():
    for name in SOLVABLE:
        assert levels_for(name)[-1] == PERFECT
    for name in ("multigam", "backgammon", "backgammon-mulligan"):
        assert PERFECT not in levels_for(name)
        with pytest.raises(ValueError, match="only for the solved games"):
            get_player(name, PERFECT)


def _midgame(name: str, seed: int = 3) -> Game:
    """A game some random plays in, with dice rolled and a real choice to make."""
    source = SeededDice(seed)
    game = Game.start(name, source)
    rng = SeededDice(seed + 1)
    for _ in range(40):
        if game.outcome is not None:
            game = Game.start(name, source)
        if game.dice is None:
            game = game.roll(source)
        plays = game.legal_plays()
        if len(plays) >= 4 and _ > 6:
            return game
        game = game.play(plays[rng.roll_die() % len(plays)])
    raise AssertionError("no position with a choice")


@pytest.mark.parametrize("name", SOLVABLE)
def test_perfect_plays_the_play_the_table_values_highest(name):
    table = _shipped(name)
    game = _midgame(name)
    player = get_player(name, PERFECT)
    assert isinstance(player, PerfectPlayer)
    chosen = player.choose_play(game)
    values = [table.after(p.result, game.turn) for p in game.legal_plays()]
    assert table.after(chosen.result, game.turn) == max(values)


@pytest.mark.parametrize("name", SOLVABLE)
def test_hints_give_every_play_s_exact_chance_and_its_loss_against_the_best(name):
    table = _shipped(name)
    game = _midgame(name)
    hints = hint(game, 50)
    assert len(hints) == len(game.legal_plays())
    assert hints[0].loss == 0.0
    for h in hints:
        assert h.win == table.after(h.play.result, game.turn)
        assert h.loss == pytest.approx(hints[0].win - h.win)
    assert [h.win for h in hints] == sorted((h.win for h in hints), reverse=True)
    assert len(hint(game, 3)) == 3


def test_a_last_checker_borne_off_is_a_certain_win_and_a_lost_race_is_exact():
    _shipped("minigam")
    # player 0 has one checker left, on point 6, and rolls 2-1: it bears off and wins
    pos = Position.from_points("minigam", turn=0, points={6: (0, 1), 1: (1, 8)})
    (only,) = hint(Game(pos, dice=Dice(2, 1)), 3)
    assert only.win == 1.0
    assert only.loss == 0.0
    # player 1 to roll, but player 0 has borne off everything: the game is over, player 1 lost
    over = Position.from_points("minigam", turn=1, points={1: (1, 8)})
    assert load("minigam").win(over) == 0.0
