"""The puzzles part of the stores: puzzles from a server's own games, attempts, the players' and the
puzzles' Glicko-2 ratings, the daily puzzle. Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and
:class:`~bot.store.sql.writes.SqlTransaction` (writes).

It reads two tables of other parts too: ``analyses`` (the analysed games to make puzzles from) and
``player_prefs`` (a player who turned ``puzzles`` off keeps their positions out of everyone else's)."""

from __future__ import annotations

import hashlib
import json

from bot.ratings.glicko import Rating
from bot.store.protocol import DamagedRecord
from bot.store.protocol_puzzles import (
    DailyPuzzle,
    PuzzleAttempt,
    PuzzleMode,
    PuzzlePlayer,
    ServerPuzzle,
    server_ref,
)
from bot.store.sql.driver import LOCK_PUZZLE_RATINGS, Driver, Row

ATTEMPT_COLUMNS = (
    "attempt_id, guild_id, user_id, family, puzzle_ref, mode, day, served_at, answered_at, answer, loss,"
    " word, solved"
)
PLAYER_SELECT = (
    "SELECT pp.*, COALESCE(p.display_name, '') AS name FROM puzzle_players pp"
    " LEFT JOIN players p ON p.user_id = pp.user_id"
)
SERVER_COLUMNS = "server_puzzle_id, guild_id, game_id, user_id, family, puzzle, played, loss"
OPTED_OUT = (
    "EXISTS (SELECT 1 FROM player_prefs pr WHERE pr.user_id = s.user_id AND pr.key = 'puzzles'"
    " AND pr.value = 'off')"
)
DAILY_KEYS = ("puzzle_channel", "puzzle_hour")


class PuzzleReadsMixin:
    """Reads for puzzles."""

    _db: Driver

    async def puzzle_attempt(self, attempt_id: int) -> PuzzleAttempt | None:
        r = await self._db.fetchrow(
            f"SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE attempt_id = ?", (attempt_id,)
        )
        return puzzle_attempt(r) if r is not None else None

    async def open_puzzle_attempt(self, guild_id: int, user_id: int) -> PuzzleAttempt | None:
        r = await self._db.fetchrow(
            f"SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE guild_id = ? AND user_id = ?"
            " AND answered_at IS NULL ORDER BY attempt_id DESC LIMIT 1",
            (guild_id, user_id),
        )
        return puzzle_attempt(r) if r is not None else None

    async def daily_attempt(self, guild_id: int, user_id: int, day: str) -> PuzzleAttempt | None:
        r = await self._db.fetchrow(
            f"SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE guild_id = ? AND user_id = ?"
            " AND mode = 'daily' AND day = ?",
            (guild_id, user_id, day),
        )
        return puzzle_attempt(r) if r is not None else None

    async def recent_puzzle_refs(self, guild_id: int, user_id: int, limit: int) -> list[str]:
        rows = await self._db.fetch(
            "SELECT puzzle_ref FROM puzzle_attempts WHERE guild_id = ? AND user_id = ?"
            " ORDER BY attempt_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [str(r["puzzle_ref"]) for r in rows]

    async def puzzle_player(self, guild_id: int, user_id: int, family: str) -> PuzzlePlayer | None:
        r = await self._db.fetchrow(
            f"{PLAYER_SELECT} WHERE pp.guild_id = ? AND pp.user_id = ? AND pp.family = ?",
            (guild_id, user_id, family),
        )
        return puzzle_player(r) if r is not None else None

    async def puzzle_players(self, guild_id: int, user_id: int) -> list[PuzzlePlayer]:
        rows = await self._db.fetch(
            f"{PLAYER_SELECT} WHERE pp.guild_id = ? AND pp.user_id = ? ORDER BY pp.family",
            (guild_id, user_id),
        )
        return [puzzle_player(r) for r in rows]

    async def puzzle_leaderboard(self, guild_id: int, family: str, limit: int) -> list[PuzzlePlayer]:
        rows = await self._db.fetch(
            f"{PLAYER_SELECT} WHERE pp.guild_id = ? AND pp.family = ?"
            " ORDER BY pp.rating DESC, pp.attempts DESC, pp.user_id LIMIT ?",
            (guild_id, family, limit),
        )
        return [puzzle_player(r) for r in rows]

    async def puzzle_rating(self, puzzle_ref: str) -> Rating | None:
        r = await self._db.fetchrow("SELECT * FROM puzzle_ratings WHERE puzzle_ref = ?", (puzzle_ref,))
        return _rating(r, f"the rating of puzzle {puzzle_ref}") if r is not None else None

    async def puzzle_ratings(self, family: str) -> dict[str, Rating]:
        rows = await self._db.fetch("SELECT * FROM puzzle_ratings WHERE family = ?", (family,))
        return {str(r["puzzle_ref"]): _rating(r, f"the rating of puzzle {r['puzzle_ref']}") for r in rows}

    async def server_puzzle(self, server_puzzle_id: int) -> ServerPuzzle | None:
        r = await self._db.fetchrow(
            f"SELECT {SERVER_COLUMNS} FROM server_puzzles WHERE server_puzzle_id = ?", (server_puzzle_id,)
        )
        return server_puzzle(r) if r is not None else None

    async def server_puzzle_refs(self, guild_id: int, family: str, *, but_of: int) -> list[str]:
        rows = await self._db.fetch(
            "SELECT s.server_puzzle_id FROM server_puzzles s WHERE s.guild_id = ? AND s.family = ?"
            f" AND s.user_id <> ? AND NOT {OPTED_OUT} ORDER BY s.server_puzzle_id",
            (guild_id, family, but_of),
        )
        return [server_ref(int(r["server_puzzle_id"])) for r in rows]

    async def training_puzzles(self, guild_id: int, user_id: int) -> list[ServerPuzzle]:
        rows = await self._db.fetch(
            f"SELECT {SERVER_COLUMNS} FROM server_puzzles s WHERE s.guild_id = ? AND s.user_id = ?"
            " AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.guild_id = s.guild_id"
            " AND a.user_id = s.user_id AND a.mode = 'train' AND a.solved = TRUE"
            " AND a.puzzle_ref = 'server:' || CAST(s.server_puzzle_id AS TEXT))"
            " ORDER BY s.loss DESC, s.server_puzzle_id",
            (guild_id, user_id),
        )
        return [server_puzzle(r) for r in rows]

    async def own_puzzle_count(self, guild_id: int, user_id: int) -> int:
        r = await self._db.fetchrow(
            "SELECT COUNT(*) AS n FROM server_puzzles WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        return int(r["n"]) if r is not None else 0

    async def games_to_harvest(self, limit: int) -> list[int]:
        rows = await self._db.fetch(
            "SELECT a.game_id FROM analyses a WHERE NOT EXISTS"
            " (SELECT 1 FROM puzzle_harvests h WHERE h.game_id = a.game_id)"
            " ORDER BY a.created_at, a.game_id LIMIT ?",
            (limit,),
        )
        return [int(r["game_id"]) for r in rows]

    async def daily_puzzle(self, guild_id: int, day: str) -> DailyPuzzle | None:
        r = await self._db.fetchrow(
            "SELECT * FROM daily_puzzles WHERE guild_id = ? AND day = ?", (guild_id, day)
        )
        return daily_puzzle(r) if r is not None else None

    async def last_daily_puzzle(self, guild_id: int, before: str) -> DailyPuzzle | None:
        r = await self._db.fetchrow(
            "SELECT * FROM daily_puzzles WHERE guild_id = ? AND day < ? ORDER BY day DESC LIMIT 1",
            (guild_id, before),
        )
        return daily_puzzle(r) if r is not None else None

    async def daily_puzzle_refs(self, guild_id: int) -> list[str]:
        rows = await self._db.fetch("SELECT puzzle_ref FROM daily_puzzles WHERE guild_id = ?", (guild_id,))
        return [str(r["puzzle_ref"]) for r in rows]

    async def daily_results(self, guild_id: int, day: str) -> tuple[int, int]:
        r = await self._db.fetchrow(
            "SELECT COUNT(*) AS tried, COALESCE(SUM(CASE WHEN solved = TRUE THEN 1 ELSE 0 END), 0) AS best"
            " FROM puzzle_attempts WHERE guild_id = ? AND mode = 'daily' AND day = ?"
            " AND answered_at IS NOT NULL",
            (guild_id, day),
        )
        return (int(r["tried"]), int(r["best"])) if r is not None else (0, 0)

    async def puzzle_settings(self) -> dict[int, dict[str, str]]:
        rows = await self._db.fetch(
            "SELECT guild_id, key, value FROM guild_settings WHERE key IN (?, ?) AND guild_id IN"
            " (SELECT guild_id FROM guild_settings WHERE key = ?) ORDER BY guild_id",
            (*DAILY_KEYS, DAILY_KEYS[0]),
        )
        out: dict[int, dict[str, str]] = {}
        for r in rows:
            out.setdefault(int(r["guild_id"]), {})[str(r["key"])] = str(r["value"])
        return out


class PuzzleWritesMixin:
    """Writes for puzzles."""

    _db: Driver

    async def serve_puzzle(
        self,
        guild_id: int,
        user_id: int,
        family: str,
        puzzle_ref: str,
        mode: PuzzleMode,
        now: float,
        day: str | None = None,
    ) -> int:
        return await self._db.insert(
            "INSERT INTO puzzle_attempts (guild_id, user_id, family, puzzle_ref, mode, day, served_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING attempt_id",
            (guild_id, user_id, family, puzzle_ref, str(mode), day, now),
        )

    async def answer_puzzle(
        self, attempt_id: int, user_id: int, answer: str, loss: float, word: str, solved: bool, now: float
    ) -> None:
        await self._db.write(
            "UPDATE puzzle_attempts SET answered_at = ?, answer = ?, loss = ?, word = ?, solved = ?"
            " WHERE attempt_id = ? AND user_id = ? AND answered_at IS NULL",
            (now, answer, loss, word, solved, attempt_id, user_id),
            expect_one=f"puzzle attempt {attempt_id} is not open, or not {user_id}'s",
        )

    async def locked_puzzle_ratings(
        self, guild_id: int, user_id: int, family: str, puzzle_ref: str
    ) -> tuple[PuzzlePlayer | None, Rating | None]:
        await self._db.serialise(LOCK_PUZZLE_RATINGS, user_id)  # the player first, then the puzzle: one order
        await self._db.serialise(
            LOCK_PUZZLE_RATINGS, int(hashlib.sha256(puzzle_ref.encode()).hexdigest()[:14], 16)
        )
        p = await self._db.fetchrow(
            f"{PLAYER_SELECT} WHERE pp.guild_id = ? AND pp.user_id = ? AND pp.family = ?",
            (guild_id, user_id, family),
        )
        q = await self._db.fetchrow("SELECT * FROM puzzle_ratings WHERE puzzle_ref = ?", (puzzle_ref,))
        return (
            puzzle_player(p) if p is not None else None,
            _rating(q, f"the rating of puzzle {puzzle_ref}") if q is not None else None,
        )

    async def put_puzzle_player(self, player: PuzzlePlayer, now: float) -> None:
        r = player.rating
        await self._db.write(
            "INSERT INTO puzzle_players (guild_id, user_id, family, rating, deviation, volatility, attempts,"
            " solved, streak, best_streak, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, family) DO UPDATE SET rating = excluded.rating,"
            " deviation = excluded.deviation, volatility = excluded.volatility,"
            " attempts = excluded.attempts, solved = excluded.solved, streak = excluded.streak,"
            " best_streak = excluded.best_streak, updated_at = excluded.updated_at",
            (
                player.guild_id,
                player.user_id,
                player.family,
                r.rating,
                r.deviation,
                r.volatility,
                player.attempts,
                player.solved,
                player.streak,
                player.best_streak,
                now,
            ),
        )

    async def put_puzzle_rating(self, puzzle_ref: str, family: str, rating: Rating, solved: bool) -> None:
        await self._db.write(
            "INSERT INTO puzzle_ratings (puzzle_ref, family, rating, deviation, volatility, attempts, solved)"
            " VALUES (?, ?, ?, ?, ?, 1, ?)"
            " ON CONFLICT (puzzle_ref) DO UPDATE SET rating = excluded.rating,"
            " deviation = excluded.deviation, volatility = excluded.volatility,"
            " attempts = puzzle_ratings.attempts + 1, solved = puzzle_ratings.solved + excluded.solved",
            (puzzle_ref, family, rating.rating, rating.deviation, rating.volatility, int(solved)),
        )

    async def put_server_puzzle(
        self,
        guild_id: int,
        game_id: int,
        user_id: int,
        family: str,
        puzzle_id: str,
        data: dict,
        played: str,
        loss: float,
        now: float,
    ) -> None:
        await self._db.write(
            "INSERT INTO server_puzzles (guild_id, game_id, user_id, family, puzzle_id, puzzle, played, loss,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, puzzle_id) DO NOTHING",
            (
                guild_id,
                game_id,
                user_id,
                family,
                puzzle_id,
                json.dumps(data, separators=(",", ":")),
                played,
                loss,
                now,
            ),
        )

    async def claim_harvest(self, game_id: int, now: float) -> bool:
        r = await self._db.fetchrow(
            "INSERT INTO puzzle_harvests (game_id, done_at) VALUES (?, ?)"
            " ON CONFLICT (game_id) DO NOTHING RETURNING game_id",
            (game_id, now),
        )
        return r is not None

    async def claim_daily_puzzle(
        self, guild_id: int, day: str, puzzle_ref: str, channel_id: int, now: float
    ) -> bool:
        r = await self._db.fetchrow(
            "INSERT INTO daily_puzzles (guild_id, day, puzzle_ref, channel_id, posted_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, day) DO NOTHING RETURNING day",
            (guild_id, day, puzzle_ref, channel_id, now),
        )
        return r is not None

    async def claim_daily_summary(self, guild_id: int, day: str, now: float) -> bool:
        changed = await self._db.execute(
            "UPDATE daily_puzzles SET summary_posted_at = ?"
            " WHERE guild_id = ? AND day = ? AND summary_posted_at IS NULL",
            (now, guild_id, day),
        )
        return changed == 1


# ---------------------------------------------------------------------- rows


def puzzle_attempt(r: Row) -> PuzzleAttempt:
    """A ``puzzle_attempts`` row; :class:`DamagedRecord` if it cannot be read."""
    try:
        return PuzzleAttempt(
            int(r["attempt_id"]),
            int(r["guild_id"]),
            int(r["user_id"]),
            str(r["family"]),
            str(r["puzzle_ref"]),
            PuzzleMode(r["mode"]),
            None if r["day"] is None else str(r["day"]),
            float(r["served_at"]),
            None if r["answered_at"] is None else float(r["answered_at"]),
            None if r["answer"] is None else str(r["answer"]),
            None if r["loss"] is None else float(r["loss"]),
            None if r["word"] is None else str(r["word"]),
            None if r["solved"] is None else bool(r["solved"]),
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(f"puzzle attempt {r['attempt_id']}", str(exc)) from None


def daily_puzzle(r: Row) -> DailyPuzzle:
    return DailyPuzzle(
        int(r["guild_id"]),
        str(r["day"]),
        str(r["puzzle_ref"]),
        int(r["channel_id"]),
        float(r["posted_at"]),
        None if r["summary_posted_at"] is None else float(r["summary_posted_at"]),
    )


def puzzle_player(r: Row) -> PuzzlePlayer:
    what = f"the puzzle rating of player {r['user_id']}"
    try:
        return PuzzlePlayer(
            int(r["guild_id"]),
            int(r["user_id"]),
            str(r["family"]),
            _rating(r, what),
            int(r["attempts"]),
            int(r["solved"]),
            int(r["streak"]),
            int(r["best_streak"]),
            str(r["name"]),
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(what, str(exc)) from None


def server_puzzle(r: Row) -> ServerPuzzle:
    what = f"server puzzle {r['server_puzzle_id']}"
    try:
        data = json.loads(r["puzzle"])
        if not isinstance(data, dict):
            raise ValueError("it is not a JSON object")
        return ServerPuzzle(
            int(r["server_puzzle_id"]),
            int(r["guild_id"]),
            int(r["game_id"]),
            int(r["user_id"]),
            str(r["family"]),
            data,
            str(r["played"]),
            float(r["loss"]),
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(what, str(exc)) from None


def _rating(r: Row, what: str) -> Rating:
    try:
        return Rating(float(r["rating"]), float(r["deviation"]), float(r["volatility"]))
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(what, str(exc)) from None


__all__ = ["PuzzleReadsMixin", "PuzzleWritesMixin", "puzzle_attempt", "puzzle_player", "server_puzzle"]
