"""Starting matches: challenges between members (accept, decline, expire, cancel) and games against the
computer. Matches start from a channel one at a time (the channel's lock), so two starts never collide;
each is played in a thread of its own where the venue opens one, else in the channel (one at a time)."""

from __future__ import annotations

from bot import texts
from bot.core import catalogue, match_clocks
from bot.core.boards import rematched
from bot.core.checks import check_channel_free, stored
from bot.core.clocks import NO_CLOCK, preset_of
from bot.core.commit import start_match
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import ChallengeClosed, ChallengePosted, Reply, Result
from bot.core.settings import Settings
from bot.core.venue import HERE, Venue
from bot.models import COMPUTER_ID, MAX_USER_ID, ChallengeRecord, ChallengeStatus, PlayerRef, Seat
from bot.texts import clocks as clock_words
from bot.texts import venue as words
from bot.timing import timed


class Challenges:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    @timed("service")
    async def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger: PlayerRef,
        opponent: PlayerRef,
        variant: str = catalogue.DEFAULT_VARIANT,
        points: int | None = None,
        *,
        rated: bool = True,
        guild_name: str = "",
        venue: Venue = HERE,
        rematch_of: int | None = None,
        clock: str = NO_CLOCK,
    ) -> Result:
        """``challenger`` challenges ``opponent`` to a match from ``channel_id`` (``rematch_of``: the same
        match again, seats swapped), on the match clock ``clock`` (:data:`bot.core.clocks.PRESETS`)."""
        v = catalogue.two_player_variant(variant)
        clock = match_clocks.chosen(clock)
        if not 0 < opponent.user_id <= MAX_USER_ID or opponent.user_id == COMPUTER_ID:
            raise ServiceError(texts.NOT_A_MEMBER)
        if challenger.user_id == opponent.user_id:
            raise ServiceError(texts.CHALLENGE_YOURSELF)
        if opponent.is_bot:
            raise ServiceError(texts.challenge_a_bot(opponent.name))
        points = catalogue.match_length(v, points)
        where = None if rematch_of is not None else channel_id  # a rematch is played where the match was
        rules = await Settings(self.ctx).check_start(guild_id, v, where, venue.parent_of(channel_id))
        rated = rated and points > 0 and rules.rated  # money play is scored apart from the ratings
        async with self.ctx.channel_locks.hold(channel_id):
            if not venue.opens_threads(channel_id):
                check_channel_free(self.ctx, channel_id)
            for c in await self.ctx.store.pending_challenges(channel_id):
                for who in (challenger, opponent):
                    if who.user_id in (c.challenger_id, c.opponent_id):
                        raise ServiceError(
                            texts.already_challenging(who.name, c.challenger_name, c.opponent_name)
                        )
            now = self.ctx.clock.now()
            # An offer, not a game: it is not waited to disk (a power failure may lose it, and its
            # buttons then say it is gone); the match an Accept starts is.
            async with self.ctx.store.transaction(durable=False) as tx:
                await tx.upsert_guild(guild_id, guild_name, now)
                await tx.upsert_player(challenger, now)
                await tx.upsert_player(opponent, now)
                challenge_id = await tx.insert_challenge(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    challenger_id=challenger.user_id,
                    opponent_id=opponent.user_id,
                    variant=v.name,
                    points=points,
                    rated=rated,
                    now=now,
                    expires_at=now + rules.challenge_expiry,
                    rematch_of=rematch_of,
                    clock=clock,
                )
        text = texts.challenge_text(challenger.name, opponent.name, v, points, rated, rules.challenge_expiry)
        text += clock_words.clock_offer(preset_of(clock), points)
        if rematch_of is not None:
            text = words.rematch_offered(text)
        return Result(
            [
                ChallengePosted(channel_id, challenge_id, text, opponent.user_id),
                Reply(texts.challenge_sent(opponent.name), confirmation=True),  # when nothing else answers
            ]
        )

    @timed("service")
    async def answer(
        self, challenge_id: int, user: PlayerRef, accept: bool, *, venue: Venue = HERE
    ) -> Result:
        """The challenged member accepts or declines; anyone else is told it isn't theirs. The match is
        played in a thread opened from the challenge's message where ``venue`` opens one (a rematch: where
        its first match was played)."""
        found = await stored(self.ctx.store.challenge(challenge_id), texts.CHALLENGE_GONE)
        async with self.ctx.channel_locks.hold(found.channel_id):
            c = await self.ctx.store.challenge(challenge_id)  # again, now that this channel is ours
            if c is None:
                raise ServiceError(texts.CHALLENGE_GONE)
            if user.user_id != c.opponent_id:
                raise ServiceError(texts.not_your_challenge(c.opponent_name))
            if c.status is not ChallengeStatus.PENDING:
                raise ServiceError(texts.challenge_already(c.status))
            now = self.ctx.clock.now()
            if now >= c.expires_at:
                await self._close([c], ChallengeStatus.EXPIRED)
                return Result([closed_notice(c, ChallengeStatus.EXPIRED), Reply(texts.CHALLENGE_EXPIRED)])
            if not accept:
                async with self.ctx.store.transaction() as tx:
                    await tx.upsert_player(user, now)
                    await tx.close_challenge(challenge_id, ChallengeStatus.DECLINED)
                return Result(
                    [closed_notice(c, ChallengeStatus.DECLINED), Reply(texts.YOU_DECLINED, confirmation=True)]
                )
            seats = (Seat(c.challenger_id, c.challenger_name), Seat(c.opponent_id, user.name))
            home, first = None, None
            if c.rematch_of is not None:
                first = await self.ctx.store.match(c.rematch_of)
                if first is not None:
                    seats, home, venue = rotated(first.seats), first.home_channel_id, HERE
            result = await start_match(
                self.ctx,
                guild_id=c.guild_id,
                channel_id=c.channel_id,
                seats=seats,
                variant=c.variant,
                target=c.points,
                rated=c.rated,
                players=(user,),
                challenge_id=challenge_id,
                venue=venue,
                anchor=c.message_id,
                home_channel_id=home,
                rematch_of=c.rematch_of,
                clock=c.clock,
            )
        result.notices.insert(0, closed_notice(c, ChallengeStatus.ACCEPTED))
        if c.rematch_of is not None and first is not None:
            result.notices.extend(rematched(first))
        return result

    @timed("service")
    async def vs_bot(
        self,
        guild_id: int,
        channel_id: int,
        human: PlayerRef,
        variant: str = catalogue.DEFAULT_VARIANT,
        level: str = catalogue.DEFAULT_LEVEL,
        points: int | None = None,
        *,
        guild_name: str = "",
        venue: Venue = HERE,
        clock: str = NO_CLOCK,
    ) -> Result:
        """Start an unrated match against the computer (with the cube: a money game unless ``points`` says
        how long a match); the human is player 1 (seat 0). In a thread of its own where ``venue`` opens
        one. ``clock``: the person's match clock (:data:`bot.core.clocks.PRESETS`; the computer has none)."""
        v = catalogue.two_player_variant(variant)
        clock = match_clocks.chosen(clock)
        level = catalogue.level_for(v, level)
        target = catalogue.match_length(v, points)
        await Settings(self.ctx).check_start(guild_id, v, channel_id, venue.parent_of(channel_id))
        async with self.ctx.channel_locks.hold(channel_id):
            if not venue.opens_threads(channel_id):
                check_channel_free(self.ctx, channel_id)
                for c in await self.ctx.store.pending_challenges(channel_id):
                    if human.user_id in (c.challenger_id, c.opponent_id):
                        raise ServiceError(texts.YOUR_CHALLENGE_WAITS)
            return await start_match(
                self.ctx,
                guild_id=guild_id,
                channel_id=channel_id,
                seats=(Seat(human.user_id, human.name), Seat(COMPUTER_ID, texts.computer_name(level), level)),
                variant=v.name,
                target=target,
                rated=False,
                players=(human,),
                guild_name=guild_name,
                venue=venue,
                clock=clock,
            )

    async def cancel_waiting(self, channel_id: int) -> Result:
        """A moderator cancels the challenges waiting in ``channel_id``."""
        async with self.ctx.channel_locks.hold(channel_id):
            pending = await self.ctx.store.pending_challenges(channel_id)
            if not pending:
                raise ServiceError(texts.NOTHING_TO_CANCEL)
            await self._close(pending, ChallengeStatus.CANCELLED)
        notices: list = [closed_notice(c, ChallengeStatus.CANCELLED) for c in pending]
        notices.append(Reply(texts.cancelled_challenges(len(pending))))
        return Result(notices)

    async def expire(self) -> Result:
        """Close every challenge whose time is up."""
        result = Result()
        now = self.ctx.clock.now()
        owns = self.ctx.shards.owns
        channels = sorted(
            {
                c.channel_id
                for c in await self.ctx.store.pending_challenges()
                if c.expires_at <= now and owns(c.guild_id)
            }
        )
        for channel_id in channels:
            async with self.ctx.channel_locks.hold(channel_id):
                due = [c for c in await self.ctx.store.pending_challenges(channel_id) if c.expires_at <= now]
                if due:
                    await self._close(due, ChallengeStatus.EXPIRED)
                    result.notices.extend(closed_notice(c, ChallengeStatus.EXPIRED) for c in due)
        return result

    async def message_posted(self, challenge_id: int, message_id: int) -> None:
        """Remember the message with a challenge's buttons (to close it when it expires)."""
        async with self.ctx.store.transaction(durable=False) as tx:
            await tx.set_challenge_message(challenge_id, message_id)

    async def _close(self, challenges: list[ChallengeRecord], status: ChallengeStatus) -> None:
        async with self.ctx.store.transaction() as tx:
            for c in challenges:
                await tx.close_challenge(c.challenge_id, status)


def closed_notice(c: ChallengeRecord, status: ChallengeStatus) -> ChallengeClosed:
    return ChallengeClosed(c.channel_id, c.challenge_id, texts.challenge_closed(c, status), c.message_id)


def rotated(seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """A rematch's seats: everyone one seat on (two players swap), each person playing their own seat again
    (one the computer took over in the last game included)."""
    fresh = tuple(s if s.user_id == COMPUTER_ID else Seat(s.user_id, s.name) for s in seats)
    return (*fresh[1:], *fresh[:1])


__all__ = ["Challenges", "closed_notice", "rotated"]
