"""The picture being drawn: the image, the scene and layout it shows, and the few ways to draw on it.

Every way records the box it drew in (``dirty``): the rest of the picture is its background untouched,
so only those boxes need mapping to the palette (:func:`images.png.encode_regions`)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from images import arrows, sprites, typeset
from images.boxes import Box
from images.layout import BoardLayout
from images.scene import Scene
from images.theme import RGB, Theme
from images.typeset import Line

ROUNDED_KEPT = 64  # rounded rectangles kept drawn: cards, pills and frames of a few sizes
PATCH_SIDE, PATCH_WIDTH = 8, 3  # pasted from a patch when its sides are longer and its outline no wider
# (a thinner shape may ink a pixel past its box: Pillow's own, where the patch would stop)

LEFT_PERCENT = 60  # how strongly a leaver's checkers are drawn


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

    # ------------------------------------------------------------------ pieces
    def sprite(self, player: int, diameter: int) -> Image.Image:
        """``player``'s checker; faded for a multigam player who left (their checkers stay, unmoving)."""
        if self.scene.left[player]:
            return sprites.faded_checker(
                self.colours[player], self.outlines[player], self.markers[player], diameter, LEFT_PERCENT
            )
        return sprites.checker(self.colours[player], self.outlines[player], self.markers[player], diameter)

    def paste(self, sprite: Image.Image, x: int, y: int) -> None:
        """``sprite`` (RGBA) with its top-left corner at (x, y), blended by its alpha."""
        # Image.paste's own step (an RGBA sprite blends by its alpha) without its checks: a board
        # pastes about fifty sprites, and the checks cost a third of pasting one
        core = sprite.im
        w, h = core.size
        box = (x, y, x + w, y + h)
        self.im.im.paste(core, box, core)
        self.dirty.append(box)

    def paste_centred(self, sprite: Image.Image, cx: float, cy: float) -> None:
        w, h = sprite.size
        self.paste(sprite, round(cx - w / 2), round(cy - h / 2))

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        *,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """``ImageDraw.rounded_rectangle``'s shape. On whole pixels inside the picture it is pasted from a
        cached patch (:func:`rounded_patch`): the same pixels, without the Python steps of drawing."""
        x0, y0, x1, y1 = box
        w, h = self.im.size
        if (
            all(float(v).is_integer() for v in box)
            and 0 <= x0 < x1 - PATCH_SIDE
            and 0 <= y0 < y1 - PATCH_SIDE
            and x1 < w
            and y1 < h
            and width <= PATCH_WIDTH
        ):
            ix, iy = int(x0), int(y0)
            colours, mask = rounded_patch(int(x1) - ix, int(y1) - iy, radius, fill, outline, width)
            self.im.im.paste(colours.im, (ix, iy, ix + colours.width, iy + colours.height), mask.im)
        else:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        self.dirty.append((math.floor(x0), math.floor(y0), math.ceil(x1) + 1, math.ceil(y1) + 1))

    # ------------------------------------------------------------------ text
    def text(
        self, xy: tuple[float, float], text: str, size: int, colour: RGB, *, bold: bool = False, anchor="la"
    ) -> float:
        """``text`` (any script) at ``xy``; returns its width."""
        return self.line(xy, typeset.layout(text, size, bold), colour, anchor)

    def fitted(self, text: str, size: int, width: float, *, bold: bool = False, name: bool = False) -> Line:
        """``text`` laid out to fit ``width`` px: smaller down to 18 px (scaled), then shortened. A
        ``name`` alone reads in its own direction (right to left in Arabic or Hebrew); any other text
        is a sentence of ours, left to right, whatever names it holds."""
        return typeset.fit(
            text,
            size,
            int(width),
            bold=bold,
            smallest=max(12, self.t.px(18)),
            direction="auto" if name else "ltr",
        )

    def line(self, xy: tuple[float, float], line: Line, colour: RGB, anchor: str = "la") -> float:
        box = typeset.draw_line(self.im, xy, line, colour, anchor)
        if box is not None:
            self.dirty.append(box)
        return line.width

    def arrow(self, pts, colour: RGB, edge: RGB, *, width: float, head: float) -> None:
        """An arrow along ``pts`` (see :func:`images.arrows.paste_arrow`)."""
        self.dirty.extend(arrows.paste_arrow(self.im, self.t, pts, colour, edge, width=width, head=head))


@lru_cache(maxsize=ROUNDED_KEPT)
def rounded_patch(
    w: int, h: int, radius: float, fill: RGB | None, outline: RGB | None, width: int
) -> tuple[Image.Image, Image.Image]:
    """The rounded rectangle from (0, 0) to (w, h), as drawn on any picture at whole pixels: its colours
    (RGB) and which pixels it sets (a mode "1" mask). ``ImageDraw`` does not blend, so pasting these is
    drawing it."""
    patch = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    ImageDraw.Draw(patch).rounded_rectangle(
        (0, 0, w, h), radius=radius, fill=fill, outline=outline, width=width
    )
    return patch.convert("RGB"), patch.getchannel("A").convert("1")
