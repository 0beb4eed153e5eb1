"""Time, through the injectable clock: challenges expire, slow players are reminded and then forfeit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def test_an_unanswered_challenge_expires(make_world: Callable[..., Awaitable[World]]) -> None:
    world = await make_world(challenge_timeout=600)
    fake = world.fake
    invite = await world.challenge(fake.alice, fake.bob)

    world.clock.advance(599)
    await world.sweep()
    [challenge] = world.db.pending_challenges(fake.general.id)
    assert invite.button("accept")

    world.clock.advance(2)
    await world.sweep()

    await fake.wait_for(lambda: not invite.buttons(), what="the challenge's buttons to go")
    assert "expired" in invite.text
    assert world.db.pending_challenges(fake.general.id) == []
    expired = world.db.challenge(challenge.challenge_id)
    assert expired is not None
    assert expired.status == "expired"
    assert world.db.newest_match_id(fake.general.id) is None
    # The channel is free for a new challenge.
    again = await world.challenge(fake.alice, fake.bob)
    assert again.id != invite.id
    assert world.warnings() == []


async def test_a_slow_player_is_reminded_then_forfeits(make_world: Callable[..., Awaitable[World]]) -> None:
    world = await make_world(turn_timeout=3600)
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    slow = world.actor(match)
    waiting = world.other(match)
    before = world.db.snapshot(match.match_id)

    world.clock.advance(1799)
    await world.sweep()
    assert world.db.snapshot(match.match_id) == before  # nothing before half time

    world.clock.advance(2)
    await world.sweep()
    reminder = await fake.wait_for_message(
        lambda m: slow.mention in m.content and "still your turn" in m.text, channel=world.table(fake.general)
    )
    assert not reminder.ephemeral
    assert world.stored(fake.general).status == "active"

    world.clock.advance(1800)
    await world.sweep()

    final = await world.settled(fake.general)
    assert final.status == "finished"
    assert final.user_at(final.winner_seat) == waiting.id
    assert final.game.outcome is not None
    assert final.game.outcome.termination.value == "forfeit"
    assert "forfeit" in world.board(fake.general).text
    # the slow player never made a play, so the match proves nothing: unrated (the anti-farming guard)
    assert "Unrated: the match ended before both players had made a play." in world.board(fake.general).text
    assert world.db.ratings(fake.guild.id, "minigam") == {}
    assert world.warnings() == []
