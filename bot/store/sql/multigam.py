"""The multigam part of the stores: lobbies, seats the computer takes over, four-player ratings.
Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and :class:`~bot.store.sql.writes.SqlTransaction`
(writes)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from bot.models import LobbyRecord, LobbyStatus, PlayerRef
from bot.ratings.placings import PlacingRatedPlayer, PlacingRating
from bot.store.protocol import DamagedRecord
from bot.store.sql.driver import LOCK_LOBBY_SEATS, LOCK_RATED_PAIRS, Driver, Row
from bot.store.sql.rows import LeftOut

_MEMBERS = (
    "SELECT m.user_id, p.display_name, p.is_bot FROM lobby_members m JOIN players p ON p.user_id = m.user_id"
    " WHERE m.lobby_id = ? ORDER BY m.joined"
)
_RATING_COLUMNS = "mu, sigma, games, wins, place_sum, points"


def _placing_rating(r: Row) -> PlacingRating:
    return PlacingRating(r["mu"], r["sigma"], r["games"], r["wins"], r["place_sum"], r["points"])


def _lobby(r: Row, members: Sequence[Row]) -> LobbyRecord:
    try:
        return LobbyRecord(
            lobby_id=int(r["lobby_id"]),
            guild_id=int(r["guild_id"]),
            channel_id=int(r["channel_id"]),
            variant=str(r["variant"]),
            level=str(r["level"]),
            status=LobbyStatus(r["status"]),
            version=int(r["version"]),
            created_at=float(r["created_at"]),
            expires_at=float(r["expires_at"]),
            members=tuple(
                PlayerRef(int(m["user_id"]), str(m["display_name"]), bool(m["is_bot"])) for m in members
            ),
            message_id=r["message_id"],
            match_id=r["match_id"],
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(f"lobby {r['lobby_id']}", str(exc)) from None


async def _read_placing_rating(db: Driver, guild_id: int, variant: str, user_id: int) -> PlacingRating:
    row = await db.fetchrow(
        f"SELECT {_RATING_COLUMNS} FROM placing_ratings WHERE guild_id = ? AND variant = ? AND user_id = ?",
        (guild_id, variant, user_id),
    )
    return _placing_rating(row) if row else PlacingRating()


class MultigamReadsMixin:
    """Reads, for :class:`~bot.store.sql.reads.SqlReads` (which provides ``_all`` and ``_one``)."""

    _left_out: LeftOut
    if TYPE_CHECKING:  # provided by the store

        async def _all(self, sql: str, params: Sequence = ()) -> list[Row]: ...

        async def _one(self, sql: str, params: Sequence = ()) -> Row | None: ...

    async def _lobbies(self, where: str, params: Sequence) -> list[LobbyRecord]:
        """The lobbies ``where`` says; :class:`DamagedRecord` if one cannot be read."""
        rows = await self._all(f"SELECT * FROM lobbies WHERE {where} ORDER BY lobby_id", params)
        return [_lobby(r, await self._all(_MEMBERS, (r["lobby_id"],))) for r in rows]

    async def lobby(self, lobby_id: int) -> LobbyRecord | None:
        found = await self._lobbies("lobby_id = ?", (lobby_id,))
        return found[0] if found else None

    async def open_lobbies(self, channel_id: int | None = None) -> list[LobbyRecord]:
        """The open lobbies (of ``channel_id``): one that cannot be read is left out and logged, so that
        the others still expire."""
        rows = await self._all(
            "SELECT * FROM lobbies WHERE status = 'open'"
            + ("" if channel_id is None else " AND channel_id = ?")
            + " ORDER BY lobby_id",
            () if channel_id is None else (channel_id,),
        )
        out = []
        for r in rows:
            try:
                out.append(_lobby(r, await self._all(_MEMBERS, (r["lobby_id"],))))
            except DamagedRecord as exc:
                self._left_out(exc)
        return out

    async def lobby_of_match(self, match_id: int) -> LobbyRecord | None:
        found = await self._lobbies("match_id = ?", (match_id,))
        return found[0] if found else None

    async def placing_leaderboard(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[PlacingRatedPlayer]:
        rows = await self._all(
            f"SELECT r.user_id, p.display_name, {_RATING_COLUMNS}"
            " FROM placing_ratings r JOIN players p ON p.user_id = r.user_id"
            " WHERE r.guild_id = ? AND r.variant = ?"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, p.display_name, r.user_id LIMIT ? OFFSET ?",
            (guild_id, variant, limit, offset),
        )
        return [PlacingRatedPlayer(r["user_id"], r["display_name"], _placing_rating(r)) for r in rows]

    async def placing_variants(self, guild_id: int) -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT variant FROM placing_ratings WHERE guild_id = ? ORDER BY variant", (guild_id,)
        )
        return [r["variant"] for r in rows]

    async def player_placing_ratings(self, guild_id: int, user_id: int) -> list[tuple[str, PlacingRating]]:
        rows = await self._all(
            f"SELECT variant, {_RATING_COLUMNS} FROM placing_ratings"
            " WHERE guild_id = ? AND user_id = ? ORDER BY variant",
            (guild_id, user_id),
        )
        return [(r["variant"], _placing_rating(r)) for r in rows]

    async def placing_rank(self, guild_id: int, variant: str, user_id: int) -> int | None:
        row = await self._one(
            "SELECT 1 + (SELECT COUNT(*) FROM placing_ratings o WHERE o.guild_id = r.guild_id"
            " AND o.variant = r.variant AND o.mu - 3 * o.sigma > r.mu - 3 * r.sigma) AS rank"
            " FROM placing_ratings r WHERE r.guild_id = ? AND r.variant = ? AND r.user_id = ?",
            (guild_id, variant, user_id),
        )
        return int(row["rank"]) if row else None


class MultigamWritesMixin:
    """Writes, for :class:`~bot.store.sql.writes.SqlTransaction` (which provides ``_db`` and ``_run``)."""

    _db: Driver
    if TYPE_CHECKING:  # provided by the transaction

        async def _run(self, sql: str, params: Sequence = (), *, expect_one: str | None = None) -> None: ...

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
        lobby_id = await self._db.insert(
            "INSERT INTO lobbies (guild_id, channel_id, variant, level, status, version, created_at,"
            " expires_at) VALUES (?, ?, ?, ?, 'open', 1, ?, ?) RETURNING lobby_id",
            (guild_id, channel_id, variant, level, now, expires_at),
        )
        await self.add_lobby_member(lobby_id, host.user_id)
        return lobby_id

    async def update_lobby(
        self,
        lobby_id: int,
        version: int,
        *,
        status: LobbyStatus | None = None,
        match_id: int | None = None,
    ) -> None:
        await self._run(
            "UPDATE lobbies SET version = version + 1, status = COALESCE(?, status),"
            " match_id = COALESCE(?, match_id) WHERE lobby_id = ? AND version = ? AND status = 'open'",
            (None if status is None else str(status), match_id, lobby_id, version),
            expect_one=f"lobby {lobby_id} is no longer open at version {version}",
        )

    async def add_lobby_member(self, lobby_id: int, user_id: int) -> None:
        await self._db.serialise(LOCK_LOBBY_SEATS, lobby_id)  # the next seat is read, then taken
        await self._run(
            "INSERT INTO lobby_members (lobby_id, user_id, joined) VALUES"
            " (?, ?, (SELECT COALESCE(MAX(joined), 0) + 1 FROM lobby_members WHERE lobby_id = ?))",
            (lobby_id, user_id, lobby_id),
        )

    async def remove_lobby_member(self, lobby_id: int, user_id: int) -> None:
        await self._run(
            "DELETE FROM lobby_members WHERE lobby_id = ? AND user_id = ?",
            (lobby_id, user_id),
            expect_one=f"user {user_id} is not in lobby {lobby_id}",
        )

    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None:
        await self._run("UPDATE lobbies SET message_id = ? WHERE lobby_id = ?", (message_id, lobby_id))

    async def replace_seat(self, match_id: int, seat: int, level: str, plays: int) -> None:
        await self._run(
            "UPDATE match_players SET replaced_level = ?, replaced_plays = ?"
            " WHERE match_id = ? AND seat = ? AND level IS NULL AND replaced_level IS NULL",
            (level, plays, match_id, seat),
            expect_one=f"seat {seat} of match {match_id} is not a person's seat",
        )

    async def placing_rating(self, guild_id: int, variant: str, user_id: int) -> PlacingRating:
        return await _read_placing_rating(self._db, guild_id, variant, user_id)

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
    ) -> None:
        await self._run(
            f"INSERT INTO placing_ratings (guild_id, variant, user_id, {_RATING_COLUMNS}, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
            " place_sum = excluded.place_sum, points = excluded.points, updated_at = excluded.updated_at",
            (
                guild_id,
                variant,
                user_id,
                new.mu,
                new.sigma,
                new.games,
                new.wins,
                new.place_sum,
                new.points,
                now,
            ),
        )
        await self._run(
            "INSERT INTO placing_rating_history (guild_id, variant, user_id, match_id, place, old_mu,"
            " old_sigma, new_mu, new_sigma, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, variant, user_id, match_id, place, old.mu, old.sigma, new.mu, new.sigma, now),
        )

    async def rated_placing_games_of(
        self, guild_id: int, variant: str, user_ids: Collection[int], since: float
    ) -> int:
        people = sorted(set(user_ids))
        if not people:
            return 0
        await self._db.serialise(LOCK_RATED_PAIRS, guild_id)  # counted, then written on what it counted
        marks = ", ".join("?" for _ in people)
        row = await self._db.fetchrow(
            "SELECT COUNT(*) AS n FROM (SELECT h.match_id FROM placing_rating_history h"
            " WHERE h.guild_id = ? AND h.variant = ? AND h.match_id IN (SELECT match_id FROM"
            " placing_rating_history WHERE guild_id = ? AND user_id = ? AND created_at >= ?)"
            " GROUP BY h.match_id HAVING COUNT(*) = ?"
            f" AND SUM(CASE WHEN h.user_id IN ({marks}) THEN 1 ELSE 0 END) = ?) AS pairs",
            (guild_id, variant, guild_id, people[0], since, len(people), *people, len(people)),
        )
        return int(row["n"]) if row else 0


__all__ = ["MultigamReadsMixin", "MultigamWritesMixin"]
