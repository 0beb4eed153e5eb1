"""The store's promises beyond plain SQL: version-checked match writes, append-only events, one board per
version, challenges closed once, the move from the first schema, and a play's cost that does not grow."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.core import Core
from bot.models import ChallengeStatus, MatchStatus
from bot.store import Conflict, StaleWrite
from bot.store.sqlite import MIGRATIONS_DIR, SqliteStore
from engine import Event, SeededDice
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, game_of, match_id_in, play, start_challenge_match


async def _one_match(make_core) -> tuple[Core, int]:
    core = make_core([2, 1, 2, 1, 1, 1, 6, 6, 3, 2])
    await start_challenge_match(core)
    match_id = match_id_in(core)
    assert match_id is not None
    return core, match_id


async def test_a_match_write_at_a_version_that_is_gone_fails_loudly_and_changes_nothing(
    make_core, storage
) -> None:
    _core, match_id = await _one_match(make_core)
    version = (await storage.match(match_id)).version

    with pytest.raises(StaleWrite, match=f"no longer at version {version - 1}"):  # noqa: PT012
        async with storage.transaction() as tx:
            await tx.add_events(
                (await storage.match(match_id)).current_game_id, 99, [Event("forfeit", 0)], 0.0
            )
            await tx.update_match(
                match_id, version - 1, new_version=version + 5, status=MatchStatus.CANCELLED
            )

    stored = await storage.match(match_id)
    assert (stored.version, stored.status) == (version, MatchStatus.ACTIVE)
    assert [e.kind for e in await storage.game_events(stored.current_game_id)] == ["opening"]


async def test_an_event_number_is_written_once(make_core, storage) -> None:
    _core, match_id = await _one_match(make_core)
    game_id = (await storage.match(match_id)).current_game_id

    with pytest.raises(Conflict):
        async with storage.transaction() as tx:
            await tx.add_events(game_id, 0, [Event("roll", 0, (6, 6))], 0.0)


async def test_a_board_is_recorded_only_for_the_current_version(make_core, storage) -> None:
    _core, match_id = await _one_match(make_core)
    version = (await storage.match(match_id)).version

    async with storage.transaction() as tx:
        assert not await tx.set_board(match_id, version - 1, 10)
        assert await tx.set_board(match_id, version, 11)

    stored = await storage.match(match_id)
    assert (stored.board_message_id, stored.board_version) == (11, version)


async def test_a_challenge_is_closed_once(make_core, storage) -> None:
    core = make_core([])
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id
    async with storage.transaction() as tx:
        await tx.close_challenge(challenge_id, ChallengeStatus.DECLINED)

    with pytest.raises(StaleWrite, match="no longer pending"):
        async with storage.transaction() as tx:
            await tx.close_challenge(challenge_id, ChallengeStatus.ACCEPTED)
    assert (await storage.challenge(challenge_id)).status is ChallengeStatus.DECLINED


async def test_the_cost_of_storing_a_play_does_not_grow_with_the_game(db_path: Path, clock) -> None:
    """The SQL written for a play (statements with their values) is as long late in a game as early on
    (SQLite's trace of the statements run shows it; the SQL is shared with PostgreSQL)."""
    storage = await SqliteStore.open(db_path)
    try:
        core = Core(storage, clock=clock, dice=SeededDice(4))
        await start_challenge_match(core, "backgammon")
        written: list[str] = []
        await storage._durable.set_trace_callback(written.append)
        sizes = []
        for _ in range(40):
            game = game_of(core)
            written.clear()
            await play(core, (ALICE, BOB)[game.turn], game.position.format_play(game.legal_plays()[0]))
            sizes.append(sum(len(sql) for sql in written if not sql.startswith("SELECT")))
        await storage._durable.set_trace_callback(None)
    finally:
        await storage.close()

    assert len(game_of(core).events) > 60
    assert max(sizes[-10:]) <= max(sizes[:10]) + 100  # dice and moves vary a little; nothing accumulates


# ---------------------------------------------------------------------- the first schema's databases


async def test_a_database_of_the_first_schema_moves_to_one_copy_of_each_fact(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    first_only = tmp_path / "migrations"
    first_only.mkdir()
    (first_only / "001_initial.sql").write_text((MIGRATIONS_DIR / "001_initial.sql").read_text())
    old = await SqliteStore.open(path, migrations_dir=first_only)
    await old.close()
    seats = json.dumps(
        [
            {"user_id": 11, "name": "Alice", "level": None},
            {"user_id": 0, "name": "Computer (hard)", "level": "hard"},
        ]
    )
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO guilds VALUES (1, 'g', 0)")
        db.executemany(
            "INSERT INTO players VALUES (?, ?, 0, 0)", [(11, "Alice"), (0, "Computer (hard)"), (22, "Bob")]
        )
        db.execute(
            "INSERT INTO matches (match_id, guild_id, channel_id, variant, target, rated, computer_level,"
            " status, seats, state, version, turn_started_at, board_message_id, created_at)"
            " VALUES (1, 1, 100, 'minigam', 1, 0, 'hard', 'active', ?, '{}', 4, 0, 555, 0)",
            (seats,),
        )
        db.execute(
            "INSERT INTO matches (match_id, guild_id, channel_id, variant, target, rated, status,"
            " seats, state, version, turn_started_at, created_at)"
            " VALUES (2, 1, 101, 'minigam', 1, 1, 'active', 'not json', 'not json either', 1, 0, 0)"
        )
        db.executemany(
            "INSERT INTO match_players VALUES (?, ?, ?)", [(1, 0, 11), (1, 1, 0), (2, 0, 11), (2, 1, 22)]
        )

    store = await SqliteStore.open(path)
    try:
        one = await store.match(1)
        assert [(s.user_id, s.name, s.level) for s in one.seats] == [
            (11, "Alice", None),
            (0, "Computer (hard)", "hard"),
        ]
        assert (one.version, one.board_message_id, one.board_version) == (4, 555, 4)
        assert one.computer_level == "hard"
        two = await store.match(2)  # seats that were damaged in the first schema: the ids survive
        assert [s.user_id for s in two.seats] == [11, 22]
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        columns = {r[1] for r in db.execute("PRAGMA table_info(matches)")}
    assert not {"seats", "state", "computer_level"} & columns


async def test_the_matches_in_play_of_some_shards(storage, clock) -> None:
    from bot.models import Shards

    core = Core(storage, clock=clock, dice=SeededDice(3))
    guilds = [1 << 22, 2 << 22, 3 << 22, 4 << 22]  # shards 1, 0, 1, 0 of 2
    for n, guild in enumerate(guilds):
        sent = await core.challenges.challenge(guild, CHANNEL + n, ALICE, BOB)
        await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    ids = await storage.active_match_ids()

    assert await storage.active_match_ids(Shards(2, frozenset({0}))) == [ids[1], ids[3]]
    assert await storage.active_match_ids(Shards(2, frozenset({1}))) == [ids[0], ids[2]]
    assert await storage.active_match_ids(Shards(2, frozenset({0, 1}))) == ids
