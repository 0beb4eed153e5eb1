"""What players read: the sign-up message (how many it needs to start, whether the organiser starts it or
the clock does, where the bracket or the standings are), and the tournaments offered as they type one."""

from __future__ import annotations

from bot.core.notices import TournamentBoard
from bot.core.tournaments import running
from tests.bot.conftest import GUILD, MODERATOR


async def test_the_sign_up_message_says_how_many_players_it_needs(make_core) -> None:
    from tests.bot.test_tournaments import a_core

    core = a_core(make_core)
    made = await core.tournaments.create(GUILD, 100, MODERATOR, name="Cup", points=1)
    board = made.notices[0]
    assert isinstance(board, TournamentBoard)
    assert "Starts when the organiser presses Start, with at least 4 players." in board.text
    timed = await core.tournaments.create(
        GUILD, 100, MODERATOR, name="League", points=1, format="round-robin", starts="in 2h"
    )
    assert "if at least 3 players signed up" in timed.notices[0].text
    shown = (await core.tournaments.show(GUILD, board.tournament_id)).notices[0]
    assert "at least 4 players" in shown.text


async def test_a_running_knockout_points_to_its_bracket_a_swiss_to_its_standings(make_core) -> None:
    from tests.bot.test_tournaments import a_core, started

    core = a_core(make_core)
    for kind, shown in (("knockout", "bracket"), ("swiss", "standings")):
        tournament_id = await started(core, 4, format=kind, name=kind)
        t = await core.store.tournament(tournament_id)
        assert t is not None
        text = running.board(core.ctx, t).text
        assert f"`/minigam tournament show` for the {shown}." in text


async def test_an_old_tournament_is_offered_by_its_number(make_core) -> None:
    """The autocomplete reads the server's 25 newest; an older one is found by its number."""
    from tests.bot.test_tournaments import a_core

    core = a_core(make_core)
    for n in range(26):
        await core.tournaments.create(GUILD, 100, MODERATOR, name=f"Week {n}", points=1)
    offered = await core.tournaments.choices(GUILD, "#1")
    assert (offered[0][1], offered[0][0].startswith("#1 Week 0")) == (1, True)
    assert await core.tournaments.choices(GUILD + 1, "1") == []  # another server's: not offered
    assert await core.tournaments.choices(GUILD, "9" * 30) == []  # no such number, nor a crash
