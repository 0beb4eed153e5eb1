"""The SQLite store on a real file: migrations, WAL, foreign keys, transactions."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.models import PlayerRef
from bot.store import StoreError
from bot.store.sql.migrations import migrations
from bot.store.sqlite import MIGRATIONS_DIR, SqliteStore


async def test_a_new_database_gets_every_migration(db_path: Path) -> None:
    storage = await SqliteStore.open(db_path)
    await storage.close()

    with sqlite3.connect(db_path) as db:
        versions = [r[0] for r in db.execute("SELECT version FROM schema_version")]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert versions == [n for n, _ in migrations(MIGRATIONS_DIR)]
    assert {
        "guilds",
        "players",
        "matches",
        "match_players",
        "games",
        "plays",
        "challenges",
        "ratings",
        "rating_history",
        "meta",
    } <= tables


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    for _ in range(2):
        storage = await SqliteStore.open(db_path)
        assert storage.schema_version == len(migrations(MIGRATIONS_DIR))
        await storage.close()

    with sqlite3.connect(db_path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM schema_version").fetchone()
    assert count == len(migrations(MIGRATIONS_DIR))


async def test_the_database_folder_is_created(tmp_path: Path) -> None:
    storage = await SqliteStore.open(tmp_path / "deep" / "er" / "db.sqlite3")
    await storage.close()

    assert (tmp_path / "deep" / "er" / "db.sqlite3").is_file()


async def test_wal_mode_is_on(db_path: Path) -> None:
    storage = await SqliteStore.open(db_path)
    await storage.close()

    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_foreign_keys_are_enforced(db_path: Path) -> None:
    storage = await SqliteStore.open(db_path)
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as tx:
            # guild 999 and both players do not exist
            await tx.insert_challenge(
                guild_id=999,
                channel_id=1,
                challenger_id=1,
                opponent_id=2,
                variant="minigam",
                points=1,
                rated=True,
                now=0.0,
                expires_at=1.0,
            )
    await storage.close()


async def test_a_failed_transaction_leaves_nothing_behind(storage, database) -> None:
    async def write_then_fail() -> None:
        async with storage.transaction() as tx:
            await tx.upsert_player(PlayerRef(5, "Eve"), 0.0)
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await write_then_fail()

    assert await database.fetch("SELECT COUNT(*) FROM players") == [(0,)]


async def test_a_committed_transaction_is_visible_to_another_connection(storage, database) -> None:
    async with storage.transaction() as tx:
        await tx.upsert_player(PlayerRef(5, "Eve"), 0.0)

    assert await database.fetch("SELECT display_name FROM players WHERE user_id = 5") == [("Eve",)]


async def test_meta_values_round_trip(storage) -> None:
    assert await storage.get_meta("command-hash") is None
    await storage.set_meta("command-hash", "abc")
    await storage.set_meta("command-hash", "def")

    assert await storage.get_meta("command-hash") == "def"


async def test_a_broken_migration_is_rolled_back_whole(tmp_path: Path) -> None:
    directory = tmp_path / "migrations"
    directory.mkdir()
    shutil.copy(MIGRATIONS_DIR / "001_initial.sql", directory / "001_initial.sql")
    (directory / "002_broken.sql").write_text(
        "CREATE TABLE extra (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    path = tmp_path / "db.sqlite3"

    with pytest.raises(StoreError, match="cannot be used: no such table: no_such_table"):
        await SqliteStore.open(path, migrations_dir=directory)

    with sqlite3.connect(path) as db:
        assert db.execute("SELECT MAX(version) FROM schema_version").fetchone() == (1,)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'extra'").fetchone() is None


def test_migration_numbers_must_not_have_gaps(tmp_path: Path) -> None:
    (tmp_path / "001_a.sql").write_text("")
    (tmp_path / "003_c.sql").write_text("")

    with pytest.raises(RuntimeError, match="without gaps"):
        migrations(tmp_path)


def test_a_store_left_open_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    script = (
        "import asyncio, sys\n"
        "from bot.store import open_store\n"
        "async def main():\n"
        f"    await open_store({str(tmp_path / 'db.sqlite3')!r})  # never closed: a crash before close\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=60, capture_output=True, check=False)

    assert done.returncode == 0, done.stderr
