"""The organiser's actions, in the words they get back: a removal before the start takes the player off
the sign-up list (and says so to the organiser, not "you left"); a match a moderator cancelled waits for
the organiser's award, and the standings say so."""

from __future__ import annotations

from bot.core import Action
from bot.core.notices import Reply, TournamentBoard
from bot.store.protocol_tournaments import Decided
from tests.bot.conftest import GUILD, MODERATOR
from tests.bot.test_tournaments import PLAYERS, a_core, created, read, signed_up, started


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


async def test_a_match_a_moderator_cancelled_waits_for_the_award_and_show_says_so(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]
    live = core.ctx.live.get(p.match_id)
    await core.matches.act(
        p.match_id, live.version, MODERATOR, Action.CANCEL
    )  # /minigam cancel, in its thread
    shown = (await core.tournaments.show(GUILD, tournament_id)).notices[0].text
    line = next(x for x in shown.splitlines() if t.name_of(p.a) in x and "vs" in x)
    assert line.endswith("match cancelled, waiting for the organiser's award"), line
    assert "decided at" not in line  # no deadline decides a match nobody plays
    question, version = await core.tournaments.question(GUILD, tournament_id, MODERATOR, "award", PLAYERS[0])
    assert "ends" not in question  # nothing in play to end
    await core.tournaments.award(tournament_id, version, MODERATOR, p.a)
    decided = (await read(core, tournament_id)).round_pairings(1)[0]
    assert (decided.winner, decided.how) == (p.a, Decided.AWARD)
