"""numba for the solver's loops when it is installed (``pip install -e ".[solve]"``), else plain Python:
the one place that asks for numba.

Only solving needs numba; reading a table, the players and the analysis need numpy alone, and nothing
but the solver imports this module. Without numba, :func:`njit` leaves a function as it is and
:data:`prange` is ``range``, so the very same loops (:mod:`engine.solve.kernel`) run as plain Python,
one thread: fast enough for the tests' small boards (2 and 3 checkers a side, a few seconds), far too
slow for the shipped tables (8 checkers a side), which ``python -m engine.solve`` refuses to solve
without numba (:data:`COMPILED`).
"""

from __future__ import annotations

from collections.abc import Callable

try:
    import numba
except ImportError:  # the solve extra is not installed
    numba = None

COMPILED = numba is not None
"""Whether the solver's loops are compiled (numba is installed)."""

prange = numba.prange if numba is not None else range
"""numba's parallel range in a compiled loop; ``range`` in plain Python."""

INSTALL = 'pip install -e ".[solve]"'


def njit(**options) -> Callable:
    """``numba.njit(**options)``, or a decorator that leaves the function as it is."""
    if numba is None:
        return lambda function: function
    return numba.njit(**options)


def threads() -> int:
    """numba's threads (one per core), or 1 in plain Python."""
    return numba.get_num_threads() if numba is not None else 1
