"""Board pictures and charts: draws any game state, or a line chart, as a PNG with Pillow.

``render(state, *, names, perspective, last_play, theme, score, footer) -> bytes`` draws an
:class:`engine.Game` (or a bare :class:`engine.Position`) with names in any script; ``render_text(state,
names)`` gives a compact text board for terminals and alt text; ``line_chart(series, *, title, ...)``
draws ratings over time or winning chances over a game; ``draw_bracket(picture)`` a knockout bracket.
Imports the engine only: never Discord or storage.
"""

from images.bracket import BracketError, BracketMatch, BracketPicture, BracketSlot, draw_bracket
from images.chart import ChartError, Mark, Series, line_chart
from images.render import render, render_image, warm_up
from images.scene import for_drawing
from images.text import render_text
from images.theme import DEFAULT_THEME, Theme

__all__ = [
    "DEFAULT_THEME",
    "BracketError",
    "BracketMatch",
    "BracketPicture",
    "BracketSlot",
    "ChartError",
    "Mark",
    "Series",
    "Theme",
    "draw_bracket",
    "for_drawing",
    "line_chart",
    "render",
    "render_image",
    "render_text",
    "warm_up",
]
