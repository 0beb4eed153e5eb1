"""Colours and sizes of the board pictures, as one frozen (hashable) value."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

MARKERS = ("dot", "square", "triangle", "diamond", "ring", "none")
"""Shapes that can mark a checker (so four players stay apart without colour)."""


@dataclass(frozen=True, slots=True)
class Theme:
    """Everything a picture's look depends on. Frozen and hashable: caches are keyed by it.

    ``scale`` multiplies every size (1.0 draws boards about 900 px wide). The two-player colours are
    far apart in lightness (ivory and near-black), so they survive greyscale and every kind of colour
    blindness; the four multigam colours are Okabe-Ito colours of distinct lightness, each with its own
    marker shape as well.
    """

    name: str = "classic"
    scale: float = 1.0

    background: RGB = (30, 33, 39)
    text: RGB = (238, 238, 236)
    text_dim: RGB = (156, 162, 172)
    card: RGB = (44, 48, 57)
    card_active: RGB = (60, 66, 50)

    frame: RGB = (94, 63, 41)
    frame_edge: RGB = (62, 40, 25)
    frame_text: RGB = (246, 236, 214)
    field: RGB = (46, 106, 84)
    point_light: RGB = (214, 188, 140)
    point_dark: RGB = (150, 66, 50)
    tray: RGB = (32, 80, 63)

    two_players: tuple[RGB, RGB] = ((243, 237, 222), (34, 34, 38))
    two_outlines: tuple[RGB, RGB] = ((70, 58, 46), (205, 205, 205))
    two_markers: tuple[str, str] = ("none", "none")

    four_players: tuple[RGB, RGB, RGB, RGB] = (
        (240, 228, 66),  # Okabe-Ito yellow, lightest
        (86, 180, 233),  # sky blue
        (213, 94, 0),  # vermillion
        (0, 60, 110),  # Okabe-Ito blue, darkened: darkest
    )
    four_outlines: tuple[RGB, RGB, RGB, RGB] = ((60, 52, 0), (10, 50, 80), (70, 25, 0), (200, 220, 240))
    four_markers: tuple[str, str, str, str] = ("dot", "square", "triangle", "diamond")

    highlight: RGB = (255, 196, 0)
    highlight_edge: RGB = (40, 30, 0)
    hit: RGB = (226, 36, 46)

    font_title: int = 26
    font_text: int = 22
    font_number: int = 24
    font_count: int = 28

    def __post_init__(self) -> None:
        if not isinstance(self.scale, int | float) or not 0.25 <= self.scale <= 4:
            raise ValueError(f"Theme.scale must be from 0.25 to 4, not {self.scale!r}")
        for name in (
            "background",
            "text",
            "text_dim",
            "card",
            "card_active",
            "frame",
            "frame_edge",
            "frame_text",
            "field",
            "point_light",
            "point_dark",
            "tray",
            "highlight",
            "highlight_edge",
            "hit",
        ):
            _check_colour(name, getattr(self, name))
        for name, count in (
            ("two_players", 2),
            ("two_outlines", 2),
            ("four_players", 4),
            ("four_outlines", 4),
        ):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) != count:
                raise ValueError(f"Theme.{name} must be a tuple of {count} colours")
            for colour in value:
                _check_colour(name, colour)
        for name, count in (("two_markers", 2), ("four_markers", 4)):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) != count or any(m not in MARKERS for m in value):
                raise ValueError(f"Theme.{name} must be {count} of {', '.join(MARKERS)}")
        for name in ("font_title", "font_text", "font_number", "font_count"):
            size = getattr(self, name)
            if not isinstance(size, int) or not 8 <= size <= 96:
                raise ValueError(f"Theme.{name} must be a font size from 8 to 96 px, not {size!r}")

    def px(self, value: float) -> int:
        """``value`` base pixels at this theme's scale."""
        return round(value * self.scale)

    def colours(self, players: int) -> tuple[RGB, ...]:
        return self.two_players if players == 2 else self.four_players

    def outlines(self, players: int) -> tuple[RGB, ...]:
        return self.two_outlines if players == 2 else self.four_outlines

    def markers(self, players: int) -> tuple[str, ...]:
        return self.two_markers if players == 2 else self.four_markers


def _check_colour(name: str, colour: object) -> None:
    if not (
        isinstance(colour, tuple)
        and len(colour) == 3
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)
    ):
        raise ValueError(f"Theme.{name}: a colour is an (r, g, b) tuple of 0-255 integers, not {colour!r}")


DEFAULT_THEME = Theme()
