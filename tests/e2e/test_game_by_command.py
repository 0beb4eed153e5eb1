"""A whole minigam match between two members, played with ``/minigam move`` to the end."""

from __future__ import annotations

import pytest

from tests.e2e.world import World, board_version, is_board

pytestmark = pytest.mark.e2e


async def test_a_whole_game_by_move_commands_ends_with_a_winner_and_new_ratings(world: World) -> None:
    fake = world.fake
    alice, bob, general = fake.alice, fake.bob, fake.general

    match = await world.start_match(alice, bob)

    # The challenger is player 1 (seat 0).
    assert [s.user_id for s in match.seats] == [alice.id, bob.id]
    assert match.status == "active"
    boards = [world.board_for(match)]
    turns = 0
    while (match := await world.settled(general)).status == "active":
        mover = world.actor(match)
        interaction = await world.play_by_command(general)
        turns += 1
        # A new public board with the picture after every turn, drawn after the play.
        board = await fake.wait_for_message(is_board, channel=world.table(general), after=interaction.sent)
        assert board.pngs[0].data.startswith(b"\x89PNG")
        boards.append(board)
        assert mover.name.title() in world.reply_text(interaction) + board.text
    # 8 checkers x 7 pips = 56 pips to go, at most 12 (6-6 twice) a turn: the winner needs 5 turns or more,
    # and the other player has had at least 4.
    assert turns >= 9
    assert len({b.id for b in boards if b is not None}) == turns + 1

    final = world.stored(general)
    assert final.status == "finished"
    winner = world.user(final.user_at(final.winner_seat))
    loser = bob if winner is alice else alice
    last = world.board(general)
    assert f"{winner.name.title()} wins" in last.text
    assert board_version(last) is None  # no menu or Resign on the last board
    assert final.game.outcome is not None
    assert final.game.position.off[final.winner_seat] == 8

    ratings = world.db.ratings(fake.guild.id, "minigam")
    assert ratings[winner.id].wins == 1
    assert ratings[loser.id].losses == 1
    assert ratings[winner.id].rating > ratings[loser.id].rating

    leaderboard = await world.slash(alice, "leaderboard")
    text = await world.answer_text(leaderboard)
    assert text.index(winner.name.title()) < text.index(loser.name.title())
    assert "1-0" in text
    assert "0-1" in text

    stats = await world.slash(loser, "stats")
    assert "**0** won, **1** lost" in await world.answer_text(stats)

    assert world.warnings() == []
