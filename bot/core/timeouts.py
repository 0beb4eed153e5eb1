"""The clock's duties: challenges and lobbies expire, the player to move is reminded at half time and
forfeits at the limit (in multigam the computer takes their seat instead). The sweep takes each match's
lock only for a moment (the computer thinks outside it), and skips a match whose lock is busy: it is acting
right now, so its clock just restarted."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable

from bot import texts
from bot.core.boards import actor_seat
from bot.core.challenges import Challenges
from bot.core.commit import commit
from bot.core.context import Context
from bot.core.live import LiveMatch
from bot.core.lobbies import Lobbies
from bot.core.multigam import take_over
from bot.core.notices import Message, Result
from bot.store import StaleWrite
from bot.texts import multigam as multigam_texts

log = logging.getLogger(__name__)


class Timeouts:
    def __init__(
        self,
        ctx: Context,
        challenges: Challenges,
        reload: Callable[[LiveMatch], Awaitable[None]],
        lobbies: Lobbies | None = None,
    ) -> None:
        self.ctx = ctx
        self.challenges = challenges
        self.reload = reload
        self.lobbies = lobbies

    async def sweep(self) -> Result:
        """Apply the clock now. Also lists the matches where the computer is to act (to resume them after a
        restart or a failed turn)."""
        result = await self.challenges.expire()
        if self.lobbies is not None:
            result.extend(await self.lobbies.expire())
        for live in self.ctx.table:
            if live.lock.locked():
                continue  # acting right now
            async with live.lock:
                if self.ctx.table.get(live.match_id) is not live or not live.is_live:
                    continue
                try:
                    result.extend(await self._check(live))
                except StaleWrite:  # another process acted on it: read it back, check it next time
                    await self.reload(live)
        return result

    async def _check(self, live: LiveMatch) -> Result:
        seat = actor_seat(live)
        if seat is None:
            return Result()
        if seat.is_computer:
            return Result(computer_matches=(live.match_id,))
        now = self.ctx.clock.now()
        limit = self.ctx.rules.turn_timeout
        elapsed = now - live.record.turn_started_at
        if elapsed >= limit:
            actor = live.game.actor
            assert actor is not None
            if live.game.variant.is_multiplayer:  # the computer takes the seat; the game goes on
                return await take_over(self.ctx, live, actor, timed_out=True)
            line = texts.forfeits(seat.name, limit)
            return await commit(self.ctx, live, live.game.forfeit(actor), [line], forfeit=True)
        if elapsed >= limit / 2 and not live.record.reminded:
            async with self.ctx.store.transaction() as tx:
                await tx.update_match(live.match_id, live.version, reminded=True)
            live.record = dataclasses.replace(live.record, reminded=True)
            say = multigam_texts.reminder if live.game.variant.is_multiplayer else texts.reminder
            text = say(seat.name, limit - elapsed)
            return Result([Message(live.record.channel_id, text, mention=seat.user_id)])
        return Result()


__all__ = ["Timeouts"]
