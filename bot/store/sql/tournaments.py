"""The tournaments part of the stores. Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and
:class:`~bot.store.sql.writes.SqlTransaction` (writes)."""

from __future__ import annotations


class TournamentReadsMixin:
    """Reads for tournaments."""


class TournamentWritesMixin:
    """Writes for tournaments."""


__all__ = ["TournamentReadsMixin", "TournamentWritesMixin"]
