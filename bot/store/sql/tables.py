"""The table-manners reads and writes of the stores (see :mod:`bot.store.protocol_tables`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.models import Standing
from bot.store.protocol import DamagedRecord
from bot.store.protocol_tables import RatingPoint, ThreadDue
from bot.store.sql.driver import Row
from bot.store.sql.money import MONEY_GAMES
from bot.store.sql.rows import LeftOut, readable

_SIZES = {
    Standing.RATINGS: "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND variant = ?",
    Standing.PLACINGS: "SELECT COUNT(*) AS n FROM placing_ratings WHERE guild_id = ? AND variant = ?",
    Standing.MONEY: (
        "SELECT COUNT(DISTINCT mp.user_id) AS n FROM games g JOIN matches m ON m.match_id = g.match_id"
        " JOIN match_players mp ON mp.match_id = m.match_id AND mp.level IS NULL"
        f" WHERE {MONEY_GAMES} AND m.guild_id = ? AND m.variant = ?"
    ),
}


def _rating_point(r: Row) -> RatingPoint:
    """A point of a rating history; :class:`DamagedRecord` if its numbers are not finite numbers."""
    try:
        at, rating = float(r["created_at"]), float(r["rating"])
        if not (math.isfinite(at) and math.isfinite(rating)):
            raise ValueError(f"its time or rating is {at}, {rating}")
        return RatingPoint(str(r["variant"]), at, rating)
    except (TypeError, ValueError) as exc:
        raise DamagedRecord("a rating history point", str(exc)) from None


class TableReadsMixin:
    """Reads, for :class:`~bot.store.sql.reads.SqlReads` (which provides ``_all``)."""

    _left_out: LeftOut
    if TYPE_CHECKING:  # provided by the store

        async def _all(self, sql: str, params: Sequence = ()) -> list[Row]: ...

    async def rematch_id(self, match_id: int) -> int | None:
        rows = await self._all("SELECT match_id FROM matches WHERE rematch_of = ?", (match_id,))
        return int(rows[0]["match_id"]) if rows else None

    async def last_match_here(self, channel_id: int, user_id: int) -> int | None:
        rows = await self._all(
            "SELECT m.match_id, EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.match_id"
            " AND p.user_id = ?) AS theirs FROM matches m WHERE m.channel_id = ? OR m.home_channel_id = ?"
            " ORDER BY theirs DESC, m.match_id DESC LIMIT 1",
            (user_id, channel_id, channel_id),
        )
        return int(rows[0]["match_id"]) if rows else None

    async def threads_due(self) -> list[ThreadDue]:
        rows = await self._all(
            "SELECT channel_id, MAX(guild_id) AS guild_id, MAX(finished_at) AS finished_at FROM matches"
            " WHERE channel_id IN (SELECT channel_id FROM matches WHERE thread_open = TRUE)"
            " GROUP BY channel_id HAVING SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END) = 0"
            " ORDER BY channel_id"
        )
        return [
            ThreadDue(int(r["channel_id"]), int(r["guild_id"]), float(r["finished_at"] or 0)) for r in rows
        ]

    async def standing_size(self, guild_id: int, variant: str, kind: Standing) -> int:
        rows = await self._all(_SIZES[kind], (guild_id, variant))
        return int(rows[0]["n"]) if rows else 0

    async def rating_history(self, guild_id: int, user_id: int) -> list[RatingPoint]:
        rows = await self._all(
            "SELECT variant, created_at, new_rating AS rating FROM rating_history"
            " WHERE guild_id = ? AND user_id = ?"
            " UNION ALL SELECT variant, created_at, new_mu - 3 * new_sigma FROM placing_rating_history"
            " WHERE guild_id = ? AND user_id = ? ORDER BY created_at",
            (guild_id, user_id, guild_id, user_id),
        )
        return readable(rows, _rating_point, self._left_out)


class TableWritesMixin:
    """Writes, for :class:`~bot.store.sql.writes.SqlTransaction` (which provides ``_run``)."""

    if TYPE_CHECKING:  # provided by the transaction

        async def _run(self, sql: str, params: Sequence = (), *, expect_one: str | None = None) -> None: ...

    async def thread_archived(self, channel_id: int) -> None:
        await self._run("UPDATE matches SET thread_open = FALSE WHERE channel_id = ?", (channel_id,))


__all__ = ["TableReadsMixin", "TableWritesMixin"]
