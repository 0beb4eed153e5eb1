"""Threads on Discord: a thread per match (the channel where the bot may not open one), which match a command
means, spectators in a thread, a finished match's thread archived after a while."""

from __future__ import annotations

import pytest

from tests.e2e.standin.constants import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS
from tests.e2e.world import World, is_board

pytestmark = pytest.mark.e2e


async def test_where_the_bot_may_not_open_threads_the_match_is_played_in_the_channel(world: World) -> None:
    fake = world.fake
    fake.bot_channel_permissions[fake.general.id] = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS

    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")
    busy = await world.slash(fake.carol, "vs-bot", variant="minigam", level="easy")

    assert match.channel_id == fake.general.id
    assert fake.threads() == []
    assert is_board(world.board(fake.general))
    reply = await world.ephemeral_reply(busy)
    assert reply.text.startswith("This channel already has a match in progress (Alice vs Computer (easy))")
    assert fake.violations == []  # the bot never tried to open a thread it may not
    assert fake.forbidden == []


async def test_a_player_with_two_matches_is_asked_which_and_each_thread_means_its_own(world: World) -> None:
    fake = world.fake
    practice = await world.vs_bot(fake.alice, variant="minigam", level="easy")
    human = await world.start_match(fake.alice, fake.bob)
    assert practice.channel_id != human.channel_id
    assert {t.id for t in fake.threads(fake.general)} == {practice.channel_id, human.channel_id}

    asked = await world.slash(fake.alice, "board")  # in #general: which one?
    text = (await world.ephemeral_reply(asked)).text

    assert text.startswith("You have 2 matches in play; use the command in the thread of the one you mean:")
    assert f"<#{practice.channel_id}> Alice vs Computer (easy) · Minigam" in text
    assert f"<#{human.channel_id}> Alice vs Bob · Minigam" in text
    for match in (practice, human):
        looked = await fake.slash(fake.alice, "minigam board", channel=fake.channels[match.channel_id])
        shown = await world.ephemeral_reply(looked)
        assert shown.pngs
        waiting, committed = shown.text.splitlines()  # whose turn, and the dice's commitment
        assert waiting == world.board_for(world.db.match_by_id(match.match_id)).text.splitlines()[-1]
        assert committed.startswith("🎲 Dice committed: SHA-256 `")


async def test_a_spectators_click_on_a_board_gets_a_friendly_refusal(world: World) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    board = world.board_for(match)
    before = world.db.snapshot(match.match_id)

    clicked = await fake.click(fake.carol, board, board.button("resign"))

    reply = await world.ephemeral_reply(clicked)
    assert reply.text.startswith("You're watching this match: only Alice and Bob play in it")
    assert world.db.snapshot(match.match_id) == before
    assert world.warnings() == []


async def test_a_finished_matchs_thread_is_archived_an_hour_after_the_end(world: World) -> None:
    fake = world.fake
    await world.vs_bot(fake.alice, variant="minigam", level="easy")
    final = await world.play_to_end(fake.general)
    thread = fake.channels[final.channel_id]

    await world.sweep()
    assert not thread.archived  # the end is fresh: people read the last board
    world.clock.advance(3600)
    await world.sweep()

    await fake.wait_for(lambda: thread.archived, what="the thread to be archived")
    assert ("PATCH", f"/channels/{thread.id}") in fake.requests
    assert world.warnings() == []


async def test_a_game_against_the_computer_left_idle_an_hour_is_closed_for_nobody(world: World) -> None:
    fake = world.fake
    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")
    thread = fake.channels[match.channel_id]
    board = world.board_for(match)

    world.clock.advance(3599)
    await world.sweep()
    assert world.stored(fake.general).status == "active"
    world.clock.advance(1)
    await world.sweep()

    closed = await fake.wait_for_message(lambda m: "was left idle for 1 hour" in m.text, channel=thread)
    assert closed.text.startswith("Alice's game against the computer was left idle for 1 hour and is closed.")
    assert world.stored(fake.general).status == "cancelled"
    await fake.wait_for(lambda: not fake.messages[board.id].attachments, what="the board to become a line")
    assert not fake.messages[board.id].components
    assert world.db.ratings(fake.guild.id, "minigam") == {}
    assert world.warnings() == []
