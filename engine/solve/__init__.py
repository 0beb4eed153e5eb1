"""The two-player 6-point games solved exactly: ``minigam``, ``minigam-full-entry`` and ``minigam-strict``.

Every position (8 checkers a side over the bar, six points and off: 3,910,437 of them) gets the chance
that the player to move wins with best play by both sides, by value iteration to a largest change below
1e-9 (:mod:`engine.solve.solver`, compiled loops in :mod:`engine.solve.kernel`, single moves from the
engine's rules in :mod:`engine.solve.moves`). The values are stored as 16-bit steps in one file per
variant, shipped with the package (:mod:`engine.solve.table`, about 7 MB each), indexed by a perfect
index of the positions (:mod:`engine.solve.index`).

Commands (``python -m engine.solve --help``): solve a variant and write its table, ``value`` (a
position's chance from the table, JSON lines in ``python -m engine legal``'s format), ``verify`` (the
Bellman equation at random positions, with an independent reference move generator), ``openings``,
and ``grade`` (what each computer level loses per move against perfect play).

Only the solving needs numba (``pip install -e ".[solve]"``; without it the solver's loops run as plain
Python, for small boards only: :mod:`engine.solve.jit`); reading a table needs numpy alone.
"""


def win_table(variant):
    """The solved table of ``variant`` (``win(position)``: the chance that the player to move wins,
    before rolling), or ``None`` for a variant that is not solved or whose table is not installed.
    Never solves anything (post-game analysis asks this: :mod:`engine.analysis.sixpoint`)."""
    from engine.solve.index import NotSolvableError, check_variant
    from engine.solve.table import TableError, load

    try:
        return load(check_variant(variant))
    except (NotSolvableError, TableError):
        return None
