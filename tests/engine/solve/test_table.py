"""The table file: written, read back, and refused with a clear error when it is not the right one."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.solve.index import position_index
from engine.solve.solver import solve
from engine.solve.table import MAGIC, SCALE, SOLVER_VERSION, TableError, read, write
from tests.engine.solve.exact import reduced


@pytest.fixture(scope="module")
def small():
    v = reduced("minigam-full-entry", 2)
    return v, solve(v, threads=1)


def _write(path, small, version=SOLVER_VERSION):
    v, solution = small
    return write(
        path,
        v,
        solution.values,
        sweeps=solution.sweeps,
        largest_change=solution.largest_change,
        tolerance=1e-9,
        solver_version=version,
    )


def test_a_written_table_reads_back_to_16_bit_steps_of_the_values(tmp_path, small):
    v, solution = small
    path = tmp_path / "t.mgt"
    header = _write(path, small)
    table = read(path, v, SOLVER_VERSION)
    assert table.header == header
    assert header.variant == v.name
    assert header.positions == len(solution.values)
    assert np.abs(table.values / SCALE - solution.values).max() <= 0.5 / SCALE
    lines = path.read_bytes().split(b"\n", 2)
    assert lines[0] + b"\n" == MAGIC
    meta = json.loads(lines[1])
    assert meta["solver_version"] == SOLVER_VERSION
    assert meta["encoding"] == "uint16-le"


def test_the_table_answers_for_either_seat(tmp_path, small):
    v, solution = small
    path = tmp_path / "t.mgt"
    _write(path, small)
    table = read(path, v, SOLVER_VERSION)
    from engine import Position

    pos = Position.from_points(v, turn=1, points={6: (1, 1), 2: (0, 2)}, bar=[0, 1])
    assert table.win(pos) == pytest.approx(solution.values[position_index(pos)], abs=0.5 / SCALE)
    # after player 1's play the opponent rolls: the mover's chance is 1 minus the opponent's
    assert table.after(pos, 1) == pytest.approx(
        1 - solution.values[position_index(pos, mover=0)], abs=1 / SCALE
    )


def test_a_table_of_another_solver_version_is_refused(tmp_path, small):
    v, _ = small
    path = tmp_path / "t.mgt"
    _write(path, small, version=SOLVER_VERSION + 1)
    with pytest.raises(TableError, match=f"solver version {SOLVER_VERSION + 1}.*python -m engine.solve"):
        read(path, v, SOLVER_VERSION)


def test_a_damaged_table_is_refused(tmp_path, small):
    v, _ = small
    path = tmp_path / "t.mgt"
    _write(path, small)
    data = bytearray(path.read_bytes())
    header_end = data.index(b"\n", len(MAGIC))
    changed = json.loads(data[len(MAGIC) : header_end])
    changed["sha256"] = "0" * 64
    path.write_bytes(MAGIC + json.dumps(changed).encode() + bytes(data[header_end:]))
    with pytest.raises(TableError, match="checksum"):
        read(path, v, SOLVER_VERSION)
    path.write_bytes(bytes(data[:-10]))
    with pytest.raises(TableError, match="damaged values"):
        read(path, v, SOLVER_VERSION)
    path.write_bytes(b"hello")
    with pytest.raises(TableError, match="not a solver table"):
        read(path, v, SOLVER_VERSION)
    with pytest.raises(TableError, match="no table"):
        read(tmp_path / "missing.mgt", v, SOLVER_VERSION)


def test_a_table_of_another_variant_is_refused(tmp_path, small):
    path = tmp_path / "t.mgt"
    _write(path, small)
    with pytest.raises(TableError, match="not of minigam-strict-2-checkers"):
        read(path, reduced("minigam-strict", 2), SOLVER_VERSION)
