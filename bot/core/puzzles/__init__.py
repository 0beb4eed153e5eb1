"""Puzzles and training (issue 34), with no Discord in it: ``/minigam puzzle solve|answer|stats|leaderboard``,
``/minigam train`` and the daily puzzle.

- :mod:`.finding`: a puzzle by its ref, the families a name means, the puzzle to serve (near the
  player's rating, not a recent one);
- :mod:`.service`: serving, grading (a look-up: nothing computed while the player waits), the Glicko-2
  ratings of players and puzzles, stats and leaderboards (:class:`~.service.Solving`);
- :mod:`.cards`: the puzzle as shown, served and graded, with its picture and controls;
- :mod:`.harvest`: puzzles from the server's own analysed games, made in the background;
- :mod:`.daily`: the daily puzzle of a server, posted once a day by the process that owns it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.core.context import Context
from bot.core.puzzles.daily import DailyPuzzles
from bot.core.puzzles.harvest import Run, harvest
from bot.core.puzzles.service import TRAIN, Solving


async def in_thread(work: Any, *args: Any) -> Any:
    return await asyncio.to_thread(work, *args)


class Puzzles(Solving):
    """Everything about puzzles: :class:`Solving`'s commands, :attr:`daily` (the daily puzzle) and
    :meth:`harvest` (puzzles from the server's games), ``run`` doing the harvest's CPU work (the analysis
    workers; default: a thread)."""

    def __init__(self, ctx: Context, run: Run | None = None) -> None:
        super().__init__(ctx)
        self.daily = DailyPuzzles(ctx, self)
        self._run = run or in_thread

    async def harvest(self) -> int:
        """Puzzles from the analysed games not yet looked at (a batch); how many were kept."""
        return await harvest(self.ctx, self._run)


__all__ = ["TRAIN", "DailyPuzzles", "Puzzles"]
