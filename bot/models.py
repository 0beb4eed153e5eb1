"""Plain records shared by the match service and storage (no Discord, no SQL)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.ratings import Rating

COMPUTER_ID = 0
"""The user id of the computer player's seat (Discord ids are never 0)."""


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """Someone acting in a channel: who they are and whether the account is a bot."""

    user_id: int
    name: str
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat in a match; the seat number is the engine's player number.
    ``level`` is set for the computer player (whose ``user_id`` is :data:`COMPUTER_ID`)."""

    user_id: int
    name: str
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    def to_json(self) -> dict:
        return {"user_id": self.user_id, "name": self.name, "level": self.level}

    @classmethod
    def from_json(cls, data: dict) -> Seat:
        return cls(int(data["user_id"]), str(data["name"]), data.get("level"))


@dataclass(slots=True)
class MatchRecord:
    """A ``matches`` row."""

    match_id: int
    guild_id: int
    channel_id: int
    variant: str
    target: int
    rated: bool
    computer_level: str | None
    status: str  # active | finished | cancelled
    seats: tuple[Seat, ...]
    state: dict  # {"match": Match.to_json(), "game": Game.to_json()}
    version: int
    current_game_id: int | None
    turn_started_at: float
    reminded: bool = False
    board_message_id: int | None = None
    winner_seat: int | None = None
    created_at: float = 0.0
    finished_at: float | None = None


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
    status: str  # pending | accepted | declined | expired | cancelled
    created_at: float
    expires_at: float
    message_id: int | None = None
    match_id: int | None = None
    challenger_name: str = ""
    opponent_name: str = ""


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
