"""The analysis part of the store's protocol: post-game analyses kept per game, the jobs that compute
them (any process's analysis workers take them), and finding the game to analyse.
:class:`~bot.store.protocol.Transaction` and :class:`~bot.store.protocol.Store` include these."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
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


class JobStatus(StrEnum):
    """Where an analysis job is: waiting for a worker, taken by one (under a lease), or closed."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"  # its analysis is stored
    FAILED = "failed"  # given up after too many attempts

    @property
    def is_open(self) -> bool:
        return self in (JobStatus.PENDING, JobStatus.RUNNING)


@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """An ``analysis_jobs`` row: the request for one game's analysis, and who works on it until when.
    ``attempts`` counts the times a worker took it (the current one included)."""

    job_id: int
    game_id: int
    status: JobStatus
    requested_at: float
    leased_by: str | None
    leased_until: float | None
    attempts: int
    error: str | None


@dataclass(frozen=True, slots=True)
class AnalysedMatch:
    """A finished match (to a number of points) of one player whose every game has a stored analysis:
    the player's ``seat``, and each game's analysis as stored (``StoredAnalysis.data``), in the games'
    order."""

    match_id: int
    variant: str
    seat: int
    finished_at: float
    analyses: tuple[dict, ...]


class AnalysisWrites(Protocol):
    async def put_analysis(self, analysis: StoredAnalysis) -> None:
        """Store the analysis of its game, replacing one stored before (of an older format)."""
        ...

    async def request_analysis_job(self, game_id: int, now: float) -> int:
        """The open job of ``game_id``: a new one, or the one already waiting or running (a second request
        joins the first). Returns its id."""
        ...

    async def claim_analysis_job(self, worker: str, now: float, lease_until: float) -> AnalysisJob | None:
        """Take the oldest open job that no worker holds (waiting, or its lease ran out before ``now``) for
        ``worker`` until ``lease_until``, counting an attempt; ``None`` if there is none. Two transactions
        claiming at once (of any processes) never take the same job, and neither waits for the other."""
        ...

    async def renew_analysis_job(self, job_id: int, worker: str, lease_until: float) -> bool:
        """Extend ``worker``'s lease on a running job; false if it is no longer ``worker``'s."""
        ...

    async def finish_analysis_job(self, job_id: int, worker: str, analysis: StoredAnalysis | None) -> None:
        """Close ``worker``'s running job as done, storing ``analysis`` (``None``: it was stored already);
        :class:`StaleWrite` (nothing stored) if the job is no longer ``worker``'s."""
        ...

    async def fail_analysis_job(self, job_id: int, worker: str, error: str, max_attempts: int) -> JobStatus:
        """``worker``'s attempt at a running job failed with ``error``: the job waits for a worker again, or
        is given up (``FAILED``) once ``max_attempts`` attempts were made. Returns its status;
        :class:`StaleWrite` if the job is no longer ``worker``'s."""
        ...


class AnalysisReads(Protocol):
    async def analysis(self, game_id: int) -> StoredAnalysis | None:
        """The stored analysis of ``game_id``; :class:`DamagedRecord` if it cannot be read."""
        ...

    async def analysis_job(self, job_id: int) -> AnalysisJob | None:
        """Analysis job ``job_id`` as it stands."""
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

    async def analysed_matches(
        self, guild_id: int, user_id: int, variant: str, analysis_format: int, limit: int = 10
    ) -> list[AnalysedMatch]:
        """The last ``limit`` matches of ``variant`` that ``user_id`` played in a server, newest first, of
        those that count for their average PR: finished (not cancelled), to a number of points (not a money
        game), every game analysed in ``analysis_format``, no hint asked by them in any game.
        :class:`DamagedRecord` if an analysis cannot be read."""
        ...


__all__ = ["AnalysedMatch", "AnalysisJob", "AnalysisReads", "AnalysisWrites", "JobStatus", "StoredAnalysis"]
