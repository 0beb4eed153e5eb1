"""Restarts: a new storage connection and a new service on the same file carry every match on."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.service import MatchService, ServiceError
from bot.storage import Storage
from engine import Game, MatchContext, ScriptedDice, SeededDice, replay
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, boards, first_play_factory, start_challenge_match

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]


async def test_a_match_carries_on_after_a_restart(db_path: Path, clock: FakeClock) -> None:
    storage = await Storage.open(db_path)
    first = MatchService(storage, clock=clock, dice=ScriptedDice(DICE[:6]))
    await start_challenge_match(first)
    match_id = first.match_in_channel(CHANNEL)
    await first.move(CHANNEL, ALICE, "bar/2 bar/1")
    await first.move(CHANNEL, BOB, "bar/5/4")
    before = first.game(match_id)
    version = first.version(match_id)
    await storage.close()

    storage = await Storage.open(db_path)
    second = MatchService(storage, clock=clock, dice=ScriptedDice(DICE[6:]))
    assert await second.load() == 1

    assert second.match_in_channel(CHANNEL) == match_id
    assert second.version(match_id) == version
    assert second.game(match_id).to_json() == before.to_json()
    # the board drawn before the restart still works: its version is still current
    result = await second.move(None, ALICE, "bar/1(2)", match_id=match_id, version=version)
    assert "Bob rolled 6-6 and can't move; the turn passes." in boards(result)[0].text
    await storage.close()


async def test_a_stale_button_from_before_a_restart_is_still_refused(db_path: Path, clock: FakeClock) -> None:
    storage = await Storage.open(db_path)
    first = MatchService(storage, clock=clock, dice=ScriptedDice(DICE[:4]))
    await start_challenge_match(first)
    match_id = first.match_in_channel(CHANNEL)
    old = first.version(match_id)
    await first.move(CHANNEL, ALICE, "bar/2 bar/1")
    await storage.close()

    storage = await Storage.open(db_path)
    second = MatchService(storage, clock=clock, dice=ScriptedDice([]))
    await second.load()
    try:
        with pytest.raises(ServiceError, match="out of date"):
            await second.move(None, BOB, "bar/5/4", match_id=match_id, version=old)
    finally:
        await storage.close()


async def test_a_restart_resumes_the_computers_turn(db_path: Path, clock: FakeClock) -> None:
    storage = await Storage.open(db_path)
    first = MatchService(storage, clock=clock, dice=ScriptedDice([1, 2]), computer=first_play_factory)
    await first.vs_bot(GUILD, CHANNEL, ALICE)  # the computer opens with 2-1, then the bot stops
    match_id = first.match_in_channel(CHANNEL)
    await storage.close()

    storage = await Storage.open(db_path)
    second = MatchService(storage, clock=clock, dice=ScriptedDice([3, 1]), computer=first_play_factory)
    await second.load()

    assert second.pending_computer_turns() == [match_id]
    result = await second.computer_turn(match_id)
    assert boards(result)[0].text.endswith("Alice, your turn: you rolled **3-1**.")
    await storage.close()


async def test_every_game_can_be_replayed_from_the_stored_plays(db_path: Path, clock: FakeClock) -> None:
    storage = await Storage.open(db_path)
    service = MatchService(storage, clock=clock, dice=SeededDice(3))
    await start_challenge_match(service, points=3)
    match_id = service.match_in_channel(CHANNEL)
    for turn in range(2000):
        if service.match_in_channel(CHANNEL) is None:
            break
        game = service.game(match_id)
        player = (ALICE, BOB)[game.actor]
        await service.move(CHANNEL, player, game.position.format_play(game.legal_plays()[turn % 2 - 1]))
    assert service.match_in_channel(CHANNEL) is None

    games = await storage.games(match_id)
    assert len(games) >= 3
    for game_id, _number, outcome in games:
        events = await storage.game_events(game_id)
        context = await storage.game_context(game_id)
        rebuilt = replay("minigam", events, MatchContext(context["target"], tuple(context["score"])))
        assert rebuilt.outcome is not None
        assert rebuilt.outcome.to_json() == outcome
    with sqlite3.connect(db_path) as db:
        status, state = db.execute(
            "SELECT status, state FROM matches WHERE match_id = ?", (match_id,)
        ).fetchone()
    final = Game.from_json(json.loads(state)["game"])
    assert status == "finished"
    assert final.outcome is not None
    assert max(json.loads(state)["match"]["score"]) >= 3
    await storage.close()


async def test_an_unreadable_stored_match_is_skipped_and_left_alone(
    db_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    storage = await Storage.open(db_path)
    first = MatchService(storage, clock=clock, dice=ScriptedDice(DICE[:2]))
    await start_challenge_match(first)
    match_id = first.match_in_channel(CHANNEL)
    await storage.close()
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE matches SET state = ? WHERE match_id = ?", ('{"match": {}, "game": {}}', match_id))

    storage = await Storage.open(db_path)
    second = MatchService(storage, clock=clock, dice=ScriptedDice([]))
    try:
        assert await second.load() == 0
        assert second.match_in_channel(CHANNEL) is None
        assert f"match {match_id} cannot be loaded" in caplog.text
        assert (await storage.match(match_id)).status == "active"
        with pytest.raises(ServiceError, match="could not be read back after a restart"):
            await second.vs_bot(GUILD, CHANNEL, ALICE)
    finally:
        await storage.close()
