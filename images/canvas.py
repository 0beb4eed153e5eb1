"""The picture being drawn: the image, the scene and layout it shows, and the few ways to draw on it.

Everything drawn goes through a :class:`Canvas`, which keeps the boxes it touched (``dirty``): the PNG
encoder maps only those to the palette and takes the rest from the background's cached palette image.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from images import sprites, typeset
from images.layout import BoardLayout
from images.scene import Scene
from images.theme import RGB, Theme
from images.typeset import Line

Box = tuple[int, int, int, int]


class Canvas:
    def __init__(self, im: Image.Image, scene: Scene, layout: BoardLayout, theme: Theme) -> None:
        self.im = im
        self.draw = ImageDraw.Draw(im)
        self.scene = scene
        self.layout = layout
        self.t = theme
        players = scene.players
        self.colours = theme.colours(players)
        self.outlines = theme.outlines(players)
        self.markers = theme.markers(players)
        self.pos = scene.position
        self.dirty: list[Box] = []

    # ------------------------------------------------------------------ bookkeeping
    def touch(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Note that the box from (x0, y0) to (x1, y1) (exclusive) may have changed."""
        self.dirty.append((int(x0) - 1, int(y0) - 1, int(x1) + 2, int(y1) + 2))

    # ------------------------------------------------------------------ pieces
    def sprite(self, player: int, diameter: int) -> Image.Image:
        return sprites.checker(self.colours[player], self.outlines[player], self.markers[player], diameter)

    def paste(self, sprite: Image.Image, x: int, y: int) -> None:
        """``sprite`` (RGBA) with its top-left corner at (x, y), blended by its alpha."""
        self.im.paste(sprite, (x, y), sprite)
        self.touch(x, y, x + sprite.width, y + sprite.height)

    def paste_centred(self, sprite: Image.Image, cx: float, cy: float) -> None:
        self.paste(sprite, round(cx - sprite.width / 2), round(cy - sprite.height / 2))

    def fill(self, colour: RGB, box: Box, mask: Image.Image) -> None:
        """``colour`` through ``mask`` (mode "L", the size of ``box``)."""
        self.im.paste(colour, box, mask)
        self.touch(*box)

    def rounded(self, box: tuple[float, float, float, float], radius: float, **options) -> None:
        self.draw.rounded_rectangle(box, radius=radius, **options)
        self.touch(box[0], box[1], box[2] + 1, box[3] + 1)

    # ------------------------------------------------------------------ text
    def text(
        self, xy: tuple[float, float], text: str, size: int, colour: RGB, *, bold: bool = False, anchor="la"
    ) -> float:
        """``text`` (any script) at ``xy``; returns its width."""
        return self.line(xy, typeset.layout(text, size, bold), colour, anchor)

    def fitted(self, text: str, size: int, width: float, *, bold: bool = False) -> Line:
        """``text`` laid out to fit ``width`` px: smaller down to 18 px (scaled), then shortened."""
        return typeset.fit(text, size, int(width), bold=bold, smallest=max(12, self.t.px(18)))

    def line(self, xy: tuple[float, float], line: Line, colour: RGB, anchor: str = "la") -> float:
        typeset.draw_line(self.im, xy, line, colour, anchor)
        self.touch(*typeset.line_box(xy, line, anchor))
        return line.width
