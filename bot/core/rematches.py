"""Rematches: the Rematch button under a finished match's last board.

The same match again (variant, length, level), seats swapped (four players: everyone one seat on), played
where the first one was (its thread). Against the computer it starts at once; between people the one who
clicks challenges the other, who accepts like any challenge (or clicks Rematch too, which accepts it); in a
four-player game of several people it opens a lobby there, hosted by the one who clicked. A match is
rematched once.
"""

from __future__ import annotations

import logging

from bot.core import catalogue
from bot.core.boards import rematched
from bot.core.challenges import Challenges, rotated
from bot.core.checks import check_channel_free, stored
from bot.core.commit import start_match
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.lobbies import Lobbies
from bot.core.notices import Result
from bot.core.settings import Settings
from bot.models import COMPUTER_ID, MatchRecord, MatchStatus, PlayerRef
from bot.store import DamagedRecord
from bot.texts import venue as words
from engine import find_variant

log = logging.getLogger(__name__)


class Rematches:
    def __init__(self, ctx: Context, challenges: Challenges, lobbies: Lobbies) -> None:
        self.ctx = ctx
        self.challenges = challenges
        self.lobbies = lobbies

    async def rematch(self, match_id: int, user: PlayerRef) -> Result:
        """``user``, who played in the finished ``match_id``, asks for it again."""
        old = await self._finished(match_id, user)
        v = find_variant(old.variant)
        await Settings(self.ctx).check_start(old.guild_id, v)
        if (answered := await self._asked_too(old, user)) is not None:
            return answered
        people = [s for s in old.seats if s.user_id != COMPUTER_ID]
        if len(people) == 1:
            return await self._against_the_computer(old, user)
        if v.is_multiplayer:
            level = old.computer_level or catalogue.DEFAULT_LEVEL
            return await self.lobbies.open(old.guild_id, old.channel_id, user, level, v.name, rematch=True)
        other = next(s for s in people if s.user_id != user.user_id)
        opponent = PlayerRef(other.user_id, other.name)
        try:
            return await self.challenges.challenge(
                old.guild_id,
                old.channel_id,
                user,
                opponent,
                v.name,
                old.target,
                rated=old.rated,
                rematch_of=match_id,
                clock=old.clock,  # on the same clock
            )
        except ServiceError:  # the other clicked Rematch at the same moment, and got there first
            if (answered := await self._asked_too(old, user)) is not None:
                return answered
            raise

    async def _asked_too(self, old: MatchRecord, user: PlayerRef) -> Result | None:
        """The answer when a rematch of ``old`` is already asked for: ``user``'s acceptance, when the other
        player asked (both clicking Rematch is an answer); a refusal, when ``user`` did; None: not asked."""
        for c in await self.ctx.store.pending_challenges(old.channel_id):
            if c.rematch_of == old.match_id:
                if c.opponent_id == user.user_id:
                    return await self.challenges.answer(c.challenge_id, user, accept=True)
                raise ServiceError(words.rematch_waits(c.opponent_name))
        return None

    async def _finished(self, match_id: int, user: PlayerRef) -> MatchRecord:
        try:
            old = await stored(self.ctx.store.match(match_id), words.REMATCH_CANCELLED)
        except DamagedRecord as exc:
            log.error("match %s cannot be read for a rematch: %s", match_id, exc)
            raise ServiceError(words.REMATCH_UNREADABLE) from None
        if old.status is MatchStatus.ACTIVE:
            raise ServiceError(words.REMATCH_NOT_OVER)
        if old.status is MatchStatus.CANCELLED:
            raise ServiceError(words.REMATCH_CANCELLED)
        people = [s for s in old.seats if s.user_id != COMPUTER_ID]
        if user.user_id not in {s.user_id for s in people}:
            raise ServiceError(words.rematch_players_only([s.name for s in people]))
        await self._check_not_rematched(match_id)
        return old

    async def _check_not_rematched(self, match_id: int) -> None:
        taken = await self.ctx.store.rematch_id(match_id)
        if taken is not None:
            again = await self.ctx.store.match(taken)
            raise ServiceError(words.already_rematched(again.channel_id if again else 0))

    async def _against_the_computer(self, old: MatchRecord, user: PlayerRef) -> Result:
        async with self.ctx.channel_locks.hold(old.channel_id):
            await self._check_not_rematched(old.match_id)  # again, now that the channel is ours
            check_channel_free(self.ctx, old.channel_id)
            result = await start_match(
                self.ctx,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                seats=rotated(old.seats),
                variant=old.variant,
                target=old.target,
                rated=False,
                players=(user,),
                home_channel_id=old.home_channel_id,
                rematch_of=old.match_id,
                clock=old.clock,
            )
        log.info("match %s rematched in channel %s", old.match_id, old.channel_id)
        result.notices.extend(rematched(old))
        return result


__all__ = ["Rematches"]
