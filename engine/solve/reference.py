"""A slow, plain generator of legal plays on the solver's rows, written straight from RULES.md.

It shares nothing with the engine's fast generator (:mod:`engine.position`) nor with the solver's
compiled loops: every sequence of single moves is tried, die by die, and the forced-move policy picks the
legal ones from the whole list. :mod:`engine.solve.verify` checks the tables with it, and the tests check
it against the engine's ``Position.legal_plays``.

Rows are tuples of 8 counts (see :mod:`engine.solve.index`): ``mover`` and ``opp`` per slot (bar, the six
points along the mover's path, off).
"""

from __future__ import annotations

from engine.variants import Variant

Rows = tuple[tuple[int, ...], tuple[int, ...]]


def single_moves(v: Variant, rows: Rows, die: int) -> list[Rows]:
    """Every position one move of ``die`` leads to (RULES.md: entering, open points, hits, the bar rule,
    bearing off exactly or, from the farthest-back checker, with a larger die)."""
    mover, opp = rows
    out = []

    def moved(src: int, dst: int) -> Rows:
        me, them = list(mover), list(opp)
        me[src] -= 1
        me[dst] += 1
        if dst < 7 and them[dst] == 1:  # a blot is hit
            them[dst] = 0
            them[0] += 1
        return tuple(me), tuple(them)

    if mover[0] and opp[die] < 2:
        out.append(moved(0, die))
    if mover[0] and v.bar_rule == "strict":
        return out
    may_bear_off = v.bearoff == "always" or not mover[0]
    on_board = [k for k in range(1, 7) if mover[k]]
    for k in on_board:
        to = k + die
        if to <= 6:
            if opp[to] < 2:
                out.append(moved(k, to))
        elif may_bear_off and (to == 7 or (not mover[0] and k == on_board[0])):
            out.append(moved(k, 7))
    return out


def legal_results(v: Variant, rows: Rows, dice: tuple[int, int]) -> set[Rows]:
    """The distinct positions the legal plays of ``dice`` lead to (``{rows}`` for a pass)."""
    a, b = dice
    orders = [(a,) * v.doubles_moves] if a == b else [(a, b), (b, a)]
    found: list[tuple[Rows, tuple[int, ...]]] = []  # (result, dice played)

    def walk(state: Rows, rest: tuple[int, ...], used: tuple[int, ...], skip: bool) -> None:
        nxt = single_moves(v, state, rest[0]) if rest else []
        if not nxt:
            if skip and rest:  # order policy: a die that cannot be played now is skipped
                walk(state, rest[1:], used, skip)
            else:
                found.append((state, used))
            return
        for state2 in nxt:
            walk(state2, rest[1:], (*used, rest[0]), skip)

    for order in orders:
        walk(rows, order, (), v.forced == "order")
    if v.forced == "order":
        return {s for s, _ in found}
    most = max(len(used) for _, used in found)
    best = [(s, used) for s, used in found if len(used) == most]
    if a != b and most == 1 and any(used == (max(a, b),) for _, used in best):
        best = [(s, used) for s, used in best if used == (max(a, b),)]
    return {s for s, _ in best}
