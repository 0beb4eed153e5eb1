"""Board pictures and text boards for the bot, from the ``images`` package.

Drawing is blocking Pillow work. :class:`Painter` runs it off the event loop (:mod:`bot.workers.pool`): in
worker processes when it has any (so a busy bot's event loop never waits for the interpreter lock while
Pillow draws), in a thread otherwise, and in a thread again if the workers ever break.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.timing import timed
from bot.workers.pool import Workers
from engine import Game
from images import BracketPicture, Series, draw_bracket, for_drawing, line_chart, render, render_text, warm_up

ALT_TEXT_LIMIT = 1000  # Discord's limit for an attachment's description


def board_png(
    game: Game,
    names: Sequence[str] = (),
    perspective: int | None = None,
    score: Sequence[int] | None = None,
    footer: Sequence[str] = (),
) -> bytes:
    """The board picture as PNG bytes, drawn for ``perspective`` (default: the player to move)."""
    return render(
        game, names=list(names) or None, perspective=perspective, score=score, footer=list(footer) or None
    )


def board_text(
    game: Game,
    names: Sequence[str] = (),
    score: Sequence[int] | None = None,
    footer: Sequence[str] = (),
    *,
    perspective: int | None = None,
) -> str:
    """A monospace text board (for the console and as the picture's description), numbered for
    ``perspective`` like the picture."""
    return render_text(
        game, list(names) or None, score=score, footer=list(footer) or None, perspective=perspective
    )


def draw_board(
    game: Game,
    names: Sequence[str] = (),
    perspective: int | None = None,
    score: Sequence[int] | None = None,
    footer: Sequence[str] = (),
) -> tuple[bytes, str]:
    """The picture and its description (the text board), drawn together."""
    text = board_text(game, names, score, footer, perspective=perspective)
    return board_png(game, names, perspective, score, footer), text[:ALT_TEXT_LIMIT]


def rating_chart_png(
    title: str, series: Sequence[tuple[str, Sequence[tuple[float, float]]]], y_label: str = "rating"
) -> bytes:
    """A player's rating over time: a line per ``(label, ((epoch seconds, rating), ...))``."""
    lines = [
        Series(label, tuple((dt.datetime.fromtimestamp(at, dt.UTC), value) for at, value in points))
        for label, points in series
    ]
    return line_chart(lines, title=title, y_label=y_label)


class Painter:
    """Draws boards off the event loop, in ``workers`` processes (0: in a thread)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = Workers(workers, initializer=warm_up, name="drawing")

    def start(self) -> None:
        """Start the worker processes (they load Pillow and the fonts once, in the background)."""
        self.workers.start()

    @timed("draw")
    async def draw(
        self,
        game: Game,
        names: Sequence[str] = (),
        perspective: int | None = None,
        score: Sequence[int] | None = None,
        footer: Sequence[str] = (),
    ) -> tuple[bytes, str]:
        # Only the events the picture reads cross to the worker: pickling a long game's whole record both
        # ways cost more than 0.2 ms of the two processes' CPU per board.
        picture = for_drawing(game)
        return await self.workers.run(draw_board, picture, tuple(names), perspective, score, tuple(footer))

    async def chart(self, title: str, series: Sequence[tuple[str, Sequence[tuple[float, float]]]]) -> bytes:
        """:func:`rating_chart_png`, off the event loop."""
        return await self.workers.run(rating_chart_png, title, tuple(series))

    async def bracket(self, picture: BracketPicture) -> bytes:
        """A knockout tournament's bracket (:func:`images.draw_bracket`), off the event loop."""
        return await self.workers.run(draw_bracket, picture)

    def close(self) -> None:
        self.workers.close()
