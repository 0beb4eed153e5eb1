"""Tournaments, the one way in for every tournament action: creating one, the sign-up message's buttons
(:meth:`Tournaments.act`: Join, Leave, Start, Cancel), the organiser's award and removal, showing and
listing them, and the clock's part (:meth:`Tournaments.sweep`: starting at the set time, the deadlines).

Everything about a tournament happens under its lock and is read from the store, never from memory, so a
restart loses nothing; every change claims the tournament's next version first (``UPDATE ... WHERE
version = ?``), so two processes can never both apply one. The version a click carries is checked for
Start and for the organiser's confirmed actions (they act on the tournament they saw); Join and Leave
concern only who clicks and are judged on the tournament as it stands. A match is never ended under the
tournament's lock (a match that ends takes it, through :meth:`match_over`): the organiser's award, a
removal and a cancellation record the result first, then end the match.
"""

from __future__ import annotations

import enum
import logging

from bot.core import catalogue
from bot.core.clocks import UnknownClock, clock_named
from bot.core.commit import commit
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import KeyedLocks, LiveMatch
from bot.core.notices import Info, Reply, Result, TournamentNews
from bot.core.settings import Settings
from bot.core.tournaments import progress, running
from bot.core.tournaments.organiser import Organiser
from bot.core.tournaments.pictures import bracket_picture
from bot.core.tournaments.when import StartTimeError, read_start
from bot.core.venue import HERE, Venue
from bot.models import PlayerRef
from bot.store import DamagedRecord, StaleWrite
from bot.store.protocol_tournaments import (
    TournamentFormat,
    TournamentRecord,
    TournamentStatus,
)
from bot.texts import tournaments as words

log = logging.getLogger(__name__)


class TournamentAction(enum.StrEnum):
    """A sign-up button's action; the value is what its custom id carries."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"


class Tournaments(Organiser):
    """``venue`` opens the threads of the tournaments' matches, outside any command (the Discord app sets
    its own at start-up; the default plays every match in the tournament's channel, one at a time)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.venue: Venue = HERE
        self.locks = KeyedLocks()
        ctx.match_over = self.match_over

    # ================================================================== creating
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        organiser: PlayerRef,
        *,
        name: str,
        variant: str = catalogue.DEFAULT_VARIANT,
        points: int | None = None,
        format: TournamentFormat | str = TournamentFormat.KNOCKOUT,
        max_players: int = 16,
        starts: str = "",
        rounds: int | None = None,
        clock: str = "none",
        roles: frozenset[int] = frozenset(),
        guild_name: str = "",
        parent_id: int | None = None,
    ) -> Result:
        """``organiser`` (Manage Server, or the server's ``tournament_role`` among ``roles``) creates a
        tournament whose sign-up message is posted in ``channel_id``."""
        rules = await Settings(self.ctx).of(guild_id)
        if not organiser.moderator and (rules.tournament_role is None or rules.tournament_role not in roles):
            raise ServiceError(words.not_allowed(rules.tournament_role))
        if organiser.is_bot:
            raise ServiceError(words.NO_BOTS)
        try:
            kind = TournamentFormat(str(format).strip().lower())
        except ValueError:
            raise ServiceError(words.unknown_format(str(format))) from None
        name = " ".join(name.split())[: words.NAME_LENGTH]
        if not name:
            raise ServiceError(words.NAME_NEEDED)
        v = catalogue.two_player_variant(variant)
        target = catalogue.match_length(v, points)
        if target < 1:
            raise ServiceError(words.NO_MONEY)
        least, most = progress.LEAST_PLAYERS[kind], progress.MOST_PLAYERS[kind]
        if not least <= max_players <= most:
            raise ServiceError(words.bad_size(kind, least, most))
        if rounds is not None and (
            kind is not TournamentFormat.SWISS or not 1 <= rounds <= words.MOST_ROUNDS
        ):
            raise ServiceError(words.bad_rounds(kind))
        try:
            clock = clock_named(clock)
        except UnknownClock as exc:
            raise ServiceError(str(exc)) from None
        await Settings(self.ctx).check_start(guild_id, v, channel_id, parent_id)
        now = self.ctx.clock.now()
        starts_at = None
        if starts.strip():
            try:
                starts_at = read_start(starts, now)
            except StartTimeError as exc:
                raise ServiceError(words.bad_start(starts, str(exc))) from None
        record = TournamentRecord(
            tournament_id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            name=name,
            variant=v.name,
            points=target,
            format=kind,
            max_players=max_players,
            rounds=rounds or 0,
            status=TournamentStatus.OPEN,
            version=1,
            organiser_id=organiser.user_id,
            created_at=now,
            clock=clock,
            starts_at=starts_at,
        )
        async with self.ctx.store.transaction() as tx:
            await tx.upsert_guild(guild_id, guild_name, now)
            await tx.upsert_player(organiser, now)
            tournament_id = await tx.insert_tournament(record)
        t = await running.read(self.ctx, tournament_id)
        log.info("tournament %s created in channel %s by %s", tournament_id, channel_id, organiser.user_id)
        return Result([running.board(self.ctx, t, new=True), Reply(words.created(t), confirmation=True)])

    async def message_posted(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up message (to keep it current)."""
        async with self.ctx.store.transaction() as tx:
            await tx.set_tournament_message(tournament_id, message_id)

    # ================================================================== the sign-up buttons
    async def act(
        self, tournament_id: int, version: int, user: PlayerRef, action: TournamentAction
    ) -> Result:
        """``user`` presses a sign-up button (Start: on the tournament as it stood at ``version``). A refusal
        changes nothing. Cancel is confirmed first by whoever shows the button (:meth:`cancel`)."""
        if action is TournamentAction.CANCEL:
            return await self.cancel(tournament_id, version, user)
        async with self.locks.hold(tournament_id):
            t = await running.read(self.ctx, tournament_id)
            if not t.is_open:
                raise ServiceError(words.not_open(t.status))
            try:
                match action:
                    case TournamentAction.JOIN:
                        return await self._join(t, user)
                    case TournamentAction.LEAVE:
                        return await self._leave(t, user)
                    case TournamentAction.START:
                        self._check_organiser(t, user, words.ORGANISER_ONLY_START)
                        if version != t.version:
                            raise ServiceError(words.OUT_OF_DATE)
                        least = progress.LEAST_PLAYERS[t.format]
                        if len(t.entrants) < least:
                            raise ServiceError(words.too_few(least, len(t.entrants)))
                        return await running.begin(self.ctx, self.venue, t)
            except StaleWrite:  # another process changed it first
                raise ServiceError(words.OUT_OF_DATE) from None
        raise ValueError(f"unknown tournament action {action!r}")

    async def _join(self, t: TournamentRecord, user: PlayerRef) -> Result:
        if user.is_bot:
            raise ServiceError(words.NO_BOTS)
        if t.entrant(user.user_id) is not None:
            raise ServiceError(words.ALREADY_IN)
        if len(t.entrants) >= t.max_players:
            raise ServiceError(words.full(t.max_players))
        rating = (await self.ctx.store.rating(t.guild_id, t.variant, user.user_id)).rating
        async with self.ctx.store.transaction() as tx:
            await tx.update_tournament(t, t.version)
            await tx.upsert_player(user, self.ctx.clock.now())
            await tx.add_entrant(t.tournament_id, user, rating)
        after = await running.read(self.ctx, t.tournament_id)
        return Result([running.board(self.ctx, after), Reply(words.joined(after), confirmation=True)])

    async def _leave(self, t: TournamentRecord, user: PlayerRef) -> Result:
        if t.entrant(user.user_id) is None:
            raise ServiceError(words.NOT_IN)
        async with self.ctx.store.transaction() as tx:
            await tx.update_tournament(t, t.version)
            await tx.remove_entrant(t.tournament_id, user.user_id)
        after = await running.read(self.ctx, t.tournament_id)
        return Result([running.board(self.ctx, after), Reply(words.LEFT, confirmation=True)])

    # ================================================================== a match ends; the clock
    async def match_over(self, live: LiveMatch) -> Result:
        """The core's :attr:`~bot.core.context.Context.match_over`: a tournament's match ended."""
        tournament_id = await self.ctx.store.tournament_of_match(live.match_id)
        if tournament_id is None:
            return Result()
        async with self.locks.hold(tournament_id):
            t = await running.read(self.ctx, tournament_id)
            return await running.match_over(self.ctx, self.venue, t, live)

    async def sweep(self) -> Result:
        """Start the tournaments whose time has come (or cancel them, too few), catch up with ended
        matches and start those that waited; then the player to move forfeits every match past its
        deadline, and a match whose pairing was decided without it (a stop after an award or a removal)
        ends."""
        result = Result()
        now = self.ctx.clock.now()
        overdue: list[int] = []
        decided: list = []  # matches still in play whose pairing the organiser decided (a stop between)
        for listed in await self.ctx.store.live_tournaments():
            if not self.ctx.shards.owns(listed.guild_id):
                continue
            try:
                async with self.locks.hold(listed.tournament_id):
                    t = await running.read(self.ctx, listed.tournament_id)
                    if t.is_open and t.starts_at is not None and t.starts_at <= now:
                        result.extend(await self._start_on_time(t))
                    elif t.is_running:
                        result.extend(await running.catch_up(self.ctx, self.venue, t))
                        t = await running.read(self.ctx, t.tournament_id)
                        overdue += running.overdue(self.ctx, t)
                        decided += self._decided_in_play(t)
            except (StaleWrite, ServiceError) as exc:  # another process moved it: looked at next time
                log.info("tournament %s left for the next sweep: %s", listed.tournament_id, exc)
            except DamagedRecord as exc:  # the others' duties go on
                log.warning("tournament %s cannot be read; the sweep skips it: %s", listed.tournament_id, exc)
        for match_id in overdue:
            result.extend(await self._deadline(match_id))
        return result.extend(await self._end_matches(decided))

    async def _start_on_time(self, t: TournamentRecord) -> Result:
        least = progress.LEAST_PLAYERS[t.format]
        if len(t.entrants) < least:
            return await self._cancelled(t, words.too_few_at_start(least, len(t.entrants)))
        return await running.begin(self.ctx, self.venue, t)

    async def _deadline(self, match_id: int) -> Result:
        live = self.ctx.live.get(match_id)
        if live is None:
            return Result()
        async with live.lock:
            if self.ctx.live.get(match_id) is not live or not live.is_live:
                return Result()
            seat = running.player_to_move(live)
            if seat is None:
                return Result()
            line = words.deadline_forfeit(live.names[seat])
            try:
                return await commit(self.ctx, live, live.game.forfeit(seat), [line], forfeit=True)
            except StaleWrite:
                log.info("match %s moved on under the deadline; looked at next time", match_id)
                return Result()

    # ================================================================== showing
    async def show(self, guild_id: int, tournament_id: int) -> Result:
        """A tournament of the server: the bracket (knockout) or the standings, and the round in play."""
        t = await self.ctx.store.tournament(tournament_id)
        if t is None or t.guild_id != guild_id:
            raise ServiceError(words.GONE)
        table = progress.table(t) if t.format is not TournamentFormat.KNOCKOUT and t.pairings else []
        cancelled = await running.cancelled_matches(self.ctx, t)
        least = progress.LEAST_PLAYERS[t.format]
        text = words.show_text(t, table, self.ctx.clock.now(), least=least, cancelled=cancelled)
        picture = bracket_picture(t) if t.format is TournamentFormat.KNOCKOUT and t.rounds else None
        return Result([TournamentNews(None, text, bracket=picture)])

    async def listing(self, guild_id: int) -> Result:
        """The server's tournaments: open, running, finished."""
        return Result([Info(words.listing(await self.ctx.store.guild_tournaments(guild_id)))])

    async def choices(self, guild_id: int, typed: str = "") -> list[tuple[str, int]]:
        """The server's tournaments whose name holds ``typed``, as ``(label, id)``, the one whose number it
        is first (an older one than the newest the list reads, too)."""
        key = typed.strip().lower().lstrip("#")
        found = await self.ctx.store.guild_tournaments(guild_id)
        named = [(words.choice_label(t), t.tournament_id) for t in found if key in t.name.lower()]
        if not key.isdecimal() or len(key) > 18:  # a number a tournament can have
            return named
        number = next((t for t in found if str(t.tournament_id) == key), None)
        if number is None:
            number = await self.ctx.store.tournament(int(key))
            if number is None or number.guild_id != guild_id:
                return named
        first = (words.choice_label(number), number.tournament_id)
        return [first, *(c for c in named if c[1] != number.tournament_id)]


__all__ = ["TournamentAction", "Tournaments"]
