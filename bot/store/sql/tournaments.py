"""The tournaments part of the stores. Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and
:class:`~bot.store.sql.writes.SqlTransaction` (writes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.models import PlayerRef
from bot.store.protocol import DamagedRecord
from bot.store.protocol_tournaments import (
    Decided,
    Entrant,
    TournamentFormat,
    TournamentPairing,
    TournamentRecord,
    TournamentStatus,
)
from bot.store.sql.driver import Driver, Row
from bot.store.sql.rows import LeftOut

_ENTRANTS = (
    "SELECT e.user_id, p.display_name, e.joined, e.rating, e.seed, e.removed FROM tournament_entrants e"
    " JOIN players p ON p.user_id = e.user_id WHERE e.tournament_id = ? ORDER BY e.joined"
)
_PAIRINGS = "SELECT * FROM tournament_pairings WHERE tournament_id = ? ORDER BY round, slot"
_LIVE = "status IN ('open', 'running')"
_SELECT = (
    "SELECT t.*, p.display_name AS organiser_name FROM tournaments t"
    " JOIN players p ON p.user_id = t.organiser_id"
)


def _entrant(r: Row) -> Entrant:
    seed = r["seed"]
    return Entrant(
        user_id=int(r["user_id"]),
        name=str(r["display_name"]),
        rating=float(r["rating"]),
        joined=int(r["joined"]),
        seed=None if seed is None else int(seed),
        removed=bool(r["removed"]),
    )


def _pairing(r: Row) -> TournamentPairing:
    winner, how = r["winner_id"], r["how"]
    return TournamentPairing(
        round=int(r["round"]),
        slot=int(r["slot"]),
        a=int(r["a_id"]),
        b=None if r["b_id"] is None else int(r["b_id"]),
        match_id=None if r["match_id"] is None else int(r["match_id"]),
        winner=None if winner is None else int(winner),
        points=(int(r["a_points"]), int(r["b_points"])),
        how=Decided(how) if how else None,
        deadline=None if r["deadline"] is None else float(r["deadline"]),
    )


def _tournament(r: Row, entrants: Sequence[Row] = (), pairings: Sequence[Row] = ()) -> TournamentRecord:
    try:
        return TournamentRecord(
            tournament_id=int(r["tournament_id"]),
            guild_id=int(r["guild_id"]),
            channel_id=int(r["channel_id"]),
            name=str(r["name"]),
            variant=str(r["variant"]),
            points=int(r["points"]),
            format=TournamentFormat(r["format"]),
            max_players=int(r["max_players"]),
            rounds=int(r["rounds"]),
            status=TournamentStatus(r["status"]),
            version=int(r["version"]),
            organiser_id=int(r["organiser_id"]),
            organiser_name=str(r["organiser_name"]),
            created_at=float(r["created_at"]),
            clock=str(r["clock"]),
            starts_at=None if r["starts_at"] is None else float(r["starts_at"]),
            round=int(r["round"]),
            message_id=r["message_id"],
            champion_id=r["champion_id"],
            finished_at=None if r["finished_at"] is None else float(r["finished_at"]),
            note=str(r["note"]),
            entrants=tuple(_entrant(e) for e in entrants),
            pairings=tuple(_pairing(p) for p in pairings),
        )
    except (TypeError, ValueError) as exc:
        raise DamagedRecord(f"tournament {r['tournament_id']}", str(exc)) from None


class TournamentReadsMixin:
    """Reads for tournaments, for :class:`~bot.store.sql.reads.SqlReads` (which provides ``_all``)."""

    _left_out: LeftOut
    if TYPE_CHECKING:  # provided by the store

        async def _all(self, sql: str, params: Sequence = ()) -> list[Row]: ...

        async def _one(self, sql: str, params: Sequence = ()) -> Row | None: ...

    async def tournament(self, tournament_id: int) -> TournamentRecord | None:
        row = await self._one(f"{_SELECT} WHERE t.tournament_id = ?", (tournament_id,))
        if row is None:
            return None
        entrants = await self._all(_ENTRANTS, (tournament_id,))
        return _tournament(row, entrants, await self._all(_PAIRINGS, (tournament_id,)))

    async def _listed(self, where: str, params: Sequence) -> list[TournamentRecord]:
        out = []
        for r in await self._all(f"{_SELECT} WHERE {where}", params):
            try:
                out.append(_tournament(r, await self._all(_ENTRANTS, (r["tournament_id"],))))
            except DamagedRecord as exc:
                self._left_out(exc)
        return out

    async def guild_tournaments(self, guild_id: int, limit: int = 25) -> list[TournamentRecord]:
        return await self._listed(
            f"t.guild_id = ? ORDER BY CASE WHEN t.{_LIVE} THEN 0 ELSE 1 END, t.tournament_id DESC LIMIT ?",
            (guild_id, limit),
        )

    async def live_tournaments(self) -> list[TournamentRecord]:
        return await self._listed(f"t.{_LIVE} ORDER BY t.tournament_id", ())

    async def tournament_of_match(self, match_id: int) -> int | None:
        row = await self._one("SELECT tournament_id FROM tournament_pairings WHERE match_id = ?", (match_id,))
        return None if row is None else int(row["tournament_id"])

    async def tournament_results(self, guild_id: int, user_id: int) -> tuple[int, int]:
        row = await self._one(
            "SELECT COUNT(*) AS played,"
            " COALESCE(SUM(CASE WHEN t.champion_id = e.user_id THEN 1 ELSE 0 END), 0) AS won"
            " FROM tournament_entrants e JOIN tournaments t ON t.tournament_id = e.tournament_id"
            " WHERE t.guild_id = ? AND e.user_id = ? AND t.status = 'finished'",
            (guild_id, user_id),
        )
        return (int(row["played"]), int(row["won"])) if row is not None else (0, 0)


class TournamentWritesMixin:
    """Writes for tournaments, for :class:`~bot.store.sql.writes.SqlTransaction` (``_db`` and ``_run``)."""

    _db: Driver
    if TYPE_CHECKING:  # provided by the transaction

        async def _run(self, sql: str, params: Sequence = (), *, expect_one: str | None = None) -> None: ...

    async def insert_tournament(self, record: TournamentRecord) -> int:
        r = record
        return await self._db.insert(
            "INSERT INTO tournaments (guild_id, channel_id, name, variant, points, format, max_players,"
            " rounds, clock, status, version, organiser_id, created_at, starts_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 1, ?, ?, ?) RETURNING tournament_id",
            (
                r.guild_id,
                r.channel_id,
                r.name,
                r.variant,
                r.points,
                str(r.format),
                r.max_players,
                r.rounds,
                r.clock,
                r.organiser_id,
                r.created_at,
                r.starts_at,
            ),
        )

    async def update_tournament(self, record: TournamentRecord, version: int) -> None:
        r = record
        await self._run(
            "UPDATE tournaments SET version = version + 1, status = ?, rounds = ?, round = ?,"
            " champion_id = ?, finished_at = ?, note = ?"
            f" WHERE tournament_id = ? AND version = ? AND {_LIVE}",
            (
                str(r.status),
                r.rounds,
                r.round,
                r.champion_id,
                r.finished_at,
                r.note,
                r.tournament_id,
                version,
            ),
            expect_one=f"tournament {r.tournament_id} is no longer at version {version}",
        )

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        await self._run(
            "UPDATE tournaments SET message_id = ? WHERE tournament_id = ?", (message_id, tournament_id)
        )

    async def add_entrant(self, tournament_id: int, player: PlayerRef, rating: float) -> None:
        await self._run(
            "INSERT INTO tournament_entrants (tournament_id, user_id, joined, rating) VALUES (?, ?,"
            " (SELECT COALESCE(MAX(joined), 0) + 1 FROM tournament_entrants WHERE tournament_id = ?), ?)",
            (tournament_id, player.user_id, tournament_id, rating),
        )

    async def remove_entrant(self, tournament_id: int, user_id: int) -> None:
        await self._run(
            "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
            expect_one=f"user {user_id} is not in tournament {tournament_id}",
        )

    async def seed_entrants(self, tournament_id: int, seeds: Sequence[tuple[int, int]]) -> None:
        await self._db.executemany(
            "UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND user_id = ?",
            [(seed, tournament_id, user_id) for user_id, seed in seeds],
        )

    async def mark_removed(self, tournament_id: int, user_id: int) -> None:
        await self._run(
            "UPDATE tournament_entrants SET removed = ? WHERE tournament_id = ? AND user_id = ?",
            (True, tournament_id, user_id),
            expect_one=f"user {user_id} is not in tournament {tournament_id}",
        )

    async def insert_pairing(self, tournament_id: int, pairing: TournamentPairing) -> None:
        p = pairing
        await self._run(
            "INSERT INTO tournament_pairings (tournament_id, round, slot, a_id, b_id, match_id, winner_id,"
            " a_points, b_points, how) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                tournament_id,
                p.round,
                p.slot,
                p.a,
                p.b,
                p.match_id,
                p.winner,
                p.points[0],
                p.points[1],
                "" if p.how is None else str(p.how),
            ),
        )

    async def pairing_started(
        self, tournament_id: int, round_: int, slot: int, match_id: int, deadline: float
    ) -> None:
        await self._run(
            "UPDATE tournament_pairings SET match_id = ?, deadline = ? WHERE tournament_id = ? AND round = ?"
            " AND slot = ? AND match_id IS NULL AND winner_id IS NULL",
            (match_id, deadline, tournament_id, round_, slot),
            expect_one=f"pairing {round_}.{slot} of tournament {tournament_id} started already",
        )

    async def decide_pairing(
        self,
        tournament_id: int,
        round_: int,
        slot: int,
        winner: int,
        points: tuple[int, int],
        how: Decided,
    ) -> None:
        await self._run(
            "UPDATE tournament_pairings SET winner_id = ?, a_points = ?, b_points = ?, how = ?"
            " WHERE tournament_id = ? AND round = ? AND slot = ? AND winner_id IS NULL",
            (winner, points[0], points[1], str(how), tournament_id, round_, slot),
            expect_one=f"pairing {round_}.{slot} of tournament {tournament_id} was decided already",
        )

    async def tournament_match(self, match_id: int) -> bool:
        row = await self._db.fetchrow(
            "SELECT 1 AS one FROM tournament_pairings WHERE match_id = ?", (match_id,)
        )
        return row is not None


__all__ = ["TournamentReadsMixin", "TournamentWritesMixin"]
