"""A tournament after a stop between two of its writes, or the sweep looking between them: a match that
ended while nobody recorded its result is decided as the match did, with its real score (the points
difference of the standings stays true); a match an award decided but the stop left in play is ended."""

from __future__ import annotations

from bot.core import Core, Result
from bot.core.notices import TournamentNews
from bot.models import MatchStatus
from bot.store.protocol_tournaments import Decided, TournamentPairing
from tests.bot.conftest import MODERATOR
from tests.bot.test_tournaments import PLAYERS, a_core, match_of, read, resigns, started


def player(user_id: int | None):
    return next(x for x in PLAYERS if x.user_id == user_id)


async def three_one(core: Core, p: TournamentPairing) -> None:
    """``p``'s 3-point match to 2-1 for ``p.a``, one game a resignation."""
    for loser in (p.b, p.a, p.b):
        await resigns(core, player(loser))
    assert match_of(core, player(p.a)).match.score in ((2, 1), (1, 2))


async def test_a_match_ended_before_a_restart_is_decided_with_its_real_score(make_core, clock) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4, format="swiss", rounds=2, points=3)
    t = await read(core, tournament_id)
    p = next(q for q in t.round_pairings(1) if q.playing)
    await three_one(core, p)
    core.ctx.match_over = None  # the bot stops right after the match's last write: nobody records it
    await resigns(core, player(p.b))
    assert not next(q for q in (await read(core, tournament_id)).pairings if q.slot == p.slot).decided
    again = a_core(make_core)  # the restart, after the round's deadline: the match ended well before it
    await again.load()
    clock.advance(2 * 86400)
    result = await again.timeouts.sweep()
    decided = next(q for q in (await read(again, tournament_id)).pairings if (q.round, q.slot) == (1, p.slot))
    assert (decided.winner, decided.points, decided.how) == (p.a, (3, 1), Decided.MATCH)
    news = [n.text for n in result.notices if isinstance(n, TournamentNews)]
    assert any(f"{player(p.a).name} beats {player(p.b).name} 3-1." in text for text in news), news


async def test_the_sweep_first_to_see_a_match_end_records_its_real_score(make_core) -> None:
    """The match's end waits for the tournament while the sweep holds it: the sweep decides it as the
    match did, and the match's own report then finds it decided."""
    core = a_core(make_core)
    tournament_id = await started(core, 4, format="swiss", rounds=2, points=3)
    t = await read(core, tournament_id)
    p = next(q for q in t.round_pairings(1) if q.playing)
    await three_one(core, p)
    told = core.ctx.match_over
    assert told is not None
    core.ctx.match_over = None
    live = match_of(core, player(p.a))
    await resigns(core, player(p.b))  # stored as over, forgotten; its report comes after the sweep
    await core.tournaments.sweep()
    await told(live)
    decided = next(q for q in (await read(core, tournament_id)).pairings if (q.round, q.slot) == (1, p.slot))
    assert (decided.winner, decided.points, decided.how) == (p.a, (3, 1), Decided.MATCH)


async def test_a_stop_between_an_award_and_the_end_of_its_match_ends_it_at_the_restart(make_core) -> None:
    """The award is stored, the bot stops before it ends the match: after the restart the sweep ends it,
    unrated, rather than leaving a match in play whose result is decided already."""
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]

    async def stopped(notices: list) -> Result:  # the stop: nothing after the award's own write
        notices[:] = [n for n in notices if type(n).__name__ != "_Ending"]
        return Result()

    core.tournaments._end_matches = stopped  # type: ignore[method-assign]
    await core.tournaments.award(tournament_id, t.version, MODERATOR, p.b)
    again = a_core(make_core)
    await again.load()
    assert again.ctx.live.get(p.match_id) is not None  # loaded as in play
    result = await again.timeouts.sweep()
    assert again.ctx.live.get(p.match_id) is None
    assert (await again.store.match(p.match_id)).status is MatchStatus.CANCELLED
    assert any("awarded this match" in getattr(n, "text", "") for n in result.notices)
    decided = (await read(again, tournament_id)).round_pairings(1)[0]
    assert (decided.winner, decided.how) == (p.b, Decided.AWARD)


async def test_one_sweep_records_every_match_that_ended_unrecorded(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4, format="swiss", rounds=2)
    core.ctx.match_over = None  # both matches of the round end, nobody records them
    for p in (await read(core, tournament_id)).round_pairings(1):
        await resigns(core, player(p.b))
    again = a_core(make_core)
    await again.load()
    await again.timeouts.sweep()
    t = await read(again, tournament_id)
    assert all(p.decided for p in t.round_pairings(1))
    assert t.round == 2  # paired at once, not a sweep later
