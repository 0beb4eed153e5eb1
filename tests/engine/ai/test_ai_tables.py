"""The race tables, against numbers worked out by hand."""

from __future__ import annotations

import pytest

from engine import Position, find_variant
from engine.ai.race import race_state, race_table


def test_one_checker_one_pip_from_home_needs_one_roll():
    table = race_table(find_variant("minigam"))
    state = (1, 0, 0, 0, 0, 0, 0)
    assert table.mean[state] == 1.0
    assert table.cdf[state][1] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("variant", "one_roll"),
    [
        # A lone checker on the bar needs 7 pips and may enter and bear off in one turn.
        # Non-doubles with a sum of 7 or more: 18 of the 36 ordered rolls. Doubles: in minigam two
        # moves, so 4-4, 5-5, 6-6 (3 rolls); in minigam-strict four moves, so 2-2 to 6-6 (5 rolls).
        ("minigam", 21 / 36),
        ("minigam-strict", 23 / 36),
    ],
)
def test_a_lone_checker_on_the_bar_finishes_in_one_roll_when_the_dice_reach_seven(variant, one_roll):
    table = race_table(find_variant(variant))
    assert table.cdf[(0, 0, 0, 0, 0, 0, 1)][1] == pytest.approx(one_roll)


def test_the_mover_loses_a_race_of_single_checkers_on_the_one_point():
    # Each side has one checker on its 1-point; the opponent rolls first and bears it off.
    table = race_table(find_variant("minigam"))
    one = (1, 0, 0, 0, 0, 0, 0)
    assert table.win_first(one, one) == 0.0
    # Against a checker on the bar the opponent needs 7 pips: they fail with 15 of 36 rolls, then
    # the mover bears off with any roll.
    assert table.win_first(one, (0, 0, 0, 0, 0, 0, 1)) == pytest.approx(15 / 36)


def test_race_state_counts_distances_and_the_bar():
    # Player 1 moves down: a checker on point 2 is 2 pips from home; player 0 on point 2 needs 5.
    pos = Position.from_points("minigam", turn=0, points={2: (1, 3), 5: (0, 2)}, bar=[1, 0], off=[5, 5])
    assert race_state(pos, 1) == (0, 3, 0, 0, 0, 0, 0)
    assert race_state(pos, 0) == (0, 2, 0, 0, 0, 0, 1)
