"""The matches in play in this process, in memory, rebuilt from the store.

A :class:`LiveMatch` is changed only under its lock, and only after the store accepted the change; the one
exception is which message is its board (:attr:`LiveMatch.board`), set in one step when a board is posted
(:mod:`bot.core.posting`). The store keeps each fact once: the match row and its seats, each game's context
and outcome, and every event; a live match is rebuilt from them (:func:`load_match`): the finished games'
outcomes give the match, the current game's events replayed through the engine give the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
from collections import Counter
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass, field

from bot.core.match_dice import dice_in, stored_seed
from bot.models import MatchRecord, MatchStatus, StoredGame
from bot.store import DamagedRecord, Store
from engine import Event, EventKind, Game, Match, MatchContext, Move, Outcome, find_variant, replay
from engine.dice import Seed

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Picking:
    """A play being picked move by move: by whom, at which version, the moves so far, and the number of
    the picker that shows them (each pick gives the picker a new one: a click on an older picker, or on
    an earlier state of this one, is out of date)."""

    version: int
    user_id: int
    moves: tuple[Move, ...]
    serial: int = 0


_pickers = itertools.count(random.SystemRandom().randrange(1, 10**9))
"""Picker numbers, unique in this process and unlikely to meet one from before a restart."""


def next_picker() -> int:
    """A new picker's number."""
    return next(_pickers)


@dataclass(frozen=True, slots=True)
class PostedBoard:
    """The message that is a match's board: the version it shows, and the one line it becomes once a newer
    board replaces it."""

    message_id: int
    version: int
    record: str = ""


@dataclass(eq=False, slots=True)
class LiveMatch:
    """A match in play: its stored record, the engine's match and current game, and its lock."""

    record: MatchRecord
    match: Match
    game: Game
    saved_events: int  # how many of ``game.events`` are stored
    played: frozenset[int] = frozenset()  # seats that made a play in this match (the rating guard)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    picking: Picking | None = None
    thinking: bool = False  # the computer is thinking for this match (outside the lock)
    pending: tuple[str, ...] = ()  # what happened since the last board (the computer's turns), for the next
    automatic: bool = False  # its board is held back for an automatic action the runner takes next
    board_for: int | None = None  # the person the last board was for (``None``: none yet in this process)
    # The match's board as this process knows it: set when a board is posted (bot.core.posting), without
    # the lock, so never from ``record`` (whose board columns are only the stored copy, read at load).
    board: PostedBoard | None = None
    # A clocked match (bot.core.match_clocks): when the running clock of the decision awaited now started
    # (its board's posting; the action's storing until then; this process's start after a restart), and
    # under the lock, while an action is handled, when Discord received it (``None``: now).
    clock_from: float = 0.0
    decided_at: float | None = None
    interrupted: tuple[int, float] | None = None  # a decision a resignation offer cut: seat, delay it used
    seed: Seed | None = None  # its dice's secret seed (bot.core.match_dice; None: started before seeds)
    dice_before: int = 0  # the dice thrown in its games before the current one

    @property
    def match_id(self) -> int:
        return self.record.match_id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.record.seats)

    @property
    def is_live(self) -> bool:
        return self.record.status is MatchStatus.ACTIVE


class LiveMatches:
    """The live matches of this process, by id and by channel, and the channels whose stored match could
    not be read back (they answer so instead of starting another)."""

    def __init__(self) -> None:
        self._by_id: dict[int, LiveMatch] = {}
        self._by_channel: dict[int, int] = {}
        self.damaged: dict[int, int] = {}  # channel -> id of a stored active match that cannot be read

    def add(self, live: LiveMatch) -> None:
        self._by_id[live.match_id] = live
        self._by_channel[live.record.channel_id] = live.match_id

    def forget(self, live: LiveMatch) -> None:
        self._by_id.pop(live.match_id, None)
        if self._by_channel.get(live.record.channel_id) == live.match_id:
            del self._by_channel[live.record.channel_id]

    def get(self, match_id: int) -> LiveMatch | None:
        return self._by_id.get(match_id)

    def played_in(self, channel_id: int) -> LiveMatch | None:
        """The match in play in ``channel_id`` (a match's thread, or a channel where one is played)."""
        match_id = self._by_channel.get(channel_id)
        return self._by_id.get(match_id) if match_id is not None else None

    def of_user(self, user_id: int, guild_id: int | None = None) -> list[LiveMatch]:
        """The matches in play where ``user_id`` has a seat (in ``guild_id``, when given), oldest first."""
        return [
            live
            for live in self._by_id.values()
            if live.record.has_seat(user_id) and (guild_id is None or live.record.guild_id == guild_id)
        ]

    def __iter__(self):
        return iter(list(self._by_id.values()))

    def __len__(self) -> int:
        return len(self._by_id)


class KeyedLocks:
    """One lock per key (a channel), made on first use and dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._users: Counter[Hashable] = Counter()

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] += 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key]
                del self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)


async def load_match(store: Store, match_id: int, *, over: bool = False) -> LiveMatch:
    """Rebuild an active match from the store; :class:`DamagedRecord` if it cannot be. With ``over``, a
    match that has ended (finished or cancelled): its last game as it ended, the score after it."""
    what = f"match {match_id}"
    record = await store.match(match_id)
    if record is None:
        raise DamagedRecord(what, "it is not stored")
    games = await store.games(match_id)
    if not games or games[-1].game_id != record.current_game_id:
        raise DamagedRecord(what, "its current game is missing")
    if games[-1].outcome is not None and not over:
        raise DamagedRecord(what, "its current game is over")
    events = [await store.game_events(stored.game_id) for stored in games]
    seed = await stored_seed(store, match_id)
    try:
        live = _rebuild(record, games, events, over=over)
    except DamagedRecord:
        raise
    except Exception as exc:
        # Only stored data, read already, goes in: whatever the engine raises comes from it (a play numbered
        # before the opening leaves the replay without dice: a RuntimeError), never from the database.
        raise DamagedRecord(what, f"{type(exc).__name__}: {exc}") from None
    live.seed, live.dice_before = seed, dice_in(events[:-1])
    return live


def _rebuild(
    record: MatchRecord, games: list[StoredGame], events: list[list[Event]], *, over: bool
) -> LiveMatch:
    """The live match from its stored games and their events (read already): the engine only."""
    jacoby = bool(games[0].context.get("jacoby", True))
    match = Match.new(record.variant, record.target, jacoby=jacoby)
    played: set[int] = set()
    for stored, its_events in zip(games[:-1], events[:-1], strict=True):
        if stored.outcome is None:
            raise DamagedRecord(f"match {record.match_id}", f"game {stored.game_id} never ended")
        match = match.record(Outcome.from_json(stored.outcome))
        played |= _players_who_played(its_events)
    context = MatchContext.from_json(games[-1].context, find_variant(record.variant))
    game = replay(record.variant, events[-1], context)
    if over and game.outcome is not None:
        match = match.record(game.outcome)
    played |= _players_who_played(events[-1])
    if game.variant.players != len(record.seats):
        raise DamagedRecord(
            f"match {record.match_id}", f"{len(record.seats)} seats for {game.variant.players} players"
        )
    live = LiveMatch(record, match, game, len(game.events), frozenset(played))
    if record.board_message_id is not None and record.board_version is not None:
        live.board = PostedBoard(record.board_message_id, record.board_version, record.board_record or "")
    return live


def _players_who_played(events) -> set[int]:
    return {e.player for e in events if e.kind is EventKind.PLAY and e.moves}


__all__ = ["KeyedLocks", "LiveMatch", "LiveMatches", "Picking", "PostedBoard", "load_match", "next_picker"]
