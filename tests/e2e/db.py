"""Reading the bot's database from the tests' side, read-only: the stored truth the scenarios compare
before and after an action. A SQLite file through the plain ``sqlite3`` module; a PostgreSQL database
through asyncpg on a loop of its own in a thread, so the scenarios read it as plainly (``?`` marks on
both)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.postgres.driver import numbered
from bot.store.url import sqlite_path
from engine import Event, Game, Match, MatchContext, Outcome, replay


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A ``matches`` row with its seats, and its games rebuilt from their stored events."""

    match_id: int
    channel_id: int
    variant: str
    status: str
    version: int
    seats: tuple[dict, ...]
    board_message_id: int | None
    winner_seat: int | None
    turn_started_at: float
    games: tuple[tuple[dict, list[Event], dict | None], ...]  # (context, events, outcome) per game

    @property
    def game(self) -> Game:
        """The current game (the last one, when the match is over), replayed from its events."""
        context, events, _ = self.games[-1]
        return replay(
            self.variant,
            events,
            MatchContext(context["target"], tuple(context["score"]), context["crawford"]),
        )

    @property
    def match(self) -> Match:
        match = Match.new(self.variant, self.games[0][0]["target"] if self.games else None)
        for _, _, outcome in self.games:
            if outcome is not None:
                match = match.record(Outcome.from_json(outcome))
        return match

    def seat_of(self, user_id: int) -> int:
        for i, seat in enumerate(self.seats):
            if int(seat["user_id"]) == user_id:
                return i
        raise LookupError(f"user {user_id} has no seat in match {self.match_id}")

    def user_at(self, seat: int) -> int:
        return int(self.seats[seat]["user_id"])


class Database:
    def __init__(self, url: str) -> None:
        self.url = url
        self.path: Path | None = sqlite_path(url)  # None: a PostgreSQL database

    def query(self, sql: str, params: tuple = ()) -> list[Any]:
        """Rows read by column name (``sqlite3.Row`` or ``asyncpg.Record``)."""
        if self.path is None:
            with concurrent.futures.ThreadPoolExecutor(1) as reader:
                return reader.submit(asyncio.run, self._pg_query(sql, params)).result()
        con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)
        con.row_factory = sqlite3.Row
        try:
            return con.execute(sql, params).fetchall()
        finally:
            con.close()

    async def _pg_query(self, sql: str, params: tuple) -> list[asyncpg.Record]:
        conn = await asyncpg.connect(self.url)
        try:
            return await conn.fetch(numbered(sql), *params)
        finally:
            await conn.close()

    def matches(self, channel_id: int | None = None) -> list[StoredMatch]:
        sql = "SELECT * FROM matches"
        params: tuple = ()
        if channel_id is not None:
            sql += " WHERE channel_id = ?"
            params = (channel_id,)
        return [self._stored(r) for r in self.query(sql + " ORDER BY match_id", params)]

    def match_in(self, channel_id: int) -> StoredMatch:
        """The latest match (active or not) played in a channel, or started from it (played in a thread)."""
        rows = self.query(
            "SELECT * FROM matches WHERE channel_id = ? OR home_channel_id = ?"
            " ORDER BY match_id DESC LIMIT 1",
            (channel_id, channel_id),
        )
        if not rows:
            raise LookupError(f"no match in channel {channel_id}")
        return self._stored(rows[0])

    def match_by_id(self, match_id: int) -> StoredMatch:
        [row] = self.query("SELECT * FROM matches WHERE match_id = ?", (match_id,))
        return self._stored(row)

    def active_match(self, channel_id: int) -> StoredMatch | None:
        found = [m for m in self.matches(channel_id) if m.status == "active"]
        return found[-1] if found else None

    def plays(self, match_id: int) -> list[Any]:
        return self.query(
            "SELECT p.* FROM plays p JOIN games g ON g.game_id = p.game_id WHERE g.match_id = ?"
            " ORDER BY g.number, p.seq",
            (match_id,),
        )

    def challenges(self, channel_id: int | None = None) -> list[Any]:
        if channel_id is None:
            return self.query("SELECT * FROM challenges ORDER BY challenge_id")
        return self.query(
            "SELECT * FROM challenges WHERE channel_id = ? ORDER BY challenge_id", (channel_id,)
        )

    def lobbies(self, channel_id: int) -> list[Any]:
        return self.query("SELECT * FROM lobbies WHERE channel_id = ? ORDER BY lobby_id", (channel_id,))

    def placing_ratings(self, variant: str = "multigam") -> dict[int, Any]:
        rows = self.query("SELECT * FROM placing_ratings WHERE variant = ?", (variant,))
        return {int(r["user_id"]): r for r in rows}

    def ratings(self, variant: str) -> dict[int, Any]:
        rows = self.query("SELECT * FROM ratings WHERE variant = ?", (variant,))
        return {int(r["user_id"]): r for r in rows}

    def snapshot(self, match_id: int) -> tuple:
        """Everything stored about a match's play: unchanged snapshots mean nothing happened."""
        m = self.match_by_id(match_id)
        plays = [tuple(r) for r in self.plays(match_id)]
        return (m.version, m.status, m.board_message_id, m.turn_started_at, plays)

    def _stored(self, r: Any) -> StoredMatch:
        match_id = int(r["match_id"])
        seats = self.query(
            "SELECT user_id, name, level, replaced_level FROM match_players WHERE match_id = ? ORDER BY seat",
            (match_id,),
        )
        games = []
        for g in self.query("SELECT * FROM games WHERE match_id = ? ORDER BY number", (match_id,)):
            rows = self.query("SELECT * FROM plays WHERE game_id = ? ORDER BY seq", (g["game_id"],))
            events = [
                Event(
                    p["kind"],
                    p["player"],
                    tuple(json.loads(p["dice"])),
                    tuple(json.loads(p["moves"])),
                    p["value"],
                )
                for p in rows
            ]
            games.append(
                (json.loads(g["context"]), events, json.loads(g["outcome"]) if g["outcome"] else None)
            )
        return StoredMatch(
            match_id=match_id,
            channel_id=int(r["channel_id"]),
            variant=r["variant"],
            status=r["status"],
            version=int(r["version"]),
            seats=tuple(dict(s) for s in seats),
            board_message_id=r["board_message_id"],
            winner_seat=r["winner_seat"],
            turn_started_at=float(r["turn_started_at"]),
            games=tuple(games),
        )
