"""The two databases the core's tests run on: a SQLite file, and a fresh database on the real PostgreSQL
server the harness started (``tests/conftest.py``). :class:`Database` also reads and writes rows behind
the store's back, as a damaged or an older database would have them (``?`` marks on both)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.store.postgres.driver import numbered
from bot.store.url import sqlite_path

KINDS = ("sqlite", "postgres")


@dataclass(frozen=True)
class Database:
    kind: str  # "sqlite" or "postgres"
    url: str

    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        if self.kind == "sqlite":
            with sqlite3.connect(sqlite_path(self.url)) as db:
                return [tuple(r) for r in db.execute(sql, params).fetchall()]
        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(r) for r in await conn.fetch(numbered(sql), *params)]
        finally:
            await conn.close()

    async def execute(self, sql: str, *params: Any) -> None:
        if self.kind == "sqlite":
            db = sqlite3.connect(sqlite_path(self.url))
            try:
                with db:
                    db.execute(sql, params)
            finally:
                db.close()
            return
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(numbered(sql), *params)
        finally:
            await conn.close()
