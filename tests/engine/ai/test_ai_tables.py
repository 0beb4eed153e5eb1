"""The race tables and pubeval encoding, against numbers worked out by hand."""

from __future__ import annotations

import pytest

from engine import Position, find_variant
from engine.ai.pubeval import CONTACT_WEIGHTS, WIN_SCORE, pubeval
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


def test_pubeval_of_the_opening_position_by_hand():
    # Player 0's own points 24 (2), 13 (5), 8 (3), 6 (5) are pubeval blocks 0, 11, 16, 18; the
    # opponent has no blots, nobody is on the bar or off. Five inputs per block: opposing blot,
    # one, two or more, exactly three, (n - 3) / 2 beyond three.
    w = CONTACT_WEIGHTS
    expected = (
        w[0 * 5 + 2]  # 24-point: two
        + w[11 * 5 + 2]
        + w[11 * 5 + 4] * (5 - 3) / 2  # 13-point: five
        + w[16 * 5 + 2]
        + w[16 * 5 + 3]  # 8-point: three
        + w[18 * 5 + 2]
        + w[18 * 5 + 4] * (5 - 3) / 2  # 6-point: five
    )
    pos = Position.initial("backgammon", 0)
    assert pubeval(pos, 0, race=False) == pytest.approx(expected)
    # The same position seen by player 1 is the mirror image: the same score.
    assert pubeval(pos, 1, race=False) == pytest.approx(expected)


def test_pubeval_counts_an_opposing_blot_and_the_bar():
    # Player 0: 15 checkers on its 6-point; player 1: a blot on player 0's 24-point (its own 1-point,
    # block 0) and one on the bar.
    pos = Position.from_points("backgammon", turn=0, points={19: (0, 15), 1: (1, 1)}, bar=[0, 1], off=[0, 13])
    w = CONTACT_WEIGHTS
    own = w[18 * 5 + 2] + w[18 * 5 + 4] * (15 - 3) / 2
    assert pubeval(pos, 0, race=False) == pytest.approx(own + w[0] + w[120] * 1 / 2)


def test_pubeval_of_a_finished_player_is_the_win_score():
    pos = Position.from_points("backgammon", turn=0, points={1: (1, 15)}, bar=[0, 0], off=[15, 0])
    assert pubeval(pos, 0, race=True) == WIN_SCORE
