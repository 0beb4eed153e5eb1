"""Restarts: a new store connection and a new core on the same file carry every match on; a damaged match is
skipped and named; a board that a stop left unposted is posted again."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.clock import FakeClock
from bot.core import Action, Core, RetireBoard, ServiceError
from bot.core.live import PostedBoard
from bot.core.posting import REPOST_AFTER
from bot.store import StoreError, open_store
from engine import MatchContext, ScriptedDice, SeededDice, replay
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    boards,
    first_play_factory,
    game_by_id,
    match_id_in,
    play,
    start_challenge_match,
    version_of,
)
from tests.bot.databases import Database

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]


async def test_a_match_carries_on_after_a_restart(database: Database, clock: FakeClock) -> None:
    storage = await open_store(database.url)
    first = Core(storage, clock=clock, dice=ScriptedDice(DICE[:6]))
    await start_challenge_match(first)
    match_id = match_id_in(first)
    await play(first, ALICE, "bar/2 bar/1")
    await play(first, BOB, "bar/5/4")
    before = game_by_id(first, match_id)
    version = version_of(first, match_id)
    await storage.close()

    storage = await open_store(database.url)
    second = Core(storage, clock=clock, dice=ScriptedDice(DICE[6:]))
    assert await second.load() == 1

    assert match_id_in(second) == match_id
    assert version_of(second, match_id) == version
    assert game_by_id(second, match_id).to_json() == before.to_json()
    # the board drawn before the restart still works: its version is still current
    result = await second.matches.act(match_id, version, ALICE, Action.PLAY, "bar/1(2)")
    assert "Bob rolled 6-6 and can't move; the turn passes." in boards(result)[0].text
    await storage.close()


async def test_a_stale_button_from_before_a_restart_is_still_refused(
    database: Database, clock: FakeClock
) -> None:
    storage = await open_store(database.url)
    first = Core(storage, clock=clock, dice=ScriptedDice(DICE[:4]))
    await start_challenge_match(first)
    match_id = match_id_in(first)
    old = version_of(first, match_id)
    await play(first, ALICE, "bar/2 bar/1")
    await storage.close()

    storage = await open_store(database.url)
    second = Core(storage, clock=clock, dice=ScriptedDice([]))
    await second.load()
    try:
        with pytest.raises(ServiceError, match="out of date"):
            await second.matches.act(match_id, old, BOB, Action.PLAY, "bar/5/4")
    finally:
        await storage.close()


async def test_a_restart_resumes_the_computers_turn(database: Database, clock: FakeClock) -> None:
    storage = await open_store(database.url)
    first = Core(storage, clock=clock, dice=ScriptedDice([1, 2]), computer=first_play_factory)
    await first.challenges.vs_bot(GUILD, CHANNEL, ALICE)  # the computer opens with 2-1, then the bot stops
    match_id = match_id_in(first)
    await storage.close()

    storage = await open_store(database.url)
    second = Core(storage, clock=clock, dice=ScriptedDice([3, 1]), computer=first_play_factory)
    await second.load()

    assert second.pending_computer_turns() == [match_id]
    result = await second.matches.computer_turn(match_id)
    assert boards(result)[0].text.endswith("Alice, your turn: you rolled **3-1**.")
    await storage.close()


async def test_every_game_can_be_replayed_from_the_stored_plays(database: Database, clock: FakeClock) -> None:
    storage = await open_store(database.url)
    core = Core(storage, clock=clock, dice=SeededDice(3))
    await start_challenge_match(core, points=3)
    match_id = match_id_in(core)
    for turn in range(2000):
        if match_id_in(core) is None:
            break
        game = game_by_id(core, match_id)
        player = (ALICE, BOB)[game.actor]
        await play(core, player, game.position.format_play(game.legal_plays()[turn % 2 - 1]))
    assert match_id_in(core) is None

    games = await storage.games(match_id)
    assert len(games) >= 3
    score = [0, 0]
    for stored in games:
        events = await storage.game_events(stored.game_id)
        context = stored.context
        assert list(context["score"]) == score
        rebuilt = replay("minigam", events, MatchContext(context["target"], tuple(context["score"])))
        assert rebuilt.outcome is not None
        assert rebuilt.outcome.to_json() == stored.outcome
        score[rebuilt.outcome.winner] += rebuilt.outcome.points
    record = await storage.match(match_id)
    assert record.status == "finished"
    assert max(score) == 3
    assert record.winner_seat == score.index(3)
    await storage.close()


# ---------------------------------------------------------------------- damaged matches and databases


async def _stored_match(database: Database, clock: FakeClock) -> int:
    storage = await open_store(database.url)
    first = Core(storage, clock=clock, dice=ScriptedDice(DICE[:4]))
    await start_challenge_match(first)
    await play(first, ALICE, "bar/2 bar/1")
    match_id = match_id_in(first)
    await storage.close()
    return match_id


DAMAGE = {
    "events that do not replay": "UPDATE plays SET moves = '[\"bar/6 6/off\"]' WHERE kind = 'play'",
    "a play that is not JSON": "UPDATE plays SET moves = 'not json' WHERE kind = 'play'",
    "a game context that is a list": "UPDATE games SET context = '[1, 2]'",
    "a seat missing": "DELETE FROM match_players WHERE seat = 1",
    "an unknown variant": "UPDATE matches SET variant = 'chess'",
    "no current game": "UPDATE matches SET current_game_id = NULL",
    "a status the core does not know": "UPDATE matches SET version = 'seven'",
}


# what a JSONB or BIGINT column cannot hold in the first place
TYPED_AWAY = {DAMAGE["a play that is not JSON"], DAMAGE["a status the core does not know"]}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
async def test_a_damaged_match_is_skipped_named_and_its_channel_answers_clearly(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    match_id = await _stored_match(database, clock)
    if database.kind == "postgres" and damage in TYPED_AWAY:
        with pytest.raises(asyncpg.DataError):  # PostgreSQL's column types refuse this damage
            await database.execute(damage)
        return
    await database.execute(damage)
    # another, healthy match in another channel still loads
    storage = await open_store(database.url)
    healthy = Core(storage, clock=clock, dice=ScriptedDice(DICE[:2]))
    await start_challenge_match(healthy, channel=CHANNEL + 1)
    await storage.close()

    storage = await open_store(database.url)
    second = Core(storage, clock=clock, dice=ScriptedDice([]))
    try:
        assert await second.load() == 1
        assert match_id_in(second, CHANNEL + 1) is not None
        assert match_id_in(second) is None
        assert f"match {match_id} cannot be loaded" in caplog.text
        with pytest.raises(ServiceError, match="could not be read back after a restart"):
            await play(second, ALICE, "bar/5/4")
        if "variant" not in damage and "seat" not in damage and "version" not in damage:
            with pytest.raises(ServiceError, match="could not be read back after a restart"):
                await second.challenges.vs_bot(GUILD, CHANNEL, ALICE)
    finally:
        await storage.close()


async def test_a_file_that_is_not_a_database_gives_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "minigam.sqlite3"
    path.write_bytes(b"this is not a database, it is a note\n" * 200)

    with pytest.raises(StoreError, match="is damaged or is not a database"):
        await open_store(path)


async def test_a_database_locked_by_another_program_gives_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "minigam.sqlite3"
    await (await open_store(path)).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            await open_store(path)
    finally:
        other.execute("ROLLBACK")
        other.close()


# ---------------------------------------------------------------------- boards left unposted


async def test_a_starting_session_never_posts_a_board_the_other_session_posted(
    database: Database, clock: FakeClock
) -> None:
    """A redeploy: the new session loaded the match before the old one posted and recorded its board."""
    old_store, new_store = await open_store(database.url), await open_store(database.url)
    try:
        old = Core(old_store, clock=clock, dice=ScriptedDice(DICE[:4]))
        await start_challenge_match(old)
        match_id = match_id_in(old)
        (board,) = boards(await play(old, ALICE, "bar/2 bar/1"))  # stored; its board not posted yet
        new = Core(new_store, clock=clock, dice=ScriptedDice([]))
        await new.load()
        await old.board_posted(board, 905)  # the old session posts it
        clock.advance(REPOST_AFTER)

        assert boards(await new.unposted_boards()) == []
        assert new.matches.get(match_id).board == PostedBoard(905, board.version, board.record)
        assert boards(await new.timeouts.sweep()) == []
    finally:
        await old_store.close()
        await new_store.close()


async def test_a_board_that_was_never_posted_is_posted_at_start(database: Database, clock: FakeClock) -> None:
    storage = await open_store(database.url)
    first = Core(storage, clock=clock, dice=ScriptedDice(DICE[:4]))
    result = await start_challenge_match(first)
    match_id = match_id_in(first)
    (board,) = boards(result)
    assert await first.board_posted(board, 900) == []
    await play(first, ALICE, "bar/2 bar/1")  # stored; then the bot stops before posting its board
    await storage.close()

    storage = await open_store(database.url)
    second = Core(storage, clock=clock, dice=ScriptedDice([]))
    await second.load()
    try:
        if storage.shared:  # at once, the session that stored it may still be posting it (a redeploy)
            assert boards(await second.unposted_boards()) == []
            clock.advance(REPOST_AFTER)
        (again,) = boards(await second.unposted_boards())
        assert again.version == version_of(second, match_id) == board.version + 1
        assert again.mention == BOB.user_id
        retired = RetireBoard(CHANNEL, match_id, 900, board.record)  # 900 becomes its line once replaced
        assert again.replaces == retired
        assert "Bob, your turn: you rolled **2-1**." in again.text
        assert await second.board_posted(again, 901) == [retired]
        assert boards(await second.unposted_boards()) == []
    finally:
        await storage.close()


async def test_a_board_for_a_version_already_gone_is_not_recorded(make_core) -> None:
    core = make_core(DICE)
    result = await start_challenge_match(core)
    match_id = match_id_in(core)
    (board,) = boards(result)
    await play(core, ALICE, "bar/2 bar/1")

    assert await core.board_posted(board, 700) == [RetireBoard(CHANNEL, match_id, 700, board.record)]
    assert core.matches.get(match_id).board is None


async def test_a_board_is_recorded_while_an_action_on_its_match_waits(make_core) -> None:
    """Recording which message is the board is no action on the match: it neither waits for one under way
    (the match's lock is held here) nor is lost by it (the action's next board replaces it)."""
    core = make_core(DICE)
    (board,) = boards(await start_challenge_match(core))
    live = core.matches.get(match_id_in(core))
    async with live.lock:  # an action under way
        playing = asyncio.create_task(play(core, ALICE, "bar/2 bar/1"))
        assert await asyncio.wait_for(core.board_posted(board, 900), 60) == []  # 60 s: a hang, not a speed
        assert live.board == PostedBoard(900, board.version, board.record)
        assert not playing.done()
    (after,) = boards(await playing)
    assert after.replaces == RetireBoard(CHANNEL, live.match_id, 900, board.record)
    assert (await core.store.match(live.match_id)).board_message_id == 900
