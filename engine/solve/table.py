"""The solved tables: one file per variant, its format, and reading a position's value.

File format (``engine/solve/tables/<variant>.mgt``), version 1:

1. the magic line ``minigam-solve-table\\n``;
2. a header: one line of JSON ending in ``\\n``, with ``format`` (1), ``variant``, ``checkers`` (a side),
   ``solver_version`` (:data:`SOLVER_VERSION`), ``positions`` (the number of
   values), ``encoding`` (``"uint16-le"``: a value ``q`` stands for the chance ``q / 65535``),
   ``compression`` (``"xz"``), ``sha256`` (of the uncompressed values), and how the solve went:
   ``sweeps``, ``largest_change``, ``tolerance``;
3. the values, xz-compressed: ``positions`` little-endian 16-bit integers in the order of the perfect
   index (:mod:`engine.solve.index`). Value ``x`` is the chance that the player to move wins with best
   play by both sides, before rolling.

A table of another format, variant, checker count or solver version, or whose values do not match the
checksum, is refused with a :class:`TableError` that says what to rebuild, and how.
"""

from __future__ import annotations

import hashlib
import json
import lzma
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from engine.position import Position
from engine.solve.index import Space, check_variant, position_rows, space, swapped
from engine.variants import Variant

SOLVER_VERSION = 1
"""The version of the solver that writes the tables: bumped whenever a change could change a value
(tables of another version are refused)."""
MAGIC = b"minigam-solve-table\n"
FORMAT = 1
SCALE = 65535
TABLE_DIR = Path(__file__).resolve().parent / "tables"


class TableError(ValueError):
    """A table file that is missing, damaged, or of another variant or solver version."""


def table_path(variant: Variant, directory: Path | None = None) -> Path:
    return (directory or TABLE_DIR) / f"{variant.name}.mgt"


def encode(values: np.ndarray) -> np.ndarray:
    """Chances (floats) as 16-bit steps of 1 / 65535, rounded to the nearest."""
    return np.rint(np.clip(values, 0.0, 1.0) * SCALE).astype("<u2")


@dataclass(frozen=True, slots=True)
class Header:
    variant: str
    checkers: int
    solver_version: int
    positions: int
    sha256: str
    sweeps: int
    largest_change: float
    tolerance: float

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "variant": self.variant,
            "checkers": self.checkers,
            "solver_version": self.solver_version,
            "positions": self.positions,
            "encoding": "uint16-le",
            "compression": "xz",
            "sha256": self.sha256,
            "sweeps": self.sweeps,
            "largest_change": self.largest_change,
            "tolerance": self.tolerance,
        }
        return json.dumps(data, separators=(",", ":"))


def write(
    path: Path,
    variant: Variant,
    values: np.ndarray,
    *,
    sweeps: int,
    largest_change: float,
    tolerance: float,
    solver_version: int,
) -> Header:
    """Write ``values`` (floats, one per position) as ``variant``'s table; returns the header."""
    raw = encode(values).tobytes()
    header = Header(
        variant.name,
        variant.checkers,
        solver_version,
        len(values),
        hashlib.sha256(raw).hexdigest(),
        sweeps,
        largest_change,
        tolerance,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as f:
        f.write(MAGIC)
        f.write(header.to_json().encode() + b"\n")
        f.write(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    tmp.replace(path)
    return header


@dataclass(frozen=True, slots=True, eq=False)
class Table:
    """A variant's solved values (``values[i]``: 16-bit steps for position index ``i``)."""

    variant: Variant
    header: Header
    values: np.ndarray
    space: Space

    def chance(self, index: int) -> float:
        return int(self.values[index]) / SCALE

    def win(self, pos: Position) -> float:
        """The chance that the player to move in ``pos`` wins, before rolling (a finished game: 1 or 0)."""
        me, them = position_rows(pos)
        return self.chance(self.space.rank(me, them))

    def after(self, result: Position, mover: int) -> float:
        """``mover``'s chance to win after a play of theirs led to ``result`` (the opponent rolls next)."""
        me, them = position_rows(result, mover)
        if me[-1] == self.space.checkers:
            return 1.0
        out_me, out_them = [0] * len(me), [0] * len(me)
        swapped(me, them, out_me, out_them)
        return 1.0 - self.chance(self.space.rank(out_me, out_them))


def read(path: Path, variant: Variant, solver_version: int) -> Table:
    """Read and check ``variant``'s table at ``path``."""
    fix = f"rebuild it with: python -m engine.solve --variant {variant.name}"
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TableError(f"no table for {variant.name} at {path} ({exc.strerror}); {fix}") from None
    if not data.startswith(MAGIC):
        raise TableError(f"{path} is not a solver table; {fix}")
    end = data.find(b"\n", len(MAGIC))
    try:
        meta = json.loads(data[len(MAGIC) : end])
        header = Header(
            meta["variant"],
            meta["checkers"],
            meta["solver_version"],
            meta["positions"],
            meta["sha256"],
            meta["sweeps"],
            meta["largest_change"],
            meta["tolerance"],
        )
        fmt = meta["format"]
    except (ValueError, KeyError, TypeError) as exc:
        raise TableError(f"{path} has a damaged header ({exc}); {fix}") from None
    if fmt != FORMAT:
        raise TableError(f"{path} is in table format {fmt}, this program reads format {FORMAT}; {fix}")
    if header.variant != variant.name or header.checkers != variant.checkers:
        raise TableError(f"{path} is the table of {header.variant}, not of {variant.name}; {fix}")
    if header.solver_version != solver_version:
        raise TableError(
            f"{path} was solved by solver version {header.solver_version}, this is version "
            f"{solver_version}; {fix}"
        )
    try:
        raw = lzma.decompress(data[end + 1 :])
    except lzma.LZMAError as exc:
        raise TableError(f"{path} has damaged values ({exc}); {fix}") from None
    sp = space(variant.checkers)
    if len(raw) != 2 * sp.size or header.positions != sp.size:
        raise TableError(
            f"{path} holds {len(raw) // 2} values, {variant.name} has {sp.size} positions; {fix}"
        )
    if hashlib.sha256(raw).hexdigest() != header.sha256:
        raise TableError(f"{path} does not match its checksum; {fix}")
    return Table(variant, header, np.frombuffer(raw, dtype="<u2"), sp)


@cache
def load(variant: str | Variant) -> Table:
    """The shipped (or rebuilt) table of ``variant``, read once per process."""
    v = check_variant(variant)
    return read(table_path(v), v, SOLVER_VERSION)


def available(variant: str | Variant) -> bool:
    """Whether ``variant``'s table can be loaded (it is read once and kept)."""
    try:
        load(variant)
    except (TableError, ValueError):
        return False
    return True
