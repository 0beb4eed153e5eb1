"""``/minigam hint``: the computer's advice for the decision in front of a player, in unrated matches.

With dice to play: the best plays with their chances, each with what it gives up against the best (every
variant; in backgammon match play the match winning chance beside the equity), and every other play on
request, a page at a time (the reply's **More plays**, :data:`~bot.models.Prompt.HINTS`). Backgammon's
cube: before rolling, whether to double ("double / take", "no double", "too good"...); facing a double,
whether to take or pass. All from the same evaluation as the post-game analysis (gnubg at 2 ply in
backgammon), computed in the thinking workers.

A game in which someone asked for a hint is recorded as such (:meth:`~bot.store.Transaction.note_hint`):
the money leaderboard keeps it apart.
"""

from __future__ import annotations

from bot import texts
from bot.core.actions import Control
from bot.core.checks import check_turn, check_version, seat_number
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.core.notices import Reply, Result
from bot.models import PlayerRef, Prompt
from bot.texts import hints as words

HINT_PLAYS = words.FIRST_PAGE
"""How many plays a hint shows at first (the others come a page at a time)."""


async def hint(ctx: Context, live: LiveMatch, user: PlayerRef, page: int = 0) -> Result:
    """The advice for ``user``, who must act in ``live`` now (with plays to choose from: the ``page``-th
    page of them); refused in rated matches."""
    if live.record.rated:
        raise ServiceError(texts.HINTS_UNRATED_ONLY)
    check_turn(live, seat_number(live, user.user_id))
    game = live.game
    match game.awaiting:
        case "play":
            found = await ctx.thinker.hint(game, None)
            await _note(ctx, live, user)
            written = words.pages(game, found)
            page = min(max(page, 0), len(written) - 1)
            more = (Control(Prompt.HINTS, argument=str(page + 1)),) if page + 1 < len(written) else ()
            return Result([Reply(written[page], controls=more, match_id=live.match_id, version=live.version)])
        case "roll" | "double-answer":
            advice = await ctx.thinker.cube_hint(game)
            if advice is None:
                raise ServiceError(words.NO_HINT_NOW)
            await _note(ctx, live, user)
            return Result([Reply(words.cube(advice, game))])
    raise ServiceError(words.NO_HINT_NOW)


async def hint_page(ctx: Context, live: LiveMatch, version: int, user: PlayerRef, page: int) -> Result:
    """A later page of the plays of a hint given at ``version`` (**More plays**); refused once the match
    has moved on."""
    check_version(live, version)
    return await hint(ctx, live, user, page)


async def _note(ctx: Context, live: LiveMatch, user: PlayerRef) -> None:
    """Record that ``user`` had a hint in the game now played: the money leaderboard keeps it apart."""
    game_id = live.record.current_game_id
    if game_id is not None:
        async with ctx.store.transaction() as tx:
            await tx.note_hint(game_id, user.user_id, ctx.clock.now())


__all__ = ["HINT_PLAYS", "hint", "hint_page"]
