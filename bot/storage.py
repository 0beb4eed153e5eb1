"""SQLite storage through aiosqlite: the only module with SQL in it.

One connection in autocommit mode; writes go through :meth:`Storage.transaction`, which takes a write
lock and runs ``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on any error), so every accepted action
is on disk before the caller answers anyone. WAL mode, foreign keys on, numbered migrations from
``bot/migrations/NNN_name.sql`` applied at start-up and recorded in ``schema_version``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.models import ChallengeRecord, GameRecord, MatchRecord, PlayerRef, RatedPlayer, Record, Seat
from bot.ratings import Rating
from engine import Event, Outcome

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """The migration files in order: ``[(number, path), ...]``; numbers must run 1, 2, 3, ..."""
    found = []
    for path in directory.iterdir():
        m = _MIGRATION_NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 001, 002, ... without gaps, found {numbers}")
    return found


class Storage:
    """The bot's database. Open with ``await Storage.open(path)``; close with ``await storage.close()``."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._write_lock = asyncio.Lock()
        self.schema_version = 0

    @classmethod
    async def open(cls, path: str | Path, *, migrations_dir: Path = MIGRATIONS_DIR) -> Storage:
        p = Path(path)
        if str(p) != ":memory:":
            p.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(p, isolation_level=None)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA busy_timeout = 5000")
            storage = cls(db, p)
            await storage._migrate(migrations_dir)
        except BaseException:
            await db.close()
            raise
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self, directory: Path) -> None:
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        rows = await self._db.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        current = int(next(iter(rows))[0])
        for number, path in migrations(directory):
            if number <= current:
                continue
            script = path.read_text(encoding="utf-8")
            try:
                # The script runs inside one transaction with its schema_version row: all or nothing.
                await self._db.executescript(f"BEGIN IMMEDIATE;\n{script}\n;")
                await self._db.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", (number, time.time())
                )
                await self._db.execute("COMMIT")
            except Exception:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise
            log.info("applied migration %s", path.name)
            current = number
        self.schema_version = current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _all(self, sql: str, params: Sequence = ()) -> list[aiosqlite.Row]:
        return list(await self._db.execute_fetchall(sql, params))

    async def _one(self, sql: str, params: Sequence = ()) -> aiosqlite.Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # ------------------------------------------------------------------ matches
    async def active_matches(self) -> list[MatchRecord]:
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE status = 'active' ORDER BY match_id"
        )
        return [_match_record(r) for r in rows]

    async def match(self, match_id: int) -> MatchRecord | None:
        row = await self._one(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE match_id = ?", (match_id,))
        return _match_record(row) if row else None

    async def games(self, match_id: int) -> list[tuple[int, int, dict | None]]:
        """``[(game_id, number, outcome JSON or None), ...]`` of a match, in order."""
        rows = await self._all(
            "SELECT game_id, number, outcome FROM games WHERE match_id = ? ORDER BY number", (match_id,)
        )
        return [(r[0], r[1], json.loads(r[2]) if r[2] else None) for r in rows]

    async def game_events(self, game_id: int) -> list[Event]:
        """The stored record of one game, in order: what ``engine.replay`` needs."""
        rows = await self._all(
            "SELECT kind, player, dice, moves, value FROM plays WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [Event(r[0], r[1], tuple(json.loads(r[2])), tuple(json.loads(r[3])), r[4]) for r in rows]

    async def game_context(self, game_id: int) -> dict:
        row = await self._one("SELECT context FROM games WHERE game_id = ?", (game_id,))
        if row is None:
            raise KeyError(game_id)
        return json.loads(row[0])

    # ------------------------------------------------------------------ challenges
    async def challenge(self, challenge_id: int) -> ChallengeRecord | None:
        row = await self._one(f"{_CHALLENGE_SELECT} WHERE c.challenge_id = ?", (challenge_id,))
        return _challenge_record(row) if row else None

    async def pending_challenges(self, channel_id: int | None = None) -> list[ChallengeRecord]:
        if channel_id is None:
            rows = await self._all(f"{_CHALLENGE_SELECT} WHERE c.status = 'pending' ORDER BY c.challenge_id")
        else:
            rows = await self._all(
                f"{_CHALLENGE_SELECT} WHERE c.status = 'pending' AND c.channel_id = ?"
                " ORDER BY c.challenge_id",
                (channel_id,),
            )
        return [_challenge_record(r) for r in rows]

    # ------------------------------------------------------------------ ratings and records
    async def rating(self, guild_id: int, variant: str, user_id: int) -> Rating:
        row = await self._one(
            "SELECT rating, experience, wins, losses, streak FROM ratings"
            " WHERE guild_id = ? AND variant = ? AND user_id = ?",
            (guild_id, variant, user_id),
        )
        return Rating(*row) if row else Rating()

    async def leaderboard(self, guild_id: int, variant: str, limit: int = 10) -> list[RatedPlayer]:
        rows = await self._all(
            "SELECT r.user_id, p.display_name, r.rating, r.experience, r.wins, r.losses, r.streak"
            " FROM ratings r JOIN players p ON p.user_id = r.user_id"
            " WHERE r.guild_id = ? AND r.variant = ?"
            " ORDER BY r.rating DESC, r.wins DESC, p.display_name LIMIT ?",
            (guild_id, variant, limit),
        )
        return [RatedPlayer(r[0], r[1], Rating(r[2], r[3], r[4], r[5], r[6])) for r in rows]

    async def rated_variants(self, guild_id: int) -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT variant FROM ratings WHERE guild_id = ? ORDER BY variant", (guild_id,)
        )
        return [r[0] for r in rows]

    async def player_ratings(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        rows = await self._all(
            "SELECT variant, rating, experience, wins, losses, streak FROM ratings"
            " WHERE guild_id = ? AND user_id = ? ORDER BY variant",
            (guild_id, user_id),
        )
        return [(r[0], Rating(*r[1:])) for r in rows]

    async def rank(self, guild_id: int, variant: str, user_id: int) -> int | None:
        row = await self._one(
            "SELECT 1 + (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id"
            " AND o.variant = r.variant AND o.rating > r.rating)"
            " FROM ratings r WHERE r.guild_id = ? AND r.variant = ? AND r.user_id = ?",
            (guild_id, variant, user_id),
        )
        return int(row[0]) if row else None

    async def player_record(self, guild_id: int, user_id: int) -> Record:
        """Finished matches of ``user_id`` in a server: against people and against the computer."""
        rows = await self._all(
            "SELECT m.status, m.computer_level IS NOT NULL, m.winner_seat = mp.seat, COUNT(*)"
            " FROM matches m JOIN match_players mp ON mp.match_id = m.match_id"
            " WHERE m.guild_id = ? AND mp.user_id = ?"
            " GROUP BY 1, 2, 3",
            (guild_id, user_id),
        )
        counts = {"wins": 0, "losses": 0, "computer_wins": 0, "computer_losses": 0, "unfinished": 0}
        for status, vs_computer, won, count in rows:
            if status == "active":
                counts["unfinished"] += count
            elif status == "finished":
                key = ("computer_" if vs_computer else "") + ("wins" if won else "losses")
                counts[key] += count
        return Record(**counts)

    async def recent_games(self, guild_id: int, limit: int = 10) -> list[GameRecord]:
        rows = await self._all(
            "SELECT g.game_id, g.match_id, g.number, g.variant, m.target, m.seats, g.outcome,"
            " g.finished_at, g.context"
            " FROM games g JOIN matches m ON m.match_id = g.match_id"
            " WHERE m.guild_id = ? AND g.finished_at IS NOT NULL"
            " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [
            GameRecord(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                tuple(Seat.from_json(s) for s in json.loads(r[5])),
                json.loads(r[6]) if r[6] else None,
                r[7],
                tuple(json.loads(r[8]).get("score", ())),
            )
            for r in rows
        ]

    # ------------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as tx:
            await tx.set_meta(key, value)


class Transaction:
    """The writes, available inside :meth:`Storage.transaction`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def _run(self, sql: str, params: Sequence = ()) -> int | None:
        cursor = await self._db.execute(sql, params)
        try:
            return cursor.lastrowid
        finally:
            await cursor.close()

    async def upsert_guild(self, guild_id: int, name: str, now: float) -> None:
        await self._run(
            "INSERT INTO guilds (guild_id, name, first_seen) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET name = CASE WHEN excluded.name = '' THEN guilds.name"
            " ELSE excluded.name END",
            (guild_id, name, now),
        )

    async def upsert_player(self, player: PlayerRef | Seat, now: float) -> None:
        is_bot = bool(getattr(player, "is_bot", False))
        await self._run(
            "INSERT INTO players (user_id, display_name, is_bot, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name,"
            " is_bot = excluded.is_bot, updated_at = excluded.updated_at",
            (player.user_id, player.name, int(is_bot), now),
        )

    # ------------------------------------------------------------------ challenges
    async def insert_challenge(
        self,
        *,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        variant: str,
        points: int,
        rated: bool,
        now: float,
        expires_at: float,
    ) -> int:
        rowid = await self._run(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, points,"
            " rated, status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
            (guild_id, channel_id, challenger_id, opponent_id, variant, points, int(rated), now, expires_at),
        )
        assert rowid is not None
        return rowid

    async def set_challenge_status(self, challenge_id: int, status: str, match_id: int | None = None) -> None:
        await self._run(
            "UPDATE challenges SET status = ?, match_id = COALESCE(?, match_id) WHERE challenge_id = ?",
            (status, match_id, challenge_id),
        )

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self._run(
            "UPDATE challenges SET message_id = ? WHERE challenge_id = ?", (message_id, challenge_id)
        )

    # ------------------------------------------------------------------ matches and games
    async def insert_match(self, record: MatchRecord) -> int:
        """Store a new match (``record.match_id`` is ignored) with its seats; returns the new id."""
        rowid = await self._run(
            "INSERT INTO matches (guild_id, channel_id, variant, target, rated, computer_level, status,"
            " seats, state, version, current_game_id, turn_started_at, reminded, board_message_id,"
            " winner_seat,"
            " created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                record.guild_id,
                record.channel_id,
                record.variant,
                record.target,
                int(record.rated),
                record.computer_level,
                record.status,
                json.dumps([s.to_json() for s in record.seats]),
                json.dumps(record.state),
                record.version,
                record.current_game_id,
                record.turn_started_at,
                int(record.reminded),
                record.board_message_id,
                record.winner_seat,
                record.created_at,
                record.finished_at,
            ),
        )
        assert rowid is not None
        for seat_number, seat in enumerate(record.seats):
            await self._run(
                "INSERT INTO match_players (match_id, seat, user_id) VALUES (?, ?, ?)",
                (rowid, seat_number, seat.user_id),
            )
        return rowid

    async def update_match(self, record: MatchRecord) -> None:
        """Write the match's changing columns. The caller holds the match lock and bumped the version."""
        await self._run(
            "UPDATE matches SET status = ?, state = ?, version = ?, current_game_id = ?, turn_started_at = ?,"
            " reminded = ?, board_message_id = ?, winner_seat = ?, finished_at = ? WHERE match_id = ?",
            (
                record.status,
                json.dumps(record.state),
                record.version,
                record.current_game_id,
                record.turn_started_at,
                int(record.reminded),
                record.board_message_id,
                record.winner_seat,
                record.finished_at,
                record.match_id,
            ),
        )

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        await self._run("UPDATE matches SET board_message_id = ? WHERE match_id = ?", (message_id, match_id))

    async def insert_game(self, match_id: int, number: int, variant: str, context: dict, now: float) -> int:
        rowid = await self._run(
            "INSERT INTO games (match_id, number, variant, context, started_at) VALUES (?, ?, ?, ?, ?)",
            (match_id, number, variant, json.dumps(context), now),
        )
        assert rowid is not None
        return rowid

    async def add_events(self, game_id: int, first_seq: int, events: Sequence[Event], now: float) -> None:
        await self._db.executemany(
            "INSERT INTO plays (game_id, seq, kind, player, dice, moves, value, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    first_seq + i,
                    e.kind,
                    e.player,
                    json.dumps(list(e.dice)),
                    json.dumps(list(e.moves)),
                    e.value,
                    now,
                )
                for i, e in enumerate(events)
            ],
        )

    async def finish_game(self, game_id: int, outcome: Outcome, now: float) -> None:
        await self._run(
            "UPDATE games SET outcome = ?, finished_at = ? WHERE game_id = ?",
            (json.dumps(outcome.to_json()), now, game_id),
        )

    # ------------------------------------------------------------------ ratings
    async def rating(self, guild_id: int, variant: str, user_id: int) -> Rating:
        cursor = await self._db.execute(
            "SELECT rating, experience, wins, losses, streak FROM ratings"
            " WHERE guild_id = ? AND variant = ? AND user_id = ?",
            (guild_id, variant, user_id),
        )
        row = await cursor.fetchone()
        await cursor.close()
        return Rating(*row) if row else Rating()

    async def put_rating(
        self, guild_id: int, variant: str, user_id: int, old: Rating, new: Rating, match_id: int, now: float
    ) -> None:
        await self._run(
            "INSERT INTO ratings (guild_id, variant, user_id, rating, experience, wins, losses, streak,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET rating = excluded.rating,"
            " experience = excluded.experience, wins = excluded.wins, losses = excluded.losses,"
            " streak = excluded.streak, updated_at = excluded.updated_at",
            (guild_id, variant, user_id, new.rating, new.experience, new.wins, new.losses, new.streak, now),
        )
        await self._run(
            "INSERT INTO rating_history (guild_id, variant, user_id, match_id, old_rating, new_rating,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, variant, user_id, match_id, old.rating, new.rating, now),
        )

    async def set_meta(self, key: str, value: str) -> None:
        await self._run(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


_MATCH_COLUMNS = (
    "match_id, guild_id, channel_id, variant, target, rated, computer_level, status, seats, state, version,"
    " current_game_id, turn_started_at, reminded, board_message_id, winner_seat, created_at, finished_at"
)

_CHALLENGE_SELECT = (
    "SELECT c.challenge_id, c.guild_id, c.channel_id, c.challenger_id, c.opponent_id, c.variant, c.points,"
    " c.rated, c.status, c.created_at, c.expires_at, c.message_id, c.match_id, a.display_name, b.display_name"
    " FROM challenges c JOIN players a ON a.user_id = c.challenger_id"
    " JOIN players b ON b.user_id = c.opponent_id"
)


def _match_record(r: aiosqlite.Row) -> MatchRecord:
    return MatchRecord(
        match_id=r[0],
        guild_id=r[1],
        channel_id=r[2],
        variant=r[3],
        target=r[4],
        rated=bool(r[5]),
        computer_level=r[6],
        status=r[7],
        seats=tuple(Seat.from_json(s) for s in json.loads(r[8])),
        state=json.loads(r[9]),
        version=r[10],
        current_game_id=r[11],
        turn_started_at=r[12],
        reminded=bool(r[13]),
        board_message_id=r[14],
        winner_seat=r[15],
        created_at=r[16],
        finished_at=r[17],
    )


def _challenge_record(r: aiosqlite.Row) -> ChallengeRecord:
    return ChallengeRecord(
        challenge_id=r[0],
        guild_id=r[1],
        channel_id=r[2],
        challenger_id=r[3],
        opponent_id=r[4],
        variant=r[5],
        points=r[6],
        rated=bool(r[7]),
        status=r[8],
        created_at=r[9],
        expires_at=r[10],
        message_id=r[11],
        match_id=r[12],
        challenger_name=r[13],
        opponent_name=r[14],
    )
