"""The store on PostgreSQL, through asyncpg: any number of processes on one database
(:class:`PostgresStore`)."""

from bot.store.postgres.store import MIGRATIONS_DIR, PostgresStore

__all__ = ["MIGRATIONS_DIR", "PostgresStore"]
