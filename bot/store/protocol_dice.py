"""The dice part of the store's protocol (issue 33): the secret seed behind each match's dice, kept in a
table of its own that only the dice source reads. :class:`~bot.store.protocol.Transaction` and
:class:`~bot.store.protocol.Store` include these."""

from __future__ import annotations

from typing import Protocol


class DiceReads(Protocol):
    async def match_seed(self, match_id: int) -> str | None:
        """The seed of ``match_id``'s dice, in hex (``None``: a match started before seeds were kept).
        Only :mod:`bot.core.match_dice` calls it."""
        ...


class DiceWrites(Protocol):
    async def add_match_seed(self, match_id: int, seed: str) -> None:
        """Keep the seed (64 hex digits) of the match ``match_id`` just inserted."""
        ...


__all__ = ["DiceReads", "DiceWrites"]
