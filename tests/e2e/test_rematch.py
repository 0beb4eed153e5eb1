"""Rematch on Discord: the button under a finished match's last board starts the same match again in its
thread, seats swapped: against the computer at once, between people once the other accepts. /minigam board
after the end shows how it ended."""

from __future__ import annotations

import pytest

from tests.e2e.world import World, is_board

pytestmark = pytest.mark.e2e


async def test_against_the_computer_rematch_starts_at_once_in_the_same_thread(world: World) -> None:
    fake = world.fake
    await world.vs_bot(fake.alice, variant="minigam", level="easy")
    first = await world.play_to_end(fake.general)
    thread = fake.channels[first.channel_id]
    final = world.board(fake.general)

    refused = await fake.click(fake.carol, final, final.button("rematch"))  # a spectator
    assert (await world.ephemeral_reply(refused)).text == "Only Alice can ask for a rematch of this match."
    clicked = await fake.click(fake.alice, final, final.button("rematch"))
    await fake.wait_for(
        lambda: world.db.newest_match_id(fake.general.id) != first.match_id, what="the rematch"
    )
    again = await world.settled(fake.general)

    assert again.channel_id == thread.id  # the same table
    assert again.seats[0].level == "easy"  # seats swapped: the computer is player 1 now
    assert again.seats[1].user_id == fake.alice.id
    assert "The match is on, here: good luck!" in await world.answer_text(clicked)
    kept = fake.messages[final.id]
    assert is_board(kept)  # the first match's last board keeps its picture and Analyse; its Rematch is spent
    await fake.wait_for(lambda: [b["label"] for b in kept.buttons()] == ["Analyse"], what="Rematch to go")
    assert world.warnings() == []


async def test_between_people_the_opponent_accepts_the_rematch_in_the_thread(world: World) -> None:
    fake = world.fake
    await world.start_match(fake.alice, fake.bob)
    first = await world.play_to_end(fake.general)
    thread = fake.channels[first.channel_id]
    final = world.board(fake.general)

    looked = await world.slash(fake.carol, "board")  # after the end: how it ended, for anyone
    assert (await world.ephemeral_reply(looked)).pngs
    await fake.click(fake.alice, final, final.button("rematch"))
    offer = await fake.wait_for_message(
        lambda m: "**Rematch**, seats swapped." in m.text and bool(m.buttons()), channel=thread
    )
    assert fake.bob.mention in offer.content
    assert world.db.newest_match_id(fake.general.id) == first.match_id  # nothing starts before Bob says yes
    await fake.click(fake.bob, offer, offer.button("accept"))
    await fake.wait_for(
        lambda: world.db.newest_match_id(fake.general.id) != first.match_id, what="the rematch"
    )
    again = await world.settled(fake.general)

    assert again.channel_id == thread.id
    assert [s.user_id for s in again.seats] == [fake.bob.id, fake.alice.id]
    kept = fake.messages[final.id]
    await fake.wait_for(lambda: [b["label"] for b in kept.buttons()] == ["Analyse"], what="Rematch to go")
    assert world.warnings() == []
