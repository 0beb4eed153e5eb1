"""Lobbies: gathering up to four people for a multigam game, the one way in for every lobby action.

``/minigam multigam [level]`` opens a lobby in a channel with its opener as the host (seat 1). Others join
in order (seats 2, 3, 4) and may leave again; when the host leaves, the next member in join order hosts.
The host, or a member with Manage Server, starts the game (the computer takes the empty seats at the
lobby's level) or closes the lobby; a lobby nobody starts expires after ``HouseRules.lobby_timeout``.

:meth:`Lobbies.act` takes ``(lobby, version, user, action)``, like :meth:`~bot.core.matches.Matches.act`.
Everything about a lobby happens under its channel's lock (a channel holds one match and one open lobby
at a time, so starting never collides with a challenge or another lobby) and is read from the store, never
from memory, so a restart loses nothing. Every change claims the lobby's next version first
(``UPDATE ... WHERE version = ? AND status = 'open'``); starting writes the new match and the lobby's end
in one transaction. The version a click carries is checked for **Start**: the host starts the table they
saw, not one someone joined a moment later. Join, Leave and Close concern only who clicks (or end the
lobby) and are judged on the lobby as it stands, like a moderator's cancel of a match.
"""

from __future__ import annotations

import enum
import logging

from bot.core import catalogue
from bot.core.checks import check_channel_free, stored
from bot.core.commit import start_match
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import LobbyBoard, Reply, Result
from bot.core.settings import Settings
from bot.core.venue import HERE, Venue
from bot.models import COMPUTER_ID, LobbyRecord, LobbyStatus, PlayerRef, Seat
from bot.store import StaleWrite, Transaction
from bot.texts import multigam as words
from engine import find_variant

log = logging.getLogger(__name__)


class LobbyAction(enum.StrEnum):
    """A lobby action; the value is what a lobby button's custom id carries."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CLOSE = "close"


class Lobbies:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # ================================================================== opening
    async def open(
        self,
        guild_id: int,
        channel_id: int,
        host: PlayerRef,
        level: str = catalogue.DEFAULT_LEVEL,
        variant: str = "multigam",
        *,
        guild_name: str = "",
        venue: Venue = HERE,
        rematch: bool = False,
    ) -> Result:
        """``host`` opens a lobby in ``channel_id``; the computer plays empty seats at ``level``. Its game is
        played in a thread of its own where ``venue`` opens one (``rematch``: where the game it follows was,
        ``channel_id``)."""
        v = catalogue.multiplayer_variant(variant)
        level = catalogue.level_for(v, level)
        if host.is_bot:
            raise ServiceError(words.LOBBY_NO_BOTS)
        where = None if rematch else channel_id
        rules = await Settings(self.ctx).check_start(guild_id, v, where, venue.parent_of(channel_id))
        async with self.ctx.channel_locks.hold(channel_id):
            if not venue.opens_threads(channel_id):
                check_channel_free(self.ctx, channel_id)
            for lobby in await self.ctx.store.open_lobbies(channel_id):
                host_name = lobby.host.name if lobby.host else "?"
                raise ServiceError(words.lobby_already_open(host_name))
            now = self.ctx.clock.now()
            async with self.ctx.store.transaction() as tx:
                await tx.upsert_guild(guild_id, guild_name, now)
                await tx.upsert_player(host, now)
                lobby_id = await tx.insert_lobby(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    variant=v.name,
                    level=level,
                    host=host,
                    now=now,
                    expires_at=now + rules.lobby_expiry,
                )
            lobby = await self._read(lobby_id)
        log.info("lobby %s opened in channel %s by %s (%s)", lobby_id, channel_id, host.user_id, level)
        return Result([self._board(lobby, new=True), Reply(words.lobby_opened(v))])

    async def message_posted(self, lobby_id: int, message_id: int) -> None:
        """Remember the message with a lobby's buttons (to edit it when the lobby changes or expires)."""
        async with self.ctx.store.transaction() as tx:
            await tx.set_lobby_message(lobby_id, message_id)

    # ================================================================== the one way in
    async def act(
        self, lobby_id: int, version: int, user: PlayerRef, action: LobbyAction, *, venue: Venue = HERE
    ) -> Result:
        """``user`` takes ``action`` on ``lobby_id`` (Start: as it stood at ``version``; the game in a thread
        opened from the lobby's message, where ``venue`` opens one). A refusal changes nothing."""
        found = await stored(self.ctx.store.lobby(lobby_id), words.LOBBY_GONE)
        async with self.ctx.channel_locks.hold(found.channel_id):
            lobby = await self._read(lobby_id)  # again, now that the channel is ours
            if lobby.status is not LobbyStatus.OPEN:
                raise ServiceError(words.lobby_done(lobby.status))
            if self.ctx.clock.now() >= lobby.expires_at:
                closed = await self._end(lobby, LobbyStatus.EXPIRED)
                return Result([self._board(closed), Reply(words.LOBBY_EXPIRED)])
            try:
                match action:
                    case LobbyAction.JOIN:
                        return await self._join(lobby, user)
                    case LobbyAction.LEAVE:
                        return await self._leave(lobby, user)
                    case LobbyAction.START:
                        return await self._start(lobby, version, user, venue)
                    case LobbyAction.CLOSE:
                        self._check_host(lobby, user, words.LOBBY_HOST_ONLY_CLOSE)
                        closed = await self._end(lobby, LobbyStatus.CLOSED)
                        return Result([self._board(closed), Reply(words.LOBBY_CLOSED_REPLY)])
            except StaleWrite:  # another process changed the lobby first
                raise ServiceError(words.LOBBY_OUT_OF_DATE) from None
        raise ValueError(f"unknown lobby action {action!r}")

    async def _join(self, lobby: LobbyRecord, user: PlayerRef) -> Result:
        if user.is_bot:
            raise ServiceError(words.LOBBY_NO_BOTS)
        if lobby.member(user.user_id) is not None:
            raise ServiceError(words.LOBBY_ALREADY_IN)
        seats = find_variant(lobby.variant).players
        if len(lobby.members) >= seats:
            raise ServiceError(words.lobby_full(seats))
        async with self.ctx.store.transaction() as tx:
            await tx.update_lobby(lobby.lobby_id, lobby.version)
            await tx.upsert_player(user, self.ctx.clock.now())
            await tx.add_lobby_member(lobby.lobby_id, user.user_id)
        after = await self._read(lobby.lobby_id)
        return Result([self._board(after), Reply(words.joined(len(after.members)))])

    async def _leave(self, lobby: LobbyRecord, user: PlayerRef) -> Result:
        if lobby.member(user.user_id) is None:
            raise ServiceError(words.LOBBY_NOT_IN)
        empty = len(lobby.members) == 1
        async with self.ctx.store.transaction() as tx:
            await tx.update_lobby(lobby.lobby_id, lobby.version, status=LobbyStatus.CLOSED if empty else None)
            await tx.remove_lobby_member(lobby.lobby_id, user.user_id)
        after = await self._read(lobby.lobby_id)
        return Result([self._board(after), Reply(words.left_lobby(empty))])

    async def _start(self, lobby: LobbyRecord, version: int, user: PlayerRef, venue: Venue) -> Result:
        self._check_host(lobby, user, words.LOBBY_HOST_ONLY_START)
        if version != lobby.version:
            raise ServiceError(words.LOBBY_OUT_OF_DATE)
        v = find_variant(lobby.variant)
        rated = (await Settings(self.ctx).of(lobby.guild_id)).rated
        people = [Seat(m.user_id, m.name) for m in lobby.members]
        computers = [
            Seat(COMPUTER_ID, words.computer_seat_name(lobby.level, n), lobby.level)
            for n in range(len(people), v.players)
        ]
        seats = (*people, *computers)

        async def mark_started(tx: Transaction, match_id: int) -> None:
            started = LobbyStatus.STARTED
            await tx.update_lobby(lobby.lobby_id, lobby.version, status=started, match_id=match_id)

        result = await start_match(
            self.ctx,
            guild_id=lobby.guild_id,
            channel_id=lobby.channel_id,
            seats=seats,
            variant=v.name,
            target=None,
            rated=rated and len(people) >= 2,  # one person with three computers is practice, like vs-bot
            players=lobby.members,
            also=mark_started,
            venue=venue,
            anchor=lobby.message_id,
        )
        started = await self._read(lobby.lobby_id)
        log.info("lobby %s started match %s", lobby.lobby_id, started.match_id)
        names = [s.name for s in seats]
        result.notices.insert(0, self._board(started, names=names))
        return result

    # ================================================================== the clock
    async def expire(self) -> Result:
        """Close every open lobby whose time is up."""
        result = Result()
        now = self.ctx.clock.now()
        owns = self.ctx.shards.owns
        due = [
            lobby
            for lobby in await self.ctx.store.open_lobbies()
            if lobby.expires_at <= now and owns(lobby.guild_id)
        ]
        for stale in due:
            async with self.ctx.channel_locks.hold(stale.channel_id):
                lobby = await self._read(stale.lobby_id)
                if lobby.status is not LobbyStatus.OPEN or lobby.expires_at > now:
                    continue
                try:
                    closed = await self._end(lobby, LobbyStatus.EXPIRED)
                except StaleWrite:  # another process changed it; looked at again next time
                    continue
                result.notices.append(self._board(closed))
        return result

    # ================================================================== helpers
    async def _read(self, lobby_id: int) -> LobbyRecord:
        lobby = await self.ctx.store.lobby(lobby_id)
        if lobby is None:
            raise ServiceError(words.LOBBY_GONE)
        return lobby

    async def _end(self, lobby: LobbyRecord, status: LobbyStatus) -> LobbyRecord:
        async with self.ctx.store.transaction() as tx:
            await tx.update_lobby(lobby.lobby_id, lobby.version, status=status)
        log.info("lobby %s %s", lobby.lobby_id, status)
        return await self._read(lobby.lobby_id)

    @staticmethod
    def _check_host(lobby: LobbyRecord, user: PlayerRef, refusal: str) -> None:
        host = lobby.host
        if not user.moderator and (host is None or host.user_id != user.user_id):
            raise ServiceError(refusal)

    def _board(self, lobby: LobbyRecord, *, new: bool = False, names: list[str] | None = None) -> LobbyBoard:
        left = max(0.0, lobby.expires_at - self.ctx.clock.now())
        v = find_variant(lobby.variant)
        text = words.lobby_text(lobby, v, left=left, names=names or ())
        is_open = lobby.status is LobbyStatus.OPEN
        return LobbyBoard(
            lobby.channel_id, lobby.lobby_id, lobby.version, text, is_open, lobby.message_id, new=new
        )


__all__ = ["Lobbies", "LobbyAction"]
