"""Backgammon through Discord: a money game with the cube (a double taken and a gammon; a double dropped),
resignation offers declined and accepted, all by buttons."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from engine import ScriptedDice
from engine.mat_read import read_match
from tests.e2e.db import StoredMatch
from tests.e2e.standin import Message
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

# Alice opens 6-5; then Bob always rolls 2-1 and Alice 6-6: with the pip-saving plays, Alice wins a gammon.
GAMMON_DICE = [6, 5, *[2, 1, 6, 6] * 60]


def labels(message: Message) -> list[str]:
    return [str(b.get("label")) for b in message.buttons()]


async def _money_game(make_world: Callable[..., Awaitable[World]], database_url: str | None = None) -> World:
    world = await make_world(dice=ScriptedDice(GAMMON_DICE), database_url=database_url)
    await world.start_match(world.fake.alice, world.fake.bob, variant="backgammon")
    return world


async def _play_on(world: World, *, double: bool, take: bool) -> None:
    """Alice doubles at her first chance (if ``double``); Bob takes or drops; everyone else rolls; the plays
    come from the board's menu."""
    fake = world.fake
    doubled = False
    for _ in range(300):
        match = await world.settled(fake.general)
        if match.status != "active":
            return
        board = world.board_for(match)
        assert board is not None
        user = world.actor(match)
        if "Double" in labels(board):
            wants = double and not doubled and user is fake.alice
            await fake.click(user, board, board.button("double" if wants else "roll"))
            doubled = doubled or wants
        elif "Take" in labels(board):
            await fake.click(user, board, board.button("take" if take else "drop"))
        else:
            await world.play_by_menu(fake.general)
            continue
        await fake.wait_for(lambda m=match: world.stored(fake.general).version > m.version, what="the answer")
    raise AssertionError("the game did not end")


async def test_a_doubled_game_taken_and_won_with_a_gammon(make_world, database_url: str) -> None:
    world = await _money_game(make_world, database_url)
    fake = world.fake

    await _play_on(world, double=True, take=True)

    final = world.board(fake.general)
    assert "Alice wins a gammon, 4 points." in final.text
    assert "Bob takes: the cube is on 2, theirs." in "\n".join(
        m.text for m in fake.channel_messages(world.table(fake.general))
    )
    assert labels(final) == ["Analyse", "Rematch"]  # the game's analysis, the match again
    assert world.db.rated_variants(fake.guild.id) == []  # money play is not rated
    assert world.warnings() == []


async def test_a_dropped_double_ends_the_game(make_world) -> None:
    world = await _money_game(make_world)

    await _play_on(world, double=True, take=False)

    final = world.board(world.fake.general)
    assert "Bob drops." in final.text
    assert "Alice wins, 1 point (double declined)." in final.text
    assert world.stored(world.fake.general).status == "finished"


async def _next(world: World, before: StoredMatch) -> StoredMatch:
    """The match once an action on ``before`` was stored and its new board posted."""
    fake = world.fake
    await fake.wait_for(lambda: world.stored(fake.general).version > before.version, what="the action")
    return await world.settled(fake.general)


async def test_resignation_offers_declined_then_accepted(make_world) -> None:
    world = await make_world(dice=ScriptedDice(GAMMON_DICE))
    fake = world.fake
    await world.start_match(fake.alice, fake.bob, variant="backgammon", points=5)  # a match: no Jacoby rule
    match = await world.settled(fake.general)
    board = world.board_for(match)
    assert board is not None

    asked = await fake.click(fake.bob, board, board.button("resign"))
    question = await world.ephemeral_reply(asked)
    assert labels(question) == ["Offer a single game", "Offer a gammon", "Offer a backgammon", "No, play on"]
    await fake.click(fake.bob, question, question.button("single"))
    offered = await _next(world, match)
    offer_board = world.board_for(offered)
    assert offer_board is not None
    assert "Bob offers to resign a single game (1 point)." in offer_board.text
    assert labels(offer_board) == ["Accept", "Decline", "Resign"]
    assert fake.alice.mention in offer_board.content

    await fake.click(fake.alice, offer_board, offer_board.button("decline"))
    going_on = await _next(world, offered)
    assert going_on.status == "active"
    assert "Alice declines." in world.board_for(going_on).text

    board = world.board_for(going_on)
    asked = await fake.click(fake.bob, board, board.button("resign"))
    question = await world.ephemeral_reply(asked)
    await fake.click(fake.bob, question, question.button("offer a gammon"))
    offered = await _next(world, going_on)
    offer_board = world.board_for(offered)
    await fake.click(fake.alice, offer_board, offer_board.button("accept"))
    final = await _next(world, offered)

    assert final.status == "active"  # the match to 5 goes on
    texts = [m.text for m in fake.channel_messages(world.table(fake.general))]  # in its thread
    assert any("Alice wins a gammon, 2 points (resignation)." in t for t in texts)
    assert world.warnings() == []


async def test_export_attaches_the_match_as_a_mat_file_that_reads_back(make_world) -> None:
    world = await _money_game(make_world)
    await _play_on(world, double=True, take=True)

    asked = await world.slash(world.fake.bob, "export")
    await world.answer_text(asked)

    (reply,) = [m for m in world.replies(asked) if m.attachments]
    assert reply.ephemeral
    (attachment,) = reply.attachments
    assert attachment.filename.endswith(".mat")
    record = read_match(attachment.data.decode())
    assert record.names == ("Alice", "Bob")
    assert record.score == (4, 0)


async def _resign(world: World, user, offer: str | None) -> StoredMatch:
    """``user`` resigns by /minigam resign and the question's button (a backgammon offer: ``offer``)."""
    fake = world.fake
    before = world.stored(fake.general)
    asked = await world.slash(user, "resign")
    question = await world.ephemeral_reply(asked)
    await fake.click(user, question, question.button(offer or "yes, resign"))
    return await _next(world, before)


async def test_a_money_game_under_the_jacoby_rule_scores_an_undoubled_gammon_single(make_world) -> None:
    world = await _money_game(make_world)

    await _play_on(world, double=False, take=True)

    assert (
        "Alice wins a gammon, 1 point (Jacoby rule: no double, a single game)."
        in world.board(world.fake.general).text
    )


async def test_no_double_is_offered_in_the_crawford_game(make_world) -> None:
    world = await make_world(dice=ScriptedDice([6, 5] * 3 + GAMMON_DICE[2:]))
    fake = world.fake
    await world.start_match(fake.alice, fake.bob, variant="backgammon", points=3)
    for _ in range(2):  # Bob gives up a single twice: 2-0, Alice needs one point
        offered = await _resign(world, fake.bob, "offer a single")
        board = world.board_for(offered)
        await fake.click(fake.alice, board, board.button("accept"))
        await _next(world, offered)

    match = await world.settled(fake.general)
    assert match.game.match.crawford
    await world.play_by_menu(fake.general)  # Alice's opening; Bob may not double: his roll comes at once
    after = await world.settled(fake.general)
    board = world.board_for(after)
    assert "Double" not in labels(board)
    assert after.game.awaiting == "play"


async def test_a_mulligan_resignation_costs_three_and_ends_the_match(make_world) -> None:
    world = await make_world(dice=ScriptedDice([6, 5]))
    fake = world.fake
    await world.start_match(fake.alice, fake.bob, variant="backgammon-mulligan")

    final = await _resign(world, fake.bob, None)

    assert final.status == "finished"
    text = world.board(fake.general).text
    assert "Alice wins a mulligan, 3 points (resignation)." in text
    assert "**Alice wins the match.**" in text
