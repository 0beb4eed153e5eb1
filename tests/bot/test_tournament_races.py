"""Races in tournaments, through the core: two joins for the last place at once, Start pressed twice (or
as its start time comes), a match ending while the organiser removes its player (either order), and
neither waiting forever."""

from __future__ import annotations

import asyncio

from bot.core import ServiceError
from bot.core.tournaments.service import TournamentAction
from bot.store.protocol_tournaments import Decided
from tests.bot.conftest import MODERATOR
from tests.bot.test_tournaments import PLAYERS, a_core, created, read, resigns, signed_up, started


async def test_two_joins_for_the_last_place_at_once_let_one_in(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await created(core, max_players=4)
    await signed_up(core, tournament_id, 3)
    outcomes = await asyncio.gather(
        core.tournaments.act(tournament_id, 0, PLAYERS[4], TournamentAction.JOIN),
        core.tournaments.act(tournament_id, 0, PLAYERS[5], TournamentAction.JOIN),
        return_exceptions=True,
    )
    assert sum(isinstance(o, ServiceError) and "full" in str(o) for o in outcomes) == 1
    assert len((await read(core, tournament_id)).entrants) == 4


async def test_start_pressed_twice_starts_once(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await created(core)
    await signed_up(core, tournament_id, 4)
    t = await read(core, tournament_id)
    press = core.tournaments.act(tournament_id, t.version, MODERATOR, TournamentAction.START)
    again = core.tournaments.act(tournament_id, t.version, MODERATOR, TournamentAction.START)
    outcomes = await asyncio.gather(press, again, return_exceptions=True)
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(refused) == 1
    assert "started" in str(refused[0])
    t = await read(core, tournament_id)
    assert len(t.round_pairings(1)) == 2
    assert len(core.ctx.live) == 2


async def test_a_match_ending_while_its_player_is_removed_is_decided_once(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = next(p for p in t.round_pairings(1) if p.playing)
    loser = next(x for x in PLAYERS if x.user_id == p.b)
    winner = next(x for x in PLAYERS if x.user_id == p.a)
    outcomes = await asyncio.gather(
        resigns(core, loser),  # the match ends: p.a wins
        core.tournaments.remove(tournament_id, t.version, MODERATOR, p.a),  # ... while p.a is removed
        return_exceptions=True,
    )
    assert not [o for o in outcomes if isinstance(o, Exception) and not isinstance(o, ServiceError)]
    after = await read(core, tournament_id)
    decided = next(q for q in after.pairings if (q.round, q.slot) == (p.round, p.slot))
    assert decided.winner in (winner.user_id, loser.user_id)
    assert after.entrant(winner.user_id).removed
    if decided.winner == winner.user_id:  # the match ended first: the removal loses the next one
        assert decided.how is Decided.MATCH
    else:
        assert decided.how is Decided.WALKOVER
    assert core.ctx.live.get(p.match_id) is None


async def test_the_removal_first_then_the_match_ending_behind_it_neither_waits_forever(make_core) -> None:
    """The organiser's removal holds the tournament; the match of the removed player ends meanwhile (its
    lock held, waiting for the tournament's): the removal decides the pairing, the match's end then finds
    it decided, and the removal's ending of the match finds it over."""
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = next(q for q in t.round_pairings(1) if q.playing)
    removed = next(x for x in PLAYERS if x.user_id == p.a)
    other = next(x for x in PLAYERS if x.user_id == p.b)
    async with core.tournaments.locks.hold(tournament_id):  # both queue behind this: the removal first
        removal = asyncio.create_task(core.tournaments.remove(tournament_id, t.version, MODERATOR, p.a))
        await asyncio.sleep(0)
        ending = asyncio.create_task(resigns(core, other))  # p.a would win this match
        await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(removal, ending), timeout=30)
    decided = next(q for q in (await read(core, tournament_id)).pairings if (q.round, q.slot) == (1, p.slot))
    assert (decided.winner, decided.how) == (other.user_id, Decided.WALKOVER)
    assert core.ctx.live.get(p.match_id) is None
    assert removed.user_id not in {
        u for q in (await read(core, tournament_id)).pairings if q.round == 2 for u in (q.a, q.b)
    }


async def test_start_pressed_as_the_start_time_comes_starts_once(make_core, clock) -> None:
    core = a_core(make_core)
    tournament_id = await created(core, starts="in 10m")
    await signed_up(core, tournament_id, 4)
    t = await read(core, tournament_id)
    clock.advance(601)
    outcomes = await asyncio.gather(
        core.tournaments.act(tournament_id, t.version, MODERATOR, TournamentAction.START),
        core.tournaments.sweep(),
        return_exceptions=True,
    )
    assert not [o for o in outcomes if isinstance(o, Exception) and not isinstance(o, ServiceError)]
    t = await read(core, tournament_id)
    assert t.is_running
    assert len(t.round_pairings(1)) == 2
    assert len(core.ctx.live) == 2
