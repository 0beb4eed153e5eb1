"""The sweep's finishes (a double's value from the best ends of a turn by one or more moves of its die,
kept per position) against the slow reference generator's legal plays, for both forced-move policies
and doubles played twice and four times: the Bellman right-hand side at random positions of a
3-checker board, from random values."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from types import SimpleNamespace

import numpy as np
import pytest

from engine import find_variant
from engine.solve import kernel, moves, verify
from engine.solve.index import OFF_SLOT
from engine.solve.solver import SweepTables, live_positions, policy_code

SAMPLES = 250


@cache
def variant(name: str, forced: str, doubles_moves: int):
    """``name``'s rules with 3 checkers a side, the forced-move policy ``forced`` and doubles played
    ``doubles_moves`` times."""
    return dataclasses.replace(
        find_variant(name),
        name=f"{name}-3-{forced}-{doubles_moves}",
        checkers=3,
        forced=forced,
        doubles_moves=doubles_moves,
    )


def reference_bellman(v, tables, values, x) -> float:
    """The Bellman right-hand side at ``x`` as ``verify`` computes it: the plays from the reference
    generator, valued from ``values``."""
    table = SimpleNamespace(variant=v, space=tables.space, chance=lambda r: values[r])
    return verify.bellman(table, tables.space.rows(x))


@pytest.mark.parametrize(
    ("name", "forced", "doubles_moves"),
    [
        ("minigam", "order", 2),
        ("minigam", "order", 4),
        ("minigam-strict", "standard", 4),
        ("minigam-strict", "standard", 2),
        ("minigam-full-entry", "standard", 4),
    ],
)
def test_the_finishes_value_every_roll_as_the_legal_plays_do(name, forced, doubles_moves):
    v = variant(name, forced, doubles_moves)
    tables = moves.build(v)
    rng = np.random.default_rng(17)
    values = rng.random(tables.space.size)
    n = v.checkers
    values[tables.mover_rows[:, OFF_SLOT] == n] = 1.0
    values[tables.opp_rows[:, OFF_SLOT] == n] = 0.0
    live = np.flatnonzero(live_positions(tables))
    xs = np.array(random.Random(name).sample(live.tolist(), SAMPLES), dtype=np.int64)
    sweeping = SweepTables.of(tables)
    renumbered = np.empty_like(sweeping.order)
    renumbered[sweeping.order] = np.arange(len(sweeping.order), dtype=sweeping.order.dtype)
    got = kernel.bellman(
        sweeping.renumbered(values),
        renumbered[xs],
        sweeping.pips,
        sweeping.swap,
        sweeping.start,
        sweeping.target,
        sweeping.final,
        policy_code(v),
        v.doubles_moves,
    )
    for x, value in zip(xs.tolist(), got.tolist(), strict=True):
        expected = reference_bellman(v, tables, values, x)
        assert value == pytest.approx(expected, abs=1e-12), tables.space.rows(x)
