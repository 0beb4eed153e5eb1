"""The tournaments part of the store's protocol (issue 32): sign-up, entrants, rounds, pairings
and results. :class:`~bot.store.protocol.Transaction` and :class:`~bot.store.protocol.Store` include
these."""

from __future__ import annotations

from typing import Protocol


class TournamentReads(Protocol):
    """What the store reads for tournaments."""


class TournamentWrites(Protocol):
    """What a transaction writes for tournaments."""


__all__ = ["TournamentReads", "TournamentWrites"]
