"""The clock's duties: challenges and lobbies expire; tournaments start at their time, and their matches
end at their deadline (:meth:`~bot.core.tournaments.service.Tournaments.sweep`); the person to move is
reminded at half time and forfeits at the server's turn limit (in multigam the computer takes their seat
instead); a game against the computer its person left idle is closed, counting for nobody; a thread
whose matches are over is archived after the server's delay. The sweep takes each match's lock only for
a moment (the computer thinks outside it), and skips a match whose lock is busy: it is acting right now,
so its clock just restarted. A stored record that cannot be read (a damaged lobby, say) is logged once
and skipped: the sweep goes on with every other duty and match."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

from bot import texts
from bot.core import match_clocks
from bot.core.boards import actor_seat, retire_board
from bot.core.challenges import Challenges
from bot.core.commit import cancel_match, commit, revealed_seed
from bot.core.context import Context
from bot.core.flags import flag_fall
from bot.core.live import LiveMatch
from bot.core.lobbies import Lobbies
from bot.core.multigam import take_over
from bot.core.notices import ArchiveThread, Message, Result
from bot.core.settings import ServerSettings, Settings
from bot.core.tournaments.service import Tournaments
from bot.store import DamagedRecord, StaleWrite
from bot.texts import multigam as multigam_texts
from bot.texts import venue as words

log = logging.getLogger(__name__)


class Timeouts:
    def __init__(
        self,
        ctx: Context,
        challenges: Challenges,
        reload: Callable[[LiveMatch], Awaitable[None]],
        lobbies: Lobbies | None = None,
        tournaments: Tournaments | None = None,
    ) -> None:
        self.ctx = ctx
        self.challenges = challenges
        self.reload = reload
        self.lobbies = lobbies
        self.tournaments = tournaments
        self._damaged: set[str] = set()  # the records found damaged already (logged once)

    async def sweep(self) -> Result:
        """Apply the clock now. Also lists the matches where the computer is to act (to resume them after a
        restart or a failed turn)."""
        result = Result()
        with self._skipping_damage():
            result.extend(await self.challenges.expire())
        if self.lobbies is not None:
            with self._skipping_damage():
                result.extend(await self.lobbies.expire())
        servers = _Servers(Settings(self.ctx))
        for live in self.ctx.live:
            if live.lock.locked():
                continue  # acting right now
            with self._skipping_damage():
                rules = await servers.of(live.record.guild_id)
                async with live.lock:
                    if self.ctx.live.get(live.match_id) is not live or not live.is_live:
                        continue
                    try:
                        result.extend(await self._check(live, rules))
                    except StaleWrite:  # another process acted on it: read it back, check it next time
                        await self.reload(live)
        if self.tournaments is not None:  # after the matches: a forfeit there decides a pairing
            with self._skipping_damage():
                result.extend(await self.tournaments.sweep())
        with self._skipping_damage():
            result.extend(await self._archive(servers))
        return result

    @contextmanager
    def _skipping_damage(self) -> Iterator[None]:
        """A duty of the sweep that meets a record it cannot read is left for the next pass, and the sweep
        goes on with the others; the record is logged the first time only (it stays damaged until someone
        repairs it, and every pass would say so again)."""
        try:
            yield
        except DamagedRecord as exc:
            if str(exc) in self._damaged:
                log.debug("the sweep skipped a damaged record again: %s", exc)
            else:
                self._damaged.add(str(exc))
                log.error("the sweep skips a damaged record (logged once): %s", exc)

    async def _check(self, live: LiveMatch, rules: ServerSettings) -> Result:
        seat = actor_seat(live)
        if seat is None:
            return Result()
        if seat.is_computer:
            return Result(computer_matches=(live.match_id,))
        if match_clocks.preset(live) is not None:  # its clock governs, not the turn limit: a flag its timer
            return await flag_fall(self.ctx, live)  # missed falls now (at the console: before the next line)
        now = self.ctx.clock.now()
        elapsed = now - live.record.turn_started_at
        if practice(live) and elapsed >= rules.bot_idle:
            return await self._close_idle(live, rules.bot_idle)
        limit = rules.turn_limit
        if elapsed >= limit:
            actor = live.game.actor
            assert actor is not None
            if live.game.variant.is_multiplayer:  # the computer takes the seat; the game goes on
                return await take_over(self.ctx, live, actor, timed_out=True, limit=limit)
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

    async def _close_idle(self, live: LiveMatch, limit: float) -> Result:
        """A game against the computer its person left idle is closed as if cancelled: no rating, no win or
        loss in anyone's record."""
        rec = live.record
        await cancel_match(self.ctx, live)
        log.info("match %s closed: idle for %s s against the computer", rec.match_id, limit)
        person = next(s for s in rec.seats if not s.is_computer)
        text = revealed_seed(live, words.idle_closed(person.name, limit))
        return Result([*retire_board(live), Message(rec.channel_id, text)])

    async def _archive(self, servers: _Servers) -> Result:
        """Threads whose matches all ended at least the server's delay ago are archived."""
        result = Result()
        now = self.ctx.clock.now()
        for due in await self.ctx.store.threads_due():
            if not self.ctx.shards.owns(due.guild_id):
                continue  # another process's server
            rules = await servers.of(due.guild_id)
            if now - due.finished_at < rules.archive_after or self.ctx.live.played_in(due.channel_id):
                continue
            async with self.ctx.store.transaction() as tx:
                await tx.thread_archived(due.channel_id)
            result.notices.append(ArchiveThread(due.channel_id))
        return result


def practice(live: LiveMatch) -> bool:
    """A game of one person against the computer (closed when left idle, instead of forfeited)."""
    return len(live.record.people) == 1 and not live.record.rated


class _Servers:
    """Each server's settings, read once per sweep."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._known: dict[int, ServerSettings] = {}

    async def of(self, guild_id: int) -> ServerSettings:
        if guild_id not in self._known:
            self._known[guild_id] = await self.settings.of(guild_id)
        return self._known[guild_id]


__all__ = ["Timeouts", "practice"]
