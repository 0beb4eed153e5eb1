"""One-sided race tables for the 6-point variants: how many rolls a lone player needs to finish.

A player's checkers, seen alone (no opponent to block or hit them), are a *race state*: a tuple
``c`` of 7 counts, ``c[i]`` the checkers at distance ``i + 1`` (distance 7 is the bar, from which a
die ``d`` enters at distance ``7 - d``). For every state with up to the variant's checkers this
module computes, once per process and in about a second, the distribution of the number of rolls
needed to bear everything off when each roll is played to minimise the expected number of rolls
(the classic one-sided bear-off database, extended to the bar).

From two (or four) such distributions the chance that each player finishes first follows exactly
for a pure race, and approximately in contact positions, where it is the evaluations' backbone.
"""

from __future__ import annotations

import itertools
from functools import cache

from engine.dice import ROLLS, Dice
from engine.position import Position, paths_for
from engine.variants import Variant

MAX_ROLLS = 32
"""Distributions are cut at this many rolls; the tail (which no real race reaches) is lumped there."""

RaceState = tuple[int, ...]


def race_state(pos: Position, player: int) -> RaceState:
    """``player``'s checkers in ``pos`` as a race state (distance 1..6, then the bar)."""
    n = pos.variant.points
    counts = [0] * 7
    path = paths_for(pos.variant)[player]
    for k in range(n):
        val = pos.board[path[k]]
        if val and (val & 3) == player:
            counts[n - 1 - k] += val >> 2
    counts[6] = pos.bar[player]
    return tuple(counts)


def _single(state: RaceState, die: int, bear_rule: str) -> set[RaceState]:
    """Every state after one checker of a lone player moves ``die`` pips."""
    out: set[RaceState] = set()
    c = list(state)
    if c[6]:
        nxt = c.copy()
        nxt[6] -= 1
        nxt[6 - die] += 1
        out.add(tuple(nxt))
    can_bear = bear_rule == "always" or c[6] == 0
    farthest = max((i for i in range(7) if c[i]), default=-1)
    for i in range(6):  # distance i + 1
        if not c[i]:
            continue
        dist = i + 1
        if dist > die:
            nxt = c.copy()
            nxt[i] -= 1
            nxt[i - die] += 1
            out.add(tuple(nxt))
        elif can_bear and (dist == die or i == farthest):
            nxt = c.copy()
            nxt[i] -= 1
            out.add(tuple(nxt))
    return out


def _plays(state: RaceState, dice: Dice, doubles_moves: int, bear_rule: str, memo: dict) -> set[RaceState]:
    """Results of a whole roll. Alone on the board a die can always be played (the farthest-back
    checker can always move, enter or bear off), so every legal play uses every die."""
    lo, hi = dice.low, dice.high
    seqs = [(lo,) * doubles_moves] if dice.is_double else [(lo, hi), (hi, lo)]
    results: set[RaceState] = set()
    for seq in seqs:
        frontier = {state}
        for die in seq:
            nxt: set[RaceState] = set()
            for s in frontier:
                key = (s, die)
                step = memo.get(key)
                if step is None:
                    step = memo[key] = _single(s, die, bear_rule) if any(s) else {s}
                nxt |= step
            frontier = nxt
        results |= frontier
    return results


class RaceTable:
    """Roll-count distributions of every race state of one variant's rules."""

    def __init__(self, checkers: int, doubles_moves: int, bear_rule: str) -> None:
        self.checkers = checkers
        states = list(_all_states(checkers))
        states.sort(key=lambda s: sum((i + 1) * n for i, n in enumerate(s)))
        self.mean: dict[RaceState, float] = {}
        self.cdf: dict[RaceState, tuple[float, ...]] = {}
        dist: dict[RaceState, list[float]] = {}
        zero = (0,) * 7
        self.mean[zero] = 0.0
        dist[zero] = [1.0] + [0.0] * MAX_ROLLS
        single: dict = {}
        for s in states:
            if s == zero:
                continue
            total = 0.0
            weight: dict[RaceState, float] = {}
            for dice, p in ROLLS:
                best = min(_plays(s, dice, doubles_moves, bear_rule, single), key=self.mean.__getitem__)
                weight[best] = weight.get(best, 0.0) + p
            acc = [0.0] * (MAX_ROLLS + 1)
            for best, p in weight.items():
                total += p * self.mean[best]
                d = dist[best]
                for n in range(MAX_ROLLS):
                    if d[n]:
                        acc[n + 1] += p * d[n]
                acc[MAX_ROLLS] += p * d[MAX_ROLLS]
            self.mean[s] = 1.0 + total
            dist[s] = acc
        for s, d in dist.items():
            self.cdf[s] = tuple(itertools.accumulate(d))

    def win_first(self, mover_state: RaceState, other_state: RaceState) -> float:
        """Chance that the player with ``mover_state``, who has just moved (the other rolls next),
        finishes first in a pure race."""
        # The other player rolls first: the mover wins when their roll count is strictly smaller.
        mine = self.cdf[mover_state]
        theirs = self.cdf[other_state]
        total = 0.0
        prev = 0.0
        for n in range(MAX_ROLLS + 1):
            f = mine[n] - prev
            prev = mine[n]
            if f:
                total += f * (1.0 - theirs[n])
        return min(1.0, max(0.0, total))


def _all_states(checkers: int):
    for combo in itertools.combinations_with_replacement(range(8), checkers):
        counts = [0] * 8
        for place in combo:
            counts[place] += 1
        # place 0 is "off"; places 1..7 are distances (7 = bar)
        yield tuple(counts[1:])


@cache
def race_table(variant: Variant) -> RaceTable:
    """The (cached) race table of a 6-point ``variant``."""
    if variant.points != 6:
        raise ValueError(f"race tables are for the 6-point variants, not {variant.name}")
    rule = "always" if variant.bearoff == "always" else "no-bar"
    return _table(variant.checkers, variant.doubles_moves, rule)


@cache
def _table(checkers: int, doubles_moves: int, bear_rule: str) -> RaceTable:
    return RaceTable(checkers, doubles_moves, bear_rule)
