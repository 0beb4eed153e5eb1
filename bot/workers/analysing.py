"""Post-game analyses off the event loop.

An analysis is pure CPU work (gnubg at 2 ply over every play and cube decision: a 60-play backgammon game
takes a few seconds), so :class:`Analyst` runs :func:`engine.analysis.analyse` in worker processes of its
own (``ANALYSIS_WORKERS``), apart from the computer players' (:mod:`bot.workers.thinking`): a long analysis
never delays a computer's move or a hint. With no workers it runs in a thread; if the workers ever break, in
a thread again (:mod:`bot.workers.pool`). Each worker warms up at start (:func:`warm_up`: the nets and
tables a first analysis would otherwise load)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence

from bot.workers.pool import Workers
from engine import VARIANTS, Awaiting, Event, Game, MatchContext, SeededDice
from engine.analysis import analyse

log = logging.getLogger(__name__)

Analyser = Callable[[str, tuple[Event, ...], MatchContext], tuple[dict, float]]
"""What analyses a game: ``(variant, events, match context) -> (the analysis as JSON, seconds taken)``."""

WARM_UP_PLAYS = 2


def analyse_record(variant: str, events: tuple[Event, ...], match: MatchContext) -> tuple[dict, float]:
    """The engine's analysis of a game's record, as JSON (what the store keeps), and how long it took."""
    start = time.perf_counter()
    analysis = analyse(variant, events, match)
    return analysis.to_json(), time.perf_counter() - start


def warm_up() -> None:
    """Analyse a two-play game of every variant, so that the first real analysis does not pay for loading
    gnubg's nets, the race tables and the placing model. Changes no answer."""
    for name in VARIANTS:
        try:
            game = Game.start(name, SeededDice(1))
            dice = SeededDice(2)
            for _ in range(WARM_UP_PLAYS):
                while game.outcome is None and game.awaiting is Awaiting.ROLL:
                    game = game.roll(dice)
                if game.awaiting is not Awaiting.PLAY:
                    break
                game = game.play(game.legal_plays()[0])
            analyse(name, game.events, game.match)
        except Exception:
            log.exception("warming up the %s analysis failed; it loads on first use", name)


class Analyst:
    """Runs analyses in ``workers`` processes (0: in a thread). ``analyser`` replaces the engine's
    (tests); it runs in a thread, in this process."""

    def __init__(self, workers: int = 0, *, analyser: Analyser | None = None) -> None:
        self.workers = Workers(workers, initializer=warm_up, name="analysis")
        self._analyser = analyser

    @property
    def at_once(self) -> int:
        """How many analyses run side by side: one per worker process (one, in a thread, without)."""
        return max(1, self.workers.count)

    def start(self) -> None:
        """Start the worker processes; they warm up in the background."""
        self.workers.start()

    def close(self) -> None:
        self.workers.close()

    async def analyse(self, variant: str, events: Sequence[Event], match: MatchContext) -> tuple[dict, float]:
        """The analysis of a game's record as JSON, and the seconds it took in its worker."""
        record = tuple(events)
        if self._analyser is not None:
            return await asyncio.to_thread(self._analyser, variant, record, match)
        return await self.workers.run(analyse_record, variant, record, match)


__all__ = ["Analyser", "Analyst", "analyse_record", "warm_up"]
