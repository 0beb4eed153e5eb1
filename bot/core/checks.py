"""The checks every action passes before it is taken: the thing acted on still stored (a challenge, a
lobby), the match still in play and at the version the person saw, the person seated, their turn, the game
waiting for what they do."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

from bot import texts
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.models import Action, Seat
from bot.store import OutOfRange
from bot.texts import venue as words
from engine import Awaiting, Game, Move
from engine.events import EventKind

T = TypeVar("T")


async def stored(read: Awaitable[T | None], missing: str) -> T:
    """What ``read`` (the store's read of a row by an id from outside: a button's, a command's) finds; the
    refusal ``missing`` if there is none, or none can be: an id past what the store holds (a crafted
    button's ``10**30``) is one that is not stored."""
    try:
        found = await read
    except OutOfRange:
        found = None
    if found is None:
        raise ServiceError(missing)
    return found


def check_open(ctx: Context, live: LiveMatch) -> None:
    if not live.is_live or ctx.live.get(live.match_id) is not live:
        raise ServiceError(texts.match_closed(live.record.status))


def check_channel_free(ctx: Context, channel_id: int) -> None:
    """No match in play in ``channel_id`` (nor one that could not be read back): a match is played there
    (a thread holds one match at a time, and so does a channel where no thread can be opened)."""
    if channel_id in ctx.live.damaged:
        raise ServiceError(texts.CHANNEL_MATCH_DAMAGED)
    live = ctx.live.played_in(channel_id)
    if live is not None:
        rec = live.record
        if rec.own_thread and rec.home_channel_id is not None:
            raise ServiceError(words.thread_busy(live.names, rec.home_channel_id))
        raise ServiceError(words.channel_busy(live.names))


def check_version(live: LiveMatch, version: int) -> None:
    if version != live.version:
        raise ServiceError(texts.OUT_OF_DATE)


def seat_number(live: LiveMatch, user_id: int) -> int:
    """The seat of ``user_id``; a refusal otherwise: they left it (multigam), or they only watch."""
    for number, seat in enumerate(live.record.seats):
        if seat.user_id == user_id and not seat.is_computer:
            return number
    if any(seat.user_id == user_id for seat in live.record.seats):
        raise ServiceError(texts.NOT_PLAYING)
    raise ServiceError(words.spectator([s.name for s in live.record.seats if not s.is_computer]))


def check_turn(live: LiveMatch, seat: int) -> Seat:
    actor = live.game.actor
    if actor is None:
        raise ServiceError(texts.GAME_OVER)
    if actor != seat:
        raise ServiceError(texts.not_your_turn(live.names[actor]))
    return live.record.seats[seat]


def awaiting(live: LiveMatch, seat: int, what: Awaiting) -> Game:
    """The game, if ``seat`` is the one to act and the game waits for ``what``."""
    check_turn(live, seat)
    if live.game.awaiting is not what:
        raise ServiceError(texts.not_now(what, live.game.awaiting))
    return live.game


def check_cube(live: LiveMatch) -> None:
    """A double needs the doubling cube: a game played without one says so, whoever asks and whenever."""
    if not live.game.variant.cube:
        raise ServiceError(texts.no_cube(live.game.variant))


def picked(live: LiveMatch, user_id: int) -> tuple[Move, ...]:
    p = live.picking
    return p.moves if p is not None and p.version == live.version and p.user_id == user_id else ()


__all__ = [
    "awaiting",
    "check_channel_free",
    "check_cube",
    "check_open",
    "check_turn",
    "check_version",
    "picked",
    "seat_number",
    "stored",
]


# The event each action leaves in the game, to tell an action that arrived twice from one that lost a race.
_EVENT_OF = {
    Action.PLAY: EventKind.PLAY,
    Action.DONE: EventKind.PLAY,
    Action.RESIGN: EventKind.RESIGN,
    Action.ACCEPT: EventKind.ACCEPT,
    Action.DECLINE: EventKind.REJECT,
    Action.DOUBLE: EventKind.DOUBLE,
    Action.TAKE: EventKind.TAKE,
    Action.DROP: EventKind.DROP,
    Action.ROLL: EventKind.ROLL,
}


def lost_race(
    fresh: LiveMatch | None, seen: tuple[int | None, int], user_id: int, action: Action, argument: str
) -> str:
    """Why an action found its version taken (``fresh``: the match read back; ``seen``: its game and how
    many events it had when the action started): done already, when the game since has the same event by
    the same person (one click or command delivered twice, e.g. to both sessions of a shard during a
    redeploy; a play: the same moves as typed), else moved on."""
    kind = _EVENT_OF.get(action)
    if fresh is None or kind is None or fresh.record.current_game_id != seen[0]:
        return texts.MOVED_ON_ELSEWHERE
    seats = {n for n, s in enumerate(fresh.record.seats) if s.user_id == user_id and not s.is_computer}
    typed = " ".join(argument.split())
    for e in fresh.game.events[seen[1] :]:
        if e.kind == kind and e.player in seats and (kind != EventKind.PLAY or " ".join(e.moves) == typed):
            return texts.ALREADY_DONE
    return texts.MOVED_ON_ELSEWHERE
