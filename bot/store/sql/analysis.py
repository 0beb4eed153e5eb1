"""The analysis part of the stores: analyses kept per game, the jobs that compute them, and finding the
game to analyse. Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and
:class:`~bot.store.sql.writes.SqlTransaction` (writes).

The jobs are a queue in ``analysis_jobs``: a worker takes the oldest open job that nobody holds, with
``FOR UPDATE SKIP LOCKED`` on PostgreSQL (:meth:`~bot.store.sql.driver.Driver.skip_locked`: two processes
taking jobs at once pass over each other's) and plainly on SQLite (its write transactions run one at a
time), and holds it under a lease it renews; every write to a taken job names the worker that holds it."""

from __future__ import annotations

import json

from bot.models import GameRecord
from bot.store.protocol import DamagedRecord, StaleWrite
from bot.store.protocol_analysis import AnalysedMatch, AnalysisJob, JobStatus, StoredAnalysis
from bot.store.sql.driver import Driver, Row
from bot.store.sql.rows import GAMES_SELECT, LeftOut, game_records

JOB_COLUMNS = "job_id, game_id, status, requested_at, leased_by, leased_until, attempts, error"
OPEN = "status IN ('pending', 'running')"  # as the partial indexes of analysis_jobs say it
HELD = "job_id = ? AND leased_by = ? AND status = 'running'"  # a job as the worker holding it names it
JOINS = 3  # tries to join or make a game's open job while other processes close and make it


class AnalysisWritesMixin:
    _db: Driver

    async def put_analysis(self, analysis: StoredAnalysis) -> None:
        await self._db.write(
            "INSERT INTO analyses (game_id, format, source, analysis, seconds, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET format = excluded.format, source = excluded.source,"
            " analysis = excluded.analysis, seconds = excluded.seconds, created_at = excluded.created_at",
            (
                analysis.game_id,
                analysis.format,
                analysis.source,
                json.dumps(analysis.data, separators=(",", ":")),
                analysis.seconds,
                analysis.created_at,
            ),
        )

    async def request_analysis_job(self, game_id: int, now: float) -> int:
        for _ in range(JOINS):
            made = await self._db.fetchrow(
                "INSERT INTO analysis_jobs (game_id, status, requested_at) VALUES (?, 'pending', ?)"
                f" ON CONFLICT (game_id) WHERE {OPEN} DO NOTHING RETURNING job_id",
                (game_id, now),
            )
            if made is None:  # an open job exists: join it (unless it closed in between)
                made = await self._db.fetchrow(
                    f"SELECT job_id FROM analysis_jobs WHERE game_id = ? AND {OPEN}", (game_id,)
                )
            if made is not None:
                return int(made["job_id"])
        raise StaleWrite(f"the analysis job of game {game_id} kept closing while it was joined")

    async def claim_analysis_job(self, worker: str, now: float, lease_until: float) -> AnalysisJob | None:
        r = await self._db.fetchrow(
            "UPDATE analysis_jobs SET status = 'running', leased_by = ?, leased_until = ?,"
            " attempts = attempts + 1"
            " WHERE job_id = (SELECT job_id FROM analysis_jobs"
            f" WHERE {OPEN} AND (leased_until IS NULL OR leased_until < ?)"
            f" ORDER BY requested_at, job_id LIMIT 1{self._db.skip_locked()})"
            f" RETURNING {JOB_COLUMNS}",
            (worker, lease_until, now),
        )
        return analysis_job(r) if r is not None else None

    async def renew_analysis_job(self, job_id: int, worker: str, lease_until: float) -> bool:
        changed = await self._db.execute(
            f"UPDATE analysis_jobs SET leased_until = ? WHERE {HELD}", (lease_until, job_id, worker)
        )
        return changed == 1

    async def finish_analysis_job(self, job_id: int, worker: str, analysis: StoredAnalysis | None) -> None:
        await self._db.write(
            f"UPDATE analysis_jobs SET status = 'done', leased_until = NULL, error = NULL WHERE {HELD}",
            (job_id, worker),
            expect_one=f"analysis job {job_id} is no longer {worker}'s",
        )
        if analysis is not None:
            await self.put_analysis(analysis)

    async def fail_analysis_job(self, job_id: int, worker: str, error: str, max_attempts: int) -> JobStatus:
        r = await self._db.fetchrow(
            "UPDATE analysis_jobs SET status = CASE WHEN attempts >= ? THEN 'failed' ELSE 'pending' END,"
            f" leased_until = NULL, error = ? WHERE {HELD} RETURNING status",
            (max_attempts, error, job_id, worker),
        )
        if r is None:
            raise StaleWrite(f"analysis job {job_id} is no longer {worker}'s")
        return JobStatus(r["status"])


class AnalysisReadsMixin:
    _db: Driver
    _left_out: LeftOut

    async def analysis(self, game_id: int) -> StoredAnalysis | None:
        r = await self._db.fetchrow("SELECT * FROM analyses WHERE game_id = ?", (game_id,))
        if r is None:
            return None
        try:
            data = json.loads(r["analysis"])
            if not isinstance(data, dict):
                raise ValueError("it is not a JSON object")
            return StoredAnalysis(
                int(r["game_id"]),
                int(r["format"]),
                str(r["source"]),
                data,
                float(r["seconds"]),
                float(r["created_at"]),
            )
        except (TypeError, ValueError) as exc:
            raise DamagedRecord(f"the analysis of game {game_id}", str(exc)) from None

    async def analysis_job(self, job_id: int) -> AnalysisJob | None:
        r = await self._db.fetchrow(f"SELECT {JOB_COLUMNS} FROM analysis_jobs WHERE job_id = ?", (job_id,))
        return analysis_job(r) if r is not None else None

    async def game_match_id(self, game_id: int) -> int | None:
        r = await self._db.fetchrow("SELECT match_id FROM games WHERE game_id = ?", (game_id,))
        return int(r["match_id"]) if r is not None else None

    async def last_finished_game_id(self, channel_id: int) -> int | None:
        r = await self._db.fetchrow(
            "SELECT g.game_id FROM games g JOIN matches m ON m.match_id = g.match_id"
            " WHERE m.channel_id = ? AND g.finished_at IS NOT NULL"
            " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT 1",
            (channel_id,),
        )
        return int(r["game_id"]) if r is not None else None

    async def player_games(self, guild_id: int, user_id: int, limit: int = 10) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"{GAMES_SELECT} WHERE m.guild_id = ? AND g.finished_at IS NOT NULL AND g.match_id IN"
            " (SELECT match_id FROM match_players WHERE user_id = ?)"
            " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return await game_records(self._db, rows, self._left_out)

    async def analysed_matches(
        self, guild_id: int, user_id: int, variant: str, analysis_format: int, limit: int = 10
    ) -> list[AnalysedMatch]:
        found = await self._db.fetch(
            "SELECT m.match_id, mp.seat,"
            " (SELECT MAX(g.finished_at) FROM games g WHERE g.match_id = m.match_id) AS finished_at"
            " FROM matches m JOIN match_players mp ON mp.match_id = m.match_id"
            " WHERE m.guild_id = ? AND mp.user_id = ? AND m.variant = ? AND m.status = 'finished'"
            " AND m.target > 0 AND EXISTS (SELECT 1 FROM games g WHERE g.match_id = m.match_id)"
            " AND NOT EXISTS (SELECT 1 FROM games g"
            " LEFT JOIN analyses a ON a.game_id = g.game_id AND a.format = ?"
            " WHERE g.match_id = m.match_id AND (g.finished_at IS NULL OR a.game_id IS NULL))"
            " AND NOT EXISTS (SELECT 1 FROM game_hints h JOIN games g ON g.game_id = h.game_id"
            " WHERE g.match_id = m.match_id AND h.user_id = ?)"
            " ORDER BY finished_at DESC, m.match_id DESC LIMIT ?",
            (guild_id, user_id, variant, analysis_format, user_id, limit),
        )
        if not found:
            return []
        marks = ", ".join("?" for _ in found)
        rows = await self._db.fetch(
            "SELECT g.match_id, a.analysis FROM games g JOIN analyses a ON a.game_id = g.game_id"
            f" WHERE g.match_id IN ({marks}) ORDER BY g.match_id, g.number",
            tuple(int(r["match_id"]) for r in found),
        )
        games: dict[int, list[dict]] = {}
        for r in rows:
            match_id = int(r["match_id"])
            try:
                data = json.loads(r["analysis"])
                if not isinstance(data, dict):
                    raise ValueError("it is not a JSON object")
            except (TypeError, ValueError) as exc:
                raise DamagedRecord(f"an analysis of match {match_id}", str(exc)) from None
            games.setdefault(match_id, []).append(data)
        return [
            AnalysedMatch(
                int(r["match_id"]),
                variant,
                int(r["seat"]),
                float(r["finished_at"]),
                tuple(games.get(int(r["match_id"]), ())),
            )
            for r in found
        ]


def analysis_job(r: Row) -> AnalysisJob:
    """An ``analysis_jobs`` row; :class:`DamagedRecord` if it cannot be read."""
    try:
        return AnalysisJob(
            int(r["job_id"]),
            int(r["game_id"]),
            JobStatus(r["status"]),
            float(r["requested_at"]),
            None if r["leased_by"] is None else str(r["leased_by"]),
            None if r["leased_until"] is None else float(r["leased_until"]),
            int(r["attempts"]),
            None if r["error"] is None else str(r["error"]),
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(f"analysis job {r['job_id']}", str(exc)) from None


__all__ = ["AnalysisReadsMixin", "AnalysisWritesMixin", "analysis_job"]
