"""The SQLite connection: statements on the event loop's thread, the disk's waits off it.

SQLite answers the bot's small indexed statements in microseconds, less than it costs to hand each one to
a thread and back (aiosqlite's way: a queue, a thread switch and a wake-up of the event loop per
statement, with the write lock held across all of them while the loop is busy elsewhere). So
:class:`Connection` runs them where they are called, behind the same ``await`` interface.

What takes long is the disk. The database is in WAL mode with ``synchronous = NORMAL``: a commit writes
its pages to the write-ahead log without waiting for the disk. :meth:`Connection.durable` then makes every
commit so far durable with one ``fsync`` of the log in a thread of its own (what ``synchronous = FULL``
would do inside every commit, holding everyone up): transactions committed while one fsync runs share the
next (group commit), and no writer waits for another's fsync. Checkpoints (copying the log into the
database; SQLite syncs the log first) run in that thread too, on a connection of their own, every
:data:`CHECKPOINT_COMMITS` commits, so the event loop never waits for them either.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Row = sqlite3.Row
Cursor = sqlite3.Cursor

CHECKPOINT_COMMITS = 500  # commits after which the log is copied into the database (a few MiB of log)


class Connection:
    """One SQLite connection in autocommit mode (transactions are explicit ``BEGIN`` ... ``COMMIT``)."""

    def __init__(self, db: sqlite3.Connection, path: Path | None) -> None:
        self._db = db
        self.path = path  # None: in memory, nothing to sync
        self._disk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-disk")
        self._wal: WalFile | None = None
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
        self._db.execute("PRAGMA wal_autocheckpoint = 0")  # checkpoints run in the disk thread
        self._wal = WalFile(self.path)
        return True

    async def durable(self) -> None:
        """Return once every commit made before the call is on disk."""
        if self._wal is None:
            return
        wanted = self._commits
        while self._synced < wanted:
            if self._syncing is None:
                self._syncing = asyncio.ensure_future(self._sync())
            await asyncio.shield(self._syncing)

    async def _sync(self) -> None:
        upto = self._commits  # what this fsync covers: the commits made before it starts
        try:
            assert self._wal is not None
            await asyncio.get_running_loop().run_in_executor(self._disk, self._wal.sync, upto)
            self._synced = max(self._synced, upto)
        finally:
            self._syncing = None

    async def close(self) -> None:
        try:
            if self._syncing is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(self._syncing)
        finally:
            self._disk.shutdown(wait=True)
            if self._wal is not None:
                self._wal.close()
            self._db.close()


class WalFile:
    """The database's write-ahead log, seen from the disk thread: synced on demand, and copied into the
    database (a checkpoint, on a connection of this thread's own) every :data:`CHECKPOINT_COMMITS`."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.path = database.with_name(database.name + "-wal")
        self._fd: int | None = None
        self._inode: int | None = None
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpointed = 0  # commits copied into the database (as far as this log knows)

    def sync(self, commits: int) -> None:
        """Make the log durable, with the ``commits`` made so far; checkpoint now and then."""
        fd = self._open()
        if fd is None:
            return  # no log yet: nothing was committed to it
        os.fsync(fd)
        if commits - self._checkpointed >= CHECKPOINT_COMMITS:
            self._checkpointed = commits
            self._checkpoint()

    def _open(self) -> int | None:
        """The log's file descriptor, opened again if the log was removed and made anew."""
        try:
            inode = os.stat(self.path).st_ino
        except FileNotFoundError:
            return None
        if self._fd is None or inode != self._inode:
            if self._fd is not None:
                os.close(self._fd)
            self._fd = os.open(self.path, os.O_RDONLY)
            self._inode = os.fstat(self._fd).st_ino
        return self._fd

    def _checkpoint(self) -> None:
        try:
            if self._checkpointer is None:
                self._checkpointer = sqlite3.connect(
                    self.database, isolation_level=None, check_same_thread=False
                )
                self._checkpointer.execute("PRAGMA busy_timeout = 2000")
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:
            log.exception("checkpointing %s failed; the next sync tries again", self.database)

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


__all__ = ["CHECKPOINT_COMMITS", "Connection", "Cursor", "Row"]
