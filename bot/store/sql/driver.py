"""What the shared SQL needs from a database driver: :class:`Driver`, one per database.

The queries of :mod:`bot.store.sql` are written once, in the SQL that SQLite and PostgreSQL both speak,
with ``?`` for parameters (the PostgreSQL driver numbers them ``$1``, ``$2``, ...). What the two say
differently is asked of the driver: :meth:`Driver.json_int`, :meth:`Driver.serialise` and
:meth:`Driver.skip_locked`. A driver also
turns its database's errors into the protocol's (:class:`~bot.store.protocol.StaleWrite` for a unique
row that exists already, :class:`~bot.store.protocol.Unavailable` when the database cannot be used just
now, :class:`~bot.store.protocol.OutOfRange` for a number no column can hold), so nothing above it sees
``sqlite3`` or ``asyncpg``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class Row(Protocol):
    """A row read by column name (``sqlite3.Row`` and ``asyncpg.Record`` both are)."""

    def __getitem__(self, key: str | int) -> Any: ...


class Driver(Protocol):
    """One connection's statements (a transaction's, or the reads')."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def write(self, sql: str, params: Sequence[Any] = (), *, expect_one: str | None = None) -> None:
        """A write whose only result is a check: with ``expect_one``, :class:`~bot.store.protocol.StaleWrite`
        (saying ``expect_one``) unless it changed exactly one row. A driver may send it later in the
        transaction, with the next statement that reads or with the commit (where the check then fails)."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """A write of many rows; sent like :meth:`write`."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an ``INSERT ... RETURNING <id>``; returns the new row's id."""
        ...

    async def serialise(self, *key: int) -> None:
        """Until the transaction ends, no other transaction (of any process) passes a ``serialise`` with
        the same ``key``: for the steps that read and then write on what they read (the farming counts,
        the next seat of a lobby). A no-op where transactions already run one at a time."""
        ...

    def json_int(self, column: str, key: str) -> str:
        """SQL for the integer ``key`` of the JSON object in ``column``."""
        ...

    def skip_locked(self) -> str:
        """SQL to end a ``SELECT`` with: it locks the rows it returns until the transaction ends and passes
        over rows another transaction holds (a queue's "take the next free one"). Empty where write
        transactions already run one at a time."""
        ...


# Keys of Driver.serialise: what is being read and then written.
LOCK_RATED_PAIRS = 1  # the rated results of a server's players (the farming guard), per guild
LOCK_LOBBY_SEATS = 2  # the seats of a lobby, per lobby
LOCK_PUZZLE_RATINGS = 7  # a player's puzzle ratings (per user), then a puzzle's (per puzzle)


__all__ = ["LOCK_LOBBY_SEATS", "LOCK_PUZZLE_RATINGS", "LOCK_RATED_PAIRS", "Driver", "Row"]
