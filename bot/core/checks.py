"""The checks every action passes before it is taken: the match still in play and at the version the
person saw, the person seated, their turn, the game waiting for what they do."""

from __future__ import annotations

from bot import texts
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.models import Seat
from engine import Game, Move


def check_open(ctx: Context, live: LiveMatch) -> None:
    if not live.is_live or ctx.table.get(live.match_id) is not live:
        raise ServiceError(texts.match_closed(live.record.status))


def check_channel_free(ctx: Context, channel_id: int) -> None:
    """No match in play in ``channel_id`` (nor one that could not be read back)."""
    if channel_id in ctx.table.damaged:
        raise ServiceError(texts.CHANNEL_MATCH_DAMAGED)
    live = ctx.table.in_channel(channel_id)
    if live is not None:
        raise ServiceError(texts.channel_busy(live.names))


def check_version(live: LiveMatch, version: int) -> None:
    if version != live.version:
        raise ServiceError(texts.OUT_OF_DATE)


def seat_number(live: LiveMatch, user_id: int) -> int:
    for number, seat in enumerate(live.record.seats):
        if seat.user_id == user_id and not seat.is_computer:
            return number
    raise ServiceError(texts.NOT_PLAYING)


def check_turn(live: LiveMatch, seat: int) -> Seat:
    actor = live.game.actor
    if actor is None:
        raise ServiceError(texts.GAME_OVER)
    if actor != seat:
        raise ServiceError(texts.not_your_turn(live.names[actor]))
    return live.record.seats[seat]


def awaiting(live: LiveMatch, seat: int, what: str) -> Game:
    """The game, if ``seat`` is the one to act and the game waits for ``what``."""
    check_turn(live, seat)
    if live.game.awaiting != what:
        raise ServiceError(texts.not_now(what, live.game.awaiting))
    return live.game


def picked(live: LiveMatch, user_id: int) -> tuple[Move, ...]:
    p = live.picking
    return p.moves if p is not None and p.version == live.version and p.user_id == user_id else ()


__all__ = [
    "awaiting",
    "check_channel_free",
    "check_open",
    "check_turn",
    "check_version",
    "picked",
    "seat_number",
]
