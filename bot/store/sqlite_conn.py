"""The SQLite connection: statements on the event loop's thread, the disk's waits off it.

SQLite answers the bot's small indexed statements in microseconds, less than it costs to hand each one to
a thread and back (aiosqlite's way: a queue, a thread switch and a wake-up of the event loop per
statement, with the write lock held across all of them while the loop is busy elsewhere). So
:class:`Connection` runs them where they are called, behind the same ``await`` interface.

What takes long is the disk. The database is in WAL mode with ``synchronous = NORMAL``: a commit writes
its pages to the write-ahead log without waiting for the disk. :meth:`Connection.durable` then makes every
commit so far durable with one ``fsync`` of the log away from the event loop (what ``synchronous = FULL``
would do inside every commit, holding everyone up): transactions committed while one fsync runs share the
next (group commit), and no writer waits for another's fsync. The fsync runs in a small process of its
own (:mod:`bot.store.sqlite_sync`; in a thread if that process cannot run). Checkpoints (copying the log
into the database; SQLite syncs the log first) run there too, on a connection of their own, every
:data:`CHECKPOINT_COMMITS` commits, so the event loop never waits for them either.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from bot.store.sqlite_sync import ProcessSync, SyncGone, ThreadSync, WalFile

log = logging.getLogger(__name__)

Row = sqlite3.Row
Cursor = sqlite3.Cursor

CHECKPOINT_COMMITS = 500  # commits after which the log is copied into the database (a few MiB of log)


class LogSync(Protocol):
    """What syncs the log: :class:`ProcessSync`, or :class:`ThreadSync` where no process can run."""

    async def sync(self, commits: int) -> None: ...

    async def close(self) -> None: ...


class Connection:
    """One SQLite connection in autocommit mode (transactions are explicit ``BEGIN`` ... ``COMMIT``)."""

    def __init__(self, db: sqlite3.Connection, path: Path | None) -> None:
        self._db = db
        self.path = path  # None: in memory, nothing to sync
        self._log: LogSync | None = None  # None: nothing to sync (in memory, or every commit syncs)
        self._commits = 0  # commits made so far
        self._synced = 0  # of which this many are known durable
        self._syncing: asyncio.Future[None] | None = None

    @classmethod
    def connect(cls, path: Path | str) -> Connection:
        in_memory = str(path) == ":memory:"
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.row_factory = sqlite3.Row
        return cls(db, None if in_memory else Path(path))

    # ------------------------------------------------------------------ statements
    @property
    def in_transaction(self) -> bool:
        return self._db.in_transaction

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, params)

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> sqlite3.Cursor:
        return self._db.executemany(sql, params)

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self._db.execute(sql, params).fetchall()

    async def executescript(self, script: str) -> sqlite3.Cursor:
        return self._db.executescript(script)

    async def set_trace_callback(self, callback: Callable[[str], object] | None) -> None:
        self._db.set_trace_callback(callback)

    def commit(self) -> None:
        """``COMMIT`` the transaction in progress (durable after :meth:`durable`)."""
        self._db.execute("COMMIT")
        self._commits += 1

    # ------------------------------------------------------------------ the disk
    def use_wal(self) -> bool:
        """WAL mode with commits synced by :meth:`durable`, where the database is a file that can have a
        log; elsewhere every commit syncs itself (``synchronous = FULL``). Returns whether WAL is on."""
        mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if self.path is None or str(mode).lower() != "wal":
            self._db.execute("PRAGMA synchronous = FULL")
            return False
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint = 0")  # checkpoints run where the log is synced
        self._log = self._start_sync(self.path)
        return True

    @staticmethod
    def _start_sync(path: Path) -> LogSync:
        if sys.platform != "win32":  # the loop hears the process through its selector: not on Windows
            try:
                return ProcessSync.start(path, CHECKPOINT_COMMITS)
            except OSError:
                log.exception("the sync process for %s cannot start; syncing in a thread", path)
        return _thread_sync(path)

    async def durable(self) -> None:
        """Return once every commit made before the call is on disk."""
        if self._log is None:
            return
        wanted = self._commits
        while self._synced < wanted:
            if self._syncing is None:
                self._syncing = asyncio.ensure_future(self._sync())
            await asyncio.shield(self._syncing)

    async def _sync(self) -> None:
        upto = self._commits  # what this fsync covers: the commits made before it starts
        try:
            assert self._log is not None
            assert self.path is not None
            try:
                await self._log.sync(upto)
            except SyncGone:
                log.exception("the sync process for %s ended; syncing in a thread from now on", self.path)
                gone, self._log = self._log, _thread_sync(self.path)
                with contextlib.suppress(Exception):
                    await gone.close()
                await self._log.sync(upto)
            self._synced = max(self._synced, upto)
        finally:
            self._syncing = None

    async def close(self) -> None:
        try:
            if self._syncing is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(self._syncing)
        finally:
            try:
                if self._log is not None:
                    await self._log.close()
            finally:
                self._db.close()


def _thread_sync(path: Path) -> ThreadSync:
    """Syncing in a thread of the bot: where the sync process cannot start, or after it ended."""
    return ThreadSync(WalFile(path, CHECKPOINT_COMMITS))


__all__ = ["CHECKPOINT_COMMITS", "Connection", "Cursor", "Row"]
