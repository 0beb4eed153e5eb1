"""The dice part of the stores (see :mod:`bot.store.protocol_dice`). Mixed into
:class:`~bot.store.sql.reads.SqlReads` (reads) and :class:`~bot.store.sql.writes.SqlTransaction` (writes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.store.protocol import DamagedRecord
from bot.store.sql.driver import Row

_HEX = frozenset("0123456789abcdef")


class DiceReadsMixin:
    """Reads, for :class:`~bot.store.sql.reads.SqlReads` (which provides ``_one``)."""

    if TYPE_CHECKING:  # provided by the store

        async def _one(self, sql: str, params: Sequence = ()) -> Row | None: ...

    async def match_seed(self, match_id: int) -> str | None:
        row = await self._one("SELECT seed FROM match_dice WHERE match_id = ?", (match_id,))
        if row is None:
            return None
        seed = row["seed"]
        if not isinstance(seed, str) or len(seed) != 64 or not set(seed) <= _HEX:
            raise DamagedRecord(f"the dice seed of match {match_id}", "it is not 64 hex digits")
        return seed


class DiceWritesMixin:
    """Writes, for :class:`~bot.store.sql.writes.SqlTransaction` (which provides ``_run``)."""

    if TYPE_CHECKING:  # provided by the transaction

        async def _run(self, sql: str, params: Sequence = (), *, expect_one: str | None = None) -> None: ...

    async def add_match_seed(self, match_id: int, seed: str) -> None:
        if len(seed) != 64 or not set(seed) <= _HEX:
            raise ValueError("a match's seed is stored as 64 lower-case hex digits")
        await self._run("INSERT INTO match_dice (match_id, seed) VALUES (?, ?)", (match_id, seed))


__all__ = ["DiceReadsMixin", "DiceWritesMixin"]
