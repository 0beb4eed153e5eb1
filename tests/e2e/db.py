"""Reading the bot's database from the tests' side: the stored truth the scenarios compare before and after
an action, read through the bot's own store (:func:`bot.store.open_store` and the store's read methods),
so the tests keep no SQL of their own.

The store is asynchronous and the scenarios read it plainly, often inside a predicate that
:meth:`~tests.e2e.standin.FakeDiscord.wait_for` re-checks: so :class:`Database` runs the store on an event
loop of its own, in a thread, and each read waits for its answer there. The store is opened at the first
read (or by :meth:`Database.open`) and kept until :meth:`Database.close`; nothing is ever written through it.
A SQLite store takes the write lock for a moment when it opens (to see that the file is usable): the world
opens it before the bot in this process starts, whose transactions would otherwise keep the lock while this
thread blocks the event loop they wait on.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from bot.models import ChallengeRecord, MatchRecord, MatchStatus, Seat, StoredGame
from bot.ratings.fibs import Rating
from bot.ratings.placings import PlacingRating
from bot.store import Store, open_store
from bot.store.protocol_analysis import StoredAnalysis
from bot.store.url import sqlite_path
from engine import Event, Game, Match, MatchContext, Outcome, replay

T = TypeVar("T")

NOBODY = -1  # a user id no one has: the newest match of a channel, whoever played it
EVERYONE = 10_000  # more players than any test's leaderboard lists
READ_TIMEOUT = 30.0  # seconds a read may take before the test fails instead of hanging


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match as stored (:class:`~bot.models.MatchRecord`) with its games, each with its events."""

    record: MatchRecord
    games: tuple[tuple[StoredGame, tuple[Event, ...]], ...]

    @property
    def match_id(self) -> int:
        return self.record.match_id

    @property
    def channel_id(self) -> int:
        return self.record.channel_id

    @property
    def variant(self) -> str:
        return self.record.variant

    @property
    def status(self) -> MatchStatus:
        return self.record.status

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def board_message_id(self) -> int | None:
        return self.record.board_message_id

    @property
    def winner_seat(self) -> int | None:
        return self.record.winner_seat

    @property
    def turn_started_at(self) -> float:
        return self.record.turn_started_at

    @property
    def events(self) -> list[Event]:
        """Every game's events, in order."""
        return [e for _, events in self.games for e in events]

    @property
    def game(self) -> Game:
        """The current game (the last one, when the match is over), replayed from its events."""
        stored, events = self.games[-1]
        context = stored.context
        return replay(
            self.variant,
            list(events),
            MatchContext(context["target"], tuple(context["score"]), context["crawford"]),
        )

    @property
    def match(self) -> Match:
        match = Match.new(self.variant, self.games[0][0].context["target"] if self.games else None)
        for stored, _ in self.games:
            if stored.outcome is not None:
                match = match.record(Outcome.from_json(stored.outcome))
        return match

    def seat_of(self, user_id: int) -> int:
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        raise LookupError(f"user {user_id} has no seat in match {self.match_id}")

    def user_at(self, seat: int) -> int:
        return self.seats[seat].user_id

    def snapshot(self) -> tuple:
        """Everything stored about the match's play: unchanged snapshots mean nothing happened."""
        return (self.version, self.status, self.board_message_id, self.turn_started_at, self.events)


class Database:
    """The bot's database at ``url`` (a ``DATABASE_URL``), read through its store."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.path: Path | None = sqlite_path(url)  # None: a PostgreSQL database
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._store: Store | None = None

    # ------------------------------------------------------------------ the store on its own loop
    def open(self) -> None:
        """Open the store (migrating the database as the bot would, creating it if need be)."""
        if self._store is not None:
            return
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="e2e-db", daemon=True)
        self._thread.start()
        self._store = self._wait(open_store(self.url))

    def close(self) -> None:
        """Close the store and its loop (a later read opens them again)."""
        if self._loop is None:
            return
        try:
            if self._store is not None:
                self._wait(self._store.close())
        finally:
            self._store = None
            self._loop.call_soon_threadsafe(self._loop.stop)
            assert self._thread is not None
            self._thread.join(5)
            self._loop.close()
            self._loop = self._thread = None

    def _wait(self, work: Awaitable[T]) -> T:
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(_awaited(work), self._loop).result(READ_TIMEOUT)

    def read(self, reading: Callable[[Store], Awaitable[T]]) -> T:
        """``reading(store)``, awaited on the store's loop: ``db.read(lambda s: s.match(7))``."""
        self.open()
        assert self._store is not None
        store = self._store
        return self._wait(_called(reading, store))

    # ------------------------------------------------------------------ matches
    def newest_match_id(self, channel_id: int) -> int | None:
        """The newest match played in a channel or started from it (played in its thread), if any."""
        return self.read(lambda s: s.last_match_here(channel_id, NOBODY))

    def match_in(self, channel_id: int) -> StoredMatch:
        """The latest match (active or not) played in a channel, or started from it (played in a thread)."""
        match_id = self.newest_match_id(channel_id)
        if match_id is None:
            raise LookupError(f"no match in channel {channel_id}")
        return self.match_by_id(match_id)

    def match_by_id(self, match_id: int) -> StoredMatch:
        return self.read(lambda s: _stored(s, match_id))

    def snapshot(self, match_id: int) -> tuple:
        """Everything stored about a match's play: unchanged snapshots mean nothing happened."""
        return self.match_by_id(match_id).snapshot()

    def events(self, match_id: int) -> list[Event]:
        """Every event of the match's games, in order."""
        return self.match_by_id(match_id).events

    # ------------------------------------------------------------------ challenges, ratings, analyses
    def pending_challenges(self, channel_id: int) -> list[ChallengeRecord]:
        return self.read(lambda s: s.pending_challenges(channel_id))

    def challenge(self, challenge_id: int) -> ChallengeRecord | None:
        return self.read(lambda s: s.challenge(challenge_id))

    def ratings(self, guild_id: int, variant: str) -> dict[int, Rating]:
        """Every rating of ``variant`` in a server, by user id."""
        players = self.read(lambda s: s.leaderboard(guild_id, variant, EVERYONE))
        return {p.user_id: p.rating for p in players}

    def rated_variants(self, guild_id: int) -> list[str]:
        return self.read(lambda s: s.rated_variants(guild_id))

    def placing_ratings(self, guild_id: int, variant: str = "multigam") -> dict[int, PlacingRating]:
        """Every four-player rating of ``variant`` in a server, by user id."""
        players = self.read(lambda s: s.placing_leaderboard(guild_id, variant, EVERYONE))
        return {p.user_id: p.rating for p in players}

    def analysis(self, game_id: int) -> StoredAnalysis | None:
        return self.read(lambda s: s.analysis(game_id))


async def _awaited(work: Awaitable[T]) -> T:
    return await work


async def _called(reading: Callable[[Store], Awaitable[T]], store: Store) -> T:
    return await reading(store)


async def _stored(store: Store, match_id: int) -> StoredMatch:
    record = await store.match(match_id)
    if record is None:
        raise LookupError(f"no match {match_id}")
    games = [(g, tuple(await store.game_events(g.game_id))) for g in await store.games(match_id)]
    return StoredMatch(record, tuple(games))
