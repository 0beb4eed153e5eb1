"""Legal-play generation on raw ``(board, bar, off)`` tuples (the packed board of
:mod:`engine.position`): per variant and player an *expander* lists the single moves of one die, and
:func:`legal_results` applies RULES.md's forced-move policies to them. Only the final, distinct
results become ``Position`` and ``Play`` objects (in :meth:`engine.position.Position.legal_plays`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.moves import BAR, OFF, Move, paths_for
from engine.variants import Variant

_MOVES: dict[tuple[int, int, bool], Move] = {}


def _shared_move(src: int, dst: int, hit: bool = False) -> Move:
    """One Move object per distinct move, shared by every generated play."""
    key = (src, dst, hit)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(src, dst, hit)
    return move


_EXPANDERS: dict[Variant, tuple] = {}


def expanders(v: Variant) -> tuple:
    """Per player, the function listing single moves: ``expand(board, bar, off, die, kfrom=-1)``."""
    try:
        return _EXPANDERS[v]
    except KeyError:
        _EXPANDERS[v] = ex = tuple(_make_expander(v, p) for p in range(v.players))
        return ex


def _make_expander(v: Variant, p: int):
    n = v.points
    path = paths_for(v)[p]
    strict = v.bar_rule == "strict"
    rule = v.bearoff
    home_k = n - 6  # path steps k >= home_k (0-based) are the home board
    # entry[d] = (board index, move, move with hit); steps[d][k] = (k, src, dst, move, move with hit),
    # where dst is a board index, -1 for an exact bear-off or -2 for an overshoot.
    entry: list = [None]
    steps: list = [None]
    for d in range(1, 7):
        idx = path[d - 1] if d <= n else -1
        entry.append((idx, _shared_move(BAR, idx + 1), _shared_move(BAR, idx + 1, True)))
        row = []
        for k in range(n):
            src = path[k]
            t = k + d
            if t < n:
                dst = path[t]
                row.append(
                    (k, src, dst, _shared_move(src + 1, dst + 1), _shared_move(src + 1, dst + 1, True))
                )
            else:
                move = _shared_move(src + 1, OFF)
                row.append((k, src, -1 if t == n else -2, move, move))
        steps.append(tuple(row))

    def expand(board: tuple, bar: tuple, off: tuple, die: int, kfrom: int = -1) -> list:
        """``[(move, board, bar, off, k), ...]`` for every single move of ``die``; ``k`` is the path
        step of the source (-1: the bar). Only sources at step ``kfrom`` or later are moved."""
        out = []
        mybar = bar[p]
        if mybar:
            if kfrom < 0:
                idx, move, move_hit = entry[die]
                val = board[idx]
                if val == 0 or (val & 3) == p:
                    nb = list(board)
                    nb[idx] = val + 4 if val else 4 + p
                    nbar = list(bar)
                    nbar[p] = mybar - 1
                    out.append((move, tuple(nb), tuple(nbar), off, -1))
                elif val < 8:
                    nb = list(board)
                    nb[idx] = 4 + p
                    nbar = list(bar)
                    nbar[p] = mybar - 1
                    nbar[val & 3] += 1
                    out.append((move_hit, tuple(nb), tuple(nbar), off, -1))
            if strict:
                return out
        can_bear = None  # worked out when a bear-off is first possible
        overshoot = False
        k0 = -1  # the farthest-back checker's path step, once seen
        row = steps[die]
        for k, src, dst, move, move_hit in row[kfrom:] if kfrom > 0 else row:
            sval = board[src]
            if not sval or (sval & 3) != p:
                continue
            if k0 < 0:
                k0 = k
            if dst >= 0:
                val = board[dst]
                if val == 0 or (val & 3) == p:
                    nb = list(board)
                    nb[src] = sval - 4 if sval > 7 else 0
                    nb[dst] = val + 4 if val else 4 + p
                    out.append((move, tuple(nb), bar, off, k))
                elif val < 8:
                    nb = list(board)
                    nb[src] = sval - 4 if sval > 7 else 0
                    nb[dst] = 4 + p
                    nbar = list(bar)
                    nbar[val & 3] += 1
                    out.append((move_hit, tuple(nb), tuple(nbar), off, k))
                continue
            if can_bear is None:
                if kfrom > 0:  # sources before kfrom were skipped: find the farthest-back checker
                    for j in range(kfrom):
                        val = board[path[j]]
                        if val and (val & 3) == p:
                            k0 = j
                            break
                if rule == "always":
                    can_bear = True
                elif mybar:
                    can_bear = False
                else:
                    can_bear = rule == "no-bar" or k0 >= home_k
                overshoot = can_bear and not mybar
            if can_bear and (dst == -1 or (overshoot and k == k0)):
                nb = list(board)
                nb[src] = sval - 4 if sval > 7 else 0
                noff = list(off)
                noff[p] += 1
                out.append((move, tuple(nb), bar, tuple(noff), k))
        return out

    return expand


def legal_results(v: Variant, board, bar, off, p: int, dice: Sequence[int]) -> list:
    """Player ``p``'s legal plays from a raw position for ``dice``: ``[(moves, board, bar, off), ...]``,
    one per distinct legal result (the pass: ``moves == ()``)."""
    expand = expanders(v)[p]
    a, b = dice
    if v.forced == "order":
        if a == b:
            return _legal_order_double(expand, board, bar, off, a, v.doubles_moves)
        return _legal_order(expand, board, bar, off, a, b)
    if a == b:
        return _legal_double(expand, board, bar, off, a, v.doubles_moves)
    hi, lo = (a, b) if a > b else (b, a)
    return _legal_standard(expand, board, bar, off, hi, lo)


def _legal_standard(expand, board, bar, off, hi: int, lo: int) -> list:
    """The standard policy, two different dice: both if possible, else the larger if possible."""
    results: dict = {}
    first_hi = expand(board, bar, off, hi)
    first_lo = expand(board, bar, off, lo)
    for first, second_die in ((first_hi, lo), (first_lo, hi)):
        for m1, b1, r1, o1, _k in first:
            for m2, b2, r2, o2, _k2 in expand(b1, r1, o1, second_die):
                key = (b2, r2)
                if key not in results:
                    results[key] = ((m1, m2), b2, r2, o2)
    if results:
        return list(results.values())
    # No play uses both dice: the larger one if it can be played, else the smaller.
    single = first_hi or first_lo
    if single:
        return [((m1,), b1, r1, o1) for m1, b1, r1, o1, _k in single]
    return [((), board, bar, off)]


def _legal_double(expand, board, bar, off, die: int, count: int) -> list:
    """The standard policy with a double: as many of the ``count`` moves as possible.

    Moves of one die commute, so only sequences whose sources never go back along the path are
    generated (each legal sequence has such an ordering, which is also legal); duplicates of a
    result are then merged.
    """
    frontier = [((), board, bar, off, -1)]
    for _ in range(count):
        nxt = [
            ((*moves, m), b1, r1, o1, k1)
            for moves, b0, r0, o0, k0 in frontier
            for m, b1, r1, o1, k1 in expand(b0, r0, o0, die, k0)
        ]
        if not nxt:
            break
        frontier = nxt
    results: dict = {}
    for moves, b1, r1, o1, _k in frontier:
        key = (b1, r1)
        if key not in results:
            results[key] = (moves, b1, r1, o1)
    return list(results.values())


def _legal_order(expand, board, bar, off, a: int, b: int) -> list:
    """The order policy, two different dice: the player picks the order; each die in turn is played
    if it can be at that moment and skipped if not."""
    results: dict = {}
    first_a = expand(board, bar, off, a)
    first_b = expand(board, bar, off, b)
    for first, other, second_die in ((first_a, first_b, b), (first_b, first_a, a)):
        if not first:
            # The first die cannot be played: skipped; the other is played alone if it can be.
            for m, b1, r1, o1, _k in other:
                results.setdefault((b1, r1), ((m,), b1, r1, o1))
            continue
        for m1, b1, r1, o1, _k in first:
            second = expand(b1, r1, o1, second_die)
            if second:
                for m2, b2, r2, o2, _k2 in second:
                    key = (b2, r2)
                    if key not in results:
                        results[key] = ((m1, m2), b2, r2, o2)
            else:
                results.setdefault((b1, r1), ((m1,), b1, r1, o1))
    if not results:
        return [((), board, bar, off)]
    return list(results.values())


def _legal_order_double(expand, board, bar, off, die: int, count: int) -> list:
    """The order policy with a double: each of the ``count`` moves is played whenever it can be."""
    results: dict = {}
    frontier = [((), board, bar, off)]
    for _ in range(count):
        nxt = []
        for moves, b0, r0, o0 in frontier:
            found = expand(b0, r0, o0, die)
            if found:
                nxt.extend(((*moves, m), b1, r1, o1) for m, b1, r1, o1, _k in found)
            elif moves:
                results.setdefault((b0, r0), (moves, b0, r0, o0))
        frontier = nxt
    for moves, b1, r1, o1 in frontier:
        results.setdefault((b1, r1), (moves, b1, r1, o1))
    if not results:
        return [((), board, bar, off)]
    return list(results.values())
