"""A match against the computer, played to the end in its thread, quietly: one picture per turn, earlier
boards edited down to a line each, the typing indicator while the computer thinks, one ping."""

from __future__ import annotations

import pytest

from bot.app.budget import Budget
from tests.e2e.quiet import as_posted
from tests.e2e.world import World, is_board

pytestmark = pytest.mark.e2e


async def test_a_game_against_the_computer_is_played_to_the_end_in_its_thread(
    make_world, database_url: str
) -> None:
    world: World = await make_world(database_url=database_url)
    fake = world.fake
    general = fake.general

    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")

    assert match.seats[0].user_id == fake.alice.id  # the human is player 1
    assert match.seats[1].level == "easy"
    (thread,) = fake.threads(general)
    assert thread.id == match.channel_id
    assert thread.name == "Alice vs Computer (easy) · Minigam"
    assert fake.alice.id in thread.members
    final = await world.play_to_end(general)

    assert final.status == "finished"
    assert final.game.position.off[final.winner_seat] == 8
    plays = [e for e in final.events if e.kind == "play" and e.moves]
    computer_turns = [e for e in plays if e.player == 1]
    human_plays = [e for e in plays if e.player == 0]
    assert len(computer_turns) >= 4
    assert len(human_plays) >= 4
    # Every one of Alice's turns was answered by her and only her.
    commands = [i for i in fake.interactions.values() if i.type == 2]
    assert {i.user.id for i in commands} == {fake.alice.id}

    # The channel only says that a thread was started; the game is in the thread.
    (started,) = fake.public_messages(general)
    assert started.type == 18
    assert started.content == thread.name
    posted = fake.public_messages(thread)
    # A picture per turn of Alice's (none while the computer thinks), and the last board.
    assert all(len(as_posted(m)["attachments"]) == 1 for m in posted)
    assert len(posted) <= len(human_plays) + 1
    # Only the last board keeps its picture and has a control (Rematch); the others read as plays.
    *earlier, last = posted
    assert is_board(last)
    assert [b["label"] for b in last.buttons()] == ["Analyse", "Rematch"]
    assert all(not m.attachments and not m.components and m.content for m in earlier)
    assert any("Computer (easy) played" in m.content and "Alice played" in m.content for m in earlier)
    # The computer's turns show Discord's typing indicator instead of a "thinking…" board.
    assert len(fake.typing_in(thread)) >= len(computer_turns)
    assert not any("thinking" in m.text for m in posted)
    # One ping: Alice's first turn in the new thread; her later turns follow her own play.
    assert [m for m in posted if "<@" in as_posted(m)["content"]] == posted[:1]
    winner_name = "Alice" if final.winner_seat == 0 else "Computer"
    assert f"{winner_name}" in last.text
    assert "wins" in last.text
    # Games against the computer are unrated.
    assert world.db.ratings(fake.guild.id, "minigam") == {}
    assert world.warnings() == []


async def test_over_its_budget_the_computer_thinks_without_the_typing_indicator(world: World) -> None:
    """The typing indicator is under Discord's global limit and only a courtesy: past its share (many
    computers thinking at once) it is left out, and the game goes on the same."""
    fake = world.fake
    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")
    thread = fake.channels[match.channel_id]
    world.bot.publisher.typing_budget = Budget(0.0, 0)  # none left
    typed_before = len(fake.typing_in(thread))
    since = len(fake.requests)

    await world.slash(fake.alice, "move", channel=thread, play=world.pick(match))
    after = await world.settled(fake.general)

    assert after.version > match.version + 1  # Alice's move and the computer's answer
    assert after.game.actor == 0 or after.status != "active"
    assert len(fake.typing_in(thread)) == typed_before
    assert not any(p.endswith("/typing") for _, p in fake.requests[since:])
    assert world.warnings() == []
