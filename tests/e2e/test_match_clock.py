"""A match on a clock (issue 33 §2), played by buttons through the Discord stand-in: the challenge offers the
clock, every board shows both reserves, a play is charged from its board to the moment the fake Discord
received the click (its interaction id's time, on the bot's fake clock), a click that came after the flag's
moment is refused, and the flag falls on time: the match is lost."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

import pytest

from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def clocked_world(make_world: Callable[..., Awaitable[World]]) -> World:
    world = await make_world()
    world.clock.advance(time.time() - world.clock.now())  # the fake clock from now on, ids in order
    world.fake.snowflake.now = world.clock.now  # the fake Discord's ids carry the bot's fake time
    return world


async def test_a_clocked_match_by_buttons_charges_the_clicks_and_the_flag_falls(
    make_world: Callable[..., Awaitable[World]],
) -> None:
    world = await clocked_world(make_world)
    fake = world.fake

    invite = await world.challenge(fake.alice, fake.bob, variant="minigam", points=3, clock="live")
    assert "On the **live** clock: 12 s a decision, then 6:00 each." in invite.text
    await fake.click(fake.bob, invite, invite.button("accept"))
    match = await world.settled(fake.general)
    first, second = world.actor(match), world.other(match)
    board = world.board_for(match)
    assert board is not None
    assert "⏱ live clock, 12 s a decision: " in board.text
    assert "6:00 (to act)" in board.text

    world.clock.advance(20)  # 12 s of delay, then 8 s of the reserve
    await world.play_by_menu(fake.general)
    match = await world.settled(fake.general)
    board = world.board_for(match)
    assert board is not None
    (clock,) = [line for line in board.text.splitlines() if line.startswith("⏱")]
    assert clock.startswith("⏱ live clock, 12 s a decision: ")
    assert "5:52" in clock  # the first player: 20 s charged, 12 of them free
    assert "6:00 (to act)" in clock  # the other player, fresh

    # The second player's click reaches Discord after the flag's moment (12 s + 6:00), before the bot's
    # timer lets it fall: refused, nothing changed.
    world.clock.advance(12 + 360 + 0.2)
    warning = await fake.wait_for_message(
        lambda m: "under 30 s of reserve left" in m.text, channel=world.table(fake.general)
    )
    assert second.mention in warning.content  # the player to act, pinged once
    select = next(s for s in board.selects() if s.get("type") == 3)  # the board's menu of plays
    late = await fake.click(second, board, select, values=[select["options"][0]["value"]])
    refusal = await world.ephemeral_reply(late)
    assert "your time ran out" in refusal.text
    assert world.stored(fake.general).version == match.version

    world.clock.advance(0.5)  # the flag falls on the timer, no sweep needed
    await fake.wait_for(lambda: world.stored(fake.general).status != "active", what="the flag to fall")
    final = await world.settled(fake.general)

    assert final.status == "finished"
    assert final.user_at(final.winner_seat) == first.id
    last = world.board(fake.general)
    assert "time ran out" in last.text
    assert "loses the match" in last.text
    assert world.warnings() == []
