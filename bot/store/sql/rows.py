"""Reading rows into the bot's records (by column name), and the SQL the reads share: one mapping for
SQLite and PostgreSQL."""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from bot.models import (
    ChallengeRecord,
    ChallengeStatus,
    GameRecord,
    MatchRecord,
    MatchStatus,
    Seat,
    StoredGame,
)
from bot.ratings.fibs import Rating
from bot.store.protocol import DamagedRecord
from bot.store.sql.driver import Driver, Row

log = logging.getLogger(__name__)

T = TypeVar("T")

CHALLENGE_SELECT = (
    "SELECT c.*, a.display_name AS challenger_name, b.display_name AS opponent_name"
    " FROM challenges c JOIN players a ON a.user_id = c.challenger_id"
    " JOIN players b ON b.user_id = c.opponent_id"
)

SEATS_SELECT = (
    "SELECT seat, user_id, name, level, replaced_level, replaced_plays FROM match_players"
    " WHERE match_id = ? ORDER BY seat"
)


async def read_rating(db: Driver, guild_id: int, variant: str, user_id: int) -> Rating:
    row = await db.fetchrow(
        "SELECT rating, experience, wins, losses, streak FROM ratings"
        " WHERE guild_id = ? AND variant = ? AND user_id = ?",
        (guild_id, variant, user_id),
    )
    return rating_of(row) if row else Rating()


async def count_rated_between(db: Driver, guild_id: int, user_id: int, other_id: int, since: float) -> int:
    """How many matches since ``since`` changed the ratings of both players (their rating histories)."""
    row = await db.fetchrow(
        "SELECT COUNT(DISTINCT h.match_id) AS n FROM rating_history h"
        " JOIN rating_history o ON o.match_id = h.match_id AND o.user_id = ?"
        " WHERE h.guild_id = ? AND h.user_id = ? AND h.created_at >= ?",
        (other_id, guild_id, user_id, since),
    )
    return int(row["n"]) if row else 0


def rating_of(r: Row) -> Rating:
    """A rating row; :class:`DamagedRecord` if its numbers are not numbers."""
    try:
        rating = float(r["rating"])
        if not math.isfinite(rating):
            raise ValueError(f"its rating is {rating}")
        return Rating(rating, int(r["experience"]), int(r["wins"]), int(r["losses"]), int(r["streak"]))
    except (TypeError, ValueError) as exc:
        raise DamagedRecord("a rating", str(exc)) from None


class LeftOut:
    """A store's log of the damaged records it leaves out of lists: a warning the first time a record is
    met, quietly after (a list is read again and again: at every sweep, every leaderboard page)."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def __call__(self, exc: DamagedRecord) -> None:
        if str(exc) in self._seen:
            log.debug("left out of a list again: %s", exc)
            return
        if len(self._seen) < 10_000:
            self._seen.add(str(exc))
        log.warning("left out of a list (logged once): %s", exc)


def readable(rows: Sequence[Row], read: Callable[[Row], T], left_out: LeftOut) -> list[T]:
    """``read`` of each row, leaving out (and logging) the rows that cannot be read: one damaged row
    of a list (a leaderboard, a history) must not hide the others."""
    out = []
    for r in rows:
        try:
            out.append(read(r))
        except DamagedRecord as exc:
            left_out(exc)
    return out


def seat_of(r: Row) -> Seat:
    """A seat; one the computer took over plays at its ``replaced_level`` and keeps its person's id."""
    if r["replaced_level"] is not None:
        return Seat(
            int(r["user_id"]), str(r["name"]), str(r["replaced_level"]), int(r["replaced_plays"] or 0)
        )
    return Seat(int(r["user_id"]), str(r["name"]), r["level"])


def match_record(r: Row, seats: Sequence[Row]) -> MatchRecord:
    what = f"match {r['match_id']}"
    channel = r["channel_id"] if isinstance(r["channel_id"], int) else None
    if [s["seat"] for s in seats] != list(range(len(seats))) or len(seats) < 2:
        raise DamagedRecord(what, f"its seats are {[s['seat'] for s in seats]}", channel_id=channel)
    try:
        if not 0 <= int(r["version"]) < 2**63 - 1:  # the next action could not store its version
            raise ValueError(f"its version is {r['version']}")
        return MatchRecord(
            match_id=int(r["match_id"]),
            guild_id=int(r["guild_id"]),
            channel_id=int(r["channel_id"]),
            variant=str(r["variant"]),
            target=int(r["target"]),
            rated=bool(r["rated"]),
            status=MatchStatus(r["status"]),
            seats=tuple(seat_of(s) for s in seats),
            version=int(r["version"]),
            current_game_id=r["current_game_id"],
            turn_started_at=float(r["turn_started_at"]),
            reminded=bool(r["reminded"]),
            board_message_id=r["board_message_id"],
            board_version=r["board_version"],
            winner_seat=r["winner_seat"],
            created_at=float(r["created_at"]),
            finished_at=r["finished_at"],
            home_channel_id=r["home_channel_id"],
            board_record=r["board_record"],
            rematch_of=r["rematch_of"],
            clock=str(r["clock"]),
            reserves=reserves_of(r["clock_reserves"], len(seats)),
            clock_used=float(r["clock_used"]),
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(what, str(exc), channel_id=channel) from None


def reserves_of(stored: str | None, seats: int) -> tuple[float, ...]:
    """A match's clock reserves (a JSON list, one number of seconds per seat); none without a clock.
    ``ValueError`` if it is not that."""
    if stored is None:
        return ()
    reserves = json.loads(stored)
    if not isinstance(reserves, list) or len(reserves) != seats:
        raise ValueError(f"its clock's reserves are {stored!r}")
    out = tuple(float(x) for x in reserves)
    if not all(math.isfinite(x) for x in out):
        raise ValueError(f"its clock's reserves are {stored!r}")
    return out


def reserves_json(reserves: tuple[float, ...]) -> str | None:
    """How a match's clock reserves are stored (:func:`reserves_of` reads it back)."""
    return json.dumps([round(x, 3) for x in reserves]) if reserves else None


GAMES_SELECT = (
    "SELECT g.game_id, g.match_id, g.number, g.variant, m.target, g.outcome, g.finished_at, g.context"
    " FROM games g JOIN matches m ON m.match_id = g.match_id"
)
"""Finished games with their match's target, for :func:`game_records` (add the ``WHERE``)."""


async def game_records(db: Driver, rows: Sequence[Row], left_out: LeftOut) -> list[GameRecord]:
    """Rows of :data:`GAMES_SELECT` as game records, with their match's seats; a game that cannot be read
    is left out (and logged)."""
    out = []
    for r in rows:
        seats = await db.fetch(SEATS_SELECT, (r["match_id"],))
        try:
            game = stored_game(r)
            out.append(
                GameRecord(
                    game.game_id,
                    int(r["match_id"]),
                    game.number,
                    str(r["variant"]),
                    int(r["target"]),
                    tuple(seat_of(s) for s in seats),
                    game.outcome,
                    _finite(r["finished_at"]),
                    tuple(int(n) for n in game.context.get("score", ())),
                )
            )
        except DamagedRecord as exc:
            left_out(exc)
        except (TypeError, ValueError) as exc:
            left_out(DamagedRecord(f"game {r['game_id']}", str(exc)))
    return out


def _finite(value: object) -> float:
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number) or not 0 <= number < 1e11:  # epoch seconds before the year 5138
        raise ValueError(f"{value!r} is not a time")
    return number


def stored_game(r: Row) -> StoredGame:
    try:
        context = json.loads(r["context"])
        outcome = json.loads(r["outcome"]) if r["outcome"] else None
        if not isinstance(context, dict) or not (outcome is None or isinstance(outcome, dict)):
            raise ValueError("its context or outcome is not a JSON object")
        return StoredGame(int(r["game_id"]), int(r["number"]), context, outcome)
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(f"game {r['game_id']}", str(exc)) from None


def challenge_record(r: Row) -> ChallengeRecord:
    return ChallengeRecord(
        challenge_id=r["challenge_id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        challenger_id=r["challenger_id"],
        opponent_id=r["opponent_id"],
        variant=r["variant"],
        points=r["points"],
        rated=bool(r["rated"]),
        status=ChallengeStatus(r["status"]),
        created_at=r["created_at"],
        expires_at=r["expires_at"],
        message_id=r["message_id"],
        match_id=r["match_id"],
        challenger_name=r["challenger_name"],
        opponent_name=r["opponent_name"],
        rematch_of=r["rematch_of"],
        clock=str(r["clock"]),
    )
