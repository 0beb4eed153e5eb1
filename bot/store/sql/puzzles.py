"""The puzzles part of the stores. Mixed into :class:`~bot.store.sql.reads.SqlReads` (reads) and
:class:`~bot.store.sql.writes.SqlTransaction` (writes)."""

from __future__ import annotations


class PuzzleReadsMixin:
    """Reads for puzzles."""


class PuzzleWritesMixin:
    """Writes for puzzles."""


__all__ = ["PuzzleReadsMixin", "PuzzleWritesMixin"]
