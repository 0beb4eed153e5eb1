"""The SQLite :class:`~bot.store.sql.driver.Driver`: one aiosqlite connection, its errors made the
protocol's."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import aiosqlite

from bot.store.protocol import Conflict, OutOfRange, Unavailable
from bot.store.sql.driver import Row

# What SQLite says when it cannot take a statement now (another connection holds the lock past the busy
# timeout, the disk is full or failing, the file is read-only or past its size limit): try again later.
_PASSING = ("locked", "busy", "full", "disk i/o", "readonly", "read-only", "too big", "unable to open")


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


class SqliteDriver:
    """Statements on one aiosqlite connection (each call one trip to the connection's thread)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with protocol_errors():
            return list(await self._db.execute_fetchall(sql, params))

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with protocol_errors():
            cursor = await self._db.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with protocol_errors():
            await self._db.executemany(sql, rows)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        rows = await self.fetch(sql, params)
        return int(rows[0][0])

    async def serialise(self, *key: int) -> None:
        """Nothing to do: the store runs one write transaction at a time (one process, one writer)."""

    def json_int(self, column: str, key: str) -> str:
        return f"CAST(json_extract({column}, '$.{key}') AS INTEGER)"

    def skip_locked(self) -> str:
        """Nothing: the write transactions run one at a time, so no other holds a row."""
        return ""


__all__ = ["SqliteDriver", "protocol_errors"]
