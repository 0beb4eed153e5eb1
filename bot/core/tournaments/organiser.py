"""The organiser's part of :class:`~bot.core.tournaments.service.Tournaments`: an award, a removal and a
cancellation (each asked to confirm first: :meth:`Organiser.question`), on the tournament as the organiser
saw it. The result is recorded under the tournament's lock; the matches it ends are ended after, outside
it (a match that ends takes that lock)."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

from bot.core.boards import retire_board
from bot.core.commit import cancel_match, revealed_seed
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import KeyedLocks
from bot.core.notices import Message, Reply, Result, TournamentNews
from bot.core.tournaments import progress, running
from bot.core.venue import Venue
from bot.models import PlayerRef
from bot.store import StaleWrite
from bot.store.protocol_tournaments import Decided, TournamentRecord, TournamentStatus
from bot.texts import tournaments as words

log = logging.getLogger(__name__)


class Organiser:
    """What only the organiser (or a member with Manage Server) does."""

    ctx: Context
    venue: Venue
    locks: KeyedLocks
    if TYPE_CHECKING:  # the sign-up's (Tournaments): a removal before the start is a leave

        async def _leave(self, t: TournamentRecord, user: PlayerRef) -> Result: ...

    async def cancel(self, tournament_id: int, version: int, user: PlayerRef, *, why: str = "") -> Result:
        """The organiser cancels the tournament as they saw it at ``version``: its matches in play end,
        counting for nobody."""
        async with self.locks.hold(tournament_id):
            t = await running.read(self.ctx, tournament_id)
            self._check_organiser(t, user, words.ORGANISER_ONLY)
            self._check_live(t, version)
            result = await self._cancelled(t, why or words.cancelled_by(user.name))
        return result.extend(await self._end_matches(result.notices))

    async def _cancelled(self, t: TournamentRecord, why: str) -> Result:
        done = dataclasses.replace(
            t, status=TournamentStatus.CANCELLED, finished_at=self.ctx.clock.now(), note=why
        )
        try:
            async with self.ctx.store.transaction() as tx:
                await tx.update_tournament(done, t.version)
        except StaleWrite:
            raise ServiceError(words.OUT_OF_DATE) from None
        after = await running.read(self.ctx, t.tournament_id)
        log.info("tournament %s cancelled: %s", t.tournament_id, why)
        playing = tuple(p.match_id for p in after.pairings if p.playing and p.match_id is not None)
        return Result(
            [
                running.board(self.ctx, after),
                TournamentNews(after.channel_id, words.cancelled(after)),
                Reply(words.CANCELLED_REPLY, confirmation=True),
                *(_Ending(m, words.match_cancelled(after)) for m in playing),
            ]
        )

    async def award(self, tournament_id: int, version: int, user: PlayerRef, winner_id: int) -> Result:
        """The organiser awards ``winner_id``'s match in play (or waiting to start) to them."""
        async with self.locks.hold(tournament_id):
            t = await running.read(self.ctx, tournament_id)
            self._check_organiser(t, user, words.ORGANISER_ONLY)
            self._check_live(t, version, running_only=True)
            p = progress.current_pairing(t, winner_id)
            if p is None or p.b is None:
                raise ServiceError(words.nothing_to_award(t.name_of(winner_id)))
            points = (t.points, 0) if winner_id == p.a else (0, t.points)
            t = await running.decide(self.ctx, t, p, winner_id, points, Decided.AWARD)
            result = Result(
                [TournamentNews(t.channel_id, words.result(t, p, winner_id, points, Decided.AWARD))]
            )
            result.extend(await running.advance(self.ctx, self.venue, t))
            result.notices.append(Reply(words.awarded(t.name_of(winner_id)), confirmation=True))
            if p.match_id is not None:
                result.notices.append(_Ending(p.match_id, words.match_awarded(t.name_of(winner_id))))
        return result.extend(await self._end_matches(result.notices))

    async def remove(self, tournament_id: int, version: int, user: PlayerRef, player_id: int) -> Result:
        """The organiser removes a player: their match in play and those to come are lost by walkover."""
        async with self.locks.hold(tournament_id):
            t = await running.read(self.ctx, tournament_id)
            self._check_organiser(t, user, words.ORGANISER_ONLY)
            self._check_live(t, version)
            entrant = t.entrant(player_id)
            if entrant is None or entrant.removed:
                raise ServiceError(words.not_entered(t.name_of(player_id)))
            if t.is_open:  # off the sign-up list
                left = await self._leave(t, PlayerRef(player_id, entrant.name))
                shown = [n for n in left.notices if not isinstance(n, Reply)]  # not "You left"
                return Result([*shown, Reply(words.removed_reply(entrant.name), confirmation=True)])
            async with self.ctx.store.transaction() as tx:
                await tx.update_tournament(t, t.version)
                await tx.mark_removed(t.tournament_id, player_id)
            t = await running.read(self.ctx, tournament_id)
            result = Result(
                [running.board(self.ctx, t), TournamentNews(t.channel_id, words.removed(entrant.name))]
            )
            p = progress.current_pairing(t, player_id)
            if p is not None and p.b is not None:
                other = p.b if player_id == p.a else p.a
                points = (t.points, 0) if other == p.a else (0, t.points)
                t = await running.decide(self.ctx, t, p, other, points, Decided.WALKOVER)
                news = words.result(t, p, other, points, Decided.WALKOVER)
                result.notices.append(TournamentNews(t.channel_id, news))
                if p.match_id is not None:
                    result.notices.append(_Ending(p.match_id, words.match_removed(entrant.name)))
            result.extend(await running.advance(self.ctx, self.venue, t))
            result.notices.append(Reply(words.removed_reply(entrant.name), confirmation=True))
        return result.extend(await self._end_matches(result.notices))

    async def question(
        self, guild_id: int, tournament_id: int, user: PlayerRef, what: str, player: PlayerRef | None = None
    ) -> tuple[str, int]:
        """What the organiser is asked before ``what`` (``award``, ``remove`` or ``cancel``; ``player``: whom
        it is about), and the version it is asked about; a refusal when it could not be done anyway."""
        t = await self.ctx.store.tournament(tournament_id)
        if t is None or t.guild_id != guild_id:
            raise ServiceError(words.GONE)
        self._check_organiser(t, user, words.ORGANISER_ONLY)
        self._check_live(t, t.version, running_only=what == "award")
        if what == "cancel":
            return words.confirm_cancel(t), t.version
        assert player is not None
        entrant = t.entrant(player.user_id)
        if entrant is None or entrant.removed:
            raise ServiceError(words.not_entered(player.name))
        if what == "award":
            p = progress.current_pairing(t, player.user_id)
            if p is None or p.b is None:
                raise ServiceError(words.nothing_to_award(player.name))
            in_play = p.match_id is not None and self.ctx.live.get(p.match_id) is not None
            return words.confirm_award(t, p, player.user_id, in_play=in_play), t.version
        return words.confirm_remove(t, entrant.name), t.version

    def _check_organiser(self, t: TournamentRecord, user: PlayerRef, refusal: str) -> None:
        if not user.moderator and user.user_id != t.organiser_id:
            raise ServiceError(refusal)

    def _check_live(self, t: TournamentRecord, version: int, *, running_only: bool = False) -> None:
        if t.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise ServiceError(words.not_open(t.status))
        if running_only and not t.is_running:
            raise ServiceError(words.NOT_STARTED)
        if version != t.version:
            raise ServiceError(words.OUT_OF_DATE)

    def _decided_in_play(self, t: TournamentRecord) -> list[_Ending]:
        """The matches still in play whose pairing an award or a removal decided: the bot stopped before
        it ended them (the sweep ends them now)."""
        endings = []
        for p in t.pairings:
            if p.match_id is None or self.ctx.live.get(p.match_id) is None:
                continue
            if p.how is Decided.AWARD:
                endings.append(_Ending(p.match_id, words.match_awarded(t.name_of(p.winner))))
            elif p.how is Decided.WALKOVER:
                loser = p.b if p.winner == p.a else p.a
                endings.append(_Ending(p.match_id, words.match_removed(t.name_of(loser))))
        return endings

    async def _end_matches(self, notices: list) -> Result:
        """End the matches the notices name (:class:`_Ending`, taken out of them), outside the
        tournament's lock: cancelled, counting for nobody (their pairing was decided already)."""
        endings = [n for n in notices if isinstance(n, _Ending)]
        notices[:] = [n for n in notices if not isinstance(n, _Ending)]
        result = Result()
        for ending in endings:
            live = self.ctx.live.get(ending.match_id)
            if live is None:
                continue
            async with live.lock:
                if self.ctx.live.get(ending.match_id) is not live or not live.is_live:
                    continue  # it ended meanwhile
                await cancel_match(self.ctx, live)
                result.notices.extend(retire_board(live))
                result.notices.append(Message(live.record.channel_id, revealed_seed(live, ending.text)))
        return result


@dataclasses.dataclass(frozen=True, slots=True)
class _Ending:
    """A match to end once the tournament's lock is let go (kept among a result's notices until then)."""

    match_id: int
    text: str


__all__ = ["Organiser"]
