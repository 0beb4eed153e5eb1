"""The SQLite :class:`~bot.store.sql.driver.Driver`: one aiosqlite connection, its errors made the
protocol's, and a transaction's checked writes sent to SQLite's thread together.

Each call to aiosqlite is a trip to the connection's thread and back (a queue, a thread switch, a wake-up
of the event loop): it costs more than SQLite's work on the bot's small indexed statements. So in a
transaction, :meth:`SqliteDriver.write` only queues a write whose result is a check (a version claim: one
row changed, or :class:`~bot.store.protocol.StaleWrite`); the queue goes with the next statement that
reads, or with the commit: a turn's writes and their commit are one trip.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import aiosqlite

from bot.store.protocol import Conflict, OutOfRange, StaleWrite, Unavailable
from bot.store.sql.driver import Row

# aiosqlite logs every statement with its parameters at DEBUG: a match's secret dice seed would be among
# them (bot.core.match_dice), so its log stays at INFO whatever the bot's level.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

# What SQLite says when it cannot take a statement now (another connection holds the lock past the busy
# timeout, the disk is full or failing, the file is read-only or past its size limit): try again later.
_PASSING = ("locked", "busy", "full", "disk i/o", "readonly", "read-only", "too big", "unable to open")

Write = tuple[str, Any, bool, str | None]  # sql, parameters (rows when many), many, the expect_one message


@contextlib.contextmanager
def protocol_errors() -> Iterator[None]:
    """SQLite's errors as the protocol's: a unique row that exists (:class:`Conflict`), a number past 64
    bits (:class:`OutOfRange`), a database that cannot take a statement now (:class:`Unavailable`)."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        if "UNIQUE" in str(exc):
            raise Conflict(str(exc)) from exc
        raise
    except OverflowError as exc:
        raise OutOfRange(str(exc)) from exc
    except sqlite3.OperationalError as exc:
        if any(word in str(exc).lower() for word in _PASSING):
            raise Unavailable(f"the database: {exc}") from exc
        raise


def _trip(
    db: sqlite3.Connection, writes: list[Write], sql: str | None, params: Sequence[Any], commit: bool
) -> tuple[list[Any], int]:
    """On the connection's thread: the queued writes (checking each), then ``sql`` (its rows and how many
    rows it changed), then the commit."""
    for text, values, many, expect_one in writes:
        cursor = db.executemany(text, values) if many else db.execute(text, values)
        if expect_one is not None and cursor.rowcount != 1:
            raise StaleWrite(expect_one)
    rows: list[Any] = []
    changed = 0
    if sql is not None:
        cursor = db.execute(sql, params)
        rows = cursor.fetchall()
        changed = cursor.rowcount
    if commit:
        db.commit()
    return rows, changed


class SqliteDriver:
    """Statements on one aiosqlite connection: the reader's (each call one trip), or a transaction's
    (``deferring``: checked writes wait for the next read or the commit)."""

    def __init__(self, db: aiosqlite.Connection, *, deferring: bool = False) -> None:
        self._db = db
        self._deferring = deferring
        self._writes: list[Write] = []

    async def _run(self, sql: str | None, params: Sequence[Any] = (), *, commit: bool = False) -> tuple:
        writes, self._writes = self._writes, []
        with protocol_errors():
            # aiosqlite runs every call as a function on its thread (Connection._execute); it offers no
            # public call for several statements in one trip, which is the point here.
            return await self._db._execute(_trip, self._db._conn, writes, sql, params, commit)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        rows, _ = await self._run(sql, params)
        return rows

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows, _ = await self._run(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        _, changed = await self._run(sql, params)
        return changed

    async def write(self, sql: str, params: Sequence[Any] = (), *, expect_one: str | None = None) -> None:
        self._writes.append((sql, params, False, expect_one))
        if not self._deferring:
            await self._run(None)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._writes.append((sql, list(rows), True, None))
        if not self._deferring:
            await self._run(None)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        rows, _ = await self._run(sql, params)
        return int(rows[0][0])

    async def commit(self) -> None:
        """Send the queued writes and commit, in one trip."""
        await self._run(None, commit=True)

    async def serialise(self, *key: int) -> None:
        """Nothing to do: the store runs one write transaction at a time (one process, one writer)."""

    def json_int(self, column: str, key: str) -> str:
        return f"CAST(json_extract({column}, '$.{key}') AS INTEGER)"

    def skip_locked(self) -> str:
        """Nothing: the write transactions run one at a time, so no other holds a row."""
        return ""


__all__ = ["SqliteDriver", "protocol_errors"]
