"""``DATABASE_URL``: which store, where. ``sqlite:///data/minigam.sqlite3`` (a path relative to the
working folder; ``sqlite:////srv/minigam.sqlite3`` for an absolute one) or
``postgresql://user:password@host:port/dbname``. :func:`masked` is the only form ever logged."""

from __future__ import annotations

import re
from pathlib import Path

SQLITE = "sqlite:///"
POSTGRES = ("postgresql://", "postgres://")
DEFAULT_URL = "sqlite:///data/minigam.sqlite3"

_PASSWORD = re.compile(r"^(?P<head>[a-z]+://[^:/@]*:)(?P<password>[^@]*)(?P<tail>@.*)$", re.IGNORECASE)


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL, or ``None`` for another kind."""
    return Path(url[len(SQLITE) :]) if url.startswith(SQLITE) and len(url) > len(SQLITE) else None


def is_postgres(url: str) -> bool:
    return url.lower().startswith(POSTGRES)


def masked(url: str) -> str:
    """``url`` with its password (if any) written ``***``."""
    m = _PASSWORD.match(url)
    return f"{m['head']}***{m['tail']}" if m else url


def problem(url: str) -> str | None:
    """Why ``url`` names no store this bot can open (``None``: it can)."""
    if sqlite_path(url) is not None or (is_postgres(url) and len(url.split("://", 1)[1]) > 0):
        return None
    return (
        f"DATABASE_URL must be sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DBNAME,"
        f" not {masked(url)!r}"
    )


__all__ = ["DEFAULT_URL", "is_postgres", "masked", "problem", "sqlite_path"]
