"""Numbered migrations (``NNN_name.sql``), the same scheme for both stores, each with its own folder."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store.protocol import StoreError

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations(directory: Path) -> list[tuple[int, Path]]:
    """The migration files in order: ``[(number, path), ...]``; numbers must run 1, 2, 3, ..."""
    found = []
    for path in directory.iterdir():
        m = _MIGRATION_NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 001, 002, ... without gaps, found {numbers}")
    return found


def pending(directory: Path, current: int, where: str) -> list[tuple[int, Path]]:
    """The migrations to apply to a database at schema ``current``; :class:`StoreError` if the database
    is newer than this code (written by a later version of the bot: running on it could damage it)."""
    known = migrations(directory)
    newest = known[-1][0] if known else 0
    if current > newest:
        raise StoreError(
            f"the database {where} has schema version {current}, newer than this bot knows ({newest}):"
            " update the bot"
        )
    return [(n, p) for n, p in known if n > current]


__all__ = ["migrations", "pending"]
