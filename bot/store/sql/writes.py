"""The writes of both stores: one :class:`SqlTransaction` per transaction, on the transaction's driver."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.models import ChallengeStatus, MatchRecord, MatchStatus, PlayerRef, Seat
from bot.ratings.fibs import Rating
from bot.store.sql.analysis import AnalysisWritesMixin
from bot.store.sql.dice import DiceWritesMixin
from bot.store.sql.driver import LOCK_RATED_PAIRS, Driver
from bot.store.sql.multigam import MultigamWritesMixin
from bot.store.sql.puzzles import PuzzleWritesMixin
from bot.store.sql.rows import count_rated_between, read_rating, reserves_json
from bot.store.sql.tables import TableWritesMixin
from bot.store.sql.tournaments import TournamentWritesMixin
from engine import Event, Outcome


class SqlTransaction(
    MultigamWritesMixin,
    AnalysisWritesMixin,
    TableWritesMixin,
    PuzzleWritesMixin,
    TournamentWritesMixin,
    DiceWritesMixin,
):
    """The writes, available inside a store's ``transaction()``."""

    def __init__(self, db: Driver) -> None:
        self._db = db

    async def _run(self, sql: str, params: Sequence = (), *, expect_one: str | None = None) -> None:
        """A write whose only result is a check (see :meth:`~bot.store.sql.driver.Driver.write`)."""
        await self._db.write(sql, params, expect_one=expect_one)

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
            (player.user_id, player.name, is_bot, now),
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
        rematch_of: int | None = None,
        clock: str = "none",
    ) -> int:
        return await self._db.insert(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, points,"
            " rated, status, created_at, expires_at, rematch_of, clock)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?) RETURNING challenge_id",
            (
                guild_id,
                channel_id,
                challenger_id,
                opponent_id,
                variant,
                points,
                rated,
                now,
                expires_at,
                rematch_of,
                clock,
            ),
        )

    async def close_challenge(
        self, challenge_id: int, status: ChallengeStatus, match_id: int | None = None
    ) -> None:
        await self._run(
            "UPDATE challenges SET status = ?, match_id = COALESCE(?, match_id)"
            " WHERE challenge_id = ? AND status = 'pending'",
            (str(status), match_id, challenge_id),
            expect_one=f"challenge {challenge_id} is no longer pending",
        )

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self._run(
            "UPDATE challenges SET message_id = ? WHERE challenge_id = ?", (message_id, challenge_id)
        )

    # ------------------------------------------------------------------ matches and games
    async def insert_match(self, record: MatchRecord) -> int:
        match_id = await self._db.insert(
            "INSERT INTO matches (guild_id, channel_id, variant, target, rated, status, version,"
            " current_game_id, turn_started_at, reminded, winner_seat, created_at, finished_at,"
            " home_channel_id, rematch_of, thread_open, clock, clock_reserves)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING match_id",
            (
                record.guild_id,
                record.channel_id,
                record.variant,
                record.target,
                record.rated,
                str(record.status),
                record.version,
                record.current_game_id,
                record.turn_started_at,
                record.reminded,
                record.winner_seat,
                record.created_at,
                record.finished_at,
                record.home_channel_id,
                record.rematch_of,
                record.own_thread,
                record.clock,
                reserves_json(record.reserves),
            ),
        )
        await self._db.executemany(
            "INSERT INTO match_players (match_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
            [(match_id, n, s.user_id, s.name, s.level) for n, s in enumerate(record.seats)],
        )
        return match_id

    async def update_match(
        self,
        match_id: int,
        version: int,
        *,
        new_version: int | None = None,
        status: MatchStatus | None = None,
        current_game_id: int | None = None,
        turn_started_at: float | None = None,
        reminded: bool | None = None,
        winner_seat: int | None = None,
        finished_at: float | None = None,
        reserves: tuple[float, ...] | None = None,
        clock_used: float | None = None,
    ) -> None:
        changes = {
            "version": new_version,
            "status": None if status is None else str(status),
            "current_game_id": current_game_id,
            "turn_started_at": turn_started_at,
            "reminded": reminded,
            "winner_seat": winner_seat,
            "finished_at": finished_at,
            "clock_reserves": None if reserves is None else reserves_json(reserves),
            "clock_used": clock_used,
        }
        given = {k: v for k, v in changes.items() if v is not None}
        if not given:
            return
        columns = ", ".join(f"{name} = ?" for name in given)  # names from the dict above, never from input
        await self._run(
            f"UPDATE matches SET {columns} WHERE match_id = ? AND version = ?",
            (*given.values(), match_id, version),
            expect_one=f"match {match_id} is no longer at version {version}",
        )

    async def set_board(self, match_id: int, version: int, message_id: int, record: str = "") -> bool:
        changed = await self._db.execute(
            "UPDATE matches SET board_message_id = ?, board_version = ?, board_record = ?"
            " WHERE match_id = ? AND version = ?",
            (message_id, version, record or None, match_id, version),
        )
        return changed == 1

    async def insert_game(self, match_id: int, number: int, variant: str, context: dict, now: float) -> int:
        return await self._db.insert(
            "INSERT INTO games (match_id, number, variant, context, started_at) VALUES (?, ?, ?, ?, ?)"
            " RETURNING game_id",
            (match_id, number, variant, json.dumps(context), now),
        )

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
            "UPDATE games SET outcome = ?, finished_at = ? WHERE game_id = ? AND outcome IS NULL",
            (json.dumps(outcome.to_json()), now, game_id),
        )

    # ------------------------------------------------------------------ ratings
    async def rating(self, guild_id: int, variant: str, user_id: int) -> Rating:
        return await read_rating(self._db, guild_id, variant, user_id)

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

    async def rated_matches_between(self, guild_id: int, user_id: int, other_id: int, since: float) -> int:
        await self._db.serialise(LOCK_RATED_PAIRS, guild_id)  # counted, then written on what it counted
        return await count_rated_between(self._db, guild_id, user_id, other_id, since)

    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        if value is None:
            await self._run("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
            return
        await self._run(
            "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
            (guild_id, key, value),
        )

    async def set_meta(self, key: str, value: str) -> None:
        await self._run(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def set_player_pref(self, user_id: int, key: str, value: str | None) -> None:
        if value is None:
            await self._run("DELETE FROM player_prefs WHERE user_id = ? AND key = ?", (user_id, key))
            return
        await self._run(
            "INSERT INTO player_prefs (user_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
            (user_id, key, value),
        )

    async def note_hint(self, game_id: int, user_id: int, now: float) -> None:
        await self._run(
            "INSERT INTO game_hints (game_id, user_id, first_at) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id, user_id) DO NOTHING",
            (game_id, user_id, now),
        )
