"""The puzzles part of the store's protocol (issue 34): puzzles served, attempts, puzzle ratings,
the daily puzzle. :class:`~bot.store.protocol.Transaction` and :class:`~bot.store.protocol.Store` include
these."""

from __future__ import annotations

from typing import Protocol


class PuzzleReads(Protocol):
    """What the store reads for puzzles."""


class PuzzleWrites(Protocol):
    """What a transaction writes for puzzles."""


__all__ = ["PuzzleReads", "PuzzleWrites"]
