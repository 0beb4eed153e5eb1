"""The tournaments' part of the store, on SQLite and on PostgreSQL: every method, and the versioned writes
refusing a stale version."""

from __future__ import annotations

import dataclasses

import pytest

from bot.models import PlayerRef
from bot.store import StaleWrite, Store
from bot.store.protocol_tournaments import (
    Decided,
    TournamentFormat,
    TournamentPairing,
    TournamentRecord,
    TournamentStatus,
)

GUILD = 1
ALICE = PlayerRef(11, "Alice")
BOB = PlayerRef(22, "Bob")
NOW = 1_750_000_000.0


def new_record(**changes) -> TournamentRecord:
    base = TournamentRecord(
        tournament_id=0,
        guild_id=GUILD,
        channel_id=100,
        name="Friday cup",
        variant="minigam",
        points=3,
        format=TournamentFormat.KNOCKOUT,
        max_players=8,
        rounds=0,
        status=TournamentStatus.OPEN,
        version=1,
        organiser_id=ALICE.user_id,
        created_at=NOW,
        starts_at=NOW + 3600,
    )
    return dataclasses.replace(base, **changes)


async def created(storage: Store, **changes) -> int:
    async with storage.transaction() as tx:
        await tx.upsert_guild(GUILD, "g", NOW)
        for p in (ALICE, BOB):
            await tx.upsert_player(p, NOW)
        tournament_id = await tx.insert_tournament(new_record(**changes))
        await tx.add_entrant(tournament_id, ALICE, 1600.0)
        await tx.add_entrant(tournament_id, BOB, 1500.0)
    return tournament_id


async def test_a_tournament_reads_back_with_its_entrants_in_join_order(storage: Store) -> None:
    tournament_id = await created(storage)
    t = await storage.tournament(tournament_id)
    assert t is not None
    assert (t.name, t.variant, t.points, t.format, t.status, t.version) == (
        "Friday cup",
        "minigam",
        3,
        TournamentFormat.KNOCKOUT,
        TournamentStatus.OPEN,
        1,
    )
    assert t.starts_at == NOW + 3600
    assert t.organiser_name == "Alice"
    assert [(e.name, e.rating, e.joined, e.seed, e.removed) for e in t.entrants] == [
        ("Alice", 1600.0, 1, None, False),
        ("Bob", 1500.0, 2, None, False),
    ]
    assert await storage.tournament(tournament_id + 99) is None


async def test_an_update_claims_the_next_version_and_refuses_a_stale_one(storage: Store) -> None:
    tournament_id = await created(storage)
    t = await storage.tournament(tournament_id)
    assert t is not None
    running = dataclasses.replace(t, status=TournamentStatus.RUNNING, round=1, rounds=3)
    async with storage.transaction() as tx:
        await tx.update_tournament(running, t.version)
    after = await storage.tournament(tournament_id)
    assert after is not None
    assert (after.version, after.status, after.round, after.rounds) == (
        2,
        TournamentStatus.RUNNING,
        1,
        3,
    )
    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.update_tournament(running, t.version)
    finished = dataclasses.replace(after, status=TournamentStatus.FINISHED, champion_id=11, finished_at=NOW)
    async with storage.transaction() as tx:
        await tx.update_tournament(finished, after.version)
    with pytest.raises(StaleWrite):  # over: nothing changes it any more
        async with storage.transaction() as tx:
            await tx.update_tournament(finished, after.version + 1)


async def test_entrants_leave_are_seeded_and_removed(storage: Store) -> None:
    tournament_id = await created(storage)
    async with storage.transaction() as tx:
        await tx.remove_entrant(tournament_id, BOB.user_id)
    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.remove_entrant(tournament_id, BOB.user_id)
    async with storage.transaction() as tx:
        await tx.add_entrant(tournament_id, BOB, 1700.0)
        await tx.seed_entrants(tournament_id, [(BOB.user_id, 1), (ALICE.user_id, 2)])
        await tx.mark_removed(tournament_id, ALICE.user_id)
    t = await storage.tournament(tournament_id)
    assert t is not None
    assert [(e.name, e.joined, e.seed, e.removed) for e in t.entrants] == [
        ("Alice", 1, 2, True),
        ("Bob", 2, 1, False),
    ]


async def test_pairings_start_and_are_decided_once(storage: Store) -> None:
    tournament_id = await created(storage)
    async with storage.transaction() as tx:
        await tx.insert_pairing(tournament_id, TournamentPairing(1, 0, ALICE.user_id, BOB.user_id))
        await tx.insert_pairing(
            tournament_id, TournamentPairing(1, 1, BOB.user_id, None, winner=BOB.user_id, how=Decided.BYE)
        )
    match_id = await a_match(storage)
    async with storage.transaction() as tx:
        await tx.pairing_started(tournament_id, 1, 0, match_id, NOW + 86400)
        assert await tx.tournament_match(match_id)
        assert not await tx.tournament_match(match_id + 1)
    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.pairing_started(tournament_id, 1, 0, match_id, NOW + 86400)
    async with storage.transaction() as tx:
        await tx.decide_pairing(tournament_id, 1, 0, ALICE.user_id, (3, 1), Decided.MATCH)
    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.decide_pairing(tournament_id, 1, 0, BOB.user_id, (0, 0), Decided.AWARD)
    t = await storage.tournament(tournament_id)
    assert t is not None
    assert t.pairings == (
        TournamentPairing(
            1, 0, ALICE.user_id, BOB.user_id, match_id, ALICE.user_id, (3, 1), Decided.MATCH, NOW + 86400
        ),
        TournamentPairing(1, 1, BOB.user_id, None, None, BOB.user_id, (0, 0), Decided.BYE),
    )
    assert await storage.tournament_of_match(match_id) == tournament_id
    assert await storage.tournament_of_match(match_id + 1) is None


async def test_lists_and_results(storage: Store) -> None:
    first = await created(storage, name="First")
    second = await created(storage, name="Second")
    async with storage.transaction() as tx:
        await tx.set_tournament_message(first, 777)
    t = await storage.tournament(first)
    assert t is not None
    assert t.message_id == 777
    done = dataclasses.replace(t, status=TournamentStatus.FINISHED, champion_id=BOB.user_id, finished_at=NOW)
    async with storage.transaction() as tx:
        await tx.update_tournament(done, t.version)
    assert [x.name for x in await storage.guild_tournaments(GUILD)] == ["Second", "First"]
    assert [x.name for x in await storage.guild_tournaments(GUILD + 1)] == []
    assert [x.tournament_id for x in await storage.live_tournaments()] == [second]
    listed = (await storage.live_tournaments())[0]
    assert len(listed.entrants) == 2
    assert listed.pairings == ()
    assert await storage.tournament_results(GUILD, BOB.user_id) == (1, 1)
    assert await storage.tournament_results(GUILD, ALICE.user_id) == (1, 0)
    assert await storage.tournament_results(GUILD + 1, ALICE.user_id) == (0, 0)


async def a_match(storage: Store) -> int:
    from bot.models import MatchRecord, MatchStatus, Seat

    record = MatchRecord(
        match_id=0,
        guild_id=GUILD,
        channel_id=100,
        variant="minigam",
        target=3,
        rated=True,
        status=MatchStatus.ACTIVE,
        seats=(Seat(ALICE.user_id, "Alice"), Seat(BOB.user_id, "Bob")),
        version=1,
        current_game_id=None,
        turn_started_at=NOW,
    )
    async with storage.transaction() as tx:
        return await tx.insert_match(record)
