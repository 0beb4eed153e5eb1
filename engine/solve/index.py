"""The perfect index (rank) of the positions of a two-player 6-point variant.

A position is read from the side of the player to move (the *mover*), whichever seat that is, as two
rows of eight counts along the mover's path (RULES.md coordinates: slot 0 is the bar, slot ``k`` for
``k = 1..6`` the point the mover enters with a ``k``, slot 7 the borne-off checkers):

- ``mover[k]``: the mover's checkers in slot ``k``;
- ``opp[k]``: the opponent's checkers in the same slot (their bar, the same six points, their off).

Both seats of a 6-point game move the same rules over a mirrored path, so one table serves both: a
position with player 1 to move reads its points from 6 down to 1. The rank is

    rank = base[mover's rank] + the opponent's rank

where a row's rank is its lexicographic rank among the compositions of the checkers into its slots:
the mover's eight slots; the opponent's bar, the points the mover leaves free (in path order) and off
(a point never holds checkers of both sides). ``base`` counts the positions of every mover row ranked
before. So every position has exactly one rank in ``0 .. size - 1`` and every rank is a position
(8 checkers a side: 3,910,437 positions).

The functions :func:`rank` and :func:`swapped` use only integer arithmetic and indexing, so the
solver compiles these very functions with numba (:mod:`engine.solve.kernel`) while the players call them
as plain Python: one definition of the index.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from engine.position import Position, paths_for
from engine.variants import Variant, find_variant

SLOTS = 8
"""Slots per row: the bar, the six points along the mover's path, off."""
BAR_SLOT = 0
OFF_SLOT = 7
POINTS = 6
WIDTH = SLOTS + 1
"""Row length of the flat table of composition counts: ``count[m * WIDTH + t]`` is the number of ways
to put ``m`` checkers into ``t`` slots."""


SOLVABLE = ("minigam", "minigam-full-entry", "minigam-strict")
"""The variants the solver covers (its own loops accept any checker count on the 6-point board)."""


class NotSolvableError(ValueError):
    """The variant is not a two-player 6-point game (the only ones the solver covers)."""


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to put ``total`` checkers into ``parts`` ordered slots, in lexicographic order."""
    out = []
    for bars in itertools.combinations(range(total + parts - 1), parts - 1):
        prev = -1
        row = []
        for b in bars:
            row.append(b - prev - 1)
            prev = b
        row.append(total + parts - 2 - prev)
        out.append(tuple(row))
    return out


def rank(mover, opp, checkers, count, base) -> int:
    """The index of the position with rows ``mover`` and ``opp`` (see the module's docstring)."""
    r = 0
    left = checkers
    for i in range(SLOTS - 1):
        c = mover[i]
        for v in range(c):
            r += count[(left - v) * WIDTH + (SLOTS - 1 - i)]
        left -= c
    free = 0
    for k in range(1, POINTS + 1):
        if mover[k] == 0:
            free += 1
    rest = free + 1  # slots after the opponent's bar: the free points and off
    q = 0
    left = checkers
    for k in range(SLOTS - 1):
        if k > 0 and mover[k] != 0:
            continue
        c = opp[k]
        for v in range(c):
            q += count[(left - v) * WIDTH + rest]
        left -= c
        rest -= 1
    return base[r] + q


def swapped(mover, opp, out_mover, out_opp) -> None:
    """The same position from the other side (the opponent to move), written into the two ``out`` rows:
    the rows trade places and the points are read the other way round."""
    out_mover[BAR_SLOT] = opp[BAR_SLOT]
    out_opp[BAR_SLOT] = mover[BAR_SLOT]
    out_mover[OFF_SLOT] = opp[OFF_SLOT]
    out_opp[OFF_SLOT] = mover[OFF_SLOT]
    for k in range(1, POINTS + 1):
        out_mover[k] = opp[POINTS + 1 - k]
        out_opp[k] = mover[POINTS + 1 - k]


@dataclass(frozen=True, slots=True, eq=False)
class Space:
    """The positions of one checker count on the 6-point board, with their index.

    ``count`` and ``base`` are the tables :func:`rank` needs (numpy ``int64``); ``movers`` lists the
    mover rows in rank order. ``size`` is the number of positions.
    """

    checkers: int
    count: np.ndarray
    base: np.ndarray
    movers: tuple[tuple[int, ...], ...]
    size: int

    def rank(self, mover, opp) -> int:
        return rank(mover, opp, self.checkers, self._count, self._base)

    @property
    def _count(self) -> list[int]:
        return _as_list(self, "count")

    @property
    def _base(self) -> list[int]:
        return _as_list(self, "base")

    def rows(self, index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The ``(mover, opp)`` rows of position ``index`` (the inverse of :meth:`rank`)."""
        if not 0 <= index < self.size:
            raise IndexError(f"position index {index} is outside 0 .. {self.size - 1}")
        r = int(np.searchsorted(self.base, index, side="right")) - 1
        mover = self.movers[r]
        free = [k for k in range(1, POINTS + 1) if mover[k] == 0]
        parts = opponent_compositions(self.checkers, len(free) + 2)
        row = parts[index - int(self.base[r])]
        opp = [0] * SLOTS
        opp[BAR_SLOT] = row[0]
        for k, c in zip(free, row[1:-1], strict=True):
            opp[k] = c
        opp[OFF_SLOT] = row[-1]
        return mover, tuple(opp)


_LISTS: dict[tuple[int, str], list[int]] = {}


def _as_list(space: Space, name: str) -> list[int]:
    """Plain-int copies of a space's tables: plain Python indexes lists much faster than arrays."""
    key = (space.checkers, name)
    table = _LISTS.get(key)
    if table is None:
        _LISTS[key] = table = [int(x) for x in getattr(space, name)]
    return table


@cache
def opponent_compositions(checkers: int, parts: int) -> list[tuple[int, ...]]:
    return compositions(checkers, parts)


@cache
def space(checkers: int) -> Space:
    """The positions with ``checkers`` checkers a side."""
    if checkers < 1:
        raise ValueError(f"a side needs at least one checker, not {checkers}")
    count = np.zeros((checkers + 1) * WIDTH, dtype=np.int64)
    for m in range(checkers + 1):
        for t in range(1, WIDTH):
            count[m * WIDTH + t] = comb(m + t - 1, t - 1)
    movers = tuple(compositions(checkers, SLOTS))
    sizes = [comb(checkers + free + 1, free + 1) for free in (_free(m) for m in movers)]
    base = np.zeros(len(movers) + 1, dtype=np.int64)
    base[1:] = np.cumsum(sizes)
    return Space(checkers, count, base, movers, int(base[-1]))


def _free(mover: tuple[int, ...]) -> int:
    return sum(1 for k in range(1, POINTS + 1) if mover[k] == 0)


def check_variant(variant: str | Variant) -> Variant:
    """``variant`` if the solver covers it (two players, 6 points), else :class:`NotSolvableError`."""
    v = find_variant(variant)
    if v.players != 2 or v.points != POINTS or v.is_backgammon:
        raise NotSolvableError(
            f"{v.name} is not a two-player 6-point game; the solver covers minigam, "
            "minigam-full-entry and minigam-strict"
        )
    return v


def position_rows(pos: Position, mover: int | None = None) -> tuple[list[int], list[int]]:
    """The rows of ``pos`` with ``mover`` (default: the player to move) to move."""
    p = pos.turn if mover is None else mover
    o = 1 - p
    me = [0] * SLOTS
    them = [0] * SLOTS
    me[BAR_SLOT], them[BAR_SLOT] = pos.bar[p], pos.bar[o]
    me[OFF_SLOT], them[OFF_SLOT] = pos.off[p], pos.off[o]
    for k, idx in enumerate(paths_for(pos.variant)[p], start=1):
        val = pos.board[idx]
        if val:
            (me if (val & 3) == p else them)[k] = val >> 2
    return me, them


def position_index(pos: Position, mover: int | None = None) -> int:
    """The index of ``pos`` with ``mover`` (default: the player to move) about to roll."""
    check_variant(pos.variant)
    me, them = position_rows(pos, mover)
    return space(pos.variant.checkers).rank(me, them)


def rows_position(variant: str | Variant, mover_row, opp_row, turn: int = 0) -> Position:
    """The engine position of two rows, with ``turn`` (the mover's seat) to move."""
    v = find_variant(variant)
    path = paths_for(v)[turn]
    board = [0] * v.points
    for k in range(1, POINTS + 1):
        if mover_row[k]:
            board[path[k - 1]] = mover_row[k] * 4 + turn
        elif opp_row[k]:
            board[path[k - 1]] = opp_row[k] * 4 + (1 - turn)
    bar = [0, 0]
    off = [0, 0]
    bar[turn], bar[1 - turn] = mover_row[BAR_SLOT], opp_row[BAR_SLOT]
    off[turn], off[1 - turn] = mover_row[OFF_SLOT], opp_row[OFF_SLOT]
    pos = Position(v, turn, tuple(board), tuple(bar), tuple(off))
    pos.validate()
    return pos
