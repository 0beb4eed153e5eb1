"""Syncing the log in a process of its own: a durable commit waits for the process's answer, a batch of
requests is one sync answered with the last count, a failed sync is an error, and when the process is
gone the connection syncs in a thread instead, losing nothing."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import pytest

from bot.store.sqlite import SqliteStore
from bot.store.sqlite_sync import COUNT, ProcessSync, ThreadSync, WalFile, serve


async def _write(store: SqliteStore, key: str) -> None:
    async with store.transaction() as tx:
        await tx.set_meta(key, key)


async def test_a_file_database_syncs_its_log_in_a_process_that_ends_with_the_store(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    syncer = store._db._log
    assert isinstance(syncer, ProcessSync)
    try:
        assert syncer.proc.poll() is None
        await _write(store, "a")
        assert store._db._synced == store._db._commits  # the process answered for every commit
    finally:
        await store.close()
    assert syncer.proc.poll() == 0  # it saw the end of its input and exited by itself


async def test_when_the_sync_process_is_gone_the_next_commit_is_synced_in_a_thread(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    try:
        syncer = store._db._log
        assert isinstance(syncer, ProcessSync)
        syncer.proc.kill()
        syncer.proc.wait()
        await _write(store, "after")
        assert isinstance(store._db._log, ThreadSync)
        assert store._db._synced == store._db._commits
        await _write(store, "again")
        assert await store.get_meta("after") == "after"
    finally:
        await store.close()
    reopened = await SqliteStore.open(path)
    try:
        assert await reopened.get_meta("again") == "again"
    finally:
        await reopened.close()


class _FailingLog(WalFile):
    def sync(self, commits: int) -> None:
        raise OSError(5, "Input/output error")


def _serve_in_thread(wal: WalFile) -> tuple[int, int, threading.Thread]:
    """Run the process's loop in a thread on two pipes: returns (write end of its input, read end of
    its output, the thread)."""
    into_read, into_write = os.pipe()
    out_read, out_write = os.pipe()

    def run() -> None:
        try:
            serve(wal, into_read, out_write)
        finally:
            os.close(into_read)
            os.close(out_write)

    thread = threading.Thread(target=run)
    thread.start()
    return into_write, out_read, thread


def test_requests_waiting_together_are_one_sync_answered_with_the_last_count(tmp_path: Path) -> None:
    synced: list[int] = []

    class Recorded(WalFile):
        def sync(self, commits: int) -> None:
            synced.append(commits)

    into, out, thread = _serve_in_thread(Recorded(tmp_path / "db.sqlite3", 500))
    try:
        os.write(into, COUNT.pack(3) + COUNT.pack(4) + COUNT.pack(7))
        assert COUNT.unpack(os.read(out, 8)) == (7,)
        os.write(into, COUNT.pack(9))
        assert COUNT.unpack(os.read(out, 8)) == (9,)
    finally:
        os.close(into)
        thread.join(5)
        os.close(out)
    assert synced == [7, 9]
    assert not thread.is_alive()  # the end of its input ends it


def test_a_failed_sync_is_answered_with_minus_one_and_the_process_goes_on(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    into, out, thread = _serve_in_thread(_FailingLog(tmp_path / "db.sqlite3", 500))
    try:
        os.write(into, COUNT.pack(2))
        assert COUNT.unpack(os.read(out, 8)) == (-1,)
        os.write(into, COUNT.pack(3))
        assert COUNT.unpack(os.read(out, 8)) == (-1,)
    finally:
        os.close(into)
        thread.join(5)
        os.close(out)
    assert "Input/output error" in capfd.readouterr().err


async def test_a_sync_answered_as_failed_raises(tmp_path: Path) -> None:
    into, out, thread = _serve_in_thread(_FailingLog(tmp_path / "db.sqlite3", 500))
    syncer = ProcessSync(into, out)
    try:
        with pytest.raises(OSError, match="failed"):
            await syncer.sync(4)
    finally:
        await syncer.close()
        thread.join(5)
    assert not thread.is_alive()


async def test_an_answer_left_by_a_cancelled_sync_is_passed_over(tmp_path: Path) -> None:
    synced: list[int] = []

    class Recorded(WalFile):
        def sync(self, commits: int) -> None:
            synced.append(commits)

    into, out, thread = _serve_in_thread(Recorded(tmp_path / "db.sqlite3", 500))
    syncer = ProcessSync(into, out)
    try:
        cancelled = asyncio.ensure_future(syncer.sync(5))
        await asyncio.sleep(0)  # its count is sent ...
        cancelled.cancel()  # ... but nobody waits for its answer any more
        await asyncio.sleep(0.05)
        await syncer.sync(7)  # the stale answer 5 is neither taken for 7 nor for a failure
        assert synced[-1] == 7
    finally:
        await syncer.close()
        thread.join(5)


def test_the_answer_goes_out_before_a_checkpoint_that_is_due(tmp_path: Path) -> None:
    checkpoint_started = threading.Event()
    answered_first: list[bool] = []

    class SlowCheckpoint(WalFile):
        def sync(self, commits: int) -> None:
            pass

        def _checkpoint(self) -> None:
            checkpoint_started.set()
            answered_first.append(answer_seen.wait(5))  # the answer is out while this runs

    answer_seen = threading.Event()
    into, out, thread = _serve_in_thread(SlowCheckpoint(tmp_path / "db.sqlite3", every=2))
    try:
        os.write(into, COUNT.pack(2))
        assert COUNT.unpack(os.read(out, 8)) == (2,)
        answer_seen.set()
        assert checkpoint_started.wait(5)
    finally:
        os.close(into)
        thread.join(5)
        os.close(out)
    assert answered_first == [True]
