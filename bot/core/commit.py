"""Storing what an action did to a match, and moving the match on: automatic rolls and passes, the next
game, the end of the match and its ratings. Nothing changes in memory unless the store accepted it.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot import texts
from bot.core import automatic, match_clocks
from bot.core.analysis.reports import offer_analysis
from bot.core.boards import last_board, next_board, retire_board
from bot.core.checks import check_channel_free
from bot.core.clocks import NO_CLOCK, starting_reserves
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.core.match_dice import dice_for, keep_seed
from bot.core.multirating import rate_placings
from bot.core.notices import Board, Reply, Result
from bot.core.rating import rate
from bot.core.settings import Settings
from bot.core.venue import HERE, Venue
from bot.models import ChallengeStatus, MatchRecord, MatchStatus, Seat
from bot.store import Transaction
from bot.texts import dice as dice_words
from bot.texts import venue as words
from bot.texts.multigam import placing_lines
from engine import Awaiting, EventKind, Game, Match
from engine.dice import DiceSource
from engine.dice.record import thrown_dice

log = logging.getLogger(__name__)

MAX_SETTLE_STEPS = 200  # automatic rolls and passes in a row before the core stops and waits


def match_dice(ctx: Context, live: LiveMatch, game: Game) -> DiceSource:
    """The dice ``live`` throws next, ``game`` being its current game as it stands (the stream of its seed
    after every die its record shows: :mod:`bot.core.match_dice`)."""
    return dice_for(ctx.dice, live.seed, live.dice_before + len(thrown_dice(game.events)))


def revealed_seed(live: LiveMatch, text: str) -> str:
    """``text`` and, for a match stored as over, the seed of its dice (its last words: a cancellation)."""
    if live.seed is None or live.record.status is MatchStatus.ACTIVE:
        return text
    return f"{text}\n{dice_words.revealed(live.seed.reveal(), live.match_id)}"


def settle(dice: DiceSource, game: Game, seats: Sequence[Seat]) -> tuple[Game, list[str]]:
    """Roll for the player to move and pass turns that have no legal play, until someone can play, or may
    double (then they choose: roll or double)."""
    lines: list[str] = []
    for _ in range(MAX_SETTLE_STEPS):
        if game.awaiting is Awaiting.ROLL:
            if game.may_double():
                break
            game = game.roll(dice)
        if game.awaiting is Awaiting.PLAY and game.must_pass():
            lines.append(texts.cannot_move(seats[game.turn].name, game.dice))
            game = game.play(game.legal_plays()[0])
            continue
        break
    return game, lines


def game_context(game: Game) -> dict:
    """What a stored game keeps of its match (target, score, Crawford...), as the game started."""
    return game.match.to_json()


def turn_result(live: LiveMatch, lines: list[str], acted: int | None = None) -> Result:
    """What a match that goes on shows after an action by seat ``acted``
    (:func:`~bot.core.boards.next_board`), and whether the computer acts next."""
    return next_board(live, lines, acted)


async def _next_turn(ctx: Context, live: LiveMatch, lines: list[str], acted: int | None = None) -> Result:
    """:func:`turn_result`, unless the bot is to act at once for the person to act next (their
    preferences: :func:`bot.core.automatic.hold`), who then gets their board after that action."""
    held = await automatic.hold(ctx, live, lines)
    return held if held is not None else turn_result(live, lines, acted)


async def commit(
    ctx: Context, live: LiveMatch, game: Game, lines: list[str], *, forfeit: bool = False
) -> Result:
    """Store ``game`` (``live.game`` after one action) at the next version, then roll on, start the next
    game or end the match, and describe it. The caller holds ``live.lock`` and checked the version; the
    store checks it again (:class:`~bot.store.StaleWrite` if another process got there first)."""
    now = ctx.clock.now()
    rec = live.record
    names = live.names
    acted = next((e.player for e in game.events[live.saved_events :]), None)  # who took this action
    lines = [*lines, *placing_lines(live.game, game, names)]  # multigam: the places this action decided
    match = live.match
    finished_game = game if game.outcome is not None else None
    next_game: Game | None = None
    end_lines: list[str] = []
    next_lines: list[str] = []
    status = MatchStatus.ACTIVE
    winner_seat = None
    if finished_game is None:
        game, more = settle(match_dice(ctx, live, game), game, rec.seats)
        lines = [*lines, *more]
    else:
        assert game.outcome is not None
        match = match.record(game.outcome)
        end_lines.append(texts.outcome_line(game.outcome, names))
        if match.target > 1:
            end_lines.append(texts.score_line(match.score, names, match.target))
        if match.is_over:
            status = MatchStatus.FINISHED
            winner_seat = match.winner
            if match.target > 1 or forfeit:
                assert winner_seat is not None
                end_lines.append(texts.match_winner(names[winner_seat]))
        else:
            dice = match_dice(ctx, live, game)  # after the game just over
            first = match.start_game(dice)
            next_game, next_lines = settle(dice, first, rec.seats)
            next_lines.insert(0, texts.opening_line(first, names))
    played = live.played | {
        e.player for e in game.events[live.saved_events :] if e.kind is EventKind.PLAY and e.moves
    }
    game_id = rec.current_game_id
    rating_lines: list[str] = []
    reserves = match_clocks.reserves_after(live, now)  # the player whose clock ran, charged
    clocked = bool(reserves)
    used_next, interrupted = match_clocks.next_decision(live, game, now)  # after a declined resignation
    async with ctx.store.transaction() as tx:
        # First the claim: the version this action was computed from becomes the next one, or the whole
        # transaction fails (another process acted first) before anything else is written.
        await tx.update_match(
            rec.match_id,
            rec.version,
            new_version=rec.version + 1,
            status=status,
            turn_started_at=now,
            reminded=False,
            winner_seat=winner_seat,
            finished_at=now if status is not MatchStatus.ACTIVE else None,
            reserves=reserves if clocked else None,
            clock_used=used_next if clocked else None,
        )
        assert game_id is not None
        await tx.add_events(game_id, live.saved_events, game.events[live.saved_events :], now)
        if finished_game is not None:
            assert finished_game.outcome is not None
            await tx.finish_game(game_id, finished_game.outcome, now)
        if next_game is not None:
            game_id = await tx.insert_game(
                rec.match_id, match.games_played + 1, match.variant.name, game_context(next_game), now
            )
            await tx.add_events(game_id, 0, next_game.events, now)
            await tx.update_match(rec.match_id, rec.version + 1, current_game_id=game_id)
        if status is MatchStatus.FINISHED and match.variant.is_multiplayer:
            rating_lines = await rate_placings(ctx, tx, rec, match.outcomes[-1], frozenset(played), now)
        elif status is MatchStatus.FINISHED and winner_seat is not None:
            rating_lines = await rate(ctx, tx, rec, winner_seat, frozenset(played), now)
    # Stored: now the match moves on in memory.
    live.record = dataclasses.replace(
        rec,
        status=status,
        version=rec.version + 1,
        current_game_id=game_id,
        turn_started_at=now,
        reminded=False,
        winner_seat=winner_seat,
        finished_at=now if status is not MatchStatus.ACTIVE else None,
        reserves=reserves,
        clock_used=used_next,
    )
    live.interrupted = interrupted
    if next_game is not None:
        live.dice_before += len(thrown_dice(game.events))
    live.match = match
    live.game = next_game or game
    live.saved_events = len(live.game.events)
    live.played = frozenset(played)
    live.picking = None
    live.automatic = False  # a board held back for an automatic action is this action's to show
    match_clocks.started(ctx, live, now)  # the next decision's clock (none once the match is over)
    if status is not MatchStatus.ACTIVE:
        ctx.live.forget(live)
        log.info("match %s finished: seat %s won, score %s", rec.match_id, winner_seat, match.score)
    if finished_game is None:
        return await _next_turn(ctx, live, lines, acted)
    # Each game's last board stays as it is (its picture, its Analyse button, and after the match's last
    # game the Rematch button); the board before it becomes its record.
    shown = [*live.pending, *lines, *end_lines, *rating_lines]
    if next_game is None and live.seed is not None:  # stored as over: the seed may be shown
        shown.append(dice_words.revealed(live.seed.reveal(), rec.match_id))
    final = last_board(live, finished_game, shown, match_over=next_game is None)
    final = offer_analysis(final, rec.current_game_id)  # the game that just ended
    live.pending = ()
    if next_game is None:
        return (await _match_over(ctx, live, final)) if status is MatchStatus.FINISHED else Result([final])
    retire_board(live)  # in memory: the next game's first board replaces nothing (the last one retires it)
    result = Result([final])
    result.extend(
        await _next_turn(ctx, live, [texts.game_header(match.games_played + 1), *next_lines], acted)
    )
    return result


async def _match_over(ctx: Context, live: LiveMatch, final: Board) -> Result:
    """The match's last board, then what its end leads to (:attr:`Context.match_over`). The match is stored
    as over whatever that does: a failure there is logged, and the tournament's sweep catches up."""
    result = Result([final])
    if ctx.match_over is not None:
        try:
            result.extend(await ctx.match_over(live))
        except Exception:
            log.exception("what follows the end of match %s failed; the sweep tries again", live.match_id)
    return result


async def cancel_match(ctx: Context, live: LiveMatch) -> None:
    """End ``live`` as cancelled, at its next version: it counts for nobody, nobody's rating changes (the
    caller holds its lock and says why: a moderator, an idle game against the computer)."""
    rec = live.record
    now = ctx.clock.now()
    async with ctx.store.transaction() as tx:
        await tx.update_match(
            rec.match_id,
            rec.version,
            new_version=rec.version + 1,
            status=MatchStatus.CANCELLED,
            finished_at=now,
        )
    live.record = dataclasses.replace(
        rec, status=MatchStatus.CANCELLED, version=rec.version + 1, finished_at=now
    )
    ctx.live.forget(live)


async def start_match(
    ctx: Context,
    *,
    guild_id: int,
    channel_id: int,
    seats: tuple[Seat, ...],
    variant: str,
    target: int | None,
    rated: bool,
    players: Sequence = (),
    challenge_id: int | None = None,
    guild_name: str = "",
    also: Callable[[Transaction, int], Awaitable[None]] | None = None,
    venue: Venue = HERE,
    anchor: int | None = None,
    home_channel_id: int | None = None,
    rematch_of: int | None = None,
    title: str | None = None,
    clock: str = NO_CLOCK,
) -> Result:
    """Start a match from ``channel_id`` (the caller holds that channel's lock): in a thread of its own that
    ``venue`` opens under it (from the message ``anchor``, a challenge's or a lobby's), else in
    ``channel_id`` itself, which must then be free. The opening roll, automatic rolls, stored.
    ``also(tx, match_id)``: more writes in the same transaction (a lobby marks itself started).
    ``home_channel_id``: where a rematch's first match was started from. ``title``: its thread's name
    (default: the variant and the players). ``clock``: the match clock's preset
    (:data:`bot.core.clocks.PRESETS`; ``"none"``: the server's turn limit), two players only."""
    jacoby = (await Settings(ctx).of(guild_id)).jacoby
    match = Match.new(variant, target, jacoby=jacoby)
    clock = match_clocks.chosen(clock, players=match.variant.players)
    names = tuple(s.name for s in seats)
    for seat in seats:
        if not seat.is_computer and len(ctx.live.of_user(seat.user_id)) >= ctx.rules.max_matches:
            raise ServiceError(words.too_many_matches(seat.name, ctx.rules.max_matches))
    thread = None
    if venue.opens_threads(channel_id):
        people = tuple(s.user_id for s in seats if not s.is_computer)
        title = title or words.table_title(match.variant, names)
        thread = await venue.open_thread(channel_id, title, anchor=anchor, people=people)
    if thread is None:
        check_channel_free(ctx, channel_id)
    seed = ctx.seeds()
    dice = dice_for(ctx.dice, seed, 0)
    first = match.start_game(dice)
    game, lines = settle(dice, first, seats)
    lines.insert(0, texts.opening_line(first, names))
    now = ctx.clock.now()
    vs_computer = any(s.is_computer for s in seats)
    record = MatchRecord(
        match_id=0,
        guild_id=guild_id,
        channel_id=thread or channel_id,
        variant=match.variant.name,
        target=match.target,
        rated=rated and (match.variant.is_multiplayer or not vs_computer),  # four: computers are rated
        status=MatchStatus.ACTIVE,
        seats=seats,
        version=1,
        current_game_id=None,
        turn_started_at=now,
        created_at=now,
        home_channel_id=home_channel_id or channel_id,
        rematch_of=rematch_of,
        clock=clock,
        reserves=starting_reserves(clock, match.target, len(seats)),
    )
    async with ctx.store.transaction() as tx:
        await tx.upsert_guild(guild_id, guild_name, now)
        for p in (*players, *seats):
            await tx.upsert_player(p, now)
        match_id = await tx.insert_match(record)
        await keep_seed(tx, match_id, seed)
        game_id = await tx.insert_game(match_id, 1, match.variant.name, game_context(game), now)
        await tx.add_events(game_id, 0, game.events, now)
        await tx.update_match(match_id, 1, current_game_id=game_id)
        if challenge_id is not None:
            await tx.close_challenge(challenge_id, ChallengeStatus.ACCEPTED, match_id)
        if also is not None:
            await also(tx, match_id)
    record = dataclasses.replace(record, match_id=match_id, current_game_id=game_id)
    live = LiveMatch(record, match, game, len(game.events), seed=seed)
    ctx.live.add(live)
    match_clocks.started(ctx, live, now)
    log.info("match %s started in channel %s: %s, %s", match_id, record.channel_id, variant, seats)
    header = texts.match_header(match.variant, [s.name for s in seats], match.target, rated=record.rated)
    result = await _next_turn(ctx, live, [header, dice_words.committed(seed.commitment), *lines])
    # where it is played: news in a thread of its own; here, only if nothing else answered
    result.notices.append(
        Reply(words.match_opened(record.channel_id, thread=thread is not None), confirmation=thread is None)
    )
    return result


__all__ = [
    "cancel_match",
    "commit",
    "game_context",
    "match_dice",
    "revealed_seed",
    "settle",
    "start_match",
    "turn_result",
]
