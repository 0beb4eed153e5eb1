"""Four-player games in play: places as they are decided, resigning to the last free place, and the
computer taking over the seat of a person who leaves or runs out of time.

A seat the computer takes over keeps its person (their ``user_id``, so the place it reaches counts for
them) and plays on at the level of the lobby the game came from. The takeover is a change of the match,
not of the game: it claims the match's next version and stores the seat in one transaction, and the
game goes on as it was. Resigning is different: the player takes the lowest place still free and leaves
the game (the engine skips them), and nobody plays their seat.
"""

from __future__ import annotations

import dataclasses
import logging

from bot.core import catalogue
from bot.core.actions import Control
from bot.core.commit import turn_result
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.core.notices import Reply, Result
from bot.models import Action, Prompt
from bot.texts import multigam as words
from engine import EventKind, Game

log = logging.getLogger(__name__)


def resign_question(live: LiveMatch, seat: int) -> Reply:
    """The question "Resign this game?" in multigam: the place it takes; Yes, resign / No, play on."""
    game = live.game
    v = game.variant
    if game.is_over or seat not in game.active_players():
        raise ServiceError(words.PLACE_SETTLED)
    place = v.players - len(words.leavers(game))
    text = words.resign_question(place, v.placing_points[place - 1])
    return _question(live, text, Action.RESIGN)


def _question(live: LiveMatch, text: str, action: Action) -> Reply:
    controls = (Control(action), Control(Prompt.KEEP))
    return Reply(text, controls=controls, match_id=live.match_id, version=live.version)


async def takeover_level(ctx: Context, live: LiveMatch) -> str:
    """The level the computer plays a taken-over seat at: the lobby's, else the table's computers'."""
    lobby = await ctx.store.lobby_of_match(live.match_id)
    if lobby is not None:
        return lobby.level
    return live.record.computer_level or catalogue.DEFAULT_LEVEL


def person_plays(game: Game, seat: int) -> int:
    return sum(1 for e in game.events if e.kind is EventKind.PLAY and e.moves and e.player == seat)


async def leave_question(ctx: Context, live: LiveMatch, seat: int) -> Reply:
    """The question "Leave this game?": the computer takes the seat; Yes, leave / No, play on."""
    check_can_leave(live, seat)
    return _question(live, words.leave_question(await takeover_level(ctx, live)), Action.LEAVE)


def check_can_leave(live: LiveMatch, seat: int) -> None:
    game = live.game
    if not game.variant.is_multiplayer:
        raise ServiceError(words.LEAVE_TWO_PLAYER)
    if live.record.seats[seat].replaced:
        raise ServiceError(words.LEAVE_REPLACED)
    if game.is_over or seat not in game.active_players():
        raise ServiceError(words.PLACE_SETTLED)


async def take_over(
    ctx: Context, live: LiveMatch, seat: int, *, timed_out: bool = False, limit: float | None = None
) -> Result:
    """The computer takes over ``seat`` (the caller holds the match's lock and checked its version), and the
    game goes on: a new board, and the computer's turn if it is that seat's. ``timed_out``: after ``limit``
    seconds of the seat's turn."""
    check_can_leave(live, seat)
    rec = live.record
    level = await takeover_level(ctx, live)
    plays = person_plays(live.game, seat)
    person = rec.seats[seat]
    now = ctx.clock.now()
    on_turn = live.game.actor == seat
    async with ctx.store.transaction() as tx:
        await tx.update_match(
            rec.match_id,
            rec.version,
            new_version=rec.version + 1,
            turn_started_at=now if on_turn else None,
            reminded=False if on_turn else None,
        )
        await tx.replace_seat(rec.match_id, seat, level, plays)
    seats = list(rec.seats)
    seats[seat] = dataclasses.replace(person, level=level, replaced_plays=plays)
    live.record = dataclasses.replace(
        rec,
        version=rec.version + 1,
        seats=tuple(seats),
        turn_started_at=now if on_turn else rec.turn_started_at,
        reminded=False if on_turn else rec.reminded,
    )
    live.picking = None
    log.info("match %s: the computer (%s) plays seat %s of %s", rec.match_id, level, seat, person.user_id)
    if timed_out:
        line = words.replaced_for_time(person.name, limit or ctx.rules.turn_timeout, level)
    else:
        line = words.leaves(person.name, level)
    result = turn_result(live, [line])
    if not timed_out:
        result.notices.append(Reply(words.hand_over_ack()))
    return result


__all__ = ["leave_question", "resign_question", "take_over", "takeover_level"]
