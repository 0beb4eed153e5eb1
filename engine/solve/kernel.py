"""The solver's compiled loops (numba): the index over all positions, the move tables and the sweep.

Everything here works on the rows of :mod:`engine.solve.index` (``mover`` and ``opp`` counts per slot)
and on *single-move tables*: for every position ``x`` and die ``d``, the positions one move of ``d``
leads to, ``target[start[x * 6 + d - 1] : start[x * 6 + d]]``, with the mover still to move, the path
slot each move starts from (``source``, 0 for the bar; plus ``HIT`` when the move hits) and the position
a turn ending with that move leaves, from the opponent's side (``final``). Which single moves are legal
is decided by the engine's rules code (:mod:`engine.solve.moves`); the sweep only combines them into
whole turns by the variant's forced-move policy.

The value ``V[x]`` of a position is the chance that the mover wins, before rolling. A finished turn
that leaves ``y`` (the same player still on the rows' mover side) is worth ``1 - V[swap[y]]``: the
opponent rolls next.
"""

from __future__ import annotations

import numba
import numpy as np

from engine.solve import index

rank = numba.njit(cache=True, nogil=True)(index.rank)
swapped = numba.njit(cache=True, nogil=True)(index.swapped)

ROLLS = np.array([(a, b) for a in range(1, 7) for b in range(a, 7)], dtype=np.int64)
WEIGHTS = np.array([1 / 36 if a == b else 2 / 36 for a, b in ROLLS], dtype=np.float64)

POLICY_ORDER = 0
POLICY_STANDARD = 1
NO_MOVE = -1.0
"""The value of a turn that cannot be played that way (values are chances, 0..1)."""
NONE = -0.5
"""Below this, a value is ``NO_MOVE`` (sums of chances may stray a rounding error below 0 or above 1)."""
HIT = 8
"""Added to a move's ``source`` slot when the move hits."""
SLOT_MASK = 7


@numba.njit(cache=True)
def fill_rows(base, movers, opp_rows, opp_offsets, mover_rows_out, opp_rows_out):
    """Every position's rows, in index order. ``opp_rows[opp_offsets[s]:opp_offsets[s + 1]]`` are the
    opponent's compositions over ``s`` slots (bar, free points, off), lexicographic."""
    for r in range(movers.shape[0]):
        free = 0
        for k in range(1, 7):
            if movers[r, k] == 0:
                free += 1
        s = free + 2
        lo = opp_offsets[s]
        for q in range(base[r + 1] - base[r]):
            x = base[r] + q
            for k in range(8):
                mover_rows_out[x, k] = movers[r, k]
            j = 0
            for k in range(8):
                if 0 < k < 7 and movers[r, k] != 0:
                    opp_rows_out[x, k] = 0
                    continue
                opp_rows_out[x, k] = opp_rows[lo + q, j]
                j += 1


@numba.njit(cache=True)
def swap_index(mover_rows, opp_rows, checkers, count, base):
    """``swap[x]``: the index of position ``x`` seen from the other side."""
    n = mover_rows.shape[0]
    out = np.empty(n, dtype=np.int32)
    me = np.empty(8, dtype=np.int64)
    them = np.empty(8, dtype=np.int64)
    for x in range(n):
        swapped(mover_rows[x], opp_rows[x], me, them)
        out[x] = rank(me, them, checkers, count, base)
    return out


@numba.njit(cache=True)
def count_moves(keys, key_start):
    """How many single moves each (position, die) has: ``key_start`` delimits each key's moves per die."""
    n = keys.shape[0]
    out = np.empty(n * 6, dtype=np.int64)
    for x in range(n):
        k = keys[x]
        for d in range(6):
            out[x * 6 + d] = key_start[k * 6 + d + 1] - key_start[k * 6 + d]
    return out


@numba.njit(cache=True)
def apply_moves(mover_rows, opp_rows, keys, key_start, key_moves, start, checkers, count, base):
    """The single-move tables: each position's moves (``key_moves`` rows ``(from, to, hit)`` in path
    slots, listed per key and die) applied to its rows and ranked."""
    n = mover_rows.shape[0]
    target = np.empty(start[-1], dtype=np.int32)
    source = np.empty(start[-1], dtype=np.int8)
    me = np.empty(8, dtype=np.int64)
    them = np.empty(8, dtype=np.int64)
    for x in range(n):
        k = keys[x]
        for d in range(6):
            out = start[x * 6 + d]
            for m in range(key_start[k * 6 + d], key_start[k * 6 + d + 1]):
                src, dst, hit = key_moves[m, 0], key_moves[m, 1], key_moves[m, 2]
                for j in range(8):
                    me[j] = mover_rows[x, j]
                    them[j] = opp_rows[x, j]
                me[src] -= 1
                me[dst] += 1
                if hit:
                    them[dst] = 0
                    them[0] += 1
                target[out] = rank(me, them, checkers, count, base)
                source[out] = src + HIT if hit else src
                out += 1
    return target, source


@numba.njit(cache=True, inline="always")
def _after(V, swap, y):
    """The value of a turn that leaves ``y``: the opponent rolls next."""
    return 1.0 - V[swap[y]]


@numba.njit(cache=True, inline="always")
def _done(V, final, i):
    """The value of a turn that ends with single move ``i``: ``final[i]`` is ``swap[target[i]]``."""
    return 1.0 - V[final[i]]


@numba.njit(cache=True)
def update_last_moves(x, V, G, start, final):
    """``G[x * 6 + d - 1]``: the best value of a turn finished by one move of ``d`` from ``x``, or
    ``NO_MOVE`` when ``d`` cannot be played from ``x``."""
    for d in range(6):
        best = NO_MOVE
        for i in range(start[x * 6 + d], start[x * 6 + d + 1]):
            best = max(best, _done(V, final, i))
        G[x * 6 + d] = best


@numba.njit(cache=True, inline="always")
def _last(V, G, start, target, final, source, i, d, hit_before):
    """The best value of a turn finished by one move of ``d`` after single move ``i``, or ``NO_MOVE``.

    Without a hit, single moves only lower the pip count, so ``G`` already holds this sweep's value of
    the position reached. A hit (by move ``i``, or earlier in the turn: ``hit_before``) sends a checker
    back, possibly to a position not yet swept this time: its last moves are then valued afresh."""
    y = target[i]
    if source[i] < HIT and not hit_before:
        return G[y * 6 + d - 1]
    best = NO_MOVE
    for j in range(start[y * 6 + d - 1], start[y * 6 + d]):
        best = max(best, _done(V, final, j))
    return best


@numba.njit(cache=True)
def fill_last_moves(V, G, start, final):
    """Every position's last moves (see :func:`update_last_moves`), from ``V``."""
    for x in range(V.shape[0]):
        update_last_moves(x, V, G, start, final)


@numba.njit(cache=True, inline="always")
def _play_or_stop(V, G, start, target, final, source, swap, i, d):
    """After single move ``i``, play a ``d`` if one can be played, else stop there."""
    g = _last(V, G, start, target, final, source, i, d, False)
    return g if g > NONE else _done(V, final, i)


@numba.njit(cache=True)
def _best_mixed_order(x, a, b, V, G, start, target, final, source, swap):
    """The order policy, dice ``a != b``: the mover picks which die goes first; each die in turn is
    played if it can be and skipped if not."""
    best = NO_MOVE
    for turn in range(2):
        first = a if turn == 0 else b
        second = b if turn == 0 else a
        i0, i1 = start[x * 6 + first - 1], start[x * 6 + first]
        if i0 == i1:  # the first die cannot be played: the second alone, or a pass
            g = G[x * 6 + second - 1]
            best = max(best, g if g > NONE else _after(V, swap, x))
        for i in range(i0, i1):
            best = max(best, _play_or_stop(V, G, start, target, final, source, swap, i, second))
    return best


@numba.njit(cache=True)
def _best_mixed_standard(x, hi, lo, V, G, start, target, final, source, swap):
    """The standard policy, dice ``hi > lo``: both dice if possible, else the larger, else the smaller."""
    best = NO_MOVE
    for turn in range(2):
        first = hi if turn == 0 else lo
        second = lo if turn == 0 else hi
        for i in range(start[x * 6 + first - 1], start[x * 6 + first]):
            best = max(best, _last(V, G, start, target, final, source, i, second, False))
    if best > NONE:
        return best
    for die in (hi, lo):
        if G[x * 6 + die - 1] > NONE:
            return G[x * 6 + die - 1]
    return _after(V, swap, x)


@numba.njit(cache=True)
def _best_double(x, d, moves, standard, V, G, start, target, final, source, swap, work, best_at):
    """A double played ``moves`` times (at least 2), by a depth-first walk over the single moves, the last
    move read from ``G``.

    Order policy: each move is played whenever it can be, so every leaf is a legal result. Standard
    policy: only the results of the longest sequences are legal; moves of one die commute, so only
    sequences whose sources never go back along the path are walked (as the engine does).

    ``work`` rows, per depth: the next and the end of the single moves to try, the lowest source slot
    allowed, and whether the turn has hit so far."""
    if G[x * 6 + d - 1] <= NONE:
        return _after(V, swap, x)  # no move: pass
    it, end, floor, hits = work[0], work[1], work[2], work[3]
    for k in range(moves + 1):
        best_at[k] = NO_MOVE
    depth = 0
    floor[0] = 0
    hits[0] = 0
    it[0] = start[x * 6 + d - 1]
    end[0] = start[x * 6 + d]
    while depth >= 0:
        if it[depth] == end[depth]:
            depth -= 1
            continue
        i = it[depth]
        it[depth] += 1
        if standard and (source[i] & SLOT_MASK) < floor[depth]:
            continue
        y = target[i]
        if depth + 2 == moves:
            g = _last(V, G, start, target, final, source, i, d, hits[depth] != 0)
            if g > NONE:
                best_at[moves] = max(best_at[moves], g)
            else:
                best_at[moves - 1] = max(best_at[moves - 1], _done(V, final, i))
            continue
        lo, hi = start[y * 6 + d - 1], start[y * 6 + d]
        leaf = True
        for j in range(lo, hi):
            if not standard or (source[j] & SLOT_MASK) >= (source[i] & SLOT_MASK):
                leaf = False
                break
        if leaf:
            best_at[depth + 1] = max(best_at[depth + 1], _done(V, final, i))
            continue
        depth += 1
        floor[depth] = source[i] & SLOT_MASK
        hits[depth] = hits[depth - 1] | (source[i] >= HIT)
        it[depth] = lo
        end[depth] = hi
    if standard:
        for k in range(moves, 0, -1):
            if best_at[k] > NONE:
                return best_at[k]
        return NO_MOVE
    best = NO_MOVE
    for k in range(1, moves + 1):
        best = max(best, best_at[k])
    return best


@numba.njit(cache=True)
def position_value(x, V, G, start, target, final, source, swap, policy, double_moves, work, best_at):
    """The Bellman right-hand side at ``x``: over the 21 rolls, the best finished turn's value
    (``G`` must hold the last moves of the positions one move on)."""
    total = 0.0
    standard = policy == POLICY_STANDARD
    for r in range(21):
        a, b = ROLLS[r, 0], ROLLS[r, 1]
        if a == b:
            v = _best_double(
                x, a, double_moves, standard, V, G, start, target, final, source, swap, work, best_at
            )
        elif standard:
            v = _best_mixed_standard(x, b, a, V, G, start, target, final, source, swap)
        else:
            v = _best_mixed_order(x, a, b, V, G, start, target, final, source, swap)
        total += WEIGHTS[r] * v
    return total


@numba.njit(cache=True)
def sweep(V, G, live, order, lo, hi, start, target, final, source, swap, policy, double_moves):
    """One in-place (Gauss-Seidel) pass over ``order[lo:hi]`` (every position, fewest pips first): each
    position's last moves ``G``, then, if the game is still on (``live``), its value. Returns the
    largest change of a value."""
    work = np.empty((4, double_moves + 1), dtype=np.int64)
    best_at = np.empty(double_moves + 1, dtype=np.float64)
    largest = 0.0
    for n in range(lo, hi):
        x = order[n]
        update_last_moves(x, V, G, start, final)
        if not live[x]:
            continue
        v = position_value(x, V, G, start, target, final, source, swap, policy, double_moves, work, best_at)
        v = min(1.0, max(0.0, v))  # a chance: no rounding error past 0 or 1
        change = abs(v - V[x])
        largest = max(largest, change)
        V[x] = v
    return largest


@numba.njit(cache=True)
def bellman(V, xs, start, target, final, source, swap, policy, double_moves):
    """The Bellman right-hand side at each ``x`` of ``xs``, from ``V`` alone (``V`` unchanged)."""
    G = np.empty(V.shape[0] * 6, dtype=np.float64)
    fill_last_moves(V, G, start, final)
    work = np.empty((4, double_moves + 1), dtype=np.int64)
    best_at = np.empty(double_moves + 1, dtype=np.float64)
    out = np.empty(xs.shape[0], dtype=np.float64)
    for n in range(xs.shape[0]):
        out[n] = position_value(
            xs[n], V, G, start, target, final, source, swap, policy, double_moves, work, best_at
        )
    return out


@numba.njit(cache=True, parallel=True)
def sweep_parallel(
    V, G, live, order, lo, hi, start, target, final, source, swap, policy, double_moves, parts
):
    """:func:`sweep` over ``order[lo:hi]`` cut into ``parts`` consecutive pieces swept at the same time,
    one per thread. A piece's positions have more pips than the piece before it, so they seldom need
    its values; when they do, they read whichever is there (this sweep's or the last), which the
    iteration settles like any other stale value."""
    changes = np.zeros(parts, dtype=np.float64)
    for p in numba.prange(parts):
        a = lo + (hi - lo) * p // parts
        b = lo + (hi - lo) * (p + 1) // parts
        changes[p] = sweep(V, G, live, order, a, b, start, target, final, source, swap, policy, double_moves)
    return changes.max()
