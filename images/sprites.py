"""Pre-drawn pieces (checkers, dice, cube, rings, arrows), cached per theme.

Every sprite is drawn four times larger and scaled down, which gives smooth edges. The caches are keyed
by immutable values only (a :class:`Theme` is frozen), so they never change what a render returns.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from images.boxes import union
from images.theme import RGB, Theme
from images.typeset import font

_SS = 4  # supersampling factor


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def contrast_ink(c: RGB) -> RGB:
    """Near-black on light colours, white on dark ones."""
    return (20, 20, 24) if luminance(c) > 140 else (250, 250, 250)


def _downscale(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    return big.resize(size, Image.Resampling.LANCZOS)


def _marker(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, colour: RGB) -> None:
    if shape == "dot":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    elif shape == "square":
        s = r * 0.9
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=colour)
    elif shape == "triangle":
        draw.polygon(
            [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)], fill=colour
        )
    elif shape == "diamond":
        s = r * 1.25
        draw.polygon([(cx, cy - s), (cx + s, cy), (cx, cy + s), (cx - s, cy)], fill=colour)
    elif shape == "ring":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=max(1, round(r / 3)))


@lru_cache(maxsize=128)
def checker(fill: RGB, outline: RGB, marker: str, diameter: int) -> Image.Image:
    """A checker seen from above: a rim, a flat face with a fine inner ring, and an optional marker."""
    big = diameter * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    edge = max(2 * _SS, round(big * 0.035))
    d.ellipse((0, 0, big - 1, big - 1), fill=(*outline, 255))
    d.ellipse((edge, edge, big - 1 - edge, big - 1 - edge), fill=(*fill, 255))
    ring = big * 0.17
    d.ellipse(
        (ring, ring, big - 1 - ring, big - 1 - ring),
        outline=(*mix(fill, outline, 0.35), 255),
        width=max(_SS, big // 70),
    )
    if marker not in ("none", ""):
        _marker(d, marker, big / 2, big / 2, big * 0.11, outline)
    return _downscale(im, (diameter, diameter))


@lru_cache(maxsize=64)
def ghost(fill: RGB, edge: RGB, diameter: int) -> Image.Image:
    """Where a checker stood before the last play: a faint disc with a dashed rim."""
    big = diameter * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    w = max(3 * _SS, round(big * 0.05))
    d.ellipse((w, w, big - 1 - w, big - 1 - w), fill=(*fill, 70))
    for i in range(12):
        d.arc(
            (w // 2, w // 2, big - 1 - w // 2, big - 1 - w // 2),
            i * 30,
            i * 30 + 18,
            fill=(*edge, 255),
            width=w,
        )
    return _downscale(im, (diameter, diameter))


@lru_cache(maxsize=64)
def ring(colour: RGB, edge: RGB, diameter: int, width: int) -> Image.Image:
    """A ring drawn around a checker (``diameter`` is the ring's outer size)."""
    big = diameter * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    w = width * _SS
    d.ellipse((0, 0, big - 1, big - 1), outline=(*edge, 255), width=w + 2 * _SS)
    d.ellipse((_SS, _SS, big - 1 - _SS, big - 1 - _SS), outline=(*colour, 255), width=w)
    return _downscale(im, (diameter, diameter))


@lru_cache(maxsize=16)
def hit_badge(colour: RGB, diameter: int) -> Image.Image:
    """A red disc with a white cross: a checker was hit here."""
    big = diameter * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((0, 0, big - 1, big - 1), fill=(255, 255, 255, 255))
    b = 2 * _SS
    d.ellipse((b, b, big - 1 - b, big - 1 - b), fill=(*colour, 255))
    a, z = big * 0.3, big * 0.7
    w = round(big * 0.12)
    d.line((a, a, z, z), fill=(255, 255, 255, 255), width=w)
    d.line((a, z, z, a), fill=(255, 255, 255, 255), width=w)
    return _downscale(im, (diameter, diameter))


@lru_cache(maxsize=64)
def slab(fill: RGB, outline: RGB, width: int, height: int) -> Image.Image:
    """A borne-off checker seen from the side."""
    im = Image.new("RGBA", (width * _SS, height * _SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = height * _SS // 2
    d.rounded_rectangle((0, 0, width * _SS - 1, height * _SS - 1), radius=r, fill=(*outline, 255))
    b = max(_SS, round(height * _SS * 0.14))
    d.rounded_rectangle((b, b, width * _SS - 1 - b, height * _SS - 1 - b), radius=r - b, fill=(*fill, 255))
    return _downscale(im, (width, height))


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=128)
def die(value: int, fill: RGB, pip: RGB, edge: RGB, size: int, dim: bool) -> Image.Image:
    """A die face; ``dim`` draws it faded (the last roll, not the one to play)."""
    big = size * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    rad = big // 6
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=rad, fill=(*edge, 255))
    b = max(2 * _SS, big // 28)
    d.rounded_rectangle((b, b, big - 1 - b, big - 1 - b), radius=rad - b, fill=(*fill, 255))
    pr = big * 0.085
    for fx, fy in _PIPS[value]:
        cx, cy = fx * big, fy * big
        d.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=(*pip, 255))
    out = _downscale(im, (size, size))
    if dim:
        alpha = out.getchannel("A").point(lambda a: a * 60 // 100)
        out.putalpha(alpha)
    return out


@lru_cache(maxsize=32)
def cube(value_text: str, size: int, text_size: int) -> Image.Image:
    """The doubling cube showing ``value_text``."""
    big = size * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    rad = big // 7
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=rad, fill=(20, 20, 24, 255))
    b = 2 * _SS
    d.rounded_rectangle((b, b, big - 1 - b, big - 1 - b), radius=rad - b, fill=(250, 248, 240, 255))
    out = _downscale(im, (size, size))
    ImageDraw.Draw(out).text(
        (size / 2, size / 2), value_text, font=font(text_size, bold=True), fill=(20, 20, 24, 255), anchor="mm"
    )
    return out


ARROWS_KEPT = 512
"""Arrows kept drawn (:func:`arrow_strips`): a few kilobytes each."""


def arrow_masks(
    points: tuple[tuple[float, float], ...], width: float, head: float, edge: float
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """A smooth arrow along ``points`` (a polyline, its head at the last point) as two greyscale
    masks at twice the size, the outline (``edge`` px wider all round) and the body, plus the top-left
    corner where they go once halved (see :func:`paste_arrow`)."""
    ss = 2
    pad = head + width + edge + 4
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    x1, y1 = math.ceil(max(xs) + pad), math.ceil(max(ys) + pad)
    w, h = x1 - x0, y1 - y0
    pts = [((x - x0) * ss, (y - y0) * ss) for x, y in points]
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    hl = head * ss
    half = hl * 0.62
    base = (bx - ux * hl, by - uy * hl)
    shaft = [*pts[:-1], (base[0] + ux * ss, base[1] + uy * ss)]

    def head_polygon(grow: float) -> list[tuple[float, float]]:
        return [
            (bx + ux * grow * 1.8, by + uy * grow * 1.8),
            (base[0] - uy * (half + grow) - ux * grow, base[1] + ux * (half + grow) - uy * grow),
            (base[0] + uy * (half + grow) - ux * grow, base[1] - ux * (half + grow) - uy * grow),
        ]

    masks = []
    for grow in (edge * ss, 0.0):
        m = Image.new("L", (w * ss, h * ss), 0)
        d = ImageDraw.Draw(m)
        d.line(shaft, fill=255, width=round(width * ss + 2 * grow))
        r = (width * ss + 2 * grow) / 2
        sx, sy = shaft[0]
        d.ellipse((sx - r, sy - r, sx + r, sy + r), fill=255)
        d.polygon(head_polygon(grow), fill=255)
        masks.append(m)
    return masks[0], masks[1], (x0, y0)


def paste_arrow(
    im: Image.Image, t: Theme, pts, colour: RGB, edge: RGB, *, width: float = 6, head: float = 18
) -> tuple[int, int, int, int] | None:
    """An arrow along ``pts`` on ``im`` in ``colour`` with an ``edge`` outline (see :func:`arrow_strips`);
    returns the box it drew in."""
    strips = arrow_strips(
        tuple(pts), max(2.0, width * t.scale), max(6.0, head * t.scale), max(1.0, 2 * t.scale)
    )
    for box, outline, body in strips:
        im.paste(edge, box, outline)
        im.paste(colour, box, body)
    return union(box for box, _, _ in strips)


@lru_cache(maxsize=ARROWS_KEPT)
def arrow_strips(
    points: tuple[tuple[float, float], ...], width: float, head: float, edge: float
) -> tuple[tuple[tuple[int, int, int, int], Image.Image, Image.Image], ...]:
    """An arrow's masks (:func:`arrow_masks`) halved (box-averaged: smooth edges) in strips, skipping
    their empty parts: a long diagonal arrow's box is mostly empty, and pasting costs the same for every
    pixel of the box it is given. ``(box on the picture, outline mask, body mask)`` per strip.

    Kept per arrow: an arrow's points come from the board's fixed places (a point's stack slots, the bar,
    the tray), so the same arrows come back game after game, and pasting kept strips is most of the cost
    of drawing the last play saved."""
    outline, body, (x, y) = arrow_masks(points, width, head, edge)
    strip = 64  # rows of the doubled masks: 32 of the picture
    out = []
    for top in range(0, outline.height, strip):
        band = (0, top, outline.width, min(outline.height, top + strip))
        inked = outline.crop(band).getbbox()
        if inked is None:
            continue
        # whole 2x2 blocks only, so the halving matches halving the whole mask
        a0, b0 = inked[0] & ~1, (top + inked[1]) & ~1
        a1, b1 = (inked[2] + 1) & ~1, (top + inked[3] + 1) & ~1
        box = (x + a0 // 2, y + b0 // 2, x + a1 // 2, y + b1 // 2)
        out.append((box, outline.crop((a0, b0, a1, b1)).reduce(2), body.crop((a0, b0, a1, b1)).reduce(2)))
    return tuple(out)


@lru_cache(maxsize=32)
def faded_checker(fill: RGB, outline: RGB, marker: str, diameter: int, percent: int = 35) -> Image.Image:
    """A checker at ``percent`` of its strength: a player with none in that place, or who left."""
    out = checker(fill, outline, marker, diameter).copy()
    out.putalpha(out.getchannel("A").point(lambda a: a * percent // 100))
    return out


@lru_cache(maxsize=8)
def flag(size: int, ink: RGB) -> Image.Image:
    """A white flag on a pole, outlined in ``ink``: an offer to resign."""
    big = size * _SS
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    w = max(_SS, big // 14)
    pole = big * 0.2
    d.line((pole, big * 0.06, pole, big * 0.96), fill=(*ink, 255), width=w)
    top, bottom, right = big * 0.1, big * 0.58, big * 0.92
    wave = [(pole, top)]
    for i in range(1, 9):
        x = pole + (right - pole) * i / 8
        wave.append((x, top + big * 0.05 * math.sin(i * math.pi / 4)))
    for i in range(8, -1, -1):
        x = pole + (right - pole) * i / 8
        wave.append((x, bottom + big * 0.05 * math.sin(i * math.pi / 4)))
    d.polygon(wave, fill=(255, 255, 255, 255), outline=(*ink, 255), width=w)
    return _downscale(im, (size, size))
