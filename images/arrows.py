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

from PIL import Image

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


def _bands(shape: ArrowShape) -> dict[int, tuple[float, float]]:
    """The columns (doubled frame) the outline may ink in each band of rows it reaches (by the band's
    number), with a margin for Pillow's rounding: the body lies inside the outline.

    Each of the outline's segments (the shaft's, the round start's as a point, the head's sides) counts
    with a reach of its half width and a margin: a short one (a curve's) whole in every band it reaches,
    a long one only where it crosses the band."""
    s = shape.outline
    rows = BAND * SS
    (tx, ty), (lx, ly), (rx, ry) = s.head
    sx, sy = s.shaft[0]
    reach = s.width / 2 + 3
    segments = [(ax, ay, bx, by, reach) for (ax, ay), (bx, by) in itertools.pairwise(s.shaft)]
    segments += ((sx, sy, sx, sy, s.cap + 3), (tx, ty, lx, ly, 3), (lx, ly, rx, ry, 3), (rx, ry, tx, ty, 3))
    out: dict[int, tuple[float, float]] = {}
    # plain arithmetic, no helpers: this runs for every arrow not kept drawn
    for ax, ay, bx, by, reach in segments:
        top, bottom = (ay, by) if ay < by else (by, ay)
        first = math.floor((top - reach) / rows)
        last = math.floor((bottom + reach) / rows)
        whole = (ax - reach, bx + reach) if ax < bx else (bx - reach, ax + reach)
        long = last - first > 1
        for band in range(max(0, first), last + 1):
            lo, hi = whole
            if long:
                above, below = band * rows - reach, (band + 1) * rows + reach
                if bottom < above or top > below:
                    continue
                if ay != by:
                    # the segment's ends within the rows and where it crosses their edges
                    lo, hi = math.inf, -math.inf
                    if above <= ay <= below:
                        lo = hi = ax
                    if above <= by <= below:
                        lo, hi = (bx if bx < lo else lo), (bx if bx > hi else hi)
                    for row in (above, below):
                        u = (row - ay) / (by - ay)
                        if 0 <= u <= 1:
                            x = ax + (bx - ax) * u
                            lo, hi = (x if x < lo else lo), (x if x > hi else hi)
                    lo, hi = lo - reach, hi + reach
            span = out.get(band)
            if span is not None:
                lo, hi = (lo if lo < span[0] else span[0]), (hi if hi > span[1] else span[1])
            out[band] = (lo, hi)
    return out


def _draw(draw: Image.core.ImagingDraw, s: Stroke, colour: RGB) -> None:
    """``s`` in ``colour``, through Pillow's drawing core: the calls ImageDraw's line, ellipse and polygon
    make, without their wrappers."""
    ink = draw.draw_ink((*colour, 255))
    draw.draw_lines(s.shaft, ink, s.width)
    (sx, sy), r = s.shaft[0], s.cap
    draw.draw_ellipse((sx - r, sy - r, sx + r, sy + r), ink, 1)
    draw.draw_polygon(s.head, ink, 1)


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
    draw = Image.core.draw(big.im, 0)
    _draw(draw, shape.outline, edge_colour)
    _draw(draw, shape.body, colour)
    ox, oy = shape.origin
    out = []
    for band in sorted(bands):
        lo, hi = bands[band]
        x0, x1 = max(0, math.floor(lo)) & -SS, min(width2, math.ceil(hi) + SS - 1) & -SS
        top = band * rows
        # Image.reduce's own step without its checks
        piece = big.im.reduce((SS, SS), (x0, top, x1, top + rows))
        w, h = piece.size
        x, y = ox + x0 // SS, oy + band * BAND
        out.append(((x, y, x + w, y + h), big._new(piece)))
    return tuple(out)


def paste_arrow(
    im: Image.Image, t: Theme, pts, colour: RGB, edge: RGB, *, width: float = 6, head: float = 18
) -> list[Box]:
    """An arrow along ``pts`` on ``im`` (mode "RGB") in ``colour`` with an ``edge`` outline (see
    :func:`arrow_pieces`); returns the boxes it drew in."""
    pieces = arrow_pieces(
        tuple(pts), max(2.0, width * t.scale), max(6.0, head * t.scale), max(1.0, 2 * t.scale), colour, edge
    )
    target = im.im
    for box, piece in pieces:
        # Image.paste's own step without its checks (a piece is already the box's size); a premultiplied
        # piece blends as its own mask
        core = piece.im
        target.paste(core, box, core)
    return [box for box, _ in pieces]
