"""Refusals: each is an ephemeral answer to whoever acted, and the stored game does not change."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from engine import Dice
from tests.e2e.standin import Interaction
from tests.e2e.standin.constants import MESSAGE_COMPONENT
from tests.e2e.world import OpeningThenSeeded, World

pytestmark = pytest.mark.e2e


@pytest.fixture
async def table(make_world: Callable[..., Awaitable[World]]) -> World:
    """Alice vs Bob, challenged in #general and played in its thread; Alice to play 5-2 with all her
    checkers on the bar."""
    world = await make_world(dice=OpeningThenSeeded([5, 2]))
    match = await world.start_match(world.fake.alice, world.fake.bob)
    assert match.game.dice == Dice(5, 2)
    assert world.actor(match) is world.fake.alice
    return world


async def refused(world: World, interaction: Interaction, *words: str) -> str:
    """The bot's ephemeral answer to ``interaction``, checked to contain ``words`` (case-insensitive)."""
    reply = await world.ephemeral_reply(interaction)
    for word in words:
        assert word.lower() in reply.text.lower(), f"{word!r} not in the reply {reply.text!r}"
    public = [m for m in world.replies(interaction) if not m.ephemeral]
    assert public == [], f"a refusal was published: {public}"
    return reply.text


async def test_a_malformed_play_is_refused_with_the_legal_plays(table: World) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)
    public_before = len(fake.public_messages(table.table(fake.general)))

    interaction = await table.slash(fake.alice, "move", play="bar to five please")

    text = await refused(table, interaction, "legal plays")
    assert "bar/5" in text  # the legal plays are listed
    assert table.db.snapshot(match.match_id) == before
    assert len(fake.public_messages(table.table(fake.general))) == public_before


async def test_an_illegal_play_is_refused(table: World) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)

    # The roll is 5-2: entering on 3 and 4 uses dice Alice does not have.
    interaction = await table.slash(fake.alice, "move", play="bar/3 bar/4")

    await refused(table, interaction, "legal plays")
    assert table.db.snapshot(match.match_id) == before


async def test_a_member_who_is_not_playing_only_watches(table: World) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)
    thread = table.table(fake.general)

    in_the_thread = await table.fake.slash(fake.carol, "minigam move", channel=thread, play="bar/5 bar/2")
    elsewhere = await table.slash(fake.carol, "move", play="bar/5 bar/2")

    await refused(table, in_the_thread, "watching this match", "only Alice and Bob play")
    await refused(table, elsewhere, "no match in play")
    assert table.db.snapshot(match.match_id) == before
    looked = await table.fake.slash(fake.carol, "minigam board", channel=thread)  # watching is fine
    shown = await table.ephemeral_reply(looked)
    assert shown.pngs
    assert not shown.items()


async def test_moving_out_of_turn_is_refused(table: World) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)

    interaction = await table.slash(fake.bob, "move", play="bar/5 bar/2")

    await refused(table, interaction, "not your turn")
    assert table.db.snapshot(match.match_id) == before


async def test_the_board_menu_and_resign_button_refuse_anyone_but_the_player_to_move(table: World) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)
    board = table.board_for(match)
    assert board is not None
    menu = next(s for s in board.selects() if s.get("type") == 3)
    value = menu["options"][0]["value"]

    by_bob = await fake.click(fake.bob, board, menu, values=[value])
    by_carol = await fake.click(fake.carol, board, menu, values=[value])
    resign_by_carol = await fake.click(fake.carol, board, board.button("resign"))

    await refused(table, by_bob, "not your turn")
    await refused(table, by_carol)
    await refused(table, resign_by_carol)
    assert table.db.snapshot(match.match_id) == before
    assert board.custom_ids() == table.board_for(match).custom_ids()  # the board is as it was


async def test_only_the_challenged_member_can_answer_a_challenge(
    make_world: Callable[..., Awaitable[World]],
) -> None:
    world = await make_world()
    fake = world.fake
    invite = await world.challenge(fake.alice, fake.bob)

    by_alice = await fake.click(fake.alice, invite, invite.button("accept"))
    by_carol = await fake.click(fake.carol, invite, invite.button("decline"))

    await refused(world, by_alice, "only")
    await refused(world, by_carol, "only")
    [challenge] = world.db.pending_challenges(fake.general.id)
    assert challenge.status == "pending"
    assert world.db.newest_match_id(fake.general.id) is None
    assert invite.button("accept")  # still there for Bob


async def test_a_match_started_in_a_matchs_thread_is_refused(table: World) -> None:
    fake = table.fake
    thread = table.table(fake.general)
    interaction = await fake.slash(fake.carol, "minigam challenge", channel=thread, opponent=fake.dana)

    await refused(table, interaction, "This thread is the table of Alice vs Bob", fake.general.mention)
    assert table.db.pending_challenges(thread.id) == []


async def test_the_refusals_left_no_warning_in_the_logs(table: World) -> None:
    fake = table.fake
    await refused(table, await table.slash(fake.alice, "move", play="xyz"))
    await refused(table, await table.slash(fake.bob, "move", play="bar/5 bar/2"))
    await refused(table, await table.slash(fake.carol, "resign"))

    assert table.warnings() == []


async def test_only_a_member_with_manage_server_can_cancel_a_match(table: World) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)

    thread = table.table(fake.general)
    by_alice = await fake.slash(fake.alice, "minigam cancel", channel=thread)
    await refused(table, by_alice, "manage server")
    assert table.db.snapshot(match.match_id) == before

    by_dana = await fake.slash(fake.dana, "minigam cancel", channel=thread)
    text = await table.answer_text(by_dana)
    assert "cancelled" in text.lower()
    assert table.stored(fake.general).status == "cancelled"
    assert table.db.ratings(fake.guild.id, "minigam") == {}
    # The old board is a line of the thread now: no menu, no picture.
    board = fake.messages[match.board_message_id]
    assert not board.items()
    assert not board.attachments


@pytest.mark.parametrize("custom_id", ["mgb:minigam:1.5", "mg:1:2:nonsense", "zz"])
async def test_a_button_with_a_crafted_id_gets_a_short_refusal(table: World, custom_id: str) -> None:
    fake = table.fake
    match = table.stored(fake.general)
    before = table.db.snapshot(match.match_id)
    board = table.board_for(match)
    assert board is not None

    # A modified client can send any custom id with a click; Discord passes it on as it is.
    interaction = await fake._send_interaction(
        MESSAGE_COMPONENT,
        fake.alice,
        fake.channels[board.channel_id],
        {"custom_id": custom_id, "component_type": 2},
        board,
    )

    text = await refused(table, interaction, "isn't one this bot knows", "nothing was done")
    assert len(text) < 200
    assert table.db.snapshot(match.match_id) == before
