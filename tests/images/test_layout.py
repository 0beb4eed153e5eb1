"""Geometry: where points, bars and trays are on each board type."""

from __future__ import annotations

import pytest

from images import Theme
from images.layout import BG, SIX2, SIX4, bar_centre, board_kind, board_layout, checker_centre


def test_board_kind_of_each_variant() -> None:
    assert board_kind("minigam") == SIX2
    assert board_kind("minigam-strict") == SIX2
    assert board_kind("multigam") == SIX4
    assert board_kind("backgammon-mulligan") == BG


def test_six_point_stacks_grow_upward_one_checker_at_a_time() -> None:
    d = board_layout(SIX2).checker
    x0, y0 = checker_centre("minigam", 2, 0)
    x1, y1 = checker_centre("minigam", 2, 1)
    assert (x1, y0 - y1) == (x0, d)


def test_backgammon_home_board_is_bottom_right_for_the_player_drawn_at_the_bottom() -> None:
    lay = board_layout(BG, 0)
    # player 0's 1-point is absolute point 24; player 1's is absolute point 1
    x, y = checker_centre("backgammon", 24, 0, perspective=0)
    assert x > lay.bar_column.x1
    assert y > lay.field.cy
    x, y = checker_centre("backgammon", 1, 0, perspective=1)
    assert x > lay.bar_column.x1
    assert y > lay.field.cy
    # the 1-point is the rightmost column, next to the trays
    assert x == max(c.rect.cx for c in lay.columns)


def test_backgammon_top_stacks_grow_downward() -> None:
    _, y0 = checker_centre("backgammon", 13, 0, perspective=1)  # player 1's 13-point: top left
    _, y1 = checker_centre("backgammon", 13, 1, perspective=1)
    assert y1 > y0


def test_every_point_has_its_own_column() -> None:
    for kind, perspective in ((SIX2, 0), (SIX4, 0), (BG, 0), (BG, 1)):
        lay = board_layout(kind, perspective)
        assert len({(c.rect.x0, c.rect.y0) for c in lay.columns}) == len(lay.columns)


def test_bar_of_two_player_six_point_board_is_on_the_entry_side() -> None:
    # player 0 enters at point 1 (left), player 1 at point 6 (right)
    assert bar_centre("minigam", 0)[0] < checker_centre("minigam", 1, 0)[0]
    assert bar_centre("minigam", 1)[0] > checker_centre("minigam", 6, 0)[0]


def test_scale_shrinks_every_coordinate() -> None:
    x, y = checker_centre("minigam", 4, 2)
    xs, ys = checker_centre("minigam", 4, 2, theme=Theme(scale=0.5))
    assert abs(xs - x / 2) <= 2
    assert abs(ys - y / 2) <= 2


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: checker_centre("minigam", 7, 0), "point 7 is not on a 6-point board"),
        (lambda: checker_centre("minigam", 3, 5), "checker index 5 is not drawn"),
        (lambda: bar_centre("minigam", 2), "player must be from 0 to 1"),
        (lambda: board_layout("chess"), "unknown board type"),
        (lambda: board_layout(BG, 2), "perspective must be player 0 or 1"),
    ],
)
def test_bad_geometry_questions_raise_value_error(call, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()
