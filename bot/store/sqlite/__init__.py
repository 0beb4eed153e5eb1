"""The store on SQLite, through aiosqlite: one process, one file (:class:`SqliteStore`)."""

from bot.store.sqlite.store import MIGRATIONS_DIR, SqliteStore

__all__ = ["MIGRATIONS_DIR", "SqliteStore"]
