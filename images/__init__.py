"""Board pictures: draws any game state as a PNG with Pillow.

``render(state, *, names, perspective, last_play, theme) -> bytes`` draws an :class:`engine.Game` (or a
bare :class:`engine.Position`); ``render_text(state, names)`` gives a compact text board for terminals
and alt text.
Imports the engine only: never Discord or storage.
"""

from images.render import render, render_image, warm_up
from images.text import render_text
from images.theme import DEFAULT_THEME, Theme

__all__ = ["DEFAULT_THEME", "Theme", "render", "render_image", "render_text", "warm_up"]
