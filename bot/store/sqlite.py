"""The :class:`~bot.store.protocol.Store` on SQLite: the only module with SQL in it (with its ``sqlite_*``
siblings).

One connection in autocommit mode (:mod:`bot.store.sqlite_conn`: statements on the event loop, the disk's
waits in a thread); writes go through :meth:`SqliteStore.transaction`, which takes a write lock and runs
``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on any error), and returns once the commit is durable,
so every accepted action is on disk before the caller answers anyone. WAL mode, foreign keys on, numbered
migrations from
``bot/store/migrations/NNN_name.sql`` applied at start-up and recorded in ``schema_version``. Rows are read
by column name.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from bot.models import (
    ChallengeRecord,
    GameRecord,
    MatchRecord,
    MatchStatus,
    MoneyResult,
    RatedPlayer,
    Record,
    StoredGame,
)
from bot.ratings import Rating
from bot.store.protocol import DamagedRecord, StoreError
from bot.store.sqlite_analysis import AnalysisReadsMixin
from bot.store.sqlite_conn import Connection, Row
from bot.store.sqlite_multigam import MultigamReadsMixin
from bot.store.sqlite_rows import (
    CHALLENGE_SELECT,
    GAMES_SELECT,
    SEATS_SELECT,
    challenge_record,
    count_rated_between,
    game_records,
    match_record,
    rating_of,
    read_rating,
    stored_game,
    why_unusable,
)
from bot.store.sqlite_tables import TableReadsMixin
from bot.store.sqlite_tx import SqliteTransaction
from bot.timing import timed
from engine import Event

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


class SqliteStore(MultigamReadsMixin, AnalysisReadsMixin, TableReadsMixin):
    """The bot's database. Open with ``await SqliteStore.open(path)``; close with ``await store.close()``."""

    def __init__(self, db: Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._write_lock = asyncio.Lock()
        self.schema_version = 0

    @classmethod
    async def open(cls, path: str | Path, *, migrations_dir: Path = MIGRATIONS_DIR) -> SqliteStore:
        """Open (creating the file and its folder) and migrate. A file that is not a database, is damaged
        or is locked by another program raises :class:`StoreError` with one line that says so."""
        p = Path(path)
        if str(p) != ":memory:":
            p.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = Connection.connect(p)
        except sqlite3.DatabaseError as exc:
            raise StoreError(why_unusable(p, exc)) from None
        try:
            await db.execute("PRAGMA busy_timeout = 2000")
            db.use_wal()
            await db.execute("PRAGMA foreign_keys = ON")
            rows = await db.execute_fetchall("PRAGMA quick_check")
            problems = [r[0] for r in rows if r[0] != "ok"]
            if problems:
                raise StoreError(f"the database {p} is damaged ({problems[0]})")
            await db.execute("BEGIN IMMEDIATE")  # can we write? (another program may hold the file)
            await db.execute("ROLLBACK")
            store = cls(db, p)
            await store._migrate(migrations_dir)
        except sqlite3.DatabaseError as exc:
            await db.close()
            raise StoreError(why_unusable(p, exc)) from None
        except BaseException:
            await db.close()
            raise
        return store

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
                self._db.commit()
            except Exception:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise
            log.info("applied migration %s", path.name)
            current = number
        await self._db.durable()
        self.schema_version = current

    @timed("store")
    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[SqliteTransaction]:
        """One write transaction: committed when the block ends (and, if ``durable``, returns once the
        commit is on disk), rolled back if it raises."""
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTransaction(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            self._db.commit()
        if durable:
            await self._db.durable()  # the write lock is free meanwhile: the next commits share the next sync

    async def _all(self, sql: str, params: Sequence = ()) -> list[Row]:
        return list(await self._db.execute_fetchall(sql, params))

    async def _one(self, sql: str, params: Sequence = ()) -> Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # ------------------------------------------------------------------ matches
    async def active_match_ids(self) -> list[int]:
        rows = await self._all("SELECT match_id FROM matches WHERE status = 'active' ORDER BY match_id")
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
        return [RatedPlayer(r["user_id"], r["display_name"], rating_of(r)) for r in rows]

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
        return [(r["variant"], rating_of(r)) for r in rows]

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
            elif r["status"] == MatchStatus.FINISHED:
                key = ("computer_" if r["vs_computer"] else "") + ("wins" if r["won"] else "losses")
                counts[key] += r["n"]
        return Record(**counts)

    async def recent_games(self, guild_id: int, limit: int = 10) -> list[GameRecord]:
        rows = await self._all(
            f"{GAMES_SELECT} WHERE m.guild_id = ? AND g.finished_at IS NOT NULL"
            " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ?",
            (guild_id, limit),
        )
        return await game_records(self._db, rows)

    async def money_results(
        self, guild_id: int, variant: str, limit: int = 10, offset: int = 0
    ) -> list[MoneyResult]:
        rows = await self._all(
            f"{_MONEY} m.guild_id = ? AND m.variant = ? GROUP BY mp.user_id"
            " ORDER BY points DESC, games DESC, name, mp.user_id LIMIT ? OFFSET ?",
            (guild_id, variant, limit, offset),
        )
        return [MoneyResult(r["user_id"], r["name"], r["games"], r["points"]) for r in rows]

    async def player_money(self, guild_id: int, user_id: int) -> list[tuple[str, MoneyResult]]:
        rows = await self._all(
            f"{_MONEY} m.guild_id = ? AND mp.user_id = ? GROUP BY m.variant ORDER BY m.variant",
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
        async with self.transaction() as tx:
            await tx.set_meta(key, value)


# Money play: every finished game of a money match (target 0), for each person seated, won or lost points.
_MONEY = (
    "SELECT mp.user_id, p.display_name AS name, m.variant, COUNT(*) AS games,"
    " SUM(CASE WHEN json_extract(g.outcome, '$.winner') = mp.seat THEN 1 ELSE -1 END"
    "     * json_extract(g.outcome, '$.points')) AS points"
    " FROM games g JOIN matches m ON m.match_id = g.match_id"
    " JOIN match_players mp ON mp.match_id = m.match_id AND mp.level IS NULL"
    " JOIN players p ON p.user_id = mp.user_id"
    " WHERE m.target = 0 AND m.status = 'finished' AND g.outcome IS NOT NULL AND"
)
