"""A board posted as the reply to ``/minigam move`` is retired through that interaction's token, outside
Discord's global limit, for as long as the token works; after that, or when Discord refuses the token, it
is retired through the channel, as before."""

from __future__ import annotations

import pytest

from tests.e2e.standin import under_global_limit
from tests.e2e.standin.constants import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def _replied_board(world: World, *, lifetime: float | None = None):
    """A match whose current board is the reply to a move (remembered for ``lifetime`` seconds, if
    given): (the match after it, that reply's interaction, the board)."""
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    if lifetime is not None:
        world.bot.publisher.links.lifetime = lifetime
    table = fake.channels[match.channel_id]
    typed = await world.slash(world.actor(match), "move", channel=table, play=world.pick(match))
    after = await world.settled(fake.general)
    board = fake.messages[typed.original_id]
    assert world.board_for(after).id == board.id
    return after, typed, board


def _channel_edits(fake, message_id: int, since: int) -> list[tuple[str, str]]:
    return [
        (m, p) for m, p in fake.requests[since:] if m == "PATCH" and p.endswith(f"/messages/{message_id}")
    ]


async def test_a_board_whose_link_is_too_old_is_retired_through_the_channel(world: World) -> None:
    fake = world.fake
    match, typed, board = await _replied_board(world, lifetime=0.0)  # as if 14 minutes had passed
    since = len(fake.requests)

    await world.slash(
        world.actor(match), "move", channel=fake.channels[match.channel_id], play=world.pick(match)
    )
    await world.settled(fake.general)

    await fake.wait_for(lambda: not fake.messages[board.id].pngs, what="the old board to be retired")
    assert fake.messages[board.id].text
    assert not fake.messages[board.id].items()
    assert _channel_edits(fake, board.id, since) == [
        ("PATCH", f"/channels/{match.channel_id}/messages/{board.id}")
    ]
    assert not any(
        p.startswith(f"/webhooks/{fake.application_id}/{typed.token}") for _, p in fake.requests[since:]
    )
    assert fake.violations == []
    assert world.warnings() == []


async def test_a_token_discord_refuses_falls_back_to_the_channel(world: World) -> None:
    fake = world.fake
    match, typed, board = await _replied_board(world)
    fake.token_lifetime = 0.0  # Discord says the token is spent, though the bot thinks it works
    since = len(fake.requests)

    await world.slash(
        world.actor(match), "move", channel=fake.channels[match.channel_id], play=world.pick(match)
    )
    after = await world.settled(fake.general)

    await fake.wait_for(lambda: not fake.messages[board.id].pngs, what="the old board to be retired")
    assert fake.messages[board.id].text
    assert not fake.messages[board.id].items()
    tried = f"/webhooks/{fake.application_id}/{typed.token}/messages/@original"
    assert ("PATCH", tried) in fake.requests[since:]  # refused (401, code 50027) ...
    assert _channel_edits(fake, board.id, since) == [
        ("PATCH", f"/channels/{match.channel_id}/messages/{board.id}")
    ]
    assert board.id not in world.bot.publisher.links  # ... and not tried again
    assert world.board_for(after) is not None
    assert fake.violations == []
    assert world.warnings() == []


async def test_where_no_thread_opens_the_first_board_follows_accept_and_is_retired_through_it(
    world: World,
) -> None:
    fake = world.fake
    fake.bot_channel_permissions[fake.general.id] = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS
    match = await world.start_match(fake.alice, fake.bob)
    assert match.channel_id == fake.general.id  # played in the channel itself
    accept = next(i for i in reversed(fake.interactions.values()) if i.message_id is not None)
    first = world.board_for(match)
    assert accept.followup_ids == [first.id]  # outside Discord's global limit, like the answer
    assert not first.ephemeral

    since, global_since = len(fake.requests), len(fake.global_times)
    await world.slash(world.actor(match), "move", channel=fake.general, play=world.pick(match))
    await world.settled(fake.general)

    await fake.wait_for(lambda: not fake.messages[first.id].pngs, what="the first board to be retired")
    assert ("PATCH", f"/webhooks/{fake.application_id}/{accept.token}/messages/{first.id}") in fake.requests[
        since:
    ]
    assert len(fake.global_times) == global_since
    assert fake.violations == []
    assert world.warnings() == []


async def test_the_computers_board_follows_the_move_it_answers(world: World) -> None:
    """Against the computer, its board is a followup of the player's ``/minigam move`` (answered privately,
    its board retired), and the next move retires it through the same token: only the typing indicator is
    under Discord's global limit."""
    fake = world.fake
    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")
    thread = fake.channels[match.channel_id]

    first = await world.slash(fake.alice, "move", channel=thread, play=world.pick(match))
    match = await world.settled(fake.general)
    board = world.board_for(match)
    assert board is not None
    assert match.game.actor == 0  # Alice's turn again: the board is after the computer's
    assert first.followup_ids == [board.id]
    assert not board.ephemeral

    since, global_since = len(fake.requests), len(fake.global_times)
    second = await world.slash(fake.alice, "move", channel=thread, play=world.pick(match))
    match = await world.settled(fake.general)

    await fake.wait_for(lambda: not fake.messages[board.id].pngs, what="the computer's board to be retired")
    assert fake.messages[board.id].text
    assert second.followup_ids == [world.board_for(match).id]
    calls = fake.requests[since:]
    assert ("PATCH", f"/webhooks/{fake.application_id}/{first.token}/messages/{board.id}") in calls
    under_limit = [(m, p) for m, p in calls if under_global_limit(p)]
    assert under_limit  # the typing indicator ...
    assert all(p.endswith("/typing") for _, p in under_limit)  # ... and nothing else
    assert len(fake.global_times) - global_since == len(under_limit)
    assert fake.violations == []
    assert world.warnings() == []


async def test_where_no_thread_opens_vs_bot_is_answered_by_the_first_board(world: World) -> None:
    fake = world.fake
    fake.bot_channel_permissions[fake.general.id] = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS
    global_before = len(fake.global_times)
    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")
    assert match.channel_id == fake.general.id
    started = next(i for i in reversed(fake.interactions.values()) if i.type == 2)
    first = world.board_for(match)
    # the first board is the reply (or, when the computer opens, a followup of the private answer)
    assert first.id == started.original_id or first.id in started.followup_ids
    assert not first.ephemeral
    assert [m.id for m in world.replies(started) if not m.ephemeral] == [first.id]
    assert len(world.replies(started)) <= 2

    typed = await world.slash(fake.alice, "move", channel=fake.general, play=world.pick(match))
    await world.settled(fake.general)

    await fake.wait_for(lambda: not fake.messages[first.id].pngs, what="the first board to be retired")
    through = f"/webhooks/{fake.application_id}/{started.token}/messages/"
    assert any(m == "PATCH" and p.startswith(through) for m, p in fake.requests)  # retired through its token
    assert typed.followup_ids  # the computer's board follows the move
    # under the global limit: only the computer's typing indicator
    under_limit = [p for _, p in fake.requests if under_global_limit(p)]
    assert all(p.endswith("/typing") for p in under_limit[global_before:])
    assert fake.violations == []
    assert world.warnings() == []
