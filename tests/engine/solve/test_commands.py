"""The table's commands: ``value`` reads positions in ``python -m engine legal``'s format; ``openings``;
the Bellman equation holds at random positions of every shipped table."""

from __future__ import annotations

import io
import json
import random

import pytest

from engine import Position
from engine.solve.commands import opening_chances, value
from engine.solve.index import OFF_SLOT, SOLVABLE
from engine.solve.table import SCALE, available, load
from engine.solve.verify import TOLERANCE_STEPS, bellman, finished_errors


def _shipped(name):
    if not available(name):
        pytest.skip(f"the {name} table is not installed (python -m engine.solve --variant {name})")
    return load(name)


def test_value_answers_each_line_and_ignores_the_dice():
    table = _shipped("minigam")
    pos = Position.from_points("minigam", turn=1, points={2: (0, 3), 5: (1, 2)}, bar=[1, 2])
    line = dict(pos.to_json(), dice=[3, 5])
    lines = io.StringIO(
        json.dumps(line)
        + "\n"
        + "nonsense\n"
        + json.dumps(Position.initial("minigam-strict").to_json())
        + "\n"
        + json.dumps({"variant": "minigam", "points": [None] * 6})
        + "\n"
    )
    out = io.StringIO()
    assert value(table.variant, lines, out) == 0
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0] == {"win": round(table.win(pos), 6)}
    assert "not JSON" in answers[1]["error"]
    assert "minigam-strict position" in answers[2]["error"]
    assert "turn" in answers[3]["error"]


def test_the_openings_list_the_fifteen_rolls_with_chances():
    table = _shipped("minigam")
    rows = opening_chances(table)
    assert len(rows) == 15
    assert len({d for d, _, _ in rows}) == 15
    assert all(0.0 < chance < 1.0 for _, chance, _ in rows)


@pytest.mark.parametrize("name", SOLVABLE)
def test_the_shipped_table_obeys_the_bellman_equation_at_random_positions(name):
    table = _shipped(name)
    rng = random.Random(name)
    n = table.variant.checkers
    checked = 0
    while checked < 150:
        x = rng.randrange(table.space.size)
        rows = table.space.rows(x)
        if rows[0][OFF_SLOT] == n or rows[1][OFF_SLOT] == n:
            continue
        assert abs(table.chance(x) - bellman(table, rows)) * SCALE <= TOLERANCE_STEPS, rows
        checked += 1
    assert finished_errors(table) == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "--variant", "backgammon"], "invalid choice: 'backgammon'"),
        (["grade", "--variant", "minigam", "--levels", "easy,bogus"], "unknown level 'bogus'"),
        (["grade", "--variant", "minigam", "--games", "0"], "--games must be at least 1"),
        (["verify", "--variant", "minigam", "--samples", "0"], "--samples must be at least 1"),
        (["--variant", "multigam"], "invalid choice: 'multigam'"),
    ],
)
def test_the_command_line_refuses_bad_arguments_with_a_clear_message(argv, message, capsys):
    from engine.solve.__main__ import main

    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err
