"""Storage behind one protocol (:mod:`bot.store.protocol`) with two implementations: SQLite through
aiosqlite (:mod:`bot.store.sqlite`, one process) and PostgreSQL through asyncpg (:mod:`bot.store.postgres`,
any number of processes), sharing their SQL and row mapping (:mod:`bot.store.sql`).

``await open_store(url)`` opens the store ``DATABASE_URL`` names (a plain path: a SQLite file); everything
above it uses only the protocol.
"""

from __future__ import annotations

from pathlib import Path

from bot.store.protocol import (
    Conflict,
    DamagedRecord,
    OutOfRange,
    StaleWrite,
    Store,
    StoreError,
    Transaction,
    Unavailable,
)
from bot.store.sqlite import SqliteStore
from bot.store.url import is_postgres, problem, sqlite_path


async def open_store(where: str | Path) -> Store:
    """The store at ``where`` (a ``DATABASE_URL``, or a SQLite file's path), migrated; :class:`StoreError`
    with one line if it cannot be used."""
    if isinstance(where, Path) or "://" not in where:
        return await SqliteStore.open(where)
    if why := problem(where):
        raise StoreError(why)
    if is_postgres(where):
        from bot.store.postgres import PostgresStore  # asyncpg is imported only where it is used

        return await PostgresStore.open(where)
    path = sqlite_path(where)
    assert path is not None
    return await SqliteStore.open(path)


__all__ = [
    "Conflict",
    "DamagedRecord",
    "OutOfRange",
    "StaleWrite",
    "Store",
    "StoreError",
    "Transaction",
    "Unavailable",
    "open_store",
]
