"""Value iteration over every position of a two-player 6-point variant.

``V[x]``, the chance that the player to move in position ``x`` wins with best play by both sides,
before rolling, is the fixed point of the Bellman equation

    V[x] = sum over the 21 rolls r of  P(r) * max over the legal plays of r of (1 - V[after the play, the
           opponent to roll])

with ``V = 0`` where the opponent has borne off every checker (and 1 where the mover has). The sweeps
update ``V`` in place (Gauss-Seidel) in order of the total pip count, smallest first, so most
successors are already this sweep's values; a hit sends a checker back and makes the positions depend on
each other in cycles, which the repeated sweeps settle. The solve stops when a whole sweep changes no
value by more than ``tolerance`` (1e-9). Each layer of positions with the same pip count is shared
between the threads: no move but a hit leads within a layer, so the threads seldom wait on each other's
values (:func:`engine.solve.kernel.sweep_parallel`).

A checkpoint (the values and the sweep count, ``.npz``) is written after every sweep when a path is
given, and a later solve of the same variant and solver version resumes from it.
"""

from __future__ import annotations

import itertools
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.solve import jit, kernel
from engine.solve.index import OFF_SLOT
from engine.solve.moves import MoveTables, build
from engine.solve.table import SOLVER_VERSION
from engine.variants import Variant

TOLERANCE = 1e-9
PARALLEL_LAYER = 1000
"""Positions of one pip count below which a layer is swept on one thread (sharing it costs more)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The values of every position and how the solve went."""

    variant: Variant
    values: np.ndarray  # float64, one per position index
    sweeps: int
    largest_change: float
    seconds: float
    build_seconds: float
    peak_bytes: int
    resumed_from: int = 0  # sweeps already done by the checkpoint the solve resumed from


class Progress:
    """A one-line progress bar on a stream (stderr by default), redrawn in place."""

    def __init__(self, stream=None, *, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.started = time.perf_counter()

    def __call__(self, label: str, fraction: float, note: str = "") -> None:
        done = int(self.width * min(max(fraction, 0.0), 1.0))
        bar = "#" * done + "-" * (self.width - done)
        elapsed = time.perf_counter() - self.started
        print(f"\r{label:<10} [{bar}] {fraction:6.1%} {elapsed:6.0f} s {note}", end="", file=self.stream)
        if fraction >= 1.0:
            print(file=self.stream)
        self.stream.flush()


def initial_values(tables: MoveTables) -> np.ndarray:
    """1 where the mover has borne off everything, 0 where the opponent has, 0.5 elsewhere."""
    n = tables.space.checkers
    values = np.full(tables.space.size, 0.5, dtype=np.float64)
    values[tables.mover_rows[:, OFF_SLOT] == n] = 1.0
    values[tables.opp_rows[:, OFF_SLOT] == n] = 0.0
    return values


def pip_counts(tables: MoveTables) -> np.ndarray:
    """Every position's total pip count, both sides (7 a checker on the bar, 0 off)."""
    distance = np.array([7, 6, 5, 4, 3, 2, 1, 0], dtype=np.int64)  # the mover's pips per slot
    pips = tables.mover_rows.astype(np.int64) @ distance
    opp_distance = np.array([7, 1, 2, 3, 4, 5, 6, 0], dtype=np.int64)  # the opponent moves down the slots
    pips += tables.opp_rows.astype(np.int64) @ opp_distance
    return pips.astype(np.int16)


def live_positions(tables: MoveTables) -> np.ndarray:
    """Where the game is still on: neither side has borne off every checker."""
    n = tables.space.checkers
    return (tables.mover_rows[:, OFF_SLOT] < n) & (tables.opp_rows[:, OFF_SLOT] < n)


@dataclass(frozen=True, slots=True, eq=False)
class SweepTables:
    """The move tables as the sweeps read them: the positions numbered fewest pips first (position ``p``
    is index ``order[p]``; see :func:`engine.solve.kernel.renumber`), cut into ``layers`` of one pip
    count, ``(lo, hi)``."""

    order: np.ndarray
    pips: np.ndarray
    live: np.ndarray
    start: np.ndarray
    target: np.ndarray
    final: np.ndarray
    swap: np.ndarray
    layers: list[tuple[int, int]]

    @classmethod
    def of(cls, tables: MoveTables) -> SweepTables:
        """``tables`` renumbered (stable: by index within a pip count)."""
        pips = pip_counts(tables)
        order = np.argsort(pips, kind="stable").astype(np.int32)
        pips = pips[order]
        cuts = np.flatnonzero(np.diff(pips)) + 1
        layers = list(itertools.pairwise([0, *cuts.tolist(), len(order)]))
        start, target, final, swap = kernel.renumber(
            order, tables.start, tables.target, tables.final, tables.swap
        )
        return cls(order, pips, live_positions(tables)[order], start, target, final, swap, layers)

    def renumbered(self, values: np.ndarray) -> np.ndarray:
        """``values`` (one per index) in the sweeps' numbering."""
        return values[self.order]

    def by_index(self, values: np.ndarray) -> np.ndarray:
        """``values`` in the sweeps' numbering back to one per index."""
        out = np.empty_like(values)
        out[self.order] = values
        return out


def policy_code(variant: Variant) -> int:
    return kernel.POLICY_STANDARD if variant.forced == "standard" else kernel.POLICY_ORDER


def solve(
    variant: Variant,
    *,
    tolerance: float = TOLERANCE,
    max_sweeps: int = 1000,
    checkpoint: Path | None = None,
    progress: Callable[..., None] | None = None,
    tables: MoveTables | None = None,
    threads: int | None = None,
) -> Solution:
    """Solve ``variant`` (any checker count on the 6-point board) to a largest change below
    ``tolerance``, with ``threads`` threads (default: numba's, one per core; with one, the sweeps are
    plain sequential Gauss-Seidel and the values reproducible to the last bit). Without numba the loops
    run as plain Python (:mod:`engine.solve.jit`), for small boards only."""
    threads = threads or jit.threads()
    started = time.perf_counter()
    if tables is None:
        tables = build(variant, progress)
    build_seconds = time.perf_counter() - started
    values = initial_values(tables)
    done = 0
    if checkpoint is not None:
        resumed = read_checkpoint(checkpoint, variant, tables.space.size)
        if resumed is not None:
            values, done = resumed
    resumed_from = done
    sweeping = SweepTables.of(tables)
    del tables  # not read again: when built here, its memory goes to the finishes
    swept = sweeping.renumbered(values)
    policy = policy_code(variant)
    # every position's finishes (engine.solve.kernel.evaluate), valued afresh by every sweep before any
    # position with more pips reads them
    finishes = np.empty(swept.size * 6 * (variant.doubles_moves - 1), dtype=np.float64)
    largest = np.inf
    while done < max_sweeps:
        largest = 0.0
        for lo, hi in sweeping.layers:
            args = (
                swept,
                finishes,
                sweeping.live,
                lo,
                hi,
                sweeping.pips,
                sweeping.swap,
                sweeping.start,
                sweeping.target,
                sweeping.final,
                policy,
                variant.doubles_moves,
            )
            parallel = threads > 1 and hi - lo >= PARALLEL_LAYER
            change = kernel.sweep_parallel(*args, threads) if parallel else kernel.sweep(*args)
            largest = max(largest, change)
            if progress:
                progress(f"sweep {done + 1}", hi / swept.size, f"largest change {largest:.2e}")
        done += 1
        if checkpoint is not None:
            write_checkpoint(checkpoint, variant, sweeping.by_index(swept), done)
        if largest < tolerance:
            break
    values = sweeping.by_index(swept)
    return Solution(
        variant,
        values,
        done,
        float(largest),
        time.perf_counter() - started,
        build_seconds,
        peak_memory(),
        resumed_from,
    )


def peak_memory() -> int:
    """The process's peak resident memory so far, in bytes (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def write_checkpoint(path: Path, variant: Variant, values: np.ndarray, sweeps: int) -> None:
    """The values after ``sweeps`` sweeps, written to a temporary file and renamed (a crash mid-write
    leaves the previous checkpoint)."""
    tmp = path.with_name(path.name + ".tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    with tmp.open("wb") as f:
        np.savez(
            f,
            values=values,
            sweeps=np.int64(sweeps),
            variant=np.str_(variant.name),
            checkers=np.int64(variant.checkers),
            version=np.int64(SOLVER_VERSION),
        )
    tmp.replace(path)


def read_checkpoint(path: Path, variant: Variant, size: int) -> tuple[np.ndarray, int] | None:
    """The values and sweeps of a checkpoint of this variant and solver version, else None."""
    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            if (
                str(data["variant"]) != variant.name
                or int(data["checkers"]) != variant.checkers
                or int(data["version"]) != SOLVER_VERSION
                or data["values"].shape != (size,)
            ):
                return None
            return data["values"].astype(np.float64), int(data["sweeps"])
    except (OSError, ValueError, KeyError):
        return None
