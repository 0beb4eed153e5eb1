"""A match clock in the store, on SQLite and PostgreSQL alike: a challenge's clock, a match's preset and
reserves as stored, the reserves and the paused time written at a version only, and a damaged reserves
column read as a damaged match."""

from __future__ import annotations

import dataclasses

import pytest

from bot.models import MatchRecord, MatchStatus, Seat
from bot.store import DamagedRecord, StaleWrite, Store
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.databases import Database

NOW = 1_750_000_000.0


async def stored_match(storage: Store, **fields) -> int:
    record = MatchRecord(
        match_id=0,
        guild_id=GUILD,
        channel_id=CHANNEL,
        variant="minigam",
        target=3,
        rated=True,
        status=MatchStatus.ACTIVE,
        seats=(Seat(ALICE.user_id, ALICE.name), Seat(BOB.user_id, BOB.name)),
        version=1,
        current_game_id=None,
        turn_started_at=NOW,
        created_at=NOW,
    )
    async with storage.transaction() as tx:
        await tx.upsert_guild(GUILD, "", NOW)
        for who in (ALICE, BOB):
            await tx.upsert_player(who, NOW)
        return await tx.insert_match(dataclasses.replace(record, **fields))


async def test_a_challenge_keeps_its_clock(storage: Store) -> None:
    async with storage.transaction() as tx:
        await tx.upsert_guild(GUILD, "", NOW)
        for who in (ALICE, BOB):
            await tx.upsert_player(who, NOW)
        timed = await tx.insert_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE.user_id,
            opponent_id=BOB.user_id,
            variant="backgammon",
            points=5,
            rated=True,
            now=NOW,
            expires_at=NOW + 600,
            clock="live",
        )
        untimed = await tx.insert_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL + 1,
            challenger_id=ALICE.user_id,
            opponent_id=BOB.user_id,
            variant="minigam",
            points=1,
            rated=True,
            now=NOW,
            expires_at=NOW + 600,
        )

    assert (await storage.challenge(timed)).clock == "live"
    assert (await storage.challenge(untimed)).clock == "none"
    assert [c.clock for c in await storage.pending_challenges(CHANNEL)] == ["live"]


async def test_a_match_keeps_its_clock_and_reserves(storage: Store) -> None:
    timed = await stored_match(storage, clock="blitz", reserves=(60.0, 45.5))
    untimed = await stored_match(storage, channel_id=CHANNEL + 1)

    got = await storage.match(timed)
    plain = await storage.match(untimed)

    assert (got.clock, got.reserves, got.clock_used) == ("blitz", (60.0, 45.5), 0.0)
    assert (plain.clock, plain.reserves, plain.clock_used) == ("none", (), 0.0)


async def test_the_reserves_and_the_paused_time_are_written_at_the_version_only(storage: Store) -> None:
    match_id = await stored_match(storage, clock="live", reserves=(360.0, 360.0))

    async with storage.transaction() as tx:
        await tx.update_match(match_id, 1, new_version=2, reserves=(350.25, 360.0), clock_used=0.0)
    async with storage.transaction(durable=False) as tx:
        await tx.update_match(match_id, 2, clock_used=12.5)  # paused: the version stays
    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.update_match(match_id, 1, clock_used=99.0)

    got = await storage.match(match_id)
    assert (got.version, got.reserves, got.clock_used) == (2, (350.25, 360.0), 12.5)


@pytest.mark.parametrize("reserves", ["[1.0]", "not json", '["a", 2]', "[1e999, 1]", '{"0": 1}'])
async def test_damaged_reserves_make_a_damaged_match(storage: Store, database: Database, reserves) -> None:
    match_id = await stored_match(storage, clock="blitz", reserves=(60.0, 60.0))
    await database.execute("UPDATE matches SET clock_reserves = ? WHERE match_id = ?", reserves, match_id)

    with pytest.raises(DamagedRecord, match=f"match {match_id}"):
        await storage.match(match_id)
