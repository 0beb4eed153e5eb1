"""The analysis part of the store's protocol: post-game analyses kept per game, and finding the game
to analyse. :class:`~bot.store.protocol.Transaction` and :class:`~bot.store.protocol.Store` include these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.models import GameRecord


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """An ``analyses`` row: the engine's analysis of one game as JSON (``data``), the engine's analysis
    ``format`` it was written in, where its numbers come from, and how long it took."""

    game_id: int
    format: int
    source: str
    data: dict
    seconds: float
    created_at: float


class AnalysisWrites(Protocol):
    async def put_analysis(self, analysis: StoredAnalysis) -> None:
        """Store the analysis of its game, replacing one stored before (of an older format)."""
        ...


class AnalysisReads(Protocol):
    async def analysis(self, game_id: int) -> StoredAnalysis | None:
        """The stored analysis of ``game_id``; :class:`DamagedRecord` if it cannot be read."""
        ...

    async def game_match_id(self, game_id: int) -> int | None:
        """The match ``game_id`` belongs to (``None``: no such game)."""
        ...

    async def last_finished_game_id(self, channel_id: int) -> int | None:
        """The game that finished last in ``channel_id`` (of any match played there), if any."""
        ...

    async def player_games(self, guild_id: int, user_id: int, limit: int = 10) -> list[GameRecord]:
        """The finished games ``user_id`` played in a server, newest first."""
        ...


__all__ = ["AnalysisReads", "AnalysisWrites", "StoredAnalysis"]
