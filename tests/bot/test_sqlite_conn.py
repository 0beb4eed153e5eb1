"""The SQLite connection: a commit is answered only once the log holding it is synced, and the commits
made while one sync runs share the next one."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import sqlite_conn
from bot.store.sqlite import SqliteStore


class RecordedLog:
    """Stands in for what syncs the log: records what each sync covered, and holds the first until
    released."""

    def __init__(self) -> None:
        self.synced: list[int] = []
        self.release = asyncio.Event()

    async def sync(self, commits: int) -> None:
        if not self.synced:
            await asyncio.wait_for(self.release.wait(), 5)
        self.synced.append(commits)

    async def close(self) -> None:
        pass


async def test_a_file_database_writes_its_log_without_waiting_and_syncs_it_apart(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        db = store._db._db
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: durable() syncs the log
        assert db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0  # the sync process checkpoints
    finally:
        await store.close()


async def test_a_database_in_memory_syncs_every_commit_itself() -> None:
    store = await SqliteStore.open(":memory:")
    try:
        assert store._db._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        async with store.transaction() as tx:
            await tx.set_meta("k", "v")
        assert await store.get_meta("k") == "v"
    finally:
        await store.close()


async def test_a_transaction_returns_once_a_sync_covering_its_commit_ended(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    wal = RecordedLog()
    real, store._db._log = store._db._log, wal
    try:
        first = asyncio.create_task(_write(store, "a"))
        await asyncio.sleep(0.05)
        assert not first.done()  # committed, but its sync is held
        later = [asyncio.create_task(_write(store, k)) for k in ("b", "c", "d")]
        await asyncio.sleep(0.05)
        assert not any(t.done() for t in later)
        commits_before = store._db._commits
        wal.release.set()
        await asyncio.gather(first, *later)
        assert wal.synced[-1] >= commits_before  # every commit was covered by a sync
        assert len(wal.synced) == 2  # the three commits made during the first sync shared the second
        assert await store.get_meta("d") == "d"
    finally:
        store._db._log = real
        await store.close()


async def _write(store: SqliteStore, key: str) -> None:
    async with store.transaction() as tx:
        await tx.set_meta(key, key)


async def test_the_log_is_copied_into_the_database_every_so_many_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_conn, "CHECKPOINT_COMMITS", 3)
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    try:
        for i in range(7):
            await _write(store, f"k{i}")
        # Read the database file alone (no log): what was checkpointed is there.
        copy = tmp_path / "copy.sqlite3"
        copy.write_bytes(path.read_bytes())
        with sqlite3.connect(copy) as db:
            keys = {r[0] for r in db.execute("SELECT key FROM meta WHERE key LIKE 'k%'")}
        assert {"k0", "k1", "k2", "k3", "k4"} <= keys
    finally:
        await store.close()


async def _write_then_fail(store: SqliteStore) -> None:
    async with store.transaction() as tx:
        await tx.set_meta("gone", "x")
        raise RuntimeError("no")


async def test_a_failed_transaction_is_rolled_back_and_needs_no_sync(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    commits = store._db._commits
    try:
        with pytest.raises(RuntimeError):
            await _write_then_fail(store)
        assert await store.get_meta("gone") is None
        assert store._db._commits == commits
    finally:
        await store.close()


async def test_a_transaction_not_durable_returns_before_the_sync_and_the_next_durable_one_covers_it(
    tmp_path: Path,
) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    wal = RecordedLog()
    real, store._db._log = store._db._log, wal
    try:
        async with store.transaction(durable=False) as tx:  # returns although no sync has ended
            await tx.set_meta("board", "1")
        assert wal.synced == []
        assert await store.get_meta("board") == "1"
        commits = store._db._commits
        durable = asyncio.create_task(_write(store, "play"))
        await asyncio.sleep(0.05)
        assert not durable.done()  # a durable commit still waits for its sync
        wal.release.set()
        await durable
        assert wal.synced[-1] >= commits + 1  # that sync covered the earlier commit too
    finally:
        store._db._log = real
        await store.close()
