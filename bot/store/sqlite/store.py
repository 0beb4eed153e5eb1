"""The :class:`~bot.store.protocol.Store` on SQLite, through aiosqlite.

The file is in WAL mode, so reads never wait for a write. Three connections, each with aiosqlite's thread
(so the event loop never waits for SQLite or the disk):

- the *durable* writer (``synchronous = FULL``): its commit returns once the log holding it is synced,
  so an action is on disk before anyone is told of it;
- the *quick* writer (``synchronous = NORMAL``), for ``transaction(durable=False)``: committed and safe
  from a crash of the bot, on disk with the next durable commit (or checkpoint);
- the reader, which sees every committed write and never one in progress.

Write transactions run one at a time (an asyncio lock, then ``BEGIN IMMEDIATE``, which the sqlite3 module
issues itself before the first write of a block: one trip to the thread fewer per transaction). Numbered
migrations from ``migrations/NNN_name.sql`` are applied at start and recorded in ``schema_version``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.store.protocol import StoreError
from bot.store.sql.migrations import pending
from bot.store.sql.reads import SqlReads
from bot.store.sql.rows import LeftOut
from bot.store.sql.writes import SqlTransaction
from bot.store.sqlite.driver import SqliteDriver
from bot.timing import timed

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 5000  # how long a statement waits for another program's lock before it fails


class SqliteStore(SqlReads):
    """The bot's database in one SQLite file. Open with ``await SqliteStore.open(path)``; close with
    ``await store.close()``. ``":memory:"`` gives a database in memory on one connection (for tests)."""

    shared = False  # one process

    def __init__(
        self,
        durable: aiosqlite.Connection,
        quick: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        path: Path,
    ) -> None:
        self._durable, self._quick, self._reader = durable, quick, reader
        self._db = SqliteDriver(reader)
        self._left_out = LeftOut()
        self.path = path
        self._write_lock = asyncio.Lock()
        self.schema_version = 0

    @classmethod
    async def open(cls, path: str | Path, *, migrations_dir: Path = MIGRATIONS_DIR) -> SqliteStore:
        """Open (creating the file and its folder) and migrate. A file that is not a database, is damaged,
        is locked by another program or is newer than this code raises :class:`StoreError` with one line
        that says so."""
        p = Path(path)
        in_memory = str(p) == ":memory:"
        if not in_memory:
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(
                    f"the database's folder {p.parent} cannot be made: {exc.strerror or exc}"
                ) from None
        opened: list[aiosqlite.Connection] = []
        try:
            durable = await _connect(p, opened, synchronous="FULL", writer=True)
            await _check(durable, p)
            if in_memory:
                quick = reader = durable
            else:
                quick = await _connect(p, opened, synchronous="NORMAL", writer=True)
                reader = await _connect(p, opened, synchronous="NORMAL", writer=False)
            store = cls(durable, quick, reader, p)
            await store._migrate(migrations_dir)
        except sqlite3.DatabaseError as exc:
            await _close_all(opened)
            raise StoreError(_why_unusable(p, exc)) from None
        except BaseException:
            await _close_all(opened)
            raise
        return store

    async def close(self) -> None:
        await _close_all(list(dict.fromkeys((self._reader, self._quick, self._durable))))

    async def _migrate(self, directory: Path) -> None:
        db = self._durable
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        await db.commit()
        rows = await db.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        current = int(next(iter(rows))[0])
        for number, path in pending(directory, current, str(self.path)):
            script = path.read_text(encoding="utf-8")
            try:
                # The script runs inside one transaction with its schema_version row: all or nothing.
                await db.executescript(f"BEGIN IMMEDIATE;\n{script}\n;")
                await db.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", (number, time.time())
                )
                await db.commit()
            except Exception:
                if db.in_transaction:
                    await db.rollback()
                raise
            log.info("applied migration %s", path.name)
            current = number
        self.schema_version = current

    @asynccontextmanager
    async def exclusively(self, duty: str) -> AsyncIterator[bool]:
        """Always this process's: a SQLite database serves one process."""
        yield True

    @timed("store")
    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[SqlTransaction]:
        """One write transaction: committed when the block ends (on disk, if ``durable``), rolled back if
        it raises (then nothing of it is stored)."""
        db = self._durable if durable else self._quick
        async with self._write_lock:
            driver = SqliteDriver(db, deferring=True)
            try:
                yield SqlTransaction(driver)
            except BaseException:
                with contextlib.suppress(sqlite3.Error, ValueError):  # ValueError: closed meanwhile
                    await db.rollback()
                raise
            try:
                await driver.commit()
            except BaseException:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await db.rollback()
                raise


async def _connect(
    path: Path, opened: list[aiosqlite.Connection], *, synchronous: str, writer: bool
) -> aiosqlite.Connection:
    # Writers: the sqlite3 module begins each transaction itself (BEGIN IMMEDIATE before the first write);
    # the reader: autocommit, each read sees every commit made before it.
    db = aiosqlite.connect(path, isolation_level="IMMEDIATE" if writer else None)
    # A connection left open (a crash before close) must not keep the process alive at exit: SQLite's
    # journal undoes an unfinished transaction at the next open. aiosqlite names no option for it.
    db._thread.daemon = True
    await db
    opened.append(db)
    db.row_factory = aiosqlite.Row
    await db.executescript(
        f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL;"
        f" PRAGMA synchronous = {synchronous}; PRAGMA foreign_keys = ON;"
    )
    return db


async def _check(db: aiosqlite.Connection, path: Path) -> None:
    """Refuse a damaged file, and one another program holds locked."""
    rows = await db.execute_fetchall("PRAGMA quick_check")
    problems = [r[0] for r in rows if r[0] != "ok"]
    if problems:
        raise StoreError(f"the database {path} is damaged ({problems[0]})")
    await db.execute("BEGIN IMMEDIATE")  # can we write? (another program may hold the file)
    await db.rollback()


async def _close_all(connections: list[aiosqlite.Connection]) -> None:
    for db in connections:
        with contextlib.suppress(Exception):
            await db.close()


def _why_unusable(path: Path, exc: sqlite3.DatabaseError) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return f"the database {path} is locked by another program (is another bot running on it?)"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"the database {path} is damaged or is not a database ({text})"
    return f"the database {path} cannot be used: {text}"


__all__ = ["MIGRATIONS_DIR", "SqliteStore"]
