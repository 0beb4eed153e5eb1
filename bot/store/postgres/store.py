"""The :class:`~bot.store.protocol.Store` on PostgreSQL, through an asyncpg pool: any number of bot
processes on one database.

Reads take any free connection of the pool; a transaction holds one connection from ``BEGIN`` to
``COMMIT``. Every write of a match or lobby names the version it was computed from (``UPDATE ... WHERE
version = $n``, :class:`~bot.store.protocol.StaleWrite` when another process got there first), and the
steps that read and then write on what they read take an advisory transaction lock
(:meth:`~bot.store.postgres.driver.PostgresDriver.serialise`). ``transaction(durable=False)`` commits with
``synchronous_commit = off``. A connection lost mid-play fails the call in flight with
:class:`~bot.store.protocol.Unavailable` (nothing of its transaction committed); the pool opens a new
connection for the next one, so the bot goes on without a restart.

Migrations (``migrations/NNN_name.sql``) run at start under an advisory lock, so processes starting
together migrate once.
"""

from __future__ import annotations

import contextlib
import logging
import time
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

from bot.store.postgres.driver import PostgresDriver, protocol_errors
from bot.store.protocol import StoreError, Unavailable
from bot.store.sql.migrations import pending
from bot.store.sql.reads import SqlReads
from bot.store.sql.rows import LeftOut
from bot.store.sql.writes import SqlTransaction
from bot.store.url import masked
from bot.timing import timed

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x6D696E6967616D  # "minigam": the advisory lock held while migrating
DUTY_LOCKS = 0x6D67 << 40  # the advisory locks of Store.exclusively: this plus the CRC-32 of the duty
CONNECT_TIMEOUT = 10.0  # seconds to reach the server at start before giving up
POOL_SIZE = 10  # connections per process: reads run side by side, a transaction holds one
# (no floor of open connections: while the server is down, asyncpg would retry one with a traceback a time)


class PostgresStore(SqlReads):
    """The bot's database on a PostgreSQL server. Open with ``await PostgresStore.open(url)``."""

    shared = True  # any number of processes

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._db = PostgresDriver(pool)
        self._left_out = LeftOut()
        self.url = url
        self.schema_version = 0

    @classmethod
    async def open(cls, url: str, *, migrations_dir: Path = MIGRATIONS_DIR) -> PostgresStore:
        """Connect and migrate; :class:`StoreError` (one line, the password masked) if the server cannot
        be reached, refuses the login, or holds a schema newer than this code."""
        pool = asyncpg.create_pool(
            url, min_size=0, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT, command_timeout=60
        )
        try:
            await pool
            store = cls(pool, url)
            await store._migrate(migrations_dir)
        except (
            OSError,
            TimeoutError,
            asyncpg.PostgresConnectionError,
            asyncpg.InterfaceError,
            asyncpg.InvalidAuthorizationSpecificationError,
            asyncpg.InvalidCatalogNameError,
            asyncpg.CannotConnectNowError,
        ) as exc:
            await pool.close()
            raise StoreError(f"the database {masked(url)} cannot be reached: {_reason(exc)}") from None
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def _migrate(self, directory: Path) -> None:
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version"
                    " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
                )
                current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
                for number, path in pending(directory, current, masked(self.url)):
                    async with conn.transaction():
                        await conn.execute(path.read_text(encoding="utf-8"))
                        await conn.execute(
                            "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
                            number,
                            time.time(),
                        )
                    log.info("applied migration %s", path.name)
                    current = number
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        self.schema_version = current

    @asynccontextmanager
    async def exclusively(self, duty: str) -> AsyncIterator[bool]:
        """An advisory lock named for ``duty``, held on a connection of its own for the block: the first
        process to ask has it; the others learn at once that another has it."""
        key = DUTY_LOCKS + zlib.crc32(duty.encode())
        with protocol_errors():
            conn = await self._pool.acquire()
        try:
            with protocol_errors():
                mine = bool(await conn.fetchval("SELECT pg_try_advisory_lock($1)", key))
            try:
                yield mine
            finally:
                if mine and not conn.is_closed():
                    with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                        await conn.execute("SELECT pg_advisory_unlock($1)", key)
        finally:
            await self._pool.release(conn)

    @timed("store")
    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[SqlTransaction]:
        """One write transaction: committed when the block ends, rolled back if it raises. A connection
        lost on the way raises :class:`Unavailable`; nothing of the block is stored then."""
        with protocol_errors():
            conn = await self._pool.acquire()
        try:
            with protocol_errors():
                tx = conn.transaction()
                await tx.start()
                if not durable:
                    await conn.execute("SET LOCAL synchronous_commit = off")
            try:
                yield SqlTransaction(PostgresDriver(conn))
            except BaseException:
                if not conn.is_closed():
                    try:
                        await tx.rollback()
                    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                        conn.terminate()  # the pool replaces it
                raise
            with protocol_errors():
                await tx.commit()
        finally:
            try:
                await self._pool.release(conn)
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                conn.terminate()


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


__all__ = ["MIGRATIONS_DIR", "PostgresStore", "Unavailable"]
