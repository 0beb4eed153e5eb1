"""The solver's compiled loops (numba, through :mod:`engine.solve.jit`; plain Python without it): the index
over all positions, the move tables and the sweep.

Everything here works on the rows of :mod:`engine.solve.index` (``mover`` and ``opp`` counts per slot)
and on *single-move tables*: for every position ``x`` and die ``d``, the positions one move of ``d``
leads to, ``target[start[x * 6 + d - 1] : start[x * 6 + d]]``, with the mover still to move, and the
position a turn ending with that move leaves, from the opponent's side (``final``). Which single moves
are legal is decided by the engine's rules code (:mod:`engine.solve.moves`); the sweep only combines
them into whole turns by the variant's forced-move policy, through each position's *finishes* (the best
ends of a turn by one or more moves of one die: :func:`evaluate`).

The value ``V[x]`` of a position is the chance that the mover wins, before rolling. A finished turn
that leaves ``y`` (the same player still on the rows' mover side) is worth ``1 - V[swap[y]]``: the
opponent rolls next.
"""

from __future__ import annotations

import numpy as np

from engine import dice
from engine.solve import index
from engine.solve.jit import njit, prange

rank = njit(cache=True, nogil=True)(index.rank)
swapped = njit(cache=True, nogil=True)(index.swapped)

ROLLS = np.array([(d.low, d.high) for d, _ in dice.ROLLS], dtype=np.int64)
"""The 21 rolls of :data:`engine.dice.ROLLS` as ``(low, high)`` rows, and their chances."""
CHANCES = np.array([chance for _, chance in dice.ROLLS], dtype=np.float64)

POLICY_ORDER = 0
POLICY_STANDARD = 1
NO_MOVE = -1.0
"""The value of a turn that cannot be played that way (values are chances, 0..1)."""
NONE = -0.5
"""Below this, a value is ``NO_MOVE`` (sums of chances may stray a rounding error below 0 or above 1)."""


@njit(cache=True)
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


@njit(cache=True)
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


@njit(cache=True)
def count_moves(keys, key_start):
    """How many single moves each (position, die) has: ``key_start`` delimits each key's moves per die."""
    n = keys.shape[0]
    out = np.empty(n * 6, dtype=np.int64)
    for x in range(n):
        k = keys[x]
        for d in range(6):
            out[x * 6 + d] = key_start[k * 6 + d + 1] - key_start[k * 6 + d]
    return out


@njit(cache=True)
def apply_moves(mover_rows, opp_rows, keys, key_start, key_moves, start, checkers, count, base):
    """The single-move tables: each position's moves (``key_moves`` rows ``(from, to)`` in path slots,
    listed per key and die) applied to its rows and ranked; a move to a point with one opponent checker
    hits it (to their bar)."""
    n = mover_rows.shape[0]
    target = np.empty(start[-1], dtype=np.int32)
    me = np.empty(8, dtype=np.int64)
    them = np.empty(8, dtype=np.int64)
    for x in range(n):
        k = keys[x]
        for d in range(6):
            out = start[x * 6 + d]
            for m in range(key_start[k * 6 + d], key_start[k * 6 + d + 1]):
                src, dst = key_moves[m, 0], key_moves[m, 1]
                for j in range(8):
                    me[j] = mover_rows[x, j]
                    them[j] = opp_rows[x, j]
                me[src] -= 1
                me[dst] += 1
                if dst < 7 and them[dst] == 1:
                    them[dst] = 0
                    them[0] += 1
                target[out] = rank(me, them, checkers, count, base)
                out += 1
    return target


@njit(cache=True)
def renumber(order, start, target, final, swap):
    """The single-move tables (``start``, ``target``, ``final``) and ``swap`` with the positions numbered
    in ``order``: position ``p`` is index ``order[p]``. The sweep numbers them fewest pips first, so the
    positions it visits one after another, and the positions their moves lead to, lie close in memory."""
    n = order.shape[0]
    new = np.empty(n, dtype=np.int32)
    for p in range(n):
        new[order[p]] = p
    new_start = np.empty_like(start)
    new_start[0] = 0
    for p in range(n):
        x = order[p]
        for d in range(6):
            new_start[p * 6 + d + 1] = new_start[p * 6 + d] + start[x * 6 + d + 1] - start[x * 6 + d]
    new_target = np.empty_like(target)
    new_final = np.empty_like(final)
    new_swap = np.empty_like(swap)
    for p in range(n):
        x = order[p]
        out = new_start[p * 6]
        for i in range(start[x * 6], start[x * 6 + 6]):
            new_target[out] = new[target[i]]
            new_final[out] = new[final[i]]
            out += 1
        new_swap[p] = new[swap[x]]
    return new_start, new_target, new_final, new_swap


@njit(cache=True, inline="always")
def _after(V, swap, y):
    """The value of a turn that leaves ``y``: the opponent rolls next."""
    return 1.0 - V[swap[y]]


@njit(cache=True, inline="always")
def _done(V, final, i):
    """The value of a turn that ends with single move ``i``: ``final[i]`` is ``swap[target[i]]``."""
    return 1.0 - V[final[i]]


@njit(cache=True, inline="always")
def _then(finish, done, standard):
    """What a move worth ``done`` (were the turn to stop there) adds to the ``k + 1``-move finishes of
    its position, given the best ``k``-move finish of its target: that finish; or, under the order
    policy, where the target has no move left, the move itself (the turn stops there)."""
    if standard or finish > NONE:
        return finish
    return done


@njit(cache=True)
def _walk(y, d, depth, standard, px, pips, V, F, levels, start, target, final, lev, it, end, via):
    """The finishes of ``y`` by 1 .. ``depth`` moves of ``d`` (see :func:`update_finishes`) into
    ``lev[0, :depth]``: a depth-first walk over the moves from ``V`` that reads the finishes ``F``
    (``levels`` a position) of the positions it meets with fewer than ``px`` pips, valued earlier this
    sweep, and walks on from the others. Row ``r`` of ``lev``, ``it``, ``end`` and ``via`` is the frame
    ``r`` moves deep: its ``depth - r`` finishes so far, the next and the end of its moves, the move
    that led there."""
    for k in range(depth):
        lev[0, k] = NO_MOVE
    it[0] = start[y * 6 + d - 1]
    end[0] = start[y * 6 + d]
    r = 0
    while True:
        if it[r] == end[r]:  # frame r is done: it adds to the frame before
            if r == 0:
                return
            done = _done(V, final, via[r])
            for k in range(1, depth - r + 1):
                lev[r - 1, k] = max(lev[r - 1, k], _then(lev[r, k - 1], done, standard))
            r -= 1
            continue
        j = it[r]
        it[r] += 1
        done = _done(V, final, j)
        lev[r, 0] = max(lev[r, 0], done)
        if r == depth - 1:
            continue
        z = target[j]
        if pips[z] < px:
            at = (z * 6 + d - 1) * levels
            for k in range(1, depth - r):
                lev[r, k] = max(lev[r, k], _then(F[at + k - 1], done, standard))
            continue
        r += 1
        via[r] = j
        it[r] = start[z * 6 + d - 1]
        end[r] = start[z * 6 + d]
        for k in range(depth - r):
            lev[r, k] = NO_MOVE


@njit(cache=True)
def evaluate(x, V, F, levels, pips, swap, standard, start, target, final, own, pair, lev, it, end, via):
    """``x``'s finishes into ``F``; returns the Bellman right-hand side at ``x``: over the 21 rolls, the
    best finished turn's value.

    ``F[(x * 6 + d - 1) * levels + k]`` (``k < levels``, one less than a double's moves) is ``x``'s
    best finish by ``k + 1`` moves of ``d``: the best value of a turn ended by such moves, or ``NO_MOVE``.
    Under the standard policy, of exactly ``k + 1`` moves (a double plays as many as it can, so the
    longest finish that exists is its value); under the order policy, of at most ``k + 1`` moves, each
    played when it can be. ``k = 0`` are the one-move finishes that end the mixed rolls.

    One pass over ``x``'s single moves: a move to a position with fewer pips than ``x`` (every move but
    a hit lowers the pip count) reads that position's finishes, valued earlier this sweep, for the
    double of its die (``own``: ``x``'s finishes by 1 .. ``levels + 1`` moves) and for each mixed roll
    it starts (``pair[a - 1, b - 1]``: ``a`` played first, then ``b``). A hit that sends a checker back
    further leads to a position perhaps not yet valued this time: its finishes are walked afresh from
    ``V`` (:func:`_walk`)."""
    px = pips[x]
    row = 6 * levels
    for a in range(6):
        for k in range(levels + 1):
            own[a, k] = NO_MOVE
        for b in range(6):
            pair[a, b] = NO_MOVE
    for a in range(6):
        for i in range(start[x * 6 + a], start[x * 6 + a + 1]):
            done = _done(V, final, i)
            own[a, 0] = max(own[a, 0], done)
            y = target[i]
            if pips[y] < px:
                at = y * row
                for k in range(levels):
                    own[a, k + 1] = max(own[a, k + 1], _then(F[at + a * levels + k], done, standard))
                for b in range(6):
                    if b != a:
                        pair[a, b] = max(pair[a, b], _then(F[at + b * levels], done, standard))
                continue
            _walk(y, a + 1, levels, standard, px, pips, V, F, levels, start, target, final, lev, it, end, via)
            for k in range(levels):
                own[a, k + 1] = max(own[a, k + 1], _then(lev[0, k], done, standard))
            for b in range(6):
                if b != a:
                    g = NO_MOVE
                    for j in range(start[y * 6 + b], start[y * 6 + b + 1]):
                        g = max(g, _done(V, final, j))
                    pair[a, b] = max(pair[a, b], _then(g, done, standard))
    at = x * row
    for a in range(6):
        for k in range(levels):
            F[at + a * levels + k] = own[a, k]
    total = 0.0
    for r in range(21):
        a, b = ROLLS[r, 0] - 1, ROLLS[r, 1] - 1
        if a == b:
            v = own[a, levels]
            if standard:
                for k in range(levels, -1, -1):
                    if own[a, k] > NONE:
                        v = own[a, k]
                        break
        elif standard:  # both dice if possible, else the larger (b), else the smaller
            v = max(pair[a, b], pair[b, a])
            if v <= NONE:
                v = own[b, 0] if own[b, 0] > NONE else own[a, 0]
        else:  # the mover picks which die goes first; a die that cannot be played is skipped
            v = NO_MOVE
            for first, second in ((a, b), (b, a)):
                if start[x * 6 + first] < start[x * 6 + first + 1]:
                    v = max(v, pair[first, second])
                elif own[second, 0] > NONE:
                    v = max(v, own[second, 0])
                else:
                    v = max(v, _after(V, swap, x))
        if v <= NONE:  # no move: pass
            v = _after(V, swap, x)
        total += CHANCES[r] * v
    return total


@njit(cache=True)
def _work(double_moves):
    """The scratch arrays of :func:`evaluate` (``own``, ``pair``) and :func:`_walk` (``lev``, ``it``,
    ``end``, ``via``)."""
    levels = double_moves - 1
    return (
        np.empty((6, double_moves), dtype=np.float64),
        np.empty((6, 6), dtype=np.float64),
        np.empty((levels, levels), dtype=np.float64),
        np.empty(levels, dtype=np.int64),
        np.empty(levels, dtype=np.int64),
        np.empty(levels, dtype=np.int64),
    )


@njit(cache=True)
def _pass(V, F, live, lo, hi, pips, swap, start, target, final, policy, double_moves, values):
    """Over positions ``lo .. hi - 1``: each position's finishes ``F``, then, if ``values`` and the game
    is still on (``live``), its value ``V`` in place. Returns the largest change of a value."""
    levels = double_moves - 1
    standard = policy == POLICY_STANDARD
    own, pair, lev, it, end, via = _work(double_moves)
    largest = 0.0
    for x in range(lo, hi):
        v = evaluate(
            x, V, F, levels, pips, swap, standard, start, target, final, own, pair, lev, it, end, via
        )
        if not values or not live[x]:
            continue
        v = min(1.0, max(0.0, v))  # a chance: no rounding error past 0 or 1
        largest = max(largest, abs(v - V[x]))
        V[x] = v
    return largest


@njit(cache=True)
def sweep(V, F, live, lo, hi, pips, swap, start, target, final, policy, double_moves):
    """One in-place (Gauss-Seidel) pass over positions ``lo .. hi - 1`` of tables numbered fewest pips
    first (:func:`renumber`), every position with fewer pips than ``lo`` valued before: each position's
    finishes ``F``, then, if the game is still on (``live``), its value. Returns the largest change of a
    value."""
    return _pass(V, F, live, lo, hi, pips, swap, start, target, final, policy, double_moves, True)


@njit(cache=True)
def fill_finishes(V, F, pips, swap, start, target, final, policy, double_moves):
    """Every position's finishes ``F`` from ``V`` (unchanged), tables numbered fewest pips first."""
    live = np.zeros(1, dtype=np.bool_)  # not read: no value is updated
    _pass(V, F, live, 0, V.shape[0], pips, swap, start, target, final, policy, double_moves, False)


@njit(cache=True)
def bellman(V, xs, pips, swap, start, target, final, policy, double_moves):
    """The Bellman right-hand side at each ``x`` of ``xs``, from ``V`` alone (``V`` unchanged), tables
    numbered fewest pips first."""
    levels = double_moves - 1
    F = np.empty(V.shape[0] * 6 * levels, dtype=np.float64)
    fill_finishes(V, F, pips, swap, start, target, final, policy, double_moves)
    standard = policy == POLICY_STANDARD
    own, pair, lev, it, end, via = _work(double_moves)
    out = np.empty(xs.shape[0], dtype=np.float64)
    for n in range(xs.shape[0]):
        out[n] = evaluate(
            xs[n], V, F, levels, pips, swap, standard, start, target, final, own, pair, lev, it, end, via
        )
    return out


@njit(cache=True, parallel=True)
def sweep_parallel(V, F, live, lo, hi, pips, swap, start, target, final, policy, double_moves, parts):
    """:func:`sweep` over positions ``lo .. hi - 1`` cut into ``parts`` consecutive pieces swept at the
    same time, one per thread. Given one layer of positions with the same pip count, no piece reads the
    finishes of another (only of positions with fewer pips, all valued before); the values it reads
    across pieces, after a hit or a pass, are whichever is there (this sweep's or the last), which the
    iteration settles like any other stale value."""
    changes = np.zeros(parts, dtype=np.float64)
    for p in prange(parts):
        a = lo + (hi - lo) * p // parts
        b = lo + (hi - lo) * (p + 1) // parts
        changes[p] = sweep(V, F, live, a, b, pips, swap, start, target, final, policy, double_moves)
    return changes.max()
