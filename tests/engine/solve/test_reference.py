"""The solver's slow reference generator agrees with the engine's legal plays."""

from __future__ import annotations

import random

import pytest

from engine import Dice, all_dice
from engine.solve import reference
from engine.solve.index import SOLVABLE, position_rows, rows_position, space


def engine_results(pos, dice):
    return {tuple(map(tuple, position_rows(play.result))) for play in pos.legal_plays(dice)}


@pytest.mark.parametrize("name", SOLVABLE)
def test_the_reference_generator_agrees_with_the_engine_at_random_positions(name):
    sp = space(8)
    rng = random.Random(name)
    for _ in range(150):
        rows = sp.rows(rng.randrange(sp.size))
        turn = rng.randrange(2)
        pos = rows_position(name, *rows, turn)
        for dice in all_dice():
            assert reference.legal_results(pos.variant, rows, tuple(dice)) == engine_results(pos, dice)


def test_hand_worked_plays_strict_double_and_minigam_order():
    # the mover has a checker on the bar and one on point 5 (6 off); the opponent holds point 3
    rows = ((1, 0, 0, 0, 0, 1, 0, 6), (0, 0, 0, 2, 0, 0, 0, 6))
    strict = rows_position("minigam-strict", *rows).variant
    # 1-1 is played four times: bar/1/2 and 5/6/off (2/3 is blocked; 6/off only once the bar is empty)
    assert reference.legal_results(strict, rows, (1, 1)) == {((0, 0, 1, 0, 0, 0, 0, 7), rows[1])}
    minigam = rows_position("minigam", *rows).variant
    # 2-1: bar/2 5/6, or 5/off bar/1 (= bar/1 5/off); 6/off with the 2 is no overshoot while on the bar
    assert reference.legal_results(minigam, rows, (2, 1)) == {
        ((0, 0, 1, 0, 0, 0, 1, 6), rows[1]),
        ((0, 1, 0, 0, 0, 0, 0, 7), rows[1]),
    }
    assert reference.legal_results(minigam, rows, (2, 1)) == engine_results(
        rows_position("minigam", *rows), Dice(2, 1)
    )
