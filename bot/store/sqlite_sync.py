"""Syncing the database's write-ahead log, away from the event loop: in a small process of its own, or
in a thread where that process cannot run.

Why a process: an ``fsync`` in a thread of the bot costs the event loop more than the sync itself. The
thread needs the interpreter lock to start and to finish each sync, and on a busy machine the loop is
made to hand it over, or is preempted while it holds it. Measured over a 200-match load, those
hand-overs cost the bot about 0.7 ms of CPU per turn. The sync process is this file run on its own by
a bare interpreter (``python -I -S``, the standard library only: it starts in a few milliseconds). It
reads commit counts from its standard input, fsyncs the log, writes each count back once it is durable,
and then, every so many commits, checkpoints (so no reply waits for a checkpoint). The loop sends a count
with one ``write`` and hears the answer through its selector, with no thread and no lock.

If the process cannot be started or ends, :class:`~bot.store.sqlite_conn.Connection` goes back to the
thread (:class:`ThreadSync`) for good, so no commit is ever reported durable that is not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger(__name__)

COUNT = struct.Struct("<q")  # a commit count; the process answers -1 when a sync failed


class WalFile:
    """The database's write-ahead log, seen from the syncing side: synced on demand, and copied into the
    database (a checkpoint, on a connection of its own) every ``every`` commits."""

    def __init__(self, database: Path, every: int) -> None:
        self.database = database
        self.path = database.with_name(database.name + "-wal")
        self.every = every
        self._fd: int | None = None
        self._inode: int | None = None
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpointed = 0  # commits copied into the database (as far as this log knows)

    def sync(self, commits: int) -> None:
        """Make the log durable, with the ``commits`` made so far."""
        fd = self._open()
        if fd is None:
            return  # no log yet: nothing was committed to it
        os.fsync(fd)

    def checkpoint_if_due(self, commits: int) -> None:
        """Copy the log into the database once ``every`` commits have gone by since the last time.
        Called after the sync has been answered: nobody waits for it."""
        if commits - self._checkpointed >= self.every:
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


class SyncGone(Exception):
    """The sync process ended or could not be reached."""


class ThreadSync:
    """Syncs ``wal`` in a thread of the bot (the fallback, and where there is no sync process)."""

    def __init__(self, wal: WalFile) -> None:
        self.wal = wal
        self._disk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-disk")

    async def sync(self, commits: int) -> None:
        await asyncio.get_running_loop().run_in_executor(self._disk, self.wal.sync, commits)
        self._disk.submit(self.wal.checkpoint_if_due, commits)  # the next sync waits behind it, not this

    async def close(self) -> None:
        self._disk.shutdown(wait=True)
        self.wal.close()


class ProcessSync:
    """Syncs the log in a process of its own (:meth:`start`: this file run as a script), talking to it
    through two pipes: counts to it on ``to``, answers from it on ``answers``."""

    def __init__(self, to: int, answers: int, proc: subprocess.Popen[bytes] | None = None) -> None:
        self._to = to
        self._from = answers
        self.proc = proc
        os.set_blocking(self._from, False)
        self._answer = b""

    @classmethod
    def start(cls, database: Path, every: int) -> ProcessSync:
        proc = subprocess.Popen(
            [sys.executable, "-I", "-S", str(Path(__file__).resolve()), str(database), str(every)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        assert proc.stdin is not None
        assert proc.stdout is not None
        return cls(proc.stdin.fileno(), proc.stdout.fileno(), proc)

    async def sync(self, commits: int) -> None:
        """Return once the process says every commit up to ``commits`` is on disk. One sync at a time
        (the connection makes sure): a count is 8 bytes, so the pipe never fills and the write never
        blocks."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[int] = loop.create_future()
        try:
            loop.add_reader(self._from, self._read, done, commits)
        except NotImplementedError:  # a loop without a selector (Windows' proactor)
            raise SyncGone("this event loop cannot watch the sync process") from None
        try:
            try:
                os.write(self._to, COUNT.pack(commits))
            except OSError as exc:
                raise SyncGone(f"the sync process cannot be reached ({exc})") from None
            synced = await done
        finally:
            loop.remove_reader(self._from)
        if synced < commits:
            raise OSError(f"syncing the write-ahead log failed (the sync process answered {synced})")

    def _read(self, done: asyncio.Future[int], commits: int) -> None:
        """Read what the process answered; ``done`` gets the first answer that covers ``commits`` (or says
        the sync failed). An older answer (a sync whose caller was cancelled) is passed over."""
        try:
            data = os.read(self._from, 64)
        except BlockingIOError:
            return
        except OSError as exc:
            data, problem = b"", exc
        else:
            problem = None
        self._answer += data  # kept even when nobody waits: the next sync passes it over
        if done.done():
            return
        if not data:
            done.set_exception(SyncGone(f"the sync process ended ({problem or 'end of output'})"))
            return
        whole = len(self._answer) // COUNT.size * COUNT.size
        answers = [n for (n,) in COUNT.iter_unpack(self._answer[:whole])]
        self._answer = self._answer[whole:]
        for synced in answers:
            if synced >= commits or synced < 0:
                done.set_result(synced)
                return

    async def close(self) -> None:
        """End the process: it finishes the sync in hand, sees the end of its input and exits."""
        if self.proc is None:
            os.close(self._to)
            os.close(self._from)
            return
        assert self.proc.stdin is not None
        assert self.proc.stdout is not None
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        for _ in range(400):  # up to 2 s
            if self.proc.poll() is not None:
                break
            await asyncio.sleep(0.005)
        else:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()


def serve(wal: WalFile, source: int = 0, sink: int = 1) -> None:
    """The sync process: for each batch of counts read, one sync of ``wal`` covering the last, then that
    count (or -1 if the sync failed) written back. Ends at the end of its input."""
    pending = b""
    try:
        while True:
            data = os.read(source, 4096)
            if not data:
                return
            pending += data
            whole = len(pending) // COUNT.size * COUNT.size
            if not whole:
                continue
            (commits,) = COUNT.unpack_from(pending, whole - COUNT.size)
            pending = pending[whole:]
            try:
                wal.sync(commits)
            except OSError as exc:
                print(f"minigam sync process: syncing {wal.path} failed: {exc}", file=sys.stderr)
                os.write(sink, COUNT.pack(-1))
                continue
            os.write(sink, COUNT.pack(commits))
            wal.checkpoint_if_due(commits)  # after the answer: a checkpoint can take a while
    finally:
        wal.close()


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the bot's to handle: it closes our input
    with contextlib.suppress(OSError):  # "mg-sync" in top and ps -o comm, where Linux allows
        Path("/proc/self/comm").write_text("mg-sync", encoding="utf-8")
    serve(WalFile(Path(sys.argv[1]), int(sys.argv[2])))
