"""Grading the levels against the table: perfect loses nothing, a random player loses a lot."""

from __future__ import annotations

import io

import pytest

from engine.solve.grade import grade, grade_level
from engine.solve.table import available, load


@pytest.fixture(scope="module")
def table():
    if not available("minigam"):
        pytest.skip("the minigam table is not installed (python -m engine.solve --variant minigam)")
    return load("minigam")


def test_perfect_loses_nothing_and_random_loses_something(table):
    perfect = grade_level(table.variant, "perfect", 4, 1, table)
    assert perfect.losses
    assert all(loss == 0.0 for loss in perfect.losses)
    rand = grade_level(table.variant, "random", 4, 1, table)
    assert all(loss >= 0.0 for loss in rand.losses)
    assert rand.per_move()[0] > 0.01  # a random play gives up more than a point of winning chance a move


def test_the_grade_report_lists_each_level(table):
    out = io.StringIO()
    assert grade(table.variant, ["random", "perfect"], 2, 1, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[2].split()[0] == "random"
    assert lines[3].split()[:2] == ["perfect", "0.000%"]
