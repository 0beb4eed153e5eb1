"""The multigam part of the store's protocol: lobbies, seats the computer takes over, and four-player
ratings. :class:`~bot.store.protocol.Transaction` and :class:`~bot.store.protocol.Store` include these;
the rules of :mod:`bot.store.protocol` hold here too (every lobby write names the version it was computed
from, and raises :class:`~bot.store.protocol.StaleWrite` otherwise)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from bot.models import LobbyRecord, LobbyStatus, PlayerRef
from bot.ratings.placings import PlacingRatedPlayer, PlacingRating


class MultigamWrites(Protocol):
    async def insert_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        variant: str,
        level: str,
        host: PlayerRef,
        now: float,
        expires_at: float,
    ) -> int:
        """Store a new open lobby (version 1) with ``host`` as its first member; returns its id."""
        ...

    async def update_lobby(
        self,
        lobby_id: int,
        version: int,
        *,
        status: LobbyStatus | None = None,
        match_id: int | None = None,
    ) -> None:
        """Claim the lobby's next version (and change the given columns) while it is *open* at
        ``version``; :class:`StaleWrite` otherwise. The first write of every lobby change."""
        ...

    async def add_lobby_member(self, lobby_id: int, user_id: int) -> None:
        """Seat ``user_id`` after the lobby's members (the player is upserted first)."""
        ...

    async def remove_lobby_member(self, lobby_id: int, user_id: int) -> None: ...

    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None: ...

    async def replace_seat(self, match_id: int, seat: int, level: str, plays: int) -> None:
        """The computer takes over a person's seat at ``level`` (``plays``: theirs before);
        :class:`StaleWrite` if the seat is not a person's or was taken over already."""
        ...

    async def placing_rating(self, guild_id: int, variant: str, user_id: int) -> PlacingRating: ...

    async def put_placing_rating(
        self,
        guild_id: int,
        variant: str,
        user_id: int,
        old: PlacingRating,
        new: PlacingRating,
        place: int,
        match_id: int,
        now: float,
    ) -> None: ...

    async def rated_placing_games_of(
        self, guild_id: int, variant: str, user_ids: Collection[int], since: float
    ) -> int:
        """How many games since ``since`` rated exactly the people ``user_ids`` (no one more, no one less)."""
        ...


class MultigamReads(Protocol):
    async def lobby(self, lobby_id: int) -> LobbyRecord | None: ...

    async def open_lobbies(self, channel_id: int | None = None) -> list[LobbyRecord]: ...

    async def lobby_of_match(self, match_id: int) -> LobbyRecord | None: ...

    async def placing_leaderboard(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[PlacingRatedPlayer]:
        """Ordered by the conservative rating ``mu - 3 * sigma``, best first."""
        ...

    async def placing_variants(self, guild_id: int) -> list[str]: ...

    async def player_placing_ratings(
        self, guild_id: int, user_id: int
    ) -> list[tuple[str, PlacingRating]]: ...

    async def placing_rank(self, guild_id: int, variant: str, user_id: int) -> int | None: ...


__all__ = ["MultigamReads", "MultigamWrites"]
