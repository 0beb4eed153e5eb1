"""Board pictures and text boards for the bot, from the ``images`` package.

These are blocking calls (Pillow); the Discord layer runs them with ``asyncio.to_thread``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine import Game

log = logging.getLogger(__name__)

try:  # the images package is built alongside the bot; until it is complete the bot posts text only
    from images import render as _render
    from images import render_text as _render_text
except ImportError:  # pragma: no cover - only while images/ is incomplete
    _render = None
    _render_text = None


def board_png(game: Game, names: Sequence[str] = (), perspective: int | None = None) -> bytes | None:
    """The board picture as PNG bytes (``None`` if pictures are unavailable)."""
    if _render is None:
        return None
    return _render(game, names=list(names) or None, perspective=perspective)


def board_text(game: Game, names: Sequence[str] = ()) -> str:
    """A monospace text board (for the console and as the picture's description)."""
    if _render_text is not None:
        return _render_text(game, list(names) or None)
    return _fallback_text(game, names)


def _fallback_text(game: Game, names: Sequence[str]) -> str:
    pos = game.position
    cells = []
    for point, entry in enumerate(pos.points(), start=1):
        if entry is None:
            cells.append(f"{point}:-")
        else:
            owner, count = entry
            cells.append(f"{point}:{'XO'[owner % 2]}{count}")
    who = [names[p] if p < len(names) else f"Player {p + 1}" for p in range(pos.variant.players)]
    lines = [" ".join(cells)]
    for p, name in enumerate(who):
        lines.append(f"{'XO'[p % 2]} {name}: bar {pos.bar[p]}, off {pos.off[p]}, pips {pos.pip_count(p)}")
    return "\n".join(lines)
