"""The actions the bot takes at once for a person who asked for them (:mod:`bot.core.prefs`): the roll,
a forced play, bearing off.

They run like the computer's turns, never inside another player's action: when an action leaves a person
to act where one of their preferences may apply, the commit (:func:`hold`) reads their preferences and,
if the bot is to act for them, holds the board back (what happened waits for the next board, as before
the computer's turns) and names the match among those the core acts in next; the runner then takes the
action (:mod:`bot.core.autoplay`) through the same commit as a click, at the version it was decided for.
Only the preferences of the person to act count, never another's.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.core.boards import actor_seat, retire_board
from bot.core.context import Context
from bot.core.live import LiveMatch
from bot.core.notices import Result
from bot.core.prefs import AutoRoll, Prefs, prefs_of
from engine import OFF, Awaiting, Game, Play
from engine.ai.backgammon import has_contact

log = logging.getLogger(__name__)

NOT_WORTH_DOUBLING = frozenset({"no double", "too good"})
"""The cube advice (:func:`engine.ai.cube_hint`) under which the ``no-double`` roll is made at once: no
double, or too good to double (playing on for the gammon)."""


@dataclass(frozen=True, slots=True)
class Step:
    """What the bot would do for the person to act: roll (``play`` ``None``), or make ``play``.
    ``ask_cube``: a roll only if the cube advice says doubling isn't worth it; ``bear_off``: the play
    bears off with every die (else it is the only play)."""

    play: Play | None = None
    ask_cube: bool = False
    bear_off: bool = False


def bearing_off(game: Game) -> Play | None:
    """In a backgammon race, the play that bears off a checker with every die, if there is one."""
    if not game.variant.is_backgammon or has_contact(game.position):
        return None
    return next(
        (p for p in game.legal_plays() if p.moves and all(m.dst == OFF for m in p.moves)),
        None,
    )


def might_act(game: Game) -> bool:
    """Whether some preference could make the bot act now (no preference read: cheap, on every turn)."""
    match game.awaiting:
        case Awaiting.ROLL:
            return game.may_double()
        case Awaiting.PLAY:
            plays = game.legal_plays()
            return (len(plays) == 1 and bool(plays[0].moves)) or bearing_off(game) is not None
    return False


def wanted(game: Game, prefs: Prefs, *, rated: bool) -> Step | None:
    """What ``prefs`` (the person to act's) have the bot do now, if anything."""
    match game.awaiting:
        case Awaiting.ROLL if game.may_double():
            if prefs.roll is AutoRoll.ALWAYS:
                return Step()
            if prefs.roll is AutoRoll.NO_DOUBLE and not rated:
                return Step(ask_cube=True)
        case Awaiting.PLAY:
            if prefs.bear_off and (play := bearing_off(game)) is not None:
                return Step(play, bear_off=True)
            plays = game.legal_plays()
            if prefs.forced and len(plays) == 1 and plays[0].moves:
                return Step(plays[0])
    return None


async def step_for(ctx: Context, live: LiveMatch) -> Step | None:
    """What the bot would do now for the person to act in ``live``, by their preferences (read from the
    store); ``None`` for the computer, or when nothing applies."""
    seat = actor_seat(live)
    if seat is None or seat.is_computer or not might_act(live.game):
        return None
    prefs = await prefs_of(ctx, seat.user_id)
    return wanted(live.game, prefs, rated=live.record.rated)


async def hold(ctx: Context, live: LiveMatch, lines: list[str]) -> Result | None:
    """After an action stored in ``live`` (the caller holds its lock): if the bot is to act at once for the
    person to act now, their board is held back, ``lines`` wait for the next board, and the match is named
    for the runner; ``None`` otherwise (the board is shown as usual). A preference that cannot be read
    leaves the board shown: the person acts themselves."""
    try:
        step = await step_for(ctx, live)
    except Exception:
        log.exception("the preferences of the person to act in match %s could not be read", live.match_id)
        return None
    if step is None:
        return None
    live.pending = (*live.pending, *lines)
    live.automatic = True
    return Result(retire_board(live), (live.match_id,))


def pending(ctx: Context, *, started: bool = False) -> list[int]:
    """Matches whose board is held for an automatic action not taken (it failed: the sweep retries); with
    ``started`` (the runner's start, when nothing is held in memory yet), also every match where a person
    is to act and some preference could have the bot act for them. The runner looks at each."""
    out = []
    for live in ctx.live:
        seat = actor_seat(live)
        if seat is None or seat.is_computer:
            continue
        if live.automatic or (started and might_act(live.game)):
            out.append(live.match_id)
    return out


__all__ = ["NOT_WORTH_DOUBLING", "Step", "bearing_off", "hold", "might_act", "pending", "step_for", "wanted"]
