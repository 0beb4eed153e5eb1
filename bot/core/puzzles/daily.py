"""The daily puzzle: a server's settings name a channel (``puzzle_channel``) and an hour (``puzzle_hour``,
UTC); from that hour each day the runner's sweep posts one puzzle there, the same for everyone, with a
button that serves it privately to whoever presses (rated, once a person: pressed again before answering,
the same attempt shows again); with it, how the one before went (how many tried it, how many found the
best answer) and its solution: the day before's, or an older one if days were missed.

Each post is claimed first (a row per server and day, and a mark on the day before's row): whatever
restarts or however many processes look, a day's puzzle and its summary are posted at most once, by the
process that owns the server (:attr:`~bot.core.context.Context.shards`). The puzzles come from the
shipped sets, the families in turn day by day, one the server never had, chosen from the server and the
day."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging

from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import Result
from bot.core.puzzles import cards
from bot.core.puzzles.finding import puzzle_by_ref, shipped_index
from bot.core.puzzles.service import Solving
from bot.core.settings import Settings
from bot.models import PlayerRef
from bot.store import Conflict
from bot.store.protocol_puzzles import PuzzleMode
from bot.texts import puzzles as words
from engine.puzzles import FAMILIES

log = logging.getLogger(__name__)


def day_of(now: float) -> str:
    """The UTC day of ``now``, as the store keeps it: ``YYYY-MM-DD``."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date().isoformat()


def day_start(day: str) -> float:
    return dt.datetime.fromisoformat(day).replace(tzinfo=dt.UTC).timestamp()


class DailyPuzzles:
    """Posting each server's daily puzzle and serving it (see the module)."""

    def __init__(self, ctx: Context, puzzles: Solving) -> None:
        self.ctx = ctx
        self.puzzles = puzzles
        self.settings = Settings(ctx)

    async def due(self) -> Result:
        """The posts due now in this process's servers: the day before's summary and today's puzzle."""
        result = Result()
        now = self.ctx.clock.now()
        for guild_id in await self.ctx.store.puzzle_settings():
            if not self.ctx.shards.owns(guild_id):
                continue
            try:
                result.extend(await self._due_in(guild_id, now))
            except ServiceError as exc:
                log.warning("no daily puzzle in server %s: %s", guild_id, exc)
        return result

    async def _due_in(self, guild_id: int, now: float) -> Result:
        current = await self.settings.of(guild_id)
        channel_id, hour = current.puzzle_channel, current.puzzle_hour
        today = day_of(now)
        if channel_id is None or now < day_start(today) + hour * 3600:
            return Result()
        store = self.ctx.store
        result = Result()
        before = await store.last_daily_puzzle(guild_id, today)  # yesterday's, or older if days were missed
        if before is not None and before.summary_posted_at is None:
            async with store.transaction() as tx:
                claimed = await tx.claim_daily_summary(guild_id, before.day, now)
            if claimed:
                puzzle, _row = await puzzle_by_ref(store, before.puzzle_ref)
                tried, found = await store.daily_results(guild_id, before.day)
                result.notices.append(
                    cards.daily_summary(puzzle, before.channel_id, before.day, tried, found)
                )
        if await store.daily_puzzle(guild_id, today) is None:
            ref = await self._choose(guild_id, today)
            async with store.transaction() as tx:
                claimed = await tx.claim_daily_puzzle(guild_id, today, ref, channel_id, now)
            if claimed:
                puzzle, _row = await puzzle_by_ref(store, ref)
                result.notices.append(cards.daily_post(puzzle, channel_id, today))
        return result

    async def _choose(self, guild_id: int, day: str) -> str:
        index = await shipped_index()
        had = set(await self.ctx.store.daily_puzzle_refs(guild_id))
        ordinal = dt.date.fromisoformat(day).toordinal()
        for turn in range(len(FAMILIES)):
            family = FAMILIES[(ordinal + turn) % len(FAMILIES)]
            refs = [ref for ref, p in index.items() if p.family is family and ref not in had]
            if refs:
                return min(refs, key=lambda r: hashlib.sha256(f"{guild_id}|{day}|{r}".encode()).hexdigest())
        raise ServiceError(words.NO_PUZZLES)

    async def solve(self, guild_id: int, day: str, user: PlayerRef) -> Result:
        """``user`` pressed the daily puzzle's button: it is served to them, once."""
        store = self.ctx.store
        daily = await store.daily_puzzle(guild_id, day)
        if daily is None:
            raise ServiceError(words.NO_DAILY)
        if daily.summary_posted_at is not None:
            raise ServiceError(words.DAILY_GONE)
        tried = await store.daily_attempt(guild_id, user.user_id, day)
        if tried is None:
            try:
                return await self.puzzles.serve(guild_id, user, daily.puzzle_ref, PuzzleMode.DAILY, day=day)
            except Conflict:  # pressed twice at once: the other press made the attempt
                tried = await store.daily_attempt(guild_id, user.user_id, day)
                if tried is None:
                    raise
        if not tried.is_open:
            raise ServiceError(words.already_tried_daily(tried.word or ""))
        # Served before and not answered: the same attempt again (a private message is easily lost).
        return await self.puzzles.serve_again(tried)


__all__ = ["DailyPuzzles", "day_of", "day_start"]
