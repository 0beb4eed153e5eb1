"""The runner's side of the automatic actions (:mod:`bot.core.automatic`): taking one.

Like the computer's turn: under the match's lock, what the person to act faces and at which version;
outside it, their preferences read (and, for ``no-double``, the cube advice asked of the thinking workers,
never on the event loop); under the lock again, the action, only if the match is still at that version
(the person's own click or command got there first otherwise, and the automatic action is dropped), stored
through the same commit as theirs. A board held back that no automatic action follows (a preference
changed meanwhile, the cube advice says double) is shown after all.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot import texts
from bot.core.automatic import NOT_WORTH_DOUBLING, step_for
from bot.core.boards import actor_seat, next_board
from bot.core.commit import commit, match_dice
from bot.core.context import Context
from bot.core.live import LiveMatch
from bot.core.notices import Result
from bot.store import StaleWrite
from bot.texts import prefs as words

log = logging.getLogger(__name__)

Reload = Callable[[LiveMatch], Awaitable[None]]


def person_to_act(ctx: Context, match_id: int) -> bool:
    """Whether a person (not the computer) is to act in ``match_id``: an automatic action, not a turn of
    the computer's, is what the runner may take there."""
    live = ctx.live.get(match_id)
    seat = actor_seat(live) if live is not None else None
    return seat is not None and not seat.is_computer


def runner_due(ctx: Context, match_id: int) -> bool:
    """Whether the runner has something to do in ``match_id`` now: the computer's turn, or an automatic
    action whose board is held. An automatic action that found its match moved on (a person's click got
    there first) asks this before its task ends: the action that moved it on may have named the match for
    the runner while the task was still running, and such a name is not taken twice."""
    live = ctx.live.get(match_id)
    if live is None or not live.is_live:
        return False
    seat = actor_seat(live)
    return live.automatic or (seat is not None and seat.is_computer)


async def automatic_turn(ctx: Context, match_id: int, reload: Reload) -> Result:
    """Take the automatic action the person to act in ``match_id`` asked for, if any (``reload``: reads a
    match back after another process changed it)."""
    live = ctx.live.get(match_id)
    if live is None:
        return Result()
    async with live.lock:
        if not live.is_live or ctx.live.get(match_id) is not live:
            return Result()
        version, game = live.version, live.game
    no_double = False
    try:
        step = await step_for(ctx, live)
        no_double = step is not None and step.ask_cube
        if no_double:
            advice = await ctx.thinker.cube_hint(game)
            if advice is None or advice.advice not in NOT_WORTH_DOUBLING:
                step = None
    except Exception:  # no preferences or no advice to be had: the person acts themselves
        log.exception("no automatic action could be decided in match %s; its board is shown", match_id)
        step = None
    async with live.lock:
        if live.version != version or not live.is_live or ctx.live.get(match_id) is not live:
            return Result()  # the person acted first (or the match ended): nothing to do for them
        held, live.automatic = live.automatic, False
        if step is None:  # the board held back is shown after all; one not held is shown already
            return next_board(live, []) if held else Result()
        seat = actor_seat(live)
        assert seat is not None
        live.decided_at = live.clock_from  # a match clock: the bot's own time to act for them is not theirs
        try:
            if step.play is None:
                line = words.rolled_automatically(seat.name, no_double=no_double)
                return await commit(ctx, live, game.roll(match_dice(ctx, live, game)), [line])
            played = texts.played(seat.name, game.position.format_play(step.play), game.dice)
            line = words.played_automatically(played, bear_off=step.bear_off)
            return await commit(ctx, live, game.play(step.play), [line])
        except StaleWrite:
            await reload(live)
            return Result()
        finally:
            live.decided_at = None


__all__ = ["automatic_turn", "person_to_act", "runner_due"]
