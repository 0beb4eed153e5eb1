"""``python -m engine.solve verify``: the shipped table against the Bellman equation.

At random positions still in play (uniform over the index), the table's value must equal, within three
steps of its resolution (3 / 65535), the average over the 21 rolls of the best play's value, the plays
listed by the slow reference generator (:mod:`engine.solve.reference`) and valued from the same table.
Every finished position must hold its exact value: 0 where the opponent has borne off every checker, 1
where the player to move has.
"""

from __future__ import annotations

import random
import sys
import time

from engine.dice import ROLLS
from engine.solve import reference
from engine.solve.index import OFF_SLOT, swapped
from engine.solve.table import SCALE, Table, load
from engine.variants import Variant

TOLERANCE_STEPS = 3


def bellman(table: Table, rows) -> float:
    """The right-hand side of the Bellman equation at ``rows``, from the table's values."""
    v = table.variant
    total = 0.0
    for dice, chance in ROLLS:
        best = 0.0
        for me, them in reference.legal_results(v, rows, (dice.first, dice.second)):
            if me[OFF_SLOT] == v.checkers:
                best = 1.0
                break
            out_me, out_them = [0] * 8, [0] * 8
            swapped(me, them, out_me, out_them)
            best = max(best, 1.0 - table.chance(table.space.rank(out_me, out_them)))
        total += best * chance
    return total


def finished_errors(table: Table) -> int:
    """How many finished positions do not hold their exact value."""
    sp, n, values = table.space, table.space.checkers, table.values
    wrong = 0
    for r, mover in enumerate(sp.movers):
        lo, hi = int(sp.base[r]), int(sp.base[r + 1])
        # the first of a block's opponent rows (lexicographic) has every opponent checker off
        wrong += int(values[lo]) != 0
        if mover[OFF_SLOT] == n:
            wrong += int((values[lo + 1 : hi] != SCALE).sum())
    return wrong


def verify(variant: Variant, samples: int, seed: int, out=None) -> int:
    """Check ``samples`` random positions and every finished one; print the figures; 0 when all pass."""
    out = out or sys.stdout
    table = load(variant)
    rng = random.Random(seed)
    n = variant.checkers
    worst = 0.0
    total = 0.0
    checked = 0
    started = time.perf_counter()
    while checked < samples:
        x = rng.randrange(table.space.size)
        rows = table.space.rows(x)
        if rows[0][OFF_SLOT] == n or rows[1][OFF_SLOT] == n:
            continue
        error = abs(table.chance(x) - bellman(table, rows)) * SCALE
        worst = max(worst, error)
        total += error
        checked += 1
        if checked % 10_000 == 0:
            print(f"  {checked:,} positions, worst {worst:.2f} steps", file=sys.stderr, flush=True)
    wrong = finished_errors(table)
    ok = worst <= TOLERANCE_STEPS and not wrong
    print(
        f"{variant.name}: Bellman equation at {checked:,} random positions (seed {seed}): worst error "
        f"{worst:.2f} steps of 1/{SCALE}, mean {total / max(checked, 1):.3f} (allowed {TOLERANCE_STEPS}); "
        f"finished positions not exact: {wrong}; {time.perf_counter() - started:.0f} s; "
        f"{'PASS' if ok else 'FAIL'}",
        file=out,
    )
    return 0 if ok else 1
