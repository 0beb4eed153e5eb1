"""Four-player games through Discord: a lobby gathered with its buttons, a game of two people and two
computers played to the end, a player who runs out of time replaced by the computer, and restarts in the
middle of a lobby and of a game."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable

import pytest

from bot.models import Seat
from tests.e2e.quiet import as_posted
from tests.e2e.standin import Interaction, Message, User
from tests.e2e.world import BotProcess, World, is_board

pytestmark = pytest.mark.e2e

MENTION = re.compile(r"<@!?(\d+)>")
QUICK = 0  # the computer thinks in a thread: no worker process to warm up (seconds) for a short game


async def open_lobby(world: World, host: User, level: str = "easy") -> Message:
    """``host`` runs ``/minigam multigam``; returns the public lobby message with its buttons."""
    started = time.perf_counter()
    await world.slash(host, "multigam", level=level)
    return await world.fake.wait_for_message(
        lambda m: not m.ephemeral and "lobby, hosted by" in m.text and bool(m.buttons()),
        channel=world.fake.general,
        after=started,
    )


async def click(world: World, user: User, lobby: Message, label: str) -> Interaction:
    """``user`` presses ``label`` on the lobby message as it is now, and the bot answers."""
    current = world.fake.messages[lobby.id]
    interaction = await world.fake.click(user, current, current.button(label))
    await world.answer_text(interaction)
    return interaction


def lobby_text(world: World, lobby: Message) -> str:
    return world.fake.messages[lobby.id].text


def _taken_over(seat: Seat) -> bool:
    """A person's seat the computer plays now, at the easy level."""
    return seat.replaced and seat.level == "easy"


async def gather(world: World, host: User, *others: User) -> Message:
    lobby = await open_lobby(world, host)
    for n, user in enumerate(others, start=2):
        await click(world, user, lobby, "join")
        await world.fake.wait_for(
            lambda n=n, user=user: f"{n}. {user.name.title()}" in lobby_text(world, lobby),
            what=f"{user.name} seated",
        )
    return lobby


async def test_two_people_and_two_computers_play_a_game_to_the_end(
    make_world: Callable[..., Awaitable[World]],
) -> None:
    world = await make_world(ai_workers=QUICK)
    fake = world.fake
    lobby = await gather(world, fake.alice, fake.bob)
    assert "1. Alice (host)\n2. Bob\n3. *open*\n4. *open*" in lobby_text(world, lobby)

    refused = await click(world, fake.carol, lobby, "start")
    assert "Only the host" in world.reply_text(refused)
    twice = await click(world, fake.bob, lobby, "join")
    assert "You're already in this lobby." in world.reply_text(twice)
    await click(world, fake.alice, lobby, "start")

    match = await world.settled(fake.general)
    assert [s.name for s in match.seats] == ["Alice", "Bob", "Computer 3 (easy)", "Computer 4 (easy)"]
    assert "started with Alice, Bob" in lobby_text(world, lobby)
    assert not fake.messages[lobby.id].buttons()
    first_board = world.board(fake.general)
    assert "Opening roll: Alice " in first_board.text
    assert "starts with" in first_board.text

    final = await world.play_to_end(fake.general)

    assert final.status == "finished"
    outcome = final.game.outcome
    assert outcome is not None
    assert sorted(outcome.placings) == [0, 1, 2, 3]
    last = world.board(fake.general)
    assert "**Final places:** 1st" in last.text
    assert [b["label"] for b in last.buttons()] == ["Analyse", "Rematch"]
    # each board, as posted, mentions at most the player to move, and only a person; all but the last are
    # lines of the thread now, without their picture
    posted = [as_posted(m) for m in fake.public_messages(world.table(fake.general))]
    boards = [p for p in posted if p["attachments"]]
    assert len(boards) > 8
    assert [m.id for m in fake.public_messages(world.table(fake.general)) if is_board(m)] == [last.id]
    people = {fake.alice.id, fake.bob.id}
    for board in boards:
        mentioned = {int(u) for u in MENTION.findall(str(board["content"]))}
        assert len(mentioned) <= 1
        assert mentioned <= people
    assert set(world.db.placing_ratings(fake.guild.id)) == people
    assert world.warnings() == []


async def test_a_player_who_runs_out_of_time_is_replaced_by_the_computer(
    make_world: Callable[..., Awaitable[World]],
) -> None:
    world = await make_world(turn_timeout=3600, ai_workers=QUICK)
    fake = world.fake
    lobby = await gather(world, fake.alice, fake.bob)
    await click(world, fake.alice, lobby, "start")
    match = await world.settled(fake.general)
    slow = world.actor(match)
    seat = match.seat_of(slow.id)

    world.clock.advance(3600)
    await world.sweep()

    await fake.wait_for(
        lambda: _taken_over(world.stored(fake.general).seats[seat]), what="the seat taken over"
    )
    await fake.wait_for_message(
        lambda m: f"{slow.name.title()} didn't play within 1 hour; the computer (easy) plays" in m.text,
        channel=world.table(fake.general),
    )
    # the game goes on for the other person, the computer playing the seat in turn
    after = await world.settled(fake.general)
    assert after.user_at(seat) == slow.id  # the seat keeps its person: the place counts for them
    assert world.actor(after) != slow
    await world.play_by_command(fake.general)
    later = await world.settled(fake.general)
    assert later.version > after.version
    assert world.warnings() == []


async def test_a_lobby_and_a_game_survive_restarts(make_world: Callable[..., Awaitable[World]]) -> None:
    world = await make_world(ai_workers=QUICK)
    fake = world.fake
    world.clock.advance(time.time() - world.clock.now())  # the bot in a process keeps the real time
    lobby = await gather(world, fake.alice, fake.bob)
    await world.stop()

    process = BotProcess({**world.process_env(), "AI_WORKERS": str(QUICK)}, world.tmp_path)
    await process.start()
    try:
        await fake.wait_for_identify(2, within=30)
        # the lobby message posted before the restart still works
        await click(world, fake.carol, lobby, "join")
        await fake.wait_for(lambda: "3. Carol" in lobby_text(world, lobby), what="carol seated")
        await click(world, fake.alice, lobby, "start")
        match = await world.settled(fake.general)
        assert [s.name for s in match.seats][:3] == ["Alice", "Bob", "Carol"]
        await world.play_by_command(fake.general)
        middle = await world.settled(fake.general)
    finally:
        code = await process.stop()
    assert code == 0, "\n".join(process.output[-30:])
    assert process.problems() == [], "\n".join(process.output)

    again = await make_world(ai_workers=QUICK)  # and back in this process: the game goes on from where it was
    resumed = await again.settled(fake.general)
    assert resumed.match_id == middle.match_id
    assert resumed.version >= middle.version
    for _ in range(3):
        await again.play_by_command(fake.general)
    assert again.stored(fake.general).version > resumed.version
    assert again.warnings() == []


async def test_leaving_asks_first_then_the_computer_takes_the_seat(
    make_world: Callable[..., Awaitable[World]],
) -> None:
    world = await make_world(ai_workers=QUICK)
    fake = world.fake
    lobby = await gather(world, fake.alice, fake.bob)
    await click(world, fake.alice, lobby, "start")
    match = await world.settled(fake.general)
    seat = match.seat_of(fake.bob.id)

    asked = await world.slash(fake.bob, "leave")
    question = await world.ephemeral_reply(asked)
    assert question.text.startswith("Leave this game? The computer (easy) takes your seat")
    await fake.click(fake.bob, question, question.button("yes, leave"))

    await fake.wait_for(
        lambda: _taken_over(world.stored(fake.general).seats[seat]), what="the seat taken over"
    )
    await fake.wait_for_message(
        lambda m: "Bob leaves the table; the computer (easy) plays Bob's seat from now on." in m.text,
        channel=world.table(fake.general),
    )
    assert world.stored(fake.general).user_at(seat) == fake.bob.id
    again = await world.slash(fake.bob, "leave")
    assert "You're not playing in this match." in await world.answer_text(again)
    assert world.warnings() == []
