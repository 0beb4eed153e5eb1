"""Storage behind a small protocol (:mod:`bot.store.protocol`); SQLite is today's implementation.

``await open_store(path)`` opens the configured store; everything above it uses only the protocol.
"""

from __future__ import annotations

from pathlib import Path

from bot.store.protocol import DamagedRecord, StaleWrite, Store, StoreError, Transaction


async def open_store(path: str | Path) -> Store:
    """The bot's store at ``path`` (a SQLite file), migrated; :class:`StoreError` if it cannot be used."""
    from bot.store.sqlite import SqliteStore

    return await SqliteStore.open(path)


__all__ = ["DamagedRecord", "StaleWrite", "Store", "StoreError", "Transaction", "open_store"]
