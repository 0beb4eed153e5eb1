"""A running tournament moving on: its start (seeds, the first pairings), each pairing's match started in
a thread of its own, results recorded as matches end, the next pairings made as soon as they are known,
and the champion. Every function here is called with the tournament's lock held (never a match's: a match
that ends calls :func:`match_over` with its own lock held, so nothing here takes one), and reads the
tournament from the store, never from memory: a restart loses nothing."""

from __future__ import annotations

import dataclasses
import logging

from bot.core.boards import actor_seat
from bot.core.commit import start_match
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch, load_match
from bot.core.notices import Reply, Result, TournamentBoard, TournamentNews
from bot.core.settings import ServerSettings, Settings
from bot.core.tournaments import progress
from bot.core.tournaments.pictures import bracket_picture
from bot.core.venue import Venue
from bot.models import MatchStatus, Seat
from bot.store.protocol_tournaments import (
    Decided,
    TournamentFormat,
    TournamentPairing,
    TournamentRecord,
    TournamentStatus,
)
from bot.texts import tournaments as words

log = logging.getLogger(__name__)


async def read(ctx: Context, tournament_id: int) -> TournamentRecord:
    t = await ctx.store.tournament(tournament_id)
    if t is None:
        raise ServiceError(words.GONE)
    return t


def board(ctx: Context, t: TournamentRecord, *, new: bool = False) -> TournamentBoard:
    """The sign-up message as ``t`` stands."""
    text = words.signup_text(t, ctx.clock.now(), least=progress.LEAST_PLAYERS[t.format])
    return TournamentBoard(t.channel_id, t.tournament_id, t.version, text, t.is_open, t.message_id, new=new)


async def begin(ctx: Context, venue: Venue, t: TournamentRecord) -> Result:
    """Start ``t`` (open, with enough players): seed the entrants by their ratings as they stand now, fix
    the rounds, make the first pairings and start their matches."""
    rated = [
        dataclasses.replace(e, rating=(await ctx.store.rating(t.guild_id, t.variant, e.user_id)).rating)
        for e in t.entrants
    ]
    seeds = progress.seeding(tuple(rated))
    running = dataclasses.replace(
        t, status=TournamentStatus.RUNNING, rounds=progress.total_rounds(t, len(seeds))
    )
    async with ctx.store.transaction() as tx:
        await tx.update_tournament(running, t.version)
        await tx.seed_entrants(t.tournament_id, seeds)
    t = await read(ctx, t.tournament_id)
    log.info("tournament %s started: %s players, %s rounds", t.tournament_id, len(seeds), t.rounds)
    result = Result([TournamentNews(t.channel_id, words.started(t))])
    return result.extend(await advance(ctx, venue, t))


async def advance(ctx: Context, venue: Venue, t: TournamentRecord) -> Result:
    """Make the pairings due now, crown the champion when there is one, else start the matches that can
    start; the sign-up message first when it changes (a new round, the champion)."""
    news: list[TournamentNews] = []
    while new := progress.due_pairings(t):
        top = max(p.round for p in new)
        async with ctx.store.transaction() as tx:
            await tx.update_tournament(dataclasses.replace(t, round=max(t.round, top)), t.version)
            for p in new:
                await tx.insert_pairing(t.tournament_id, p)
        t = await read(ctx, t.tournament_id)
        for number in sorted({p.round for p in new}):
            made = [p for p in new if p.round == number]
            playing = tuple(u for p in made if not p.decided for u in (p.a, p.b) if u is not None)
            news.append(TournamentNews(t.channel_id, words.paired(t, number, made), mentions=playing))
    winner = progress.champion(t)
    if winner is not None:
        done = dataclasses.replace(
            t, status=TournamentStatus.FINISHED, champion_id=winner, finished_at=ctx.clock.now()
        )
        async with ctx.store.transaction() as tx:
            await tx.update_tournament(done, t.version)
        t = await read(ctx, t.tournament_id)
        log.info("tournament %s won by %s", t.tournament_id, winner)
        knockout = t.format is TournamentFormat.KNOCKOUT
        picture = bracket_picture(t) if knockout else None
        text = words.champion(t, () if knockout else progress.table(t))
        crowned = TournamentNews(t.channel_id, text, mentions=(winner,), bracket=picture)
        return Result([board(ctx, t), *news, crowned])
    result = Result([board(ctx, t), *news] if news else [])  # the sign-up message shows the round
    return result.extend(await start_pending(ctx, venue, t))


async def start_pending(ctx: Context, venue: Venue, t: TournamentRecord) -> Result:
    """Start the match of every pairing that waits for one (where a channel holds one match at a time, as
    at the console, the next waits for the one in play to end)."""
    result = Result()
    rules = await Settings(ctx).of(t.guild_id)
    for p in t.pairings:
        if not p.decided and p.match_id is None and p.b is not None:
            result.extend(await _start(ctx, venue, t, p, rules))
    return result


async def _start(
    ctx: Context, venue: Venue, t: TournamentRecord, p: TournamentPairing, rules: ServerSettings
) -> Result:
    assert p.b is not None
    seats = (Seat(p.a, t.name_of(p.a)), Seat(p.b, t.name_of(p.b)))
    started: list[int] = []

    async def mark_started(tx, match_id: int) -> None:
        deadline = ctx.clock.now() + rules.tournament_round
        await tx.pairing_started(t.tournament_id, p.round, p.slot, match_id, deadline)
        started.append(match_id)

    async with ctx.channel_locks.hold(t.channel_id):
        try:
            result = await start_match(
                ctx,
                guild_id=t.guild_id,
                channel_id=t.channel_id,
                seats=seats,
                variant=t.variant,
                target=t.points,
                rated=rules.rated,
                also=mark_started,
                venue=venue,
                title=words.thread_title(t, p),
                clock=t.clock,
            )
        except ServiceError as exc:  # the channel is busy (one match at a time there), a player too busy
            log.info("tournament %s: pairing %s.%s waits: %s", t.tournament_id, p.round, p.slot, exc)
            return Result()
    live = ctx.live.get(started[0])
    where = live.record.channel_id if live is not None else t.channel_id
    result.notices = [n for n in result.notices if not isinstance(n, Reply)]  # nobody asked here
    result.notices.insert(0, TournamentNews(where, words.your_match(t, p), mentions=(p.a, p.b)))
    return result


async def decide(
    ctx: Context,
    t: TournamentRecord,
    p: TournamentPairing,
    winner: int,
    points: tuple[int, int],
    how: Decided,
) -> TournamentRecord:
    """Record ``p``'s result (claiming ``t``'s next version); ``t`` read back."""
    async with ctx.store.transaction() as tx:
        await tx.update_tournament(t, t.version)
        await tx.decide_pairing(t.tournament_id, p.round, p.slot, winner, points, how)
    log.info("tournament %s: pairing %s.%s won by %s (%s)", t.tournament_id, p.round, p.slot, winner, how)
    return await read(ctx, t.tournament_id)


async def match_over(ctx: Context, venue: Venue, t: TournamentRecord, live: LiveMatch) -> Result:
    """``live``, a match of ``t``, has just ended: its pairing is decided and the tournament moves on."""
    p = t.pairing_of_match(live.match_id)
    rec = live.record
    if not t.is_running or p is None or p.decided or rec.winner_seat is None:
        return Result()
    score = dict(zip((s.user_id for s in rec.seats), live.match.score, strict=False))
    winner = rec.seats[rec.winner_seat].user_id
    ended = rec.finished_at if rec.finished_at is not None else ctx.clock.now()
    how = Decided.DEADLINE if p.deadline is not None and ended >= p.deadline else Decided.MATCH
    return await _decided(ctx, venue, t, p, winner, (score.get(p.a, 0), score.get(p.b or 0, 0)), how)


async def _decided(
    ctx: Context,
    venue: Venue,
    t: TournamentRecord,
    p: TournamentPairing,
    winner: int,
    points: tuple[int, int],
    how: Decided,
) -> Result:
    loser = p.b if winner == p.a else p.a
    removed = t.entrant(winner)
    if removed is not None and removed.removed and loser is not None:  # a removed player loses every match
        winner, how = loser, Decided.WALKOVER
    t = await decide(ctx, t, p, winner, points, how)
    result = Result([TournamentNews(t.channel_id, words.result(t, p, winner, points, how))])
    return result.extend(await advance(ctx, venue, t))


async def catch_up(ctx: Context, venue: Venue, t: TournamentRecord) -> Result:
    """The sweep's look at a running tournament: a pairing whose match ended while nobody recorded it (a
    stop just then, or its end waiting for this lock) is decided from the stored match, as its end would
    have (its score, its deadline), every one of them; the matches that could not start before start."""
    result = Result()
    for p in t.pairings:
        if not p.playing or p.match_id is None or ctx.live.get(p.match_id) is not None:
            continue
        record = await ctx.store.match(p.match_id)
        if record is None or record.status is not MatchStatus.FINISHED or record.winner_seat is None:
            continue  # a cancelled match waits for the organiser's award
        ended = await load_match(ctx.store, p.match_id, over=True)
        t = await read(ctx, t.tournament_id)  # as the one before left it
        if not t.is_running:
            return result
        result.extend(await match_over(ctx, venue, t, ended))
    if result.notices:  # each moved the tournament on
        return result
    return await advance(ctx, venue, t)


async def cancelled_matches(ctx: Context, t: TournamentRecord) -> frozenset[int]:
    """The matches of ``t``'s pairings in play that were cancelled (by a moderator's ``/minigam cancel``):
    no deadline decides them, they wait for the organiser's award."""
    found = set()
    for p in t.pairings:
        if p.playing and p.match_id is not None and ctx.live.get(p.match_id) is None:
            record = await ctx.store.match(p.match_id)
            if record is not None and record.status is MatchStatus.CANCELLED:
                found.add(p.match_id)
    return frozenset(found)


def overdue(ctx: Context, t: TournamentRecord) -> list[int]:
    """The matches of ``t`` in play past their deadline."""
    now = ctx.clock.now()
    return [
        p.match_id
        for p in t.pairings
        if p.playing and p.match_id is not None and p.deadline is not None and p.deadline <= now
    ]


def player_to_move(live: LiveMatch) -> int | None:
    """The seat that forfeits at the deadline: the one the game waits for."""
    seat = actor_seat(live)
    if seat is None or seat.is_computer:
        return None
    return live.game.actor


__all__ = [
    "advance",
    "begin",
    "board",
    "cancelled_matches",
    "catch_up",
    "decide",
    "match_over",
    "overdue",
    "read",
    "start_pending",
]
