"""Arrows: a smooth outlined arrow along a polyline, drawn once at twice the size and kept as a few
small pieces.

The arrow (outline, then body) is drawn on one premultiplied-alpha ("RGBa") image at twice the size.
A board's arrow is long and curved, so its bounding box is mostly empty: only bands of :data:`BAND`
rows, each as wide as the arrow is there (found from the geometry), are halved (box-averaged: smooth
edges; exact on premultiplied colours) into pieces. Pasting a piece is one premultiplied blend, much
cheaper than blending the outline and the body colours through two masks, and covers only the bands.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images.boxes import Box
from images.theme import RGB, Theme

SS = 2
"""Supersampling factor: drawn this many times larger, then reduced."""
BAND = 16
"""Rows of the picture per piece."""
ARROWS_KEPT = 256
"""Arrows kept drawn (:func:`arrow_pieces`): a board's arrow is about 66 KB of pieces (four bytes a pixel;
the largest about 200 KB), so about 17 MB in all."""

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Stroke:
    """One of an arrow's two layers in the doubled frame: the outline or the body."""

    shaft: tuple[Point, ...]  # the polyline, its coordinates whole numbers (see arrow_shape)
    width: int  # of the shaft's line
    cap: float  # radius of the round start
    head: tuple[Point, Point, Point]  # the head's triangle


@dataclass(frozen=True, slots=True)
class ArrowShape:
    """An arrow in the doubled frame, whose origin is ``origin`` on the picture."""

    origin: tuple[int, int]
    outline: Stroke
    body: Stroke


def arrow_shape(points: tuple[Point, ...], width: float, head: float, edge: float) -> ArrowShape:
    """The arrow along ``points`` (its head at the last point), ``width`` px wide with a head ``head`` px
    long, and an outline ``edge`` px wider all round, in the doubled frame."""
    pad = head + width + edge + 4
    x0 = math.floor(min(p[0] for p in points) - pad)
    y0 = math.floor(min(p[1] for p in points) - pad)
    pts = [((x - x0) * SS, (y - y0) * SS) for x, y in points]
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    hl = head * SS
    half = hl * 0.62
    base = (bx - ux * hl, by - uy * hl)
    # Pillow draws a wide line between whole-number points (it truncates): rounding down here gives
    # the same line in any band, wherever the band's corner is
    shaft = tuple(
        (float(math.floor(x)), float(math.floor(y)))
        for x, y in (*pts[:-1], (base[0] + ux * SS, base[1] + uy * SS))
    )

    def stroke(grow: float) -> Stroke:
        tip = (bx + ux * grow * 1.8, by + uy * grow * 1.8)
        left = (base[0] - uy * (half + grow) - ux * grow, base[1] + ux * (half + grow) - uy * grow)
        right = (base[0] + uy * (half + grow) - ux * grow, base[1] - ux * (half + grow) - uy * grow)
        return Stroke(shaft, round(width * SS + 2 * grow), (width * SS + 2 * grow) / 2, (tip, left, right))

    return ArrowShape((x0, y0), stroke(edge * SS), stroke(0.0))


def _span(a: Point, b: Point, top: float, bottom: float) -> tuple[float, float] | None:
    """The columns the segment from ``a`` to ``b`` covers between rows ``top`` and ``bottom``."""
    (ax, ay), (bx, by) = a, b
    if max(ay, by) < top or min(ay, by) > bottom:
        return None
    if ay == by:
        return min(ax, bx), max(ax, bx)
    xs = [x for x, y in (a, b) if top <= y <= bottom]
    for row in (top, bottom):
        u = (row - ay) / (by - ay)
        if 0 <= u <= 1:
            xs.append(ax + (bx - ax) * u)
    return min(xs), max(xs)


def _bands(shape: ArrowShape) -> dict[int, tuple[float, float]]:
    """The columns (doubled frame) the outline may ink in each band of rows it reaches (by the band's
    number), with a margin for Pillow's rounding: the body lies inside the outline."""
    s = shape.outline
    rows = BAND * SS
    out: dict[int, tuple[float, float]] = {}

    def add(a: Point, b: Point, reach: float) -> None:
        first = math.floor((min(a[1], b[1]) - reach) / rows)
        last = math.floor((max(a[1], b[1]) + reach) / rows)
        whole = (min(a[0], b[0]), max(a[0], b[0]))
        for band in range(max(0, first), last + 1):
            # a short segment (a curve's) counts whole, a long one only where it crosses the band
            span = _span(a, b, band * rows - reach, (band + 1) * rows + reach) if last - first > 1 else whole
            if span is not None:
                lo, hi = out.get(band, (math.inf, -math.inf))
                out[band] = (min(lo, span[0] - reach), max(hi, span[1] + reach))

    for a, b in itertools.pairwise(s.shaft):
        add(a, b, s.width / 2 + 3)
    add(s.shaft[0], s.shaft[0], s.cap + 3)
    for i in range(3):
        add(s.head[i], s.head[(i + 1) % 3], 3)
    return out


def _draw(d: ImageDraw.ImageDraw, s: Stroke, ink: tuple[int, int, int, int]) -> None:
    d.line(s.shaft, fill=ink, width=s.width)
    (sx, sy), r = s.shaft[0], s.cap
    d.ellipse((sx - r, sy - r, sx + r, sy + r), fill=ink)
    d.polygon(s.head, fill=ink)


@lru_cache(maxsize=ARROWS_KEPT)
def arrow_pieces(
    points: tuple[Point, ...], width: float, head: float, edge: float, colour: RGB, edge_colour: RGB
) -> tuple[tuple[Box, Image.Image], ...]:
    """The arrow of :func:`arrow_shape` in ``colour`` outlined in ``edge_colour``, as pieces in mode
    "RGBa" (premultiplied alpha: box-averaging them is exact), each with its box on the picture.

    Kept per arrow: an arrow's points come from the board's fixed places (a point's stack slots, the bar,
    the tray), so the same arrows come back game after game."""
    shape = arrow_shape(points, width, head, edge)
    bands = _bands(shape)
    rows = BAND * SS
    width2 = math.ceil(max(hi for _, hi in bands.values())) + SS
    big = Image.new("RGBa", (width2, (max(bands) + 1) * rows), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    _draw(d, shape.outline, (*edge_colour, 255))
    _draw(d, shape.body, (*colour, 255))
    ox, oy = shape.origin
    out = []
    for band, (lo, hi) in sorted(bands.items()):
        x0, x1 = max(0, math.floor(lo)) & ~(SS - 1), min(width2, math.ceil(hi) + SS - 1) & ~(SS - 1)
        piece = big.reduce(SS, (x0, band * rows, x1, (band + 1) * rows))
        x, y = ox + x0 // SS, oy + band * BAND
        out.append(((x, y, x + piece.width, y + piece.height), piece))
    return tuple(out)


def paste_arrow(
    im: Image.Image, t: Theme, pts, colour: RGB, edge: RGB, *, width: float = 6, head: float = 18
) -> list[Box]:
    """An arrow along ``pts`` on ``im`` (mode "RGB") in ``colour`` with an ``edge`` outline (see
    :func:`arrow_pieces`); returns the boxes it drew in."""
    pieces = arrow_pieces(
        tuple(pts), max(2.0, width * t.scale), max(6.0, head * t.scale), max(1.0, 2 * t.scale), colour, edge
    )
    for box, piece in pieces:
        # Image.paste's own step without its checks (a piece is already the box's size); a premultiplied
        # piece blends as its own mask
        im.im.paste(piece.im, box, piece.im)
    return [box for box, _ in pieces]
