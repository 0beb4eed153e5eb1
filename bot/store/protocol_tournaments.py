"""The tournaments part of the store's protocol (issue 32): sign-up, entrants, rounds, pairings
and results, and the records they are read into. :class:`~bot.store.protocol.Transaction` and
:class:`~bot.store.protocol.Store` include these."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.models import PlayerRef


class TournamentFormat(enum.StrEnum):
    KNOCKOUT = "knockout"
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


class TournamentStatus(enum.StrEnum):
    OPEN = "open"  # signing up
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class Decided(enum.StrEnum):
    """How a pairing was decided."""

    MATCH = "match"  # played to its end (a resignation, a forfeit on the turn clock included)
    DEADLINE = "deadline"  # the round's deadline: the player to move forfeited
    AWARD = "award"  # the organiser awarded it
    BYE = "bye"
    WALKOVER = "walkover"  # the other player was removed


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    rating: float  # in the tournament's variant, when they joined
    joined: int  # 1, 2, ... in join order
    seed: int | None = None  # 1 = top seed, from the start on
    removed: bool = False


@dataclass(frozen=True, slots=True)
class TournamentPairing:
    """A pairing of round ``round`` (``b`` ``None``: a bye for ``a``), the match that plays it, and once
    decided its ``winner``, the match points each won and how it was decided."""

    round: int
    slot: int
    a: int
    b: int | None
    match_id: int | None = None
    winner: int | None = None
    points: tuple[int, int] = (0, 0)
    how: Decided | None = None
    deadline: float | None = None  # from its match's start: not over by then, the player to move forfeits

    @property
    def decided(self) -> bool:
        return self.winner is not None

    @property
    def playing(self) -> bool:
        return self.match_id is not None and self.winner is None

    def has(self, user_id: int) -> bool:
        return user_id in (self.a, self.b)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    tournament_id: int
    guild_id: int
    channel_id: int
    name: str
    variant: str
    points: int
    format: TournamentFormat
    max_players: int
    rounds: int  # Swiss: as asked (0: the default, fixed at the start); else fixed at the start
    status: TournamentStatus
    version: int
    organiser_id: int
    created_at: float
    organiser_name: str = ""
    clock: str = "none"
    starts_at: float | None = None
    round: int = 0
    message_id: int | None = None
    champion_id: int | None = None
    finished_at: float | None = None
    note: str = ""
    entrants: tuple[Entrant, ...] = ()
    pairings: tuple[TournamentPairing, ...] = ()

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def name_of(self, user_id: int | None) -> str:
        found = self.entrant(user_id) if user_id is not None else None
        return found.name if found is not None else "?"

    def round_pairings(self, number: int) -> list[TournamentPairing]:
        return [p for p in self.pairings if p.round == number]

    def pairing_of_match(self, match_id: int) -> TournamentPairing | None:
        return next((p for p in self.pairings if p.match_id == match_id), None)

    @property
    def is_open(self) -> bool:
        return self.status is TournamentStatus.OPEN

    @property
    def is_running(self) -> bool:
        return self.status is TournamentStatus.RUNNING


class TournamentReads(Protocol):
    """What the store reads for tournaments."""

    async def tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def guild_tournaments(self, guild_id: int, limit: int = 25) -> list[TournamentRecord]:
        """The server's tournaments, open and running first, then the newest (without their pairings)."""
        ...

    async def live_tournaments(self) -> list[TournamentRecord]:
        """The open and running tournaments of every server (the sweep's), without their pairings."""
        ...

    async def tournament_of_match(self, match_id: int) -> int | None: ...

    async def tournament_results(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """The finished tournaments of the server ``user_id`` played in, and won."""
        ...


class TournamentWrites(Protocol):
    """What a transaction writes for tournaments."""

    async def insert_tournament(self, record: TournamentRecord) -> int:
        """A new tournament as ``record`` says (its id, version and entrants are not read): its id."""
        ...

    async def update_tournament(self, record: TournamentRecord, version: int) -> None:
        """Claim the next version of ``record`` (stored at ``version``) and store its status, rounds,
        round, champion, finished_at and note; :class:`~bot.store.StaleWrite` if it is no
        longer at ``version`` or already over."""
        ...

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None: ...

    async def add_entrant(self, tournament_id: int, player: PlayerRef, rating: float) -> None: ...

    async def remove_entrant(self, tournament_id: int, user_id: int) -> None:
        """Before the start: the player leaves (:class:`~bot.store.StaleWrite` if not signed up)."""
        ...

    async def seed_entrants(self, tournament_id: int, seeds: Sequence[tuple[int, int]]) -> None:
        """``(user_id, seed)`` of every entrant, at the start."""
        ...

    async def mark_removed(self, tournament_id: int, user_id: int) -> None: ...

    async def insert_pairing(self, tournament_id: int, pairing: TournamentPairing) -> None:
        """A new pairing (a bye or a walkover may be decided at once)."""
        ...

    async def pairing_started(
        self, tournament_id: int, round_: int, slot: int, match_id: int, deadline: float
    ) -> None: ...

    async def decide_pairing(
        self,
        tournament_id: int,
        round_: int,
        slot: int,
        winner: int,
        points: tuple[int, int],
        how: Decided,
    ) -> None:
        """Record a pairing's result; :class:`~bot.store.StaleWrite` if it was decided already."""
        ...

    async def tournament_match(self, match_id: int) -> bool:
        """Whether ``match_id`` plays a tournament's pairing (the bot made it: no daily cap on its rating)."""
        ...


__all__ = [
    "Decided",
    "Entrant",
    "TournamentFormat",
    "TournamentPairing",
    "TournamentReads",
    "TournamentRecord",
    "TournamentStatus",
    "TournamentWrites",
]
