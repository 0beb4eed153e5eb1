"""The single-move tables of a variant, from the engine's own rules code.

Which single moves a die allows depends only on the mover's row and on which points the opponent has
made (two or more checkers): a blot does not stop a move, it is hit, and the opponent's bar and
borne-off checkers change nothing for the mover. So the engine is asked once per distinct *key* (the
mover's row and the opponent's made points, about 1.4% of the positions): :meth:`Position.single_moves`
of a representative position gives every legal single move of each die as ``(from, to)``. The compiled
loops then apply those moves to every position with that key (:func:`engine.solve.kernel.apply_moves`),
hitting the opponent's blot where a move lands on one. Entering, blocked points and the variant's
bear-off rules (full entry, overshoot from the farthest-back checker) are thus the engine's; the
forced-move policy that combines single moves into a turn is the sweep's."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.position import BAR, OFF, Position
from engine.solve import kernel
from engine.solve.index import (
    OFF_SLOT,
    POINTS,
    SLOTS,
    Space,
    check_variant,
    opponent_compositions,
    rows_position,
    space,
)
from engine.variants import Variant

PATTERNS = 2**POINTS
"""The opponent's patterns: which of the six points they have made."""

Progress = Callable[[str, float], None]


@dataclass(frozen=True, slots=True, eq=False)
class MoveTables:
    """Every position's rows and single moves (see :mod:`engine.solve.kernel`), and ``swap``."""

    variant: Variant
    space: Space
    mover_rows: np.ndarray
    opp_rows: np.ndarray
    start: np.ndarray
    target: np.ndarray
    final: np.ndarray  # swap[target]: the position a turn ending with that move leaves, opponent to roll
    swap: np.ndarray
    keys: int  # distinct (mover row, opponent pattern) keys the engine was asked about

    @property
    def nbytes(self) -> int:
        return sum(
            a.nbytes
            for a in (
                self.mover_rows,
                self.opp_rows,
                self.start,
                self.target,
                self.final,
                self.swap,
            )
        )


def all_rows(sp: Space) -> tuple[np.ndarray, np.ndarray]:
    """The ``(mover, opp)`` rows of every position, in index order (two ``size x 8`` int8 arrays)."""
    movers = np.array(sp.movers, dtype=np.int64)
    blocks = []
    opp_offsets = np.zeros(SLOTS + 1, dtype=np.int64)
    acc = 0
    for s in range(2, SLOTS + 1):
        parts = opponent_compositions(sp.checkers, s)
        block = np.zeros((len(parts), SLOTS), dtype=np.int64)
        block[:, :s] = parts
        blocks.append(block)
        opp_offsets[s] = acc
        acc += len(parts)
    mover_rows = np.empty((sp.size, SLOTS), dtype=np.int8)
    opp_rows = np.empty((sp.size, SLOTS), dtype=np.int8)
    kernel.fill_rows(sp.base, movers, np.concatenate(blocks), opp_offsets, mover_rows, opp_rows)
    return mover_rows, opp_rows


def made_points(opp_rows: np.ndarray) -> np.ndarray:
    """Per position, the points the opponent has made: ``sum(2 ** (k - 1))`` over the point slots ``k``
    holding two or more of their checkers."""
    made = (opp_rows[:, 1 : POINTS + 1] >= 2).astype(np.int32)
    return made @ (2 ** np.arange(POINTS, dtype=np.int32))


def single_moves(variant: Variant, mover_row, pattern: int) -> list[list[tuple[int, int]]]:
    """For each die 1..6, the engine's single moves ``(from slot, to slot)`` for the mover's row against
    an opponent who has made the points of ``pattern`` (asked of a position with player 0 to move, whose
    path slots are the point numbers, and the opponent's other checkers borne off)."""
    n = variant.checkers
    opp = [0] * SLOTS
    for k in range(1, POINTS + 1):
        opp[k] = 2 * ((pattern >> (k - 1)) & 1)
    opp[OFF_SLOT] = n - sum(opp)
    pos = rows_position(variant, mover_row, opp, turn=0)
    out = []
    for die in range(1, 7):
        moves = []
        for move, _ in pos.single_moves(die):
            src = 0 if move.src == BAR else move.src
            dst = OFF_SLOT if move.dst == OFF else move.dst
            moves.append((src, dst))
        out.append(moves)
    return out


def build(variant: str | Variant, progress: Progress | None = None) -> MoveTables:
    """The move tables of ``variant`` (any checker count on 6 points, two players)."""
    v = check_variant(variant)
    sp = space(v.checkers)
    mover_rows, opp_rows = all_rows(sp)
    mover_rank = np.repeat(np.arange(len(sp.movers), dtype=np.int64), np.diff(sp.base))
    codes = mover_rank * PATTERNS + made_points(opp_rows)
    unique, keys = np.unique(codes, return_inverse=True)
    keys = keys.astype(np.int32)
    key_start = np.zeros(len(unique) * 6 + 1, dtype=np.int64)
    key_moves = array("b")  # (from, to) of every key's moves, per die
    step = max(1, len(unique) // 100)
    for i, code in enumerate(unique.tolist()):
        per_die = single_moves(v, sp.movers[code // PATTERNS], code % PATTERNS)
        for d, moves in enumerate(per_die):
            for move in moves:
                key_moves.extend(move)
            key_start[i * 6 + d + 1] = len(key_moves) // 2
        if progress and i % step == 0:
            progress("moves", i / len(unique))
    moves_array = np.frombuffer(key_moves, dtype=np.int8).reshape(-1, 2)
    counts = kernel.count_moves(keys, key_start)
    start = np.zeros(sp.size * 6 + 1, dtype=np.int32)
    if counts.sum() >= 2**31:
        raise OverflowError("more single moves than a 32-bit table can index")
    np.cumsum(counts, out=start[1:])
    del counts
    target = kernel.apply_moves(
        mover_rows, opp_rows, keys, key_start, moves_array, start, sp.checkers, sp.count, sp.base
    )
    swap = kernel.swap_index(mover_rows, opp_rows, sp.checkers, sp.count, sp.base)
    if progress:
        progress("moves", 1.0)
    return MoveTables(v, sp, mover_rows, opp_rows, start, target, swap[target], swap, len(unique))


def position_of(tables: MoveTables, x: int, turn: int = 0) -> Position:
    """The engine position of index ``x`` with ``turn`` to move."""
    return rows_position(tables.variant, tables.mover_rows[x].tolist(), tables.opp_rows[x].tolist(), turn)
