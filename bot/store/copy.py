"""Moving a server's data from SQLite to PostgreSQL: every table, with its ids, into an empty database.

``python -m bot.store copy --from sqlite:///data/minigam.sqlite3 --to postgresql://...`` (see
:mod:`bot.store.__main__`). Both databases are migrated to this code's schema first; the PostgreSQL one
must hold no rows. The copy is one transaction: all of it or nothing. Afterwards each identity column
continues after the highest copied id.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.store.postgres import PostgresStore
from bot.store.protocol import StoreError
from bot.store.sqlite import SqliteStore
from bot.store.url import is_postgres, masked, sqlite_path

log = logging.getLogger(__name__)

# Every table of the schema, each after the tables it refers to.
TABLES = (
    "guilds",
    "players",
    "meta",
    "guild_settings",
    "matches",
    "match_dice",
    "match_players",
    "games",
    "plays",
    "analyses",
    "analysis_jobs",
    "challenges",
    "ratings",
    "rating_history",
    "lobbies",
    "lobby_members",
    "placing_ratings",
    "placing_rating_history",
    "player_prefs",
    "game_hints",
    "server_puzzles",
    "puzzle_harvests",
    "puzzle_attempts",
    "puzzle_players",
    "puzzle_ratings",
    "daily_puzzles",
    "tournaments",
    "tournament_entrants",
    "tournament_pairings",
)

_CONVERT = {
    "boolean": bool,
    "bigint": int,
    "integer": int,
    "double precision": float,
    "text": str,
    "jsonb": str,  # the engine's JSON as SQLite keeps it: PostgreSQL parses it as it is copied
}


async def copy(source: str, target: str) -> dict[str, int]:
    """Copy the SQLite database ``source`` into the empty PostgreSQL database ``target`` (both URLs);
    returns the rows copied per table. :class:`StoreError` (one line) if either cannot be used, or the
    target holds rows."""
    path = sqlite_path(source)
    if path is None or not path.is_file():
        raise StoreError(f"--from must name an existing SQLite file (sqlite:///PATH), not {masked(source)!r}")
    if not is_postgres(target):
        raise StoreError(f"--to must be a postgresql:// URL, not {masked(target)!r}")
    src = await SqliteStore.open(path)
    try:
        dst = await PostgresStore.open(target)
        try:
            return await _copy(src, dst, masked(target))
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: SqliteStore, dst: PostgresStore, where: str) -> dict[str, int]:
    for table in TABLES:
        if await dst._db.fetchrow(f"SELECT 1 FROM {table} LIMIT 1") is not None:
            raise StoreError(f"the database {where} is not empty ({table} has rows): copy into an empty one")
    copied: dict[str, int] = {}
    async with dst._pool.acquire() as conn, conn.transaction():
        for table in TABLES:
            columns = await conn.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
                table,
            )
            names = [c["column_name"] for c in columns]
            converters = [_CONVERT[c["data_type"]] for c in columns]
            rows = await src._db.fetch(f"SELECT {', '.join(names)} FROM {table}")
            records = [_converted(r, converters) for r in rows]
            await conn.copy_records_to_table(table, records=records, columns=names)
            copied[table] = len(records)
        identities = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"
        )
        for ident in identities:
            table, column = ident["table_name"], ident["column_name"]
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
            )
    log.info("copied %d rows into %s", sum(copied.values()), where)
    return copied


def _converted(row: Any, converters: list) -> tuple:
    return tuple(None if v is None else convert(v) for v, convert in zip(row, converters, strict=True))


__all__ = ["TABLES", "copy"]
