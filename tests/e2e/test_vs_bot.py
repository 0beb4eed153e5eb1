"""A match against the computer, played to the end."""

from __future__ import annotations

import pytest

from tests.e2e.world import World, is_board

pytestmark = pytest.mark.e2e


async def test_a_game_against_the_computer_is_played_to_the_end(world: World) -> None:
    fake = world.fake
    general = fake.general

    match = await world.vs_bot(fake.alice, variant="minigam", level="easy")

    assert match.seats[0]["user_id"] == fake.alice.id  # the human is player 1
    assert match.seats[1]["level"] == "easy"
    final = await world.play_to_end(general)

    assert final.status == "finished"
    assert final.game.position.off[final.winner_seat] == 8
    computer_plays = [p for p in world.db.plays(final.match_id) if p["kind"] == "play" and p["player"] == 1]
    human_plays = [p for p in world.db.plays(final.match_id) if p["kind"] == "play" and p["player"] == 0]
    assert len(computer_plays) >= 4
    assert len(human_plays) >= 4
    # Every one of Alice's turns was answered by her and only her.
    commands = [i for i in fake.interactions.values() if i.type == 2]
    assert {i.user.id for i in commands} == {fake.alice.id}
    # The computer's turns were shown too: more boards than Alice's plays.
    boards = [m for m in fake.channel_messages(general) if is_board(m)]
    assert len(boards) > len(human_plays) + 1
    winner_name = "Alice" if final.winner_seat == 0 else "Computer"
    assert f"{winner_name}" in world.board(general).text
    assert "wins" in world.board(general).text
    # Games against the computer are unrated.
    assert world.db.ratings("minigam") == {}
    assert world.warnings() == []
