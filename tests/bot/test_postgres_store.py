"""What only PostgreSQL has: a server that can be unreachable or restarted under a running bot, several
processes migrating at once, and commits without waiting for the disk."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from bot.core import Core
from bot.store import StoreError, Unavailable, open_store
from bot.store.postgres import MIGRATIONS_DIR, PostgresStore
from bot.store.sql.migrations import migrations
from engine import ScriptedDice
from tests.bot.conftest import ALICE, BOB, CHANNEL, game_of, play, start_challenge_match, version_of
from tests.postgres_server import PostgresServer

# Opening: Alice 2, Bob 1 -> Alice plays 2-1. Then Bob 2-1, Alice 1-1, Bob 6-6.
DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2, 4, 1]


async def test_an_unreachable_server_is_one_line_with_the_password_masked(
    postgres_server: PostgresServer,
) -> None:
    url = f"postgresql://minigam:{postgres_server.password}@127.0.0.1:1/minigam"  # nothing listens there

    with pytest.raises(StoreError) as refused:
        await open_store(url)

    text = str(refused.value)
    assert "cannot be reached" in text
    assert "\n" not in text
    assert postgres_server.password not in text
    assert "minigam:***@127.0.0.1:1" in text


async def test_a_wrong_password_is_refused_at_start(postgres_url: str, postgres_server) -> None:
    with pytest.raises(StoreError, match="cannot be reached"):
        await open_store(postgres_url.replace(postgres_server.password, "not-the-password"))


async def test_processes_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(PostgresStore.open(postgres_url) for _ in range(4)))
    try:
        numbers = [n for n, _ in migrations(MIGRATIONS_DIR)]
        assert {s.schema_version for s in stores} == {numbers[-1]}
        rows = await stores[0]._db.fetch("SELECT version FROM schema_version ORDER BY version")
        assert [r["version"] for r in rows] == numbers  # each applied once
    finally:
        for s in stores:
            await s.close()


async def test_a_quick_transaction_commits_without_waiting_for_the_disk(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    try:
        async with store.transaction(durable=False) as tx:
            quick = await tx._db.fetchrow("SHOW synchronous_commit")
        async with store.transaction() as tx:
            durable = await tx._db.fetchrow("SHOW synchronous_commit")
        assert (quick[0], durable[0]) == ("off", "on")
    finally:
        await store.close()


async def test_play_goes_on_after_the_server_restarts_without_restarting_the_bot(
    postgres_url: str, postgres_server: PostgresServer, clock
) -> None:
    store = await open_store(postgres_url)
    try:
        core = Core(store, clock=clock, dice=ScriptedDice(DICE))
        await start_challenge_match(core)
        match_id, version = await core.matches.to_act_on(CHANNEL)

        await asyncio.to_thread(postgres_server.stop)
        with pytest.raises(Unavailable):
            await play(core, ALICE, "bar/2 bar/1")
        assert version_of(core, match_id) == version  # refused whole: nothing changed

        await asyncio.to_thread(postgres_server.start)
        await play(core, ALICE, "bar/2 bar/1")
        game = game_of(core)
        await play(core, BOB, game.position.format_play(game.legal_plays()[0]))
        assert version_of(core, match_id) == version + 2
        stored = await store.match(match_id)
        events = await store.game_events(stored.current_game_id)
        plays = [e.moves for e in events if e.kind == "play"]
        assert len(plays) == 2
        assert plays[0] == ("bar/2", "bar/1")
    finally:
        await store.close()


def test_the_bot_unable_to_reach_its_database_says_so_in_one_line_and_exits_2(
    postgres_server: PostgresServer, tmp_path
) -> None:
    url = f"postgresql://minigam:{postgres_server.password}@127.0.0.1:1/minigam"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env["DATABASE_URL"] = url

    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        env=env,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(
        "minigam: the database postgresql://minigam:***@127.0.0.1:1/minigam cannot be reached"
    )
    assert postgres_server.password not in done.stdout + done.stderr


async def test_a_duty_is_one_processes_at_a_time(postgres_url: str) -> None:
    one, two = await open_store(postgres_url), await open_store(postgres_url)
    try:
        async with (
            one.exclusively("sync commands") as first,
            two.exclusively("sync commands") as second,
            two.exclusively("other") as other,
        ):
            assert (first, second, other) == (True, False, True)
        async with two.exclusively("sync commands") as later:
            assert later  # released when the first block ended
    finally:
        await one.close()
        await two.close()
