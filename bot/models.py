"""Plain records shared by the core and the store, and the actions of a match's controls, which the texts
name too (no Discord, no SQL)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bot.ratings.fibs import Rating

COMPUTER_ID = 0
"""The user id of a computer player's seat (Discord ids are never 0)."""

MAX_USER_ID = 2**63 - 1
"""The largest id a member can have: Discord ids are 64-bit snowflakes, stored as SQLite's signed integer."""


class MatchStatus(enum.StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class Standing(enum.StrEnum):
    """A leaderboard's kind: two-player ratings, money play, four-player (placing) ratings."""

    RATINGS = "ratings"
    MONEY = "money"
    PLACINGS = "placings"


class ChannelProblem(enum.StrEnum):
    """Why matches could not be played in a channel (a server's ``channels`` setting names only others)."""

    NOT_IN_SERVER = "not-in-server"  # no such channel in this server (a typo, another server's)
    NOT_TEXT = "not-text"  # a category or a forum: nowhere to post a board
    HIDDEN = "hidden"  # the bot cannot see it
    MUTE = "mute"  # the bot cannot send messages there


class ChallengeStatus(enum.StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    EXPIRED = "expired"
    CANCELLED = "cancelled"


class Action(enum.StrEnum):
    """A match action; the value is what a component's custom id carries."""

    PLAY = "play"  # a whole play, in notation (typed, or chosen from the board's menu)
    FIRST = "first"  # the first single move of a play picked move by move (the board's menu)
    STEP = "step"  # the next single move of a play being picked (the picker's menu)
    UNDO = "undo"  # take back the last picked move
    DONE = "done"  # play the moves picked so far
    RESIGN = "offer"  # give up the game (argument: how much, where the game lets the resigner choose)
    ACCEPT = "accept"  # accept an offered resignation
    DECLINE = "decline"  # decline an offered resignation
    DOUBLE = "double"  # offer the doubling cube before rolling
    TAKE = "take"  # take an offered double
    DROP = "drop"  # drop an offered double
    ROLL = "roll"  # roll instead of doubling
    CANCEL = "cancel"  # a moderator ends the match; it counts for nobody
    LEAVE = "leave"  # multigam: leave the table; the computer plays your seat, its place counts for you

    @property
    def has_menu(self) -> bool:
        """Chosen from a menu of options (the argument is the chosen option) rather than a button."""
        return self in _MENU_ACTIONS

    @property
    def changes_match(self) -> bool:
        """Whether the action moves the match on (picking moves does not, until the play is made)."""
        return self not in _PICKING

    @property
    def out_of_turn(self) -> bool:
        """Open to any seated player at any moment, not only to the one whose turn it is."""
        return self in _OUT_OF_TURN

    @property
    def from_private_reply(self) -> bool:
        """Clicked on a private reply to one person (a question, the picker), answered privately there;
        the others are answered by the match's new public board."""
        return self in _FROM_PRIVATE_REPLY or not self.changes_match


_MENU_ACTIONS = frozenset({Action.PLAY, Action.FIRST, Action.STEP})
_PICKING = frozenset({Action.FIRST, Action.STEP, Action.UNDO})
_OUT_OF_TURN = frozenset({Action.RESIGN, Action.LEAVE})
_FROM_PRIVATE_REPLY = frozenset({Action.RESIGN, Action.DONE, Action.LEAVE})


class Prompt(enum.StrEnum):
    """Buttons that only open or close a question (nothing happens to the match)."""

    RESIGN = "resign"  # ask "resign this game?" (its answer is the RESIGN action)
    KEEP = "keep"  # "no, play on": close the question
    ANALYSE = "analyse"  # a finished game's analysis, for anyone (argument: the game's id)
    HINTS = "hints"  # a hint's next page of plays (argument: the page's number, 0 the first)

    @property
    def out_of_turn(self) -> bool:
        """Open to any seated player at any moment (the resignation question and its "play on")."""
        return self in (Prompt.RESIGN, Prompt.KEEP)


class AfterMatch(enum.StrEnum):
    """Buttons under a finished match's last board: they start something new from it."""

    REMATCH = "rematch"  # the same match again, seats swapped


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """Someone acting in a channel: who they are, whether the account is a bot, and whether they may
    manage the server (moderators may cancel matches)."""

    user_id: int
    name: str
    is_bot: bool = False
    moderator: bool = False


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat in a match; the seat number is the engine's player number.
    ``level`` is set for the computer player (whose ``user_id`` is :data:`COMPUTER_ID`), and for a
    person's seat that the computer took over (multigam: timed out or left). Such a seat keeps its
    person's ``user_id`` (the place counts for them) and ``replaced_plays``, the plays they made
    themselves before; ``None`` for a seat never taken over."""

    user_id: int
    name: str
    level: str | None = None
    replaced_plays: int | None = None

    @property
    def replaced(self) -> bool:
        """A person's seat that the computer plays now."""
        return self.replaced_plays is not None

    @property
    def is_computer(self) -> bool:
        return self.level is not None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match as stored: its settings, its seats and where it stands (the games are stored apart, as
    their events and outcomes)."""

    match_id: int
    guild_id: int
    channel_id: int
    variant: str
    target: int
    rated: bool
    status: MatchStatus
    seats: tuple[Seat, ...]
    version: int
    current_game_id: int | None
    turn_started_at: float
    reminded: bool = False
    board_message_id: int | None = None
    board_version: int | None = None  # the version the posted board shows
    winner_seat: int | None = None
    created_at: float = 0.0
    finished_at: float | None = None
    home_channel_id: int | None = None  # where it was started: a thread's parent, or ``channel_id`` itself
    board_record: str | None = None  # the posted board's one-line record (what it becomes when replaced)
    rematch_of: int | None = None  # the match this one is the rematch of
    clock: str = "none"  # the clock's preset (bot.core.clocks.PRESETS), "none": the correspondence limits
    reserves: tuple[float, ...] = ()  # with a clock: each seat's reserve left, in seconds
    clock_used: float = 0.0  # seconds of the current decision charged before the bot stopped (a pause)

    @property
    def computer_level(self) -> str | None:
        return next((s.level for s in self.seats if s.is_computer), None)

    @property
    def own_thread(self) -> bool:
        """Played in a thread the bot opened for it (``channel_id``), under ``home_channel_id``."""
        return self.home_channel_id is not None and self.home_channel_id != self.channel_id

    @property
    def people(self) -> tuple[int, ...]:
        """The user ids of the people seated (not the computer, nor a seat the computer took over)."""
        return tuple(s.user_id for s in self.seats if not s.is_computer)

    def seated(self, user_id: int) -> bool:
        """Whether ``user_id`` plays in this match (a person's seat the computer took over excepted)."""
        return user_id in self.people

    def has_seat(self, user_id: int) -> bool:
        """Whether ``user_id`` has a seat in this match (one the computer took over from them included)."""
        return user_id != COMPUTER_ID and any(s.user_id == user_id for s in self.seats)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A ``games`` row: its number in the match, the match context it started with, and its outcome."""

    game_id: int
    number: int
    context: dict
    outcome: dict | None


@dataclass(frozen=True, slots=True)
class ChallengeRecord:
    """A ``challenges`` row."""

    challenge_id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int
    variant: str
    points: int
    rated: bool
    status: ChallengeStatus
    created_at: float
    expires_at: float
    message_id: int | None = None
    match_id: int | None = None
    challenger_name: str = ""
    opponent_name: str = ""
    rematch_of: int | None = None  # a rematch: the finished match whose seats it swaps
    clock: str = "none"  # the clock the match is offered with (bot.core.clocks.PRESETS)


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """A leaderboard line."""

    user_id: int
    name: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class Record:
    """A player's finished matches in one server."""

    wins: int = 0
    losses: int = 0
    computer_wins: int = 0
    computer_losses: int = 0
    unfinished: int = 0


@dataclass(frozen=True, slots=True)
class MoneyResult:
    """A player's money play in one server and variant: games finished and points won minus points lost."""

    user_id: int
    name: str
    games: int
    points: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game for ``history``."""

    game_id: int
    match_id: int
    number: int
    variant: str
    target: int
    seats: tuple[Seat, ...]
    outcome: dict | None
    finished_at: float | None
    score: tuple[int, ...] = field(default=())


class LobbyStatus(enum.StrEnum):
    OPEN = "open"
    STARTED = "started"
    CLOSED = "closed"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class LobbyRecord:
    """A four-player game being gathered in a channel: the members in join order (the first is the host),
    the computer's level for the empty seats, and the version every change bumps."""

    lobby_id: int
    guild_id: int
    channel_id: int
    variant: str
    level: str
    status: LobbyStatus
    version: int
    created_at: float
    expires_at: float
    members: tuple[PlayerRef, ...] = ()
    message_id: int | None = None
    match_id: int | None = None

    @property
    def host(self) -> PlayerRef | None:
        return self.members[0] if self.members else None

    def member(self, user_id: int) -> PlayerRef | None:
        return next((m for m in self.members if m.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class Shards:
    """The servers one bot process serves. Discord sends every event of a server to its shard,
    ``(guild_id >> 22) % count``; a process runs the shards ``ids`` (None: all of them) and owns their
    servers' matches, clock and computer turns. The local console's server (0) is on shard 0."""

    count: int = 1
    ids: frozenset[int] | None = None

    def of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.ids is None or self.of(guild_id) in self.ids

    @property
    def all(self) -> bool:
        return self.ids is None or len(self.ids) == self.count
