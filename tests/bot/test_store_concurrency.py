"""What a yielding store opens: two transactions at once, in one process or two (two stores on one
database stand for two processes). The steps that read and then write on what they read (the farming
counts, the next seat of a lobby) see each other's writes; the second waits for the first, never sleeps."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.models import MatchRecord, MatchStatus, PlayerRef, Seat
from bot.ratings.fibs import Rating
from bot.store import Store, open_store
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD
from tests.bot.databases import Database

DAN = PlayerRef(66, "Dan")


@pytest.fixture
async def two_stores(database: Database) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database, as two bot processes would open it (SQLite: one process's store
    twice, which its one-writer lock does not cover: the file's own lock does)."""
    first = await open_store(database.url)
    second = await open_store(database.url)
    yield first, second
    await first.close()
    await second.close()


async def _seed(store: Store) -> int:
    """A guild, four players and a finished match to hang rating history on; returns the match id."""
    async with store.transaction() as tx:
        await tx.upsert_guild(GUILD, "g", 0.0)
        for p in (ALICE, BOB, CAROL, DAN):
            await tx.upsert_player(p, 0.0)
        return await tx.insert_match(
            MatchRecord(
                match_id=0,
                guild_id=GUILD,
                channel_id=100,
                variant="minigam",
                target=1,
                rated=True,
                status=MatchStatus.FINISHED,
                seats=(Seat(ALICE.user_id, "Alice", None), Seat(BOB.user_id, "Bob", None)),
                version=1,
                current_game_id=None,
                turn_started_at=0.0,
                reminded=False,
                board_message_id=None,
                board_version=None,
                winner_seat=0,
                created_at=0.0,
                finished_at=1.0,
            )
        )


async def _until(condition) -> None:
    """Wait until ``condition()`` (a coroutine function) is true: the other transaction is queued."""
    async with asyncio.timeout(10):
        while not await condition():  # noqa: ASYNC110  (no event tells that a lock is awaited)
            await asyncio.sleep(0.005)


async def _second_is_queued(database: Database, store: Store) -> bool:
    if database.kind == "postgres":  # the second transaction waits for the advisory lock
        rows = await database.fetch(
            "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        )
        return rows[0][0] >= 1
    return bool(store._write_lock._waiters)  # SQLite: one writer at a time in the process


async def test_two_farming_counts_at_once_see_each_others_results(storage: Store, database: Database) -> None:
    match_id = await _seed(storage)
    counted: list[int] = []
    first_counted = asyncio.Event()

    async def first() -> None:
        async with storage.transaction() as tx:
            counted.append(await tx.rated_matches_between(GUILD, ALICE.user_id, BOB.user_id, 0.0))
            first_counted.set()
            await _until(lambda: _second_is_queued(database, storage))
            for user in (ALICE, BOB):
                await tx.put_rating(GUILD, "minigam", user.user_id, Rating(), Rating(1510.0), match_id, 5.0)

    async def second() -> None:
        await first_counted.wait()
        async with storage.transaction() as tx:
            counted.append(await tx.rated_matches_between(GUILD, ALICE.user_id, BOB.user_id, 0.0))

    await asyncio.gather(first(), second())

    assert counted == [0, 1]  # the second count waited for the first result


async def test_two_processes_counting_at_once_see_each_others_results(postgres_url: str) -> None:
    """On PostgreSQL (SQLite serves one process): two stores, two pools, one database."""
    database = Database("postgres", postgres_url)
    one, two = await open_store(postgres_url), await open_store(postgres_url)
    match_id = await _seed(one)
    counted: list[int] = []
    first_counted = asyncio.Event()

    async def rate(store: Store, wait: bool) -> None:
        if not wait:
            await first_counted.wait()
        async with store.transaction() as tx:
            counted.append(await tx.rated_matches_between(GUILD, ALICE.user_id, BOB.user_id, 0.0))
            if wait:
                first_counted.set()
                await _until(lambda: _second_is_queued(database, two))
            for user in (ALICE, BOB):
                await tx.put_rating(GUILD, "minigam", user.user_id, Rating(), Rating(1510.0), match_id, 5.0)

    try:
        await asyncio.gather(rate(one, True), rate(two, False))
    finally:
        await one.close()
        await two.close()

    assert counted == [0, 1]


async def test_people_joining_a_lobby_at_once_from_two_processes_get_seats_in_turn(
    two_stores: tuple[Store, Store], database: Database
) -> None:
    one, two = two_stores
    await _seed(one)
    async with one.transaction() as tx:
        lobby_id = await tx.insert_lobby(
            guild_id=GUILD,
            channel_id=200,
            variant="multigam",
            level="easy",
            host=ALICE,
            now=0.0,
            expires_at=9.0,
        )
    joined = asyncio.Event()

    async def first() -> None:
        async with one.transaction() as tx:
            await tx.add_lobby_member(lobby_id, BOB.user_id)
            joined.set()
            await _until(lambda: _second_is_queued(database, one))

    async def second() -> None:
        await joined.wait()
        async with (two if database.kind == "postgres" else one).transaction() as tx:
            await tx.add_lobby_member(lobby_id, CAROL.user_id)

    await asyncio.gather(first(), second())

    seats = await database.fetch("SELECT user_id, joined FROM lobby_members ORDER BY joined")
    assert seats == [(ALICE.user_id, 1), (BOB.user_id, 2), (CAROL.user_id, 3)]
    assert [m.user_id for m in (await one.lobby(lobby_id)).members] == [
        ALICE.user_id,
        BOB.user_id,
        CAROL.user_id,
    ]
