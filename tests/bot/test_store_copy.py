"""``python -m bot.store copy``: a server's SQLite database moved into PostgreSQL, where its matches go
on with the same ratings and history."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core import Core
from bot.store import StoreError, open_store
from bot.store.copy import TABLES, copy
from bot.store.protocol_puzzles import PuzzleMode
from engine import SeededDice
from engine.puzzles import shipped
from tests.bot.conftest import (
    ALICE,
    GUILD,
    first_play_factory,
    match_id_in,
    play_until,
    start_challenge_match,
)

OTHER_CHANNEL = 101


async def _tables(store) -> dict[str, list[tuple]]:
    out = {}
    for table in TABLES:
        rows = await store._db.fetch(f"SELECT * FROM {table}")
        out[table] = sorted((sorted((k, _plain(r[k])) for k in r.keys()) for r in rows), key=repr)  # noqa: SIM118  (a Row iterates its values)
    return out


def _plain(value):
    """A value as both databases give it back: flags as numbers, JSON as what it says."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


async def test_matches_played_on_sqlite_go_on_on_postgresql(db_path: Path, postgres_url: str, clock) -> None:
    source = f"sqlite:///{db_path}"
    lite = await open_store(source)
    core = Core(lite, clock=clock, dice=SeededDice(5), computer=first_play_factory)
    await start_challenge_match(core)  # played to its end on SQLite
    await play_until(core, match_id_in(core), lambda: False)
    await start_challenge_match(core, channel=OTHER_CHANNEL)  # four turns on SQLite, the rest on PostgreSQL
    unfinished = match_id_in(core, OTHER_CHANNEL)
    turns = iter(range(4))
    await play_until(core, unfinished, lambda: next(turns, None) is None)
    ratings_before = await lite.player_ratings(GUILD, ALICE.user_id)
    assert sum(r.wins + r.losses for _, r in ratings_before) == 1
    puzzle = shipped("minigam").puzzles[0]  # a puzzle answered: its attempt, both ratings
    (served,) = (await core.puzzles.serve(GUILD, ALICE, puzzle.id, PuzzleMode.SOLVE)).notices
    await core.puzzles.answer(served.attempt_id, ALICE, puzzle.best.text)
    before = await _tables(lite)
    await lite.close()

    counts = await copy(source, postgres_url)

    assert counts["matches"] == 2
    assert (counts["puzzle_attempts"], counts["puzzle_players"], counts["puzzle_ratings"]) == (1, 1, 1)
    pg = await open_store(postgres_url)
    try:
        assert await _tables(pg) == before  # every row of every table, ids kept
        moved = Core(pg, clock=clock, dice=SeededDice(6), computer=first_play_factory)
        assert await moved.load() == 1
        assert await pg.player_ratings(GUILD, ALICE.user_id) == ratings_before
        await play_until(moved, unfinished, lambda: False)
        assert (await pg.match(unfinished)).status == "finished"
        after = dict(await pg.player_ratings(GUILD, ALICE.user_id))
        assert after["minigam"].wins + after["minigam"].losses == 2  # both results, one from each database
        history = [g.match_id for g in await pg.recent_games(GUILD)]
        assert sorted(set(history)) == sorted({1, unfinished})
        await start_challenge_match(moved, channel=OTHER_CHANNEL + 1)  # new ids follow the copied ones
        assert match_id_in(moved, OTHER_CHANNEL + 1) == unfinished + 1
    finally:
        await pg.close()


async def test_the_copy_names_every_table_of_both_schemas(db_path: Path, postgres_url: str) -> None:
    """A table a migration adds and the copy leaves out would be lost in the move, silently."""
    bookkeeping = {"schema_version", "sqlite_sequence"}
    sqlite = await open_store(f"sqlite:///{db_path}")
    try:
        rows = await sqlite._db.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
        in_sqlite = {r["name"] for r in rows} - bookkeeping
    finally:
        await sqlite.close()
    postgres = await open_store(postgres_url)
    try:
        rows = await postgres._db.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        in_postgres = {r["table_name"] for r in rows} - bookkeeping
    finally:
        await postgres.close()

    assert in_sqlite == in_postgres
    assert set(TABLES) == in_sqlite
    assert len(TABLES) == len(set(TABLES))


async def test_a_database_that_is_not_empty_is_refused(db_path: Path, postgres_url: str) -> None:
    lite = await open_store(db_path)
    await lite.set_meta("x", "1")
    await lite.close()
    await copy(f"sqlite:///{db_path}", postgres_url)

    with pytest.raises(StoreError, match=r"is not empty \(meta has rows\)"):
        await copy(f"sqlite:///{db_path}", postgres_url)


def test_the_command_says_what_it_copied_and_refuses_a_missing_file(
    tmp_path: Path, postgres_url: str, postgres_server
) -> None:
    missing = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.store",
            "copy",
            "--from",
            f"sqlite:///{tmp_path}/nothing.sqlite3",
            "--to",
            postgres_url,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2
    assert "--from must name an existing SQLite file" in missing.stderr

    import asyncio

    async def make() -> None:
        store = await open_store(tmp_path / "db.sqlite3")
        await store.set_meta("k", "v")
        await store.close()

    asyncio.run(make())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.store",
            "copy",
            "--from",
            f"sqlite:///{tmp_path}/db.sqlite3",
            "--to",
            postgres_url,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "meta" in done.stdout
    assert postgres_server.password not in done.stdout + done.stderr
