"""The reads of both stores, written once (:class:`SqlReads`); each store gives it a driver to read with."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.models import (
    ChallengeRecord,
    GameRecord,
    MatchRecord,
    MatchStatus,
    MoneyResult,
    RatedPlayer,
    Record,
    Shards,
    StoredGame,
)
from bot.ratings.fibs import Rating
from bot.store.protocol import DamagedRecord
from bot.store.sql.analysis import AnalysisReadsMixin
from bot.store.sql.dice import DiceReadsMixin
from bot.store.sql.driver import Driver, Row
from bot.store.sql.money import MONEY_GAMES
from bot.store.sql.multigam import MultigamReadsMixin
from bot.store.sql.puzzles import PuzzleReadsMixin
from bot.store.sql.rows import (
    CHALLENGE_SELECT,
    GAMES_SELECT,
    SEATS_SELECT,
    LeftOut,
    challenge_record,
    count_rated_between,
    game_records,
    match_record,
    rating_of,
    read_rating,
    readable,
    stored_game,
)
from bot.store.sql.tables import TableReadsMixin
from bot.store.sql.tournaments import TournamentReadsMixin
from engine import Event


class SqlReads(
    MultigamReadsMixin,
    AnalysisReadsMixin,
    TableReadsMixin,
    PuzzleReadsMixin,
    TournamentReadsMixin,
    DiceReadsMixin,
):
    """The :class:`~bot.store.protocol.Store`'s reads, on ``self._db`` (a driver that reads what is
    committed). A store subclasses it and adds ``transaction`` and ``close``."""

    _db: Driver
    _left_out: LeftOut  # the damaged records left out of lists, logged once

    async def _all(self, sql: str, params: Sequence = ()) -> list[Row]:
        return await self._db.fetch(sql, params)

    async def _one(self, sql: str, params: Sequence = ()) -> Row | None:
        return await self._db.fetchrow(sql, params)

    # ------------------------------------------------------------------ matches
    async def active_match_ids(self, shards: Shards | None = None) -> list[int]:
        if shards is None or shards.all:
            rows = await self._all("SELECT match_id FROM matches WHERE status = 'active' ORDER BY match_id")
        else:
            assert shards.ids is not None
            ids = sorted(shards.ids)
            marks = ", ".join("?" for _ in ids)
            rows = await self._all(
                "SELECT match_id FROM matches WHERE status = 'active'"
                f" AND (guild_id / 4194304) % ? IN ({marks}) ORDER BY match_id",  # guild_id >> 22
                (shards.count, *ids),
            )
        return [int(r["match_id"]) for r in rows]

    async def latest_match_id(self, channel_id: int) -> int | None:
        row = await self._one("SELECT MAX(match_id) AS m FROM matches WHERE channel_id = ?", (channel_id,))
        return int(row["m"]) if row and row["m"] is not None else None

    async def match(self, match_id: int) -> MatchRecord | None:
        row = await self._one("SELECT * FROM matches WHERE match_id = ?", (match_id,))
        if row is None:
            return None
        seats = await self._all(
            SEATS_SELECT,
            (match_id,),
        )
        return match_record(row, seats)

    async def games(self, match_id: int) -> list[StoredGame]:
        rows = await self._all(
            "SELECT game_id, number, context, outcome FROM games WHERE match_id = ? ORDER BY number",
            (match_id,),
        )
        return [stored_game(r) for r in rows]

    async def game_events(self, game_id: int) -> list[Event]:
        rows = await self._all(
            "SELECT kind, player, dice, moves, value FROM plays WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        try:
            return [
                Event(
                    r["kind"],
                    int(r["player"]),
                    tuple(int(d) for d in json.loads(r["dice"])),
                    tuple(str(m) for m in json.loads(r["moves"])),
                    int(r["value"]),
                )
                for r in rows
            ]
        except (TypeError, ValueError) as exc:
            raise DamagedRecord(f"the plays of game {game_id}", str(exc)) from None

    # ------------------------------------------------------------------ challenges
    async def challenge(self, challenge_id: int) -> ChallengeRecord | None:
        row = await self._one(f"{CHALLENGE_SELECT} WHERE c.challenge_id = ?", (challenge_id,))
        return challenge_record(row) if row else None

    async def pending_challenges(self, channel_id: int | None = None) -> list[ChallengeRecord]:
        if channel_id is None:
            rows = await self._all(f"{CHALLENGE_SELECT} WHERE c.status = 'pending' ORDER BY c.challenge_id")
        else:
            rows = await self._all(
                f"{CHALLENGE_SELECT} WHERE c.status = 'pending' AND c.channel_id = ? ORDER BY c.challenge_id",
                (channel_id,),
            )
        return [challenge_record(r) for r in rows]

    # ------------------------------------------------------------------ ratings and records
    async def rating(self, guild_id: int, variant: str, user_id: int) -> Rating:
        return await read_rating(self._db, guild_id, variant, user_id)

    async def rated_matches_between(self, guild_id: int, user_id: int, other_id: int, since: float) -> int:
        return await count_rated_between(self._db, guild_id, user_id, other_id, since)

    async def leaderboard(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[RatedPlayer]:
        rows = await self._all(
            "SELECT r.user_id, p.display_name, r.rating, r.experience, r.wins, r.losses, r.streak"
            " FROM ratings r JOIN players p ON p.user_id = r.user_id"
            " WHERE r.guild_id = ? AND r.variant = ?"
            " ORDER BY r.rating DESC, r.wins DESC, p.display_name, r.user_id LIMIT ? OFFSET ?",
            (guild_id, variant, limit, offset),
        )
        return readable(
            rows, lambda r: RatedPlayer(r["user_id"], r["display_name"], rating_of(r)), self._left_out
        )

    async def rated_variants(self, guild_id: int) -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT variant FROM ratings WHERE guild_id = ? ORDER BY variant", (guild_id,)
        )
        return [r["variant"] for r in rows]

    async def player_ratings(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        rows = await self._all(
            "SELECT variant, rating, experience, wins, losses, streak FROM ratings"
            " WHERE guild_id = ? AND user_id = ? ORDER BY variant",
            (guild_id, user_id),
        )
        return readable(rows, lambda r: (r["variant"], rating_of(r)), self._left_out)

    async def rank(self, guild_id: int, variant: str, user_id: int) -> int | None:
        row = await self._one(
            "SELECT 1 + (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id"
            " AND o.variant = r.variant AND o.rating > r.rating) AS rank"
            " FROM ratings r WHERE r.guild_id = ? AND r.variant = ? AND r.user_id = ?",
            (guild_id, variant, user_id),
        )
        return int(row["rank"]) if row else None

    async def player_record(self, guild_id: int, user_id: int) -> Record:
        """Finished matches of ``user_id`` in a server: against people and against the computer."""
        rows = await self._all(
            "SELECT m.status,"
            " EXISTS (SELECT 1 FROM match_players c WHERE c.match_id = m.match_id AND c.level IS NOT NULL)"
            " AS vs_computer, m.winner_seat = mp.seat AS won, COUNT(*) AS n"
            " FROM matches m JOIN match_players mp ON mp.match_id = m.match_id"
            " WHERE m.guild_id = ? AND mp.user_id = ? AND mp.level IS NULL"
            " GROUP BY 1, 2, 3",
            (guild_id, user_id),
        )
        counts = {"wins": 0, "losses": 0, "computer_wins": 0, "computer_losses": 0, "unfinished": 0}
        for r in rows:
            if r["status"] == MatchStatus.ACTIVE:
                counts["unfinished"] += r["n"]
            elif (
                r["status"] == MatchStatus.FINISHED
            ):  # vs_computer and won: 0/1 in SQLite, booleans elsewhere
                key = ("computer_" if r["vs_computer"] else "") + ("wins" if r["won"] else "losses")
                counts[key] += r["n"]
        return Record(**counts)

    async def recent_games(self, guild_id: int, limit: int = 10) -> list[GameRecord]:
        rows = await self._all(
            f"{GAMES_SELECT} WHERE m.guild_id = ? AND g.finished_at IS NOT NULL"
            " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ?",
            (guild_id, limit),
        )
        return await game_records(self._db, rows, self._left_out)

    async def money_results(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[MoneyResult]:
        rows = await self._all(
            f"{self._money()} m.guild_id = ? AND m.variant = ? GROUP BY mp.user_id, p.display_name"
            " ORDER BY points DESC, games DESC, name, mp.user_id LIMIT ? OFFSET ?",
            (guild_id, variant, limit, offset),
        )
        return [MoneyResult(r["user_id"], r["name"], r["games"], r["points"]) for r in rows]

    async def player_money(self, guild_id: int, user_id: int) -> list[tuple[str, MoneyResult]]:
        rows = await self._all(
            f"{self._money()} m.guild_id = ? AND mp.user_id = ?"
            " GROUP BY mp.user_id, p.display_name, m.variant ORDER BY m.variant",
            (guild_id, user_id),
        )
        return [(r["variant"], MoneyResult(r["user_id"], r["name"], r["games"], r["points"])) for r in rows]

    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        rows = await self._all("SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return {r["key"]: r["value"] for r in rows}

    # ------------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as tx:  # type: ignore[attr-defined]  # the store's
            await tx.set_meta(key, value)

    # ------------------------------------------------------------------ a person's own preferences
    async def player_prefs(self, user_id: int) -> dict[str, str]:
        rows = await self._all("SELECT key, value FROM player_prefs WHERE user_id = ?", (user_id,))
        return {r["key"]: r["value"] for r in rows}

    def _money(self) -> str:
        """Money play: every finished game of a money match (target 0) between people (:data:`MONEY_GAMES`),
        for each person seated, won or lost points (add the rest of the ``WHERE`` and the ``GROUP BY``)."""
        winner, points = self._db.json_int("g.outcome", "winner"), self._db.json_int("g.outcome", "points")
        return (
            "SELECT mp.user_id, p.display_name AS name, MIN(m.variant) AS variant, COUNT(*) AS games,"
            f" SUM(CASE WHEN {winner} = mp.seat THEN 1 ELSE -1 END * {points}) AS points"
            " FROM games g JOIN matches m ON m.match_id = g.match_id"
            " JOIN match_players mp ON mp.match_id = m.match_id AND mp.level IS NULL"
            " JOIN players p ON p.user_id = mp.user_id"
            f" WHERE {MONEY_GAMES} AND"
        )

    async def hinted_players(self, game_id: int) -> list[int]:
        sql = "SELECT user_id FROM game_hints WHERE game_id = ? ORDER BY user_id"
        rows = await self._all(sql, (game_id,))
        return [int(r["user_id"]) for r in rows]
