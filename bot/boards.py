"""Board pictures and text boards for the bot, from the ``images`` package.

Drawing is blocking Pillow work. :class:`Painter` runs it off the event loop: in worker processes when
it has any (so a busy bot's event loop never waits for the interpreter lock while Pillow draws), in a
thread otherwise, and in a thread again if the workers ever break.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine import Game
from images import render, render_text, warm_up

log = logging.getLogger(__name__)

ALT_TEXT_LIMIT = 1000  # Discord's limit for an attachment's description


def board_png(game: Game, names: Sequence[str] = (), perspective: int | None = None) -> bytes:
    """The board picture as PNG bytes, drawn for ``perspective`` (default: the player to move)."""
    return render(game, names=list(names) or None, perspective=perspective)


def board_text(game: Game, names: Sequence[str] = ()) -> str:
    """A monospace text board (for the console and as the picture's description)."""
    return render_text(game, list(names) or None)


def draw_board(game: Game, names: Sequence[str] = (), perspective: int | None = None) -> tuple[bytes, str]:
    """The picture and its description (the text board), drawn together."""
    return board_png(game, names, perspective), board_text(game, names)[:ALT_TEXT_LIMIT]


class Painter:
    """Draws boards off the event loop, in ``workers`` processes (0: in a thread)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start the worker processes (they load Pillow and the fonts once, in the background)."""
        if self.workers > 0 and self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),  # never fork a process that has threads
                initializer=warm_up,
            )

    async def draw(
        self, game: Game, names: Sequence[str] = (), perspective: int | None = None
    ) -> tuple[bytes, str]:
        pool = self._pool
        if pool is not None:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(pool, draw_board, game, tuple(names), perspective)
            except BrokenProcessPool:
                log.error("the drawing processes stopped; drawing in threads from now on")
                if self._pool is pool:
                    self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(draw_board, game, tuple(names), perspective)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
