"""The solver on small boards (2 and 3 checkers a side, the variants' own rules), against an independent
exact solve, and its move tables against the engine's single moves."""

from __future__ import annotations

import pytest

from engine.solve import moves, reference
from engine.solve.index import SOLVABLE, position_index, space
from engine.solve.solver import solve
from tests.engine.solve.exact import reduced, solve_exactly


@pytest.mark.parametrize("name", SOLVABLE)
def test_the_solver_matches_policy_iteration_with_exact_linear_solves_on_two_checkers(name):
    v = reduced(name, 2)
    exact = solve_exactly(v)
    solution = solve(v, tolerance=1e-12, threads=1)
    assert solution.largest_change < 1e-12
    worst = max(abs(solution.values[position_index(p)] - value) for p, value in exact.items())
    assert worst < 1e-9


@pytest.mark.parametrize("name", ["minigam", "minigam-strict"])  # the two bear-off rules
def test_the_move_tables_hold_every_single_move_the_rules_allow(name):
    v = reduced(name, 3)
    tables = moves.build(v)
    sp = space(3)
    for x in range(sp.size):
        rows = sp.rows(x)
        for die in range(1, 7):
            lo, hi = tables.start[x * 6 + die - 1], tables.start[x * 6 + die]
            listed = sorted(sp.rows(int(y)) for y in tables.target[lo:hi])
            assert listed == sorted(reference.single_moves(v, rows, die)), (rows, die)
            for i in range(lo, hi):
                assert tables.final[i] == tables.swap[tables.target[i]]


def test_a_finished_game_is_exact_and_values_are_chances():
    v = reduced("minigam", 2)
    solution = solve(v, threads=1)
    sp = space(2)
    for x in range(sp.size):
        mover, opp = sp.rows(x)
        if opp[7] == 2:
            assert solution.values[x] == 0.0
        elif mover[7] == 2:
            assert solution.values[x] == 1.0
        else:
            assert 0.0 <= solution.values[x] <= 1.0


def test_two_threads_reach_the_same_values(tmp_path):
    v = reduced("minigam", 2)
    assert (
        abs(solve(v, threads=2, tolerance=1e-12).values - solve(v, threads=1, tolerance=1e-12).values).max()
        < 1e-10
    )


def test_a_checkpoint_resumes_where_it_stopped(tmp_path):
    v = reduced("minigam-strict", 2)
    checkpoint = tmp_path / "strict.npz"
    # one thread: the same sweeps give the same values to the last bit
    first = solve(v, max_sweeps=3, checkpoint=checkpoint, threads=1)
    assert first.sweeps == 3
    assert checkpoint.exists()
    resumed = solve(v, checkpoint=checkpoint, threads=1)
    assert resumed.resumed_from == 3
    straight = solve(v, threads=1)
    assert resumed.sweeps == straight.sweeps
    assert abs(resumed.values - straight.values).max() < 1e-12


def test_a_checkpoint_goes_into_a_folder_not_made_yet(tmp_path):
    checkpoint = tmp_path / "new" / "checkpoint.npz"
    solve(reduced("minigam", 1), max_sweeps=1, checkpoint=checkpoint, threads=1)
    assert checkpoint.exists()
