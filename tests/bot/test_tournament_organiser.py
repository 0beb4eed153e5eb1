"""The organiser's actions, in the words they get back: a removal before the start takes the player off
the sign-up list (and says so to the organiser, not "you left")."""

from __future__ import annotations

from bot.core.notices import Reply, TournamentBoard
from tests.bot.conftest import GUILD, MODERATOR
from tests.bot.test_tournaments import PLAYERS, a_core, created, read, signed_up


async def test_removing_a_player_before_the_start_takes_them_off_the_list(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await created(core)
    await signed_up(core, tournament_id, 3)
    question, version = await core.tournaments.question(GUILD, tournament_id, MODERATOR, "remove", PLAYERS[1])
    assert "walkover" not in question  # no match to lose yet
    assert "P1" in question
    result = await core.tournaments.remove(tournament_id, version, MODERATOR, PLAYERS[1].user_id)
    replies = [n.text for n in result.notices if isinstance(n, Reply)]
    assert replies == ["P1 is out of the tournament."]
    board = next(n for n in result.notices if isinstance(n, TournamentBoard))
    assert "P1" not in board.text
    assert [e.name for e in (await read(core, tournament_id)).entrants] == ["P0", "P2"]
