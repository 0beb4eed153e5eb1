"""Board pictures and text boards for the bot, from the ``images`` package.

These are blocking calls (Pillow); the Discord layer and the console run them with ``asyncio.to_thread``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game
from images import render, render_text


def board_png(game: Game, names: Sequence[str] = (), perspective: int | None = None) -> bytes:
    """The board picture as PNG bytes, drawn for ``perspective`` (default: the player to move)."""
    return render(game, names=list(names) or None, perspective=perspective)


def board_text(game: Game, names: Sequence[str] = ()) -> str:
    """A monospace text board (for the console and as the picture's description)."""
    return render_text(game, list(names) or None)
