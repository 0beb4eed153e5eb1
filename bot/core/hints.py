"""``/minigam hint``: the computer's advice for the decision in front of a player, in unrated matches.

With dice to play: the best plays with their chances, each with what it gives up against the best (every
variant). Backgammon's cube: before rolling, whether to double ("double / take", "no double", "too
good"...); facing a double, whether to take or pass. All from the same evaluation as the post-game
analysis (gnubg at 2 ply in backgammon), computed in the thinking workers.
"""

from __future__ import annotations

from bot import texts
from bot.core.checks import check_turn, seat_number
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.core.notices import Reply, Result
from bot.models import PlayerRef
from bot.texts import hints as words

HINT_PLAYS = 3
"""How many plays a hint shows."""


async def hint(ctx: Context, live: LiveMatch, user: PlayerRef) -> Result:
    """The advice for ``user``, who must act in ``live`` now; refused in rated matches."""
    if live.record.rated:
        raise ServiceError(texts.HINTS_UNRATED_ONLY)
    check_turn(live, seat_number(live, user.user_id))
    game = live.game
    match game.awaiting:
        case "play":
            return Result([Reply(words.plays(game, await ctx.thinker.hint(game, HINT_PLAYS)))])
        case "roll" | "double-answer":
            advice = await ctx.thinker.cube_hint(game)
            if advice is None:
                raise ServiceError(words.NO_HINT_NOW)
            return Result([Reply(words.cube(advice, game))])
    raise ServiceError(words.NO_HINT_NOW)


__all__ = ["HINT_PLAYS", "hint"]
