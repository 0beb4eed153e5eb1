"""Pre-drawn pieces (checkers, dice, cube, rings), cached per theme (arrows: :mod:`images.arrows`).

Every sprite is drawn four times larger and scaled down, which gives smooth edges. The caches are keyed
by immutable values only (a :class:`Theme` is frozen), so they never change what a render returns.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from images.theme import RGB
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
