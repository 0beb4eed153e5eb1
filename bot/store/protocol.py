"""What the core needs from a database: the :class:`Store` protocol, its :class:`Transaction`, and errors.

Two implementations keep it, SQLite (:mod:`bot.store.sqlite`, one process) and PostgreSQL
(:mod:`bot.store.postgres`, any number of processes); nothing above this protocol knows which one it
talks to. Every call may yield to the event loop (both drivers are asynchronous), so the core never
assumes that two store calls run without another task between them. The rules every implementation keeps:

- Every write happens inside ``async with store.transaction() as tx``: committed when the block ends,
  rolled back if it raises, so an action is stored whole or not at all before anyone is told of it.
- Every write of a match names the version it was computed from; when the stored version differs (another
  process, or a lost race, got there first) the write raises :class:`StaleWrite` and the transaction is
  rolled back, so two processes can never both apply an action.
- A game's events are appended, never rewritten: the cost of storing a play does not grow with the game.
- A row that cannot be read raises :class:`DamagedRecord` naming it, never a bare ``KeyError`` or
  ``json.JSONDecodeError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.models import (
    ChallengeRecord,
    ChallengeStatus,
    GameRecord,
    MatchRecord,
    MatchStatus,
    MoneyResult,
    PlayerRef,
    RatedPlayer,
    Record,
    Seat,
    Shards,
    StoredGame,
)
from bot.ratings.fibs import Rating
from bot.store.protocol_analysis import AnalysisReads, AnalysisWrites
from bot.store.protocol_dice import DiceReads, DiceWrites
from bot.store.protocol_multigam import MultigamReads, MultigamWrites
from bot.store.protocol_puzzles import PuzzleReads, PuzzleWrites
from bot.store.protocol_tables import TableReads, TableWrites
from bot.store.protocol_tournaments import TournamentReads, TournamentWrites
from engine import Event, Outcome


class StoreError(Exception):
    """The database cannot be used (missing, damaged, locked by another program): the bot cannot start."""


class StaleWrite(RuntimeError):
    """A write computed from a version that is no longer the stored one: someone else acted first."""


class Conflict(StaleWrite):
    """A row that must be unique exists already (another process, or a lost race, made it first)."""


class Unavailable(RuntimeError):
    """The database cannot be used just now (locked past its timeout, full, the connection lost):
    nothing of the transaction was stored, and trying again later may work."""


class OutOfRange(ValueError):
    """A number no column can hold (an id past 64 bits): nothing stored can have it."""


class DamagedRecord(ValueError):
    """A stored row that cannot be read back (``what`` names it, e.g. ``match 12``)."""

    def __init__(self, what: str, reason: str, *, channel_id: int | None = None) -> None:
        super().__init__(f"{what} cannot be read: {reason}")
        self.what = what
        self.channel_id = channel_id  # where it is played, when that much could be read


class Transaction(
    MultigamWrites, AnalysisWrites, TableWrites, PuzzleWrites, TournamentWrites, DiceWrites, Protocol
):
    """The writes, available inside :meth:`Store.transaction`."""

    async def upsert_guild(self, guild_id: int, name: str, now: float) -> None: ...

    async def upsert_player(self, player: PlayerRef | Seat, now: float) -> None: ...

    # challenges
    async def insert_challenge(
        self,
        *,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        variant: str,
        points: int,
        rated: bool,
        now: float,
        expires_at: float,
        rematch_of: int | None = None,
        clock: str = "none",
    ) -> int: ...

    async def close_challenge(
        self, challenge_id: int, status: ChallengeStatus, match_id: int | None = None
    ) -> None:
        """Move a *pending* challenge to ``status``; :class:`StaleWrite` if it is no longer pending."""
        ...

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None: ...

    # matches
    async def insert_match(self, record: MatchRecord) -> int:
        """Store a new match (``record.match_id`` is ignored) with its seats; returns its id."""
        ...

    async def update_match(
        self,
        match_id: int,
        version: int,
        *,
        new_version: int | None = None,
        status: MatchStatus | None = None,
        current_game_id: int | None = None,
        turn_started_at: float | None = None,
        reminded: bool | None = None,
        winner_seat: int | None = None,
        finished_at: float | None = None,
        reserves: tuple[float, ...] | None = None,
        clock_used: float | None = None,
    ) -> None:
        """Change the given columns of the match stored at ``version``; :class:`StaleWrite` otherwise.
        ``reserves``, ``clock_used``: a clocked match's reserves and the time its decision used before a
        stop."""
        ...

    async def set_board(self, match_id: int, version: int, message_id: int, record: str = "") -> bool:
        """Record ``message_id`` as the board of ``version`` (``record``: the one line it becomes once
        replaced): only while ``version`` is still the match's version. Returns whether it was recorded."""
        ...

    async def insert_game(
        self, match_id: int, number: int, variant: str, context: dict, now: float
    ) -> int: ...

    async def add_events(self, game_id: int, first_seq: int, events: Sequence[Event], now: float) -> None:
        """Append ``events`` as numbers ``first_seq``, ``first_seq + 1``, ... (an existing number fails)."""
        ...

    async def finish_game(self, game_id: int, outcome: Outcome, now: float) -> None: ...

    # ratings
    async def rating(self, guild_id: int, variant: str, user_id: int) -> Rating: ...

    async def put_rating(
        self, guild_id: int, variant: str, user_id: int, old: Rating, new: Rating, match_id: int, now: float
    ) -> None: ...

    async def rated_matches_between(self, guild_id: int, user_id: int, other_id: int, since: float) -> int:
        """As :meth:`Store.rated_matches_between`, inside the transaction (so two matches of the same pair
        ending at once are counted one after the other)."""
        ...

    async def set_meta(self, key: str, value: str) -> None: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        """Set a server's setting (``None``: back to the default)."""
        ...

    async def set_player_pref(self, user_id: int, key: str, value: str | None) -> None:
        """Set one of a person's own preferences (``None``: back to the default)."""
        ...

    async def note_hint(self, game_id: int, user_id: int, now: float) -> None:
        """Record that ``user_id`` asked for a hint in game ``game_id`` (once per game and person): the
        game is then kept apart from the money leaderboard."""
        ...


class Store(MultigamReads, AnalysisReads, TableReads, PuzzleReads, TournamentReads, DiceReads, Protocol):
    """The bot's database. Reads are methods; writes go through :meth:`transaction`."""

    shared: bool  # other processes may use the database at the same time (a redeploy's two sessions)

    def transaction(self, *, durable: bool = True) -> AbstractAsyncContextManager[Transaction]:
        """One write transaction, all or nothing. ``durable``: the block's end waits until the commit would
        survive a power failure (what an action on a match needs before it is shown). With ``durable=False``
        it is committed and consistent, survives the bot's crash, and becomes durable with the next durable
        commit: for bookkeeping whose loss on a power failure the bot repairs (which message is a board)."""
        ...

    async def close(self) -> None: ...

    def exclusively(self, duty: str) -> AbstractAsyncContextManager[bool]:
        """``async with store.exclusively("sync commands") as mine:``: ``mine`` is true in one process at a
        time (of all that share the database) until the block ends; the others get false at once and skip
        the duty. For work that belongs to no server (syncing the slash commands)."""
        ...

    # matches
    async def active_match_ids(self, shards: Shards | None = None) -> list[int]:
        """The matches in play (of the servers ``shards`` owns, when given), oldest first."""
        ...

    async def latest_match_id(self, channel_id: int) -> int | None:
        """The newest match started in ``channel_id`` (in play or over), if any."""
        ...

    async def match(self, match_id: int) -> MatchRecord | None:
        """The match with its seats; :class:`DamagedRecord` if its row cannot be read."""
        ...

    async def games(self, match_id: int) -> list[StoredGame]:
        """The match's games in order; :class:`DamagedRecord` if one cannot be read."""
        ...

    async def game_events(self, game_id: int) -> list[Event]:
        """The stored record of one game, in order (what ``engine.replay`` needs)."""
        ...

    # challenges
    async def challenge(self, challenge_id: int) -> ChallengeRecord | None: ...

    async def pending_challenges(self, channel_id: int | None = None) -> list[ChallengeRecord]: ...

    # ratings and records
    async def rating(self, guild_id: int, variant: str, user_id: int) -> Rating: ...

    async def rated_matches_between(self, guild_id: int, user_id: int, other_id: int, since: float) -> int:
        """How many matches since ``since`` changed the ratings of both ``user_id`` and ``other_id``."""
        ...

    async def leaderboard(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[RatedPlayer]:
        """Best first; ``offset`` players skipped (a later page)."""
        ...

    async def rated_variants(self, guild_id: int) -> list[str]: ...

    async def player_ratings(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]: ...

    async def rank(self, guild_id: int, variant: str, user_id: int) -> int | None: ...

    async def player_record(self, guild_id: int, user_id: int) -> Record: ...

    async def recent_games(self, guild_id: int, limit: int = 10) -> list[GameRecord]: ...

    async def money_results(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[MoneyResult]:
        """Money play in a server and variant: each player's games and points won (minus lost), best first
        (``offset`` players skipped)."""
        ...

    async def player_money(self, guild_id: int, user_id: int) -> list[tuple[str, MoneyResult]]:
        """``user_id``'s money play in a server, per variant."""
        ...

    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        """The settings a server changed, as stored."""
        ...

    # meta
    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...

    # a person's own preferences
    async def player_prefs(self, user_id: int) -> dict[str, str]:
        """The preferences ``user_id`` changed, as stored (the same in every server)."""
        ...

    async def hinted_players(self, game_id: int) -> list[int]:
        """Who asked for a hint in game ``game_id`` (see :meth:`Transaction.note_hint`)."""
        ...
