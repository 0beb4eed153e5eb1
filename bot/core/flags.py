"""What a match clock does when its moment comes (the caller holds the match's lock): the flag falls, and the
player to act loses the match (in money play the game, at the cube's value); or their reserve falls under
:data:`~bot.core.clocks.LOW_RESERVE` and they are warned. The runner's timers call these on time
(:mod:`bot.core.flag_timers`); the sweep, as a safety net, lets a flag past its moment fall."""

from __future__ import annotations

import logging

from bot.core import match_clocks
from bot.core.clocks import LOW_RESERVE
from bot.core.commit import commit
from bot.core.context import Context
from bot.core.live import LiveMatch
from bot.core.notices import Message, Result
from bot.texts import clocks as words

log = logging.getLogger(__name__)

GRACE = 0.5
"""Seconds after the flag's moment before it falls: within a second of it, after any action Discord received
in time and still on its way (one received after the moment is refused)."""


async def flag_fall(ctx: Context, live: LiveMatch) -> Result:
    """If the flag of the player to act in ``live`` has fallen by now (:data:`GRACE` ago), they lose on time:
    stored at the next version, their reserve at 0. Nothing otherwise (they acted in time, or the match
    moved on)."""
    seat = match_clocks.running_seat(live)
    moment = match_clocks.flag_moment(live)
    if seat is None or moment is None or ctx.clock.now() < moment + GRACE:
        return Result()
    name = live.names[seat]
    lost = live.game.forfeit(seat)
    log.info("match %s: the flag of seat %s fell", live.match_id, seat)
    line = words.flag_fell(name, money=live.match.target <= 0)
    live.decided_at = moment  # charged up to the flag: the whole reserve
    try:
        return await commit(ctx, live, lost, [line], forfeit=True)
    finally:
        live.decided_at = None


def low_reserve_warning(ctx: Context, live: LiveMatch) -> Result:
    """The warning for the player to act whose reserve has fallen under
    :data:`~bot.core.clocks.LOW_RESERVE` during this decision (nothing if it has not)."""
    seat, clock = match_clocks.running_seat(live), match_clocks.preset(live)
    moment = match_clocks.warning_moment(live)
    now = ctx.clock.now()
    if seat is None or clock is None or moment is None or now < moment:
        return Result()
    left = match_clocks.reserves_now(live, now)[seat]
    person = live.record.seats[seat]
    text = words.low_reserve(person.name, left, clock, low=LOW_RESERVE)
    return Result([Message(live.record.channel_id, text, mention=person.user_id)])


__all__ = ["GRACE", "flag_fall", "low_reserve_warning"]
