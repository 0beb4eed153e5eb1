"""Which match a typed command is about, from where it was typed and by whom.

A match is played in a thread of its own (or in the channel it was started from, where no thread could be
opened), one at a time there. So:

- in a match's channel: that match, for its players; in its own thread, for anyone (spectators may look,
  never act: the checks refuse them);
- in the thread of a match that is over: that match (a board shows how it ended; acting is refused);
- elsewhere: the one match the person plays in this server, or a refusal that lists theirs when they play
  several (each with a link to its thread), or says how to start one.
"""

from __future__ import annotations

from bot import texts
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch
from bot.store import DamagedRecord
from bot.texts import venue as words


def in_play(
    ctx: Context, channel_id: int | None, user_id: int | None = None, guild_id: int | None = None
) -> LiveMatch:
    """The match in play a command typed in ``channel_id`` by ``user_id`` is about (from memory only: a
    match that is over is not found). Without ``user_id``: the match played in ``channel_id``."""
    live = ctx.live
    here = live.played_in(channel_id) if channel_id is not None else None
    if here is not None and (user_id is None or here.record.has_seat(user_id) or here.record.own_thread):
        return here
    if channel_id in live.damaged:
        raise ServiceError(texts.CHANNEL_MATCH_DAMAGED)
    if user_id is not None:
        theirs = live.of_user(user_id, guild_id)
        if len(theirs) == 1:
            return theirs[0]
        if theirs:
            raise ServiceError(words.which_match([(m.record.channel_id, title(m)) for m in theirs]))
    if here is not None:  # someone who plays nowhere, in a channel where a match is played: they watch it
        return here
    raise ServiceError(texts.NO_MATCH_HERE if user_id is None else words.NO_MATCH_OF_YOURS)


async def to_act_on(
    ctx: Context, channel_id: int, user_id: int | None, guild_id: int | None = None
) -> LiveMatch:
    """As :func:`in_play`, for acting: in the thread of a match that is over, a refusal that says so."""
    ended = await _ended_here(ctx, channel_id, user_id)
    if ended is not None:
        raise ServiceError(words.MATCH_HERE_OVER)
    return in_play(ctx, channel_id, user_id, guild_id)


async def to_show(ctx: Context, channel_id: int, user_id: int, guild_id: int | None = None) -> int:
    """The match a command about a match's record (its board, its file) means: as :func:`in_play`, and where
    none is in play, the last one played in ``channel_id`` or started from it (``user_id``'s, if they played
    one there). Its id; a refusal if there is none."""
    ended = await _ended_here(ctx, channel_id, user_id)
    if ended is not None:
        return ended
    try:
        return in_play(ctx, channel_id, user_id, guild_id).match_id
    except ServiceError:
        if len(ctx.live.of_user(user_id, guild_id)) > 1:
            raise  # which of their matches: the last one over here is not what they mean
        last = await ctx.store.last_match_here(channel_id, user_id)
        if last is None:
            raise
        return last


async def _ended_here(ctx: Context, channel_id: int, user_id: int | None) -> int | None:
    """The last match of ``channel_id`` when the channel is its own thread and it is over (nothing is in
    play there): commands typed there are about it."""
    here = ctx.live.played_in(channel_id)
    if here is not None and (here.record.has_seat(user_id) or here.record.own_thread):
        return None
    if here is not None or channel_id in ctx.live.damaged:
        return None
    last = await ctx.store.latest_match_id(channel_id)
    if last is None:
        return None
    try:
        record = await ctx.store.match(last)
    except DamagedRecord:
        return None
    return last if record is not None and record.own_thread else None


def title(live: LiveMatch) -> str:
    return words.table_title(live.game.variant, live.names)


__all__ = ["in_play", "title", "to_act_on", "to_show"]
