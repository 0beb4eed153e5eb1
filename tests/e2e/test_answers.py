"""A turn in as few requests as it takes: the new board is the answer to ``/minigam move`` and to a click
on a board (the board before retired through the interaction that posted it), the challenge's message the
answer to ``/minigam challenge``, the closed challenge the answer to Accept (or Decline); and when the core
is slow, the answer is a deferral in time, as before."""

from __future__ import annotations

import asyncio

import pytest

from bot.app import commands
from tests.e2e.standin.constants import CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE
from tests.e2e.world import World, board_version, is_board

pytestmark = pytest.mark.e2e


async def test_a_move_by_command_is_answered_by_its_new_board_in_two_requests(world: World) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    old = world.board_for(match)
    assert old is not None
    mover, other = world.actor(match), world.other(match)
    table = fake.channels[match.channel_id]
    calls_before = len(fake.requests)

    interaction = await world.slash(mover, "move", channel=table, play=world.pick(match))
    after = await world.settled(fake.general)

    assert interaction.response_type == CHANNEL_MESSAGE  # no deferral: the reply is the board
    board = fake.messages[interaction.original_id]
    assert is_board(board)
    assert not board.ephemeral
    assert board_version(board) == (match.match_id, after.version)
    assert board.text.startswith(f"<@{other.id}>")  # the next player is called, as on any board
    assert world.board_for(after).id == board.id  # stored as the match's board
    # the old board retired to its record; nothing else was said (no "Played.")
    await fake.wait_for(lambda: not fake.messages[old.id].pngs, what="the old board to be retired")
    assert not fake.messages[old.id].items()
    assert world.replies(interaction) == [board]
    turn_calls = fake.requests[calls_before:]
    assert [method for method, _ in turn_calls] == ["POST", "PATCH"]  # the reply, the retirement
    assert fake.violations == []
    assert world.warnings() == []

    # The next board, replied to the next command, retires the one that was a reply: through the token
    # of the interaction that posted it, so the turn makes no request under Discord's global limit.
    calls_before, global_before = len(fake.requests), len(fake.global_times)
    second = await world.slash(other, "move", channel=table, play=world.pick(after))
    await world.settled(fake.general)
    assert second.response_type == CHANNEL_MESSAGE
    await fake.wait_for(lambda: not fake.messages[board.id].pngs, what="the replied board to be retired")
    assert fake.messages[board.id].text  # its one-line record
    assert not fake.messages[board.id].items()
    assert fake.requests[calls_before:] == [
        ("POST", f"/interactions/{second.id}/{second.token}/callback"),
        ("PATCH", f"/webhooks/{fake.application_id}/{interaction.token}/messages/@original"),
    ]
    assert len(fake.global_times) == global_before
    assert len(world.bot.publisher.links) == 1  # the current board's; the retired one is forgotten
    assert fake.violations == []


async def test_a_refused_move_is_one_private_answer_and_changes_nothing(world: World) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    table = fake.channels[match.channel_id]
    before = world.db.snapshot(match.match_id)
    calls_before = len(fake.requests)

    typed = await world.slash(world.actor(match), "move", channel=table, play="6/9")

    reply = await world.ephemeral_reply(typed)
    assert typed.response_type == CHANNEL_MESSAGE
    assert reply.ephemeral
    assert not reply.pngs
    assert len(fake.requests) == calls_before + 1
    assert world.db.snapshot(match.match_id) == before


async def test_a_click_is_answered_by_its_new_board_and_retires_the_clicked_one(world: World) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    first = world.board_for(match)
    table = fake.channels[match.channel_id]
    calls_before = len(fake.requests)
    clicked = await world.play_by_menu(fake.general)
    after = await world.settled(fake.general)
    last = clicked[-1]

    # the seeded first roll's play is in the board's own menu: one click on the board
    assert len(clicked) == 1
    assert last.message_id == first.id
    assert not fake.messages[last.message_id].ephemeral
    assert last.response_type == CHANNEL_MESSAGE  # the click's answer: the new board
    new = world.board_for(after)
    assert new is not None
    assert new.id == last.original_id != first.id
    assert is_board(new)
    assert not new.ephemeral
    assert board_version(new) == (match.match_id, after.version)
    await fake.wait_for(lambda: not fake.messages[first.id].pngs, what="the clicked board to be retired")
    old = fake.messages[first.id]
    assert not old.items()
    assert old.text
    assert world.replies(last) == [new]  # no "Played." after it
    # the first board was posted in the match's new thread, through the channel: it is retired so too
    assert fake.requests[calls_before:] == [
        ("POST", f"/interactions/{last.id}/{last.token}/callback"),
        ("PATCH", f"/channels/{table.id}/messages/{first.id}"),
    ]

    # The next click's board retires the board that answered this click, through this click's token:
    # nothing under Discord's global limit.
    calls_before, global_before = len(fake.requests), len(fake.global_times)
    clicked = await world.play_by_menu(fake.general)
    await world.settled(fake.general)
    await fake.wait_for(lambda: not fake.messages[new.id].pngs, what="the answering board to be retired")
    assert clicked[-1].response_type == CHANNEL_MESSAGE
    webhook = f"/webhooks/{fake.application_id}/{last.token}/messages/@original"
    assert ("PATCH", webhook) in fake.requests[calls_before:]
    assert len(fake.global_times) == global_before
    assert fake.violations == []


async def test_a_challenge_is_answered_by_its_message_in_one_request(world: World) -> None:
    fake = world.fake
    calls_before, global_before = len(fake.requests), len(fake.global_times)

    asked = await fake.slash(fake.alice, "minigam challenge", channel=fake.general, opponent=fake.bob)

    assert asked.response_type == CHANNEL_MESSAGE
    message = fake.messages[asked.original_id]
    assert not message.ephemeral
    assert message.text.startswith(f"<@{fake.bob.id}>")  # the one challenged is pinged
    assert [str(b.get("label")) for b in message.buttons()] == ["Accept", "Decline"]
    accepted = await fake.click(fake.bob, message, message.button("accept"))
    assert accepted.response_type == UPDATE_MESSAGE
    await world.settled(fake.general)
    assert "accepted" in fake.messages[message.id].text.lower()
    assert world.replies(asked) == [message]  # no "Challenge sent." after it
    # one request for the challenge (nothing after it with its token), none under the global limit
    assert [(m, p) for m, p in fake.requests[calls_before:] if asked.token in p] == [
        ("POST", f"/interactions/{asked.id}/{asked.token}/callback")
    ]
    assert fake.requests[calls_before] == ("POST", f"/interactions/{asked.id}/{asked.token}/callback")
    # under the global limit only the match's thread: opened, its two players added, its first board
    assert len(fake.global_times) == global_before + 4
    assert fake.violations == []


async def test_accept_is_answered_by_closing_the_challenge(world: World) -> None:
    fake = world.fake
    await world.start_match(fake.alice, fake.bob)
    accept = next(i for i in reversed(fake.interactions.values()) if i.message_id is not None)
    assert accept.response_type == UPDATE_MESSAGE
    challenge = fake.messages[accept.message_id]
    assert not challenge.items()  # its buttons gone, its text the outcome
    assert "accepted" in challenge.text.lower()
    assert fake.violations == []


async def test_a_slow_turn_is_deferred_in_time_and_then_goes_the_long_way(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    old = world.board_for(match)
    painter = world.bot.publisher.painter
    draw = painter.draw
    answered = asyncio.Event()  # the move was answered: its board may be drawn now

    async def slow_draw(*args, **kwargs):  # slower than the hold: done only once the move is answered
        await answered.wait()
        return await draw(*args, **kwargs)

    monkeypatch.setattr(commands, "HOLD", 0.05)
    monkeypatch.setattr(painter, "draw", slow_draw)
    table = fake.channels[match.channel_id]

    interaction = await world.slash(world.actor(match), "move", channel=table, play=world.pick(match))
    answered.set()
    after = await world.settled(fake.general)
    text = await world.answer_text(interaction)

    assert interaction.response_type == DEFERRED_CHANNEL_MESSAGE  # in time, before the board was drawn
    assert text == "Played."
    new = world.board_for(after)
    assert new is not None
    assert new.id != interaction.original_id
    assert is_board(new)
    assert interaction.responded is not None
    assert interaction.responded < new.created  # deferred before the board was ready
    await fake.wait_for(lambda: not fake.messages[old.id].pngs, what="the old board to be retired")
    assert fake.violations == []


async def test_decline_is_answered_by_closing_the_challenge_and_nothing_more(world: World) -> None:
    fake = world.fake
    challenge = await world.challenge(fake.alice, fake.bob)
    declined = await fake.click(fake.bob, challenge, challenge.button("decline"))

    await fake.wait_for(lambda: not fake.messages[challenge.id].items(), what="the challenge to close")
    assert declined.response_type == UPDATE_MESSAGE
    assert "declined" in fake.messages[challenge.id].text.lower()
    assert world.replies(declined) == []  # the closed challenge says it; no private "You declined"
    assert fake.violations == []
