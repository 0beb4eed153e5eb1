"""The puzzles part of the store's protocol (issue 34): puzzles made from a server's own games, attempts,
the players' and the puzzles' ratings, the daily puzzle. :class:`~bot.store.protocol.Transaction` and
:class:`~bot.store.protocol.Store` include these.

A puzzle is named by its *ref*: a shipped puzzle's engine id, or ``server:<n>`` for a
:class:`ServerPuzzle` (:func:`server_ref`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from bot.ratings.glicko import Rating

SERVER_PREFIX = "server:"


def server_ref(server_puzzle_id: int) -> str:
    return f"{SERVER_PREFIX}{server_puzzle_id}"


class PuzzleMode(enum.StrEnum):
    """How a puzzle was served: ``/minigam puzzle solve``, the daily puzzle, ``/minigam train``."""

    SOLVE = "solve"
    DAILY = "daily"
    TRAIN = "train"


@dataclass(frozen=True, slots=True)
class PuzzleAttempt:
    """A ``puzzle_attempts`` row: a puzzle served to someone, open until ``answered_at``; then its
    ``answer`` (stored notation), what it ``loss``-t, its ``word`` and whether it was the best."""

    attempt_id: int
    guild_id: int
    user_id: int
    family: str
    puzzle_ref: str
    mode: PuzzleMode
    day: str | None
    served_at: float
    answered_at: float | None = None
    answer: str | None = None
    loss: float | None = None
    word: str | None = None
    solved: bool | None = None

    @property
    def is_open(self) -> bool:
        return self.answered_at is None


@dataclass(frozen=True, slots=True)
class PuzzlePlayer:
    """A player's puzzle rating in a server and family, their counts and streaks (``name``: as last
    stored for them, for leaderboards)."""

    guild_id: int
    user_id: int
    family: str
    rating: Rating
    attempts: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0
    name: str = ""


@dataclass(frozen=True, slots=True)
class ServerPuzzle:
    """A ``server_puzzles`` row: the position of a decision of ``user_id`` in game ``game_id``, as the
    engine's puzzle JSON (``data``), with what they ``played`` and what it lost."""

    server_puzzle_id: int
    guild_id: int
    game_id: int
    user_id: int
    family: str
    data: dict
    played: str
    loss: float

    @property
    def ref(self) -> str:
        return server_ref(self.server_puzzle_id)


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """A server's daily puzzle of ``day`` (``YYYY-MM-DD``, UTC), posted in ``channel_id``."""

    guild_id: int
    day: str
    puzzle_ref: str
    channel_id: int
    posted_at: float
    summary_posted_at: float | None = None


class PuzzleReads(Protocol):
    """What the store reads for puzzles."""

    async def puzzle_attempt(self, attempt_id: int) -> PuzzleAttempt | None:
        """Attempt ``attempt_id`` as it stands."""
        ...

    async def open_puzzle_attempt(self, guild_id: int, user_id: int) -> PuzzleAttempt | None:
        """``user_id``'s newest attempt in the server still open (not answered), if any."""
        ...

    async def daily_attempt(self, guild_id: int, user_id: int, day: str) -> PuzzleAttempt | None:
        """``user_id``'s attempt at the server's daily puzzle of ``day``, if they made one."""
        ...

    async def recent_puzzle_refs(self, guild_id: int, user_id: int, limit: int) -> list[str]:
        """The puzzles served to ``user_id`` in the server, newest first, at most ``limit``."""
        ...

    async def puzzle_player(self, guild_id: int, user_id: int, family: str) -> PuzzlePlayer | None: ...

    async def puzzle_players(self, guild_id: int, user_id: int) -> list[PuzzlePlayer]:
        """``user_id``'s puzzle ratings in the server, one per family they tried."""
        ...

    async def puzzle_leaderboard(self, guild_id: int, family: str, limit: int) -> list[PuzzlePlayer]:
        """The server's best puzzle ratings of ``family``, best first (names as last stored)."""
        ...

    async def puzzle_rating(self, puzzle_ref: str) -> Rating | None:
        """A puzzle's rating (``None``: never attempted, rated)."""
        ...

    async def puzzle_ratings(self, family: str) -> dict[str, Rating]:
        """The ratings of every puzzle of ``family`` attempted so far, by ref."""
        ...

    async def server_puzzle(self, server_puzzle_id: int) -> ServerPuzzle | None: ...

    async def server_puzzle_refs(self, guild_id: int, family: str, *, but_of: int) -> list[str]:
        """The refs of the server's own puzzles of ``family``, except those of ``but_of`` and of players who
        asked that their positions not be used (the preference ``puzzles`` off). Only the refs: the
        puzzles themselves are read one at a time, when served."""
        ...

    async def training_puzzles(self, guild_id: int, user_id: int) -> list[ServerPuzzle]:
        """``user_id``'s own puzzles in the server that they have not yet solved in training, the worst
        decision first."""
        ...

    async def own_puzzle_count(self, guild_id: int, user_id: int) -> int:
        """How many puzzles the server's games made of ``user_id``'s decisions."""
        ...

    async def games_to_harvest(self, limit: int) -> list[int]:
        """Games with a stored analysis not yet looked at for puzzles, oldest first."""
        ...

    async def daily_puzzle(self, guild_id: int, day: str) -> DailyPuzzle | None: ...

    async def last_daily_puzzle(self, guild_id: int, before: str) -> DailyPuzzle | None:
        """The server's newest daily puzzle of a day before ``before`` (``YYYY-MM-DD``), if any."""
        ...

    async def daily_puzzle_refs(self, guild_id: int) -> list[str]:
        """Every puzzle the server had as its daily puzzle."""
        ...

    async def daily_results(self, guild_id: int, day: str) -> tuple[int, int]:
        """``(tried, found the best)``: the server's answers to its daily puzzle of ``day``."""
        ...

    async def puzzle_settings(self) -> dict[int, dict[str, str]]:
        """The servers with a daily puzzle channel set, each with its stored ``puzzle_*`` settings."""
        ...


class PuzzleWrites(Protocol):
    """What a transaction writes for puzzles."""

    async def serve_puzzle(
        self,
        guild_id: int,
        user_id: int,
        family: str,
        puzzle_ref: str,
        mode: PuzzleMode,
        now: float,
        day: str | None = None,
    ) -> int:
        """A new open attempt; its id. :class:`~bot.store.protocol.Conflict` for a second daily attempt of
        the same person and day."""
        ...

    async def answer_puzzle(
        self, attempt_id: int, user_id: int, answer: str, loss: float, word: str, solved: bool, now: float
    ) -> None:
        """Grade ``user_id``'s open attempt; :class:`~bot.store.protocol.StaleWrite` (nothing stored) if it
        is not open or not theirs."""
        ...

    async def locked_puzzle_ratings(
        self, guild_id: int, user_id: int, family: str, puzzle_ref: str
    ) -> tuple[PuzzlePlayer | None, Rating | None]:
        """The player's puzzle rating and the puzzle's, as stored (``None``: none yet), held until the
        transaction ends: no other transaction (of any process) moves them meanwhile."""
        ...

    async def put_puzzle_player(self, player: PuzzlePlayer, now: float) -> None:
        """Store a player's puzzle rating, counts and streaks (new or replacing)."""
        ...

    async def put_puzzle_rating(self, puzzle_ref: str, family: str, rating: Rating, solved: bool) -> None:
        """Store a puzzle's new rating after one more attempt (``solved``: the player found the best)."""
        ...

    async def put_server_puzzle(
        self,
        guild_id: int,
        game_id: int,
        user_id: int,
        family: str,
        puzzle_id: str,
        data: dict,
        played: str,
        loss: float,
        now: float,
    ) -> None:
        """Keep a puzzle from a server's game (the same decision of the same player kept once)."""
        ...

    async def claim_harvest(self, game_id: int, now: float) -> bool:
        """Claim game ``game_id`` to look at for puzzles: false if it was claimed before."""
        ...

    async def claim_daily_puzzle(
        self, guild_id: int, day: str, puzzle_ref: str, channel_id: int, now: float
    ) -> bool:
        """Claim the server's daily puzzle of ``day``: false if it has one already (any process's)."""
        ...

    async def claim_daily_summary(self, guild_id: int, day: str, now: float) -> bool:
        """Claim the post telling how the daily puzzle of ``day`` went: false if claimed before."""
        ...


__all__ = [
    "SERVER_PREFIX",
    "DailyPuzzle",
    "PuzzleAttempt",
    "PuzzleMode",
    "PuzzlePlayer",
    "PuzzleReads",
    "PuzzleWrites",
    "ServerPuzzle",
    "server_ref",
]
