"""The PostgreSQL :class:`~bot.store.sql.driver.Driver`: one asyncpg connection (or the pool, for reads),
the shared SQL's ``?`` numbered as ``$1``, ``$2``, ..., and asyncpg's errors made the protocol's."""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import asyncpg

from bot.store.protocol import Conflict, OutOfRange, StaleWrite, Unavailable
from bot.store.sql.driver import Row

_MARK = re.compile(r"\?")

# The connection is gone or the server cannot serve now (shutting down, starting, too many clients):
# nothing of the transaction was committed, and the pool opens a new connection for the next call.
_GONE = (
    asyncpg.PostgresConnectionError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
    asyncpg.InterfaceError,  # "connection is closed", "another operation is in progress" after a loss
    ConnectionError,
    OSError,
    TimeoutError,
)


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The shared SQL's ``?`` marks as PostgreSQL's ``$1``, ``$2``, ... (the shared SQL has no ``?``
    inside a string literal)."""
    count = iter(range(1, 1000))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


@contextlib.contextmanager
def protocol_errors() -> Iterator[None]:
    """asyncpg's errors as the protocol's: a unique row that exists (:class:`Conflict`), a number past 64
    bits (:class:`OutOfRange`), a connection lost or a server that cannot serve now (:class:`Unavailable`)."""
    try:
        yield
    except asyncpg.UniqueViolationError as exc:
        raise Conflict(str(exc)) from exc
    except asyncpg.NumericValueOutOfRangeError as exc:
        raise OutOfRange(str(exc)) from exc
    except asyncpg.DataError as exc:  # asyncpg's own check of each argument, before anything is sent
        if "out of int64 range" in str(exc) or "out of int32 range" in str(exc):
            raise OutOfRange(str(exc)) from exc
        raise
    except _GONE as exc:
        raise Unavailable(f"the database: {type(exc).__name__}: {exc}") from exc


class PostgresDriver:
    """Statements on one asyncpg connection (a transaction's) or on the pool (reads, each on any free
    connection)."""

    def __init__(self, conn: asyncpg.Connection | asyncpg.Pool) -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with protocol_errors():
            return await self._conn.fetch(numbered(sql), *params)

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with protocol_errors():
            return await self._conn.fetchrow(numbered(sql), *params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with protocol_errors():
            status = await self._conn.execute(numbered(sql), *params)
        count = status.rsplit(" ", 1)[-1]  # "UPDATE 1", "INSERT 0 1", "DELETE 0"
        return int(count) if count.isdigit() else 0

    async def write(self, sql: str, params: Sequence[Any] = (), *, expect_one: str | None = None) -> None:
        if await self.execute(sql, params) != 1 and expect_one is not None:
            raise StaleWrite(expect_one)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with protocol_errors():
            await self._conn.executemany(numbered(sql), list(rows))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        with protocol_errors():
            return int(await self._conn.fetchval(numbered(sql), *params))

    async def serialise(self, *key: int) -> None:
        kind, number = key  # one bigint for the lock: the kind in the top byte, the number's low 56 bits
        lock = ((kind & 0x7F) << 56) | (number & ((1 << 56) - 1))
        with protocol_errors():
            await self._conn.execute("SELECT pg_advisory_xact_lock($1)", lock)

    def json_int(self, column: str, key: str) -> str:
        return f"CAST({column} ->> '{key}' AS INTEGER)"

    def skip_locked(self) -> str:
        return " FOR UPDATE SKIP LOCKED"


__all__ = ["PostgresDriver", "numbered", "protocol_errors"]
