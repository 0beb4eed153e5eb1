"""What every part of the core shares: the store, the clock, the dice, the thinking, the live matches,
and the house rules (time limits, the rating guard)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.clock import Clock
from bot.core.live import KeyedLocks, LiveMatch, LiveMatches
from bot.models import Shards
from bot.store import Store
from bot.workers.thinking import Thinker
from engine.dice import DiceSource, Seed

DAY = 86400.0


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Limits the bot keeps (from the settings)."""

    challenge_timeout: float = 600.0
    lobby_timeout: float = 900.0  # a multigam lobby not started by then expires
    turn_timeout: float = 86400.0
    think_limit: float = 30.0  # seconds a computer's thought may take before a quicker level answers
    pair_daily_limit: int = 3  # rated results of the same two people per day (the anti-farming guard)
    pair_window: float = 30 * DAY  # within it, a pair's n-th rated result past pair_full counts pair_full/n
    pair_full: int = 3  # a pair's rated results in pair_window that count in full
    max_matches: int = 10  # matches in play at once per person
    bot_idle: float = 3600.0  # default: a game against the computer its person left this long is closed
    archive_after: float = 3600.0  # default: a match's thread is archived this long after its matches end


@dataclass(slots=True)
class Context:
    store: Store
    clock: Clock
    dice: DiceSource | None  # None: each match throws its own seed's dice (bot.core.match_dice)
    thinker: Thinker
    rules: HouseRules = field(default_factory=HouseRules)
    live: LiveMatches = field(default_factory=LiveMatches)
    channel_locks: KeyedLocks = field(default_factory=KeyedLocks)  # starting matches, one channel at a time
    shards: Shards = field(default_factory=Shards)  # the servers this process serves (its matches, its clock)
    clock_started: ClockStarted | None = None  # told when a match's clock starts running (its flag timer)
    match_over: MatchOver | None = None  # told of every match that ends (a tournament moves on)
    seeds: Callable[[], Seed] = Seed.new  # a new match's secret dice seed


MatchOver = Callable[[LiveMatch], Awaitable[Any]]
"""Called with a match just stored as over (its lock held); returns a :class:`~bot.core.notices.Result`:
what follows from it (a tournament's next pairings), published with the match's last board. It must not
take a match's lock."""

ClockStarted = Callable[[int], None]
"""Called with a match's id whenever its clock starts running for a decision, or its flag's moment
moves (:mod:`bot.core.match_clocks`): the runner's flag timer for it is armed again. It must not block."""


__all__ = ["DAY", "ClockStarted", "Context", "HouseRules", "MatchOver"]
