"""The clock of a match in play: whose clock runs and since when, the moment its flag falls, what an action
costs, and the line every board shows (the presets and the arithmetic: :mod:`bot.core.clocks`).

Only the player to act has a running clock, and only a person: the computer has none. A decision's clock
runs from its board's posting (from the action's storing until the board is posted, and from this
process's start after a restart: the time the bot was down is not charged) to the moment Discord received
the player's action (:attr:`~bot.core.live.LiveMatch.decided_at`), so the bot's own latency is never
charged. The record keeps each seat's reserve and, for a decision the bot stopped during, the time it had
used (:func:`bank`). Changed under the match's lock, except by :func:`board_posted` and :func:`resume`,
which only move the start later.
"""

from __future__ import annotations

import dataclasses

from bot.core.clocks import (
    CLOCK_NAMES,
    LOW_RESERVE,
    NO_CLOCK,
    Preset,
    UnknownClock,
    charged,
    clock_named,
    preset_of,
    time_left,
    warning_after,
)
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.texts import clocks as words
from engine import Game


def chosen(name: str | None, *, players: int = 2) -> str:
    """The clock a match is started on, by its stored name (``None``: none); a refusal for a name no clock
    has, and for a clock in a game of more than two players."""
    try:
        clock = clock_named(name)
    except UnknownClock as exc:
        raise ServiceError(words.unknown_clock(exc.name, CLOCK_NAMES)) from None
    if clock != NO_CLOCK and players > 2:
        raise ServiceError(words.NO_CLOCK_FOR_FOUR)
    return clock


def preset(live: LiveMatch) -> Preset | None:
    """The clock ``live`` is played on (``None``: none)."""
    return preset_of(live.record.clock) if live.record.reserves else None


def running_seat(live: LiveMatch) -> int | None:
    """The seat whose clock runs now: the person to act in a clocked match in play (never the computer)."""
    if preset(live) is None or not live.is_live:
        return None
    actor = live.game.actor
    if actor is None or live.record.seats[actor].is_computer:
        return None
    return actor


def used(live: LiveMatch, at: float) -> float:
    """Seconds the decision awaited now has taken by ``at``."""
    return live.record.clock_used + max(0.0, at - live.clock_from)


def flag_moment(live: LiveMatch) -> float | None:
    """When the flag of the player to act falls, if nothing happens before (``None``: no clock runs)."""
    seat, clock = running_seat(live), preset(live)
    if seat is None or clock is None:
        return None
    return live.clock_from + time_left(clock, live.record.reserves[seat], live.record.clock_used)


def warning_moment(live: LiveMatch) -> float | None:
    """When the reserve of the player to act falls under :data:`~bot.core.clocks.LOW_RESERVE` during this
    decision (``None``: no clock runs, or it starts under it, which its board says)."""
    seat, clock = running_seat(live), preset(live)
    if seat is None or clock is None:
        return None
    after = warning_after(clock, live.record.reserves[seat])
    return None if after is None else live.clock_from + after - live.record.clock_used


def ran_out(live: LiveMatch, at: float) -> bool:
    """Whether the flag of the player to act had fallen by ``at``."""
    moment = flag_moment(live)
    return moment is not None and at >= moment


def check_in_time(live: LiveMatch, seat: int, at: float) -> None:
    """Refuse an action by ``seat`` that Discord received at ``at``, after the flag of the player to act fell
    (its timer lets it fall within a second)."""
    if ran_out(live, at):
        running = running_seat(live)
        assert running is not None
        raise ServiceError(words.TIME_RAN_OUT if seat == running else words.flag_down(live.names[running]))


def reserves_after(live: LiveMatch, now: float) -> tuple[float, ...]:
    """The reserves once the action in hand is stored: the player whose clock ran is charged for the
    decision, up to when Discord received the action (never later than ``now``, whatever Discord's clock
    says)."""
    at = min(live.decided_at if live.decided_at is not None else now, now)
    return reserves_now(live, at)


def next_decision(live: LiveMatch, game: Game, now: float) -> tuple[float, tuple[int, float] | None]:
    """For the action in hand, which leaves ``game``: the time the decision it awaits next has used
    already, and the decision a resignation offer interrupts (:attr:`~bot.core.live.LiveMatch.interrupted`).
    A new decision has used none. An offer (by either player) interrupts the decision of the player to act;
    once it is declined, that decision resumes with the part of its delay it had used (its reserve was
    charged when it was cut), so that offering to resign never buys a fresh delay."""
    seat, clock = running_seat(live), preset(live)
    if game.resign_offer is not None and live.game.resign_offer is None:  # an offer, just made
        if seat is None or clock is None:
            return 0.0, None
        at = min(live.decided_at if live.decided_at is not None else now, now)
        return 0.0, (seat, min(used(live, at), clock.delay))
    held = live.interrupted
    declined = live.game.resign_offer is not None and game.resign_offer is None and game.outcome is None
    if declined and held is not None and held[0] == game.actor:
        return held[1], None
    return 0.0, None


def reserves_now(live: LiveMatch, at: float) -> tuple[float, ...]:
    """Each seat's reserve as it stands at ``at`` (the player to act's: what is left of it once the delay
    is used)."""
    seat, clock, reserves = running_seat(live), preset(live), live.record.reserves
    if seat is None or clock is None:
        return reserves
    left = charged(clock, reserves[seat], used(live, at))
    return (*reserves[:seat], left, *reserves[seat + 1 :])


def started(ctx: Context, live: LiveMatch, now: float) -> None:
    """A decision's clock starts at ``now`` (an action was stored, a match started, or this process
    started): the runner's flag timer is told."""
    live.clock_from = now
    if running_seat(live) is not None and ctx.clock_started is not None:
        ctx.clock_started(live.match_id)


def board_posted(ctx: Context, live: LiveMatch, now: float) -> None:
    """The board of the decision awaited now is posted at ``now``: its clock runs from there (never from
    earlier, and not once part of the decision was charged before a stop)."""
    if running_seat(live) is not None and live.record.clock_used == 0 and now > live.clock_from:
        started(ctx, live, now)


def resume(live: LiveMatch, now: float) -> None:
    """The bot can be reached again at ``now`` (connected after a restart): a running clock runs from then,
    what it banked before the stop kept."""
    if running_seat(live) is not None and now > live.clock_from:
        live.clock_from = now


async def bank(ctx: Context, live: LiveMatch, *, durable: bool = True) -> None:
    """Store the time the decision awaited now has taken so far, and run its clock on from now: done when
    the bot stops (then the time it is down is not charged) and now and then while a clock runs (a crash
    loses only what was not banked). The caller holds the match's lock; the match's version stays."""
    if running_seat(live) is None:
        return
    now = ctx.clock.now()
    spent = used(live, now)
    async with ctx.store.transaction(durable=durable) as tx:
        await tx.update_match(live.match_id, live.version, clock_used=spent)
    live.record = dataclasses.replace(live.record, clock_used=spent)
    live.clock_from = now


def board_line(live: LiveMatch, at: float | None = None) -> str | None:
    """The clock's line on a board: the people's reserves as they stand at ``at`` (``None``: as the decision
    awaited now starts; the computer has none), and a warning for the player to act with little left.
    ``None`` without a clock."""
    clock = preset(live)
    if clock is None:
        return None
    reserves = reserves_now(live, live.clock_from if at is None else at)
    low = LOW_RESERVE if live.is_live else 0.0  # a match over warns nobody
    people = [n for n, seat in enumerate(live.record.seats) if not seat.is_computer]  # the computer: none
    running = running_seat(live)
    return words.clock_line(
        clock,
        [live.names[n] for n in people],
        [reserves[n] for n in people],
        people.index(running) if running is not None else None,
        low=low,
    )


__all__ = [
    "bank",
    "board_line",
    "board_posted",
    "check_in_time",
    "chosen",
    "flag_moment",
    "next_decision",
    "preset",
    "ran_out",
    "reserves_after",
    "reserves_now",
    "resume",
    "running_seat",
    "started",
    "used",
    "warning_moment",
]
