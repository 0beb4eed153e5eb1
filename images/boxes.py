"""Boxes of pixels on a picture, as the drawing steps report where they drew."""

from __future__ import annotations

from collections.abc import Iterable

Box = tuple[int, int, int, int]
"""A box of pixels: left, top, right, bottom (the right and bottom ones excluded)."""


def union(boxes: Iterable[Box | None]) -> Box | None:
    """The smallest box holding all ``boxes`` (None ones left out; None if there are none)."""
    drawn = [b for b in boxes if b is not None]
    if not drawn:
        return None
    return (
        min(b[0] for b in drawn),
        min(b[1] for b in drawn),
        max(b[2] for b in drawn),
        max(b[3] for b in drawn),
    )
