"""An independent solver for small boards, for the tests: the engine's legal plays (``Position.legal_plays``)
for every position of both seats, no index, no mirroring, and policy iteration whose policies are valued
by solving their linear equations exactly (numpy)."""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache

import numpy as np

from engine import Position, Variant, find_variant
from engine.dice import ROLLS


@cache
def reduced(name: str, checkers: int) -> Variant:
    """``name``'s rules with ``checkers`` checkers a side (one object per call, as variants are compared
    by identity)."""
    return dataclasses.replace(find_variant(name), name=f"{name}-{checkers}-checkers", checkers=checkers)


def all_positions(v: Variant) -> list[Position]:
    """Every position of ``v``, either seat to move."""
    n = v.checkers
    out = []
    for mine in itertools.product(range(n + 1), repeat=7):  # bar, points 1..6 for player 0
        if sum(mine) > n:
            continue
        for theirs in itertools.product(range(n + 1), repeat=7):  # bar, points 1..6 for player 1
            if sum(theirs) > n or any(a and b for a, b in zip(mine[1:], theirs[1:], strict=True)):
                continue
            board = tuple(
                a * 4 if a else b * 4 + 1 if b else 0 for a, b in zip(mine[1:], theirs[1:], strict=True)
            )
            for turn in (0, 1):
                out.append(Position(v, turn, board, (mine[0], theirs[0]), (n - sum(mine), n - sum(theirs))))
    return out


def solve_exactly(v: Variant) -> dict[Position, float]:
    """The chance that the player to move wins, before rolling, for every position of ``v``."""
    positions = all_positions(v)
    where = {p: i for i, p in enumerate(positions)}
    size = len(positions)
    fixed = np.full(size, np.nan)
    choices: list[list[list[int]]] = [[] for _ in range(size)]
    for i, p in enumerate(positions):
        if p.off[1 - p.turn] == v.checkers:
            fixed[i] = 0.0
        elif p.off[p.turn] == v.checkers:
            fixed[i] = 1.0
        else:
            for dice, _ in ROLLS:
                plays = p.legal_plays(dice)
                choices[i].append([where[pl.result.with_turn(1 - p.turn)] for pl in plays])
    live = [i for i in range(size) if np.isnan(fixed[i])]
    policy = {i: [0] * len(ROLLS) for i in live}
    values = np.zeros(size)
    for _ in range(100):
        # value the policy: V[i] + sum_r w_r V[next] = 1 on live positions, V fixed elsewhere
        matrix = np.eye(size)
        rhs = np.where(np.isnan(fixed), 1.0, fixed)
        for i in live:
            for r, (_, w) in enumerate(ROLLS):
                matrix[i, choices[i][r][policy[i][r]]] += w
        values = np.linalg.solve(matrix, rhs)
        changed = False
        for i in live:
            for r in range(len(ROLLS)):
                nexts = choices[i][r]
                best = min(range(len(nexts)), key=lambda k: values[nexts[k]])
                if values[nexts[best]] < values[nexts[policy[i][r]]] - 1e-13:
                    policy[i][r] = best
                    changed = True
        if not changed:
            return {p: float(values[i]) for i, p in enumerate(positions)}
    raise AssertionError("policy iteration did not settle")
