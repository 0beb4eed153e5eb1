"""The analysis part of the stores: analyses kept per game, and finding the game to analyse.
Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and :class:`~bot.store.sql.writes.SqlTransaction`
(writes)."""

from __future__ import annotations

import json

from bot.models import GameRecord
from bot.store.protocol import DamagedRecord
from bot.store.protocol_analysis import StoredAnalysis
from bot.store.sql.driver import Driver
from bot.store.sql.rows import GAMES_SELECT, game_records


class AnalysisWritesMixin:
    _db: Driver

    async def put_analysis(self, analysis: StoredAnalysis) -> None:
        await self._db.execute(
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


class AnalysisReadsMixin:
    _db: Driver

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
        return await game_records(self._db, rows)


__all__ = ["AnalysisReadsMixin", "AnalysisWritesMixin"]
