"""PNG encoding: the picture mapped to a fixed 256-colour palette, compressed with zlib-ng.

Palette PNGs are a third of the size of full-colour ones and quick to write. The palette of each board
type is chosen once per theme (see ``images.render.palette_for``), so a picture needs no palette search,
only a nearest-colour lookup. zlib-ng compresses the pixels about twice as fast as the zlib Pillow uses,
and a little smaller; the level is the fastest that keeps the board type's largest picture under 60 KB
(``images.render.COMPRESS_LEVELS``); the PNG around them is four chunks (no metadata, no timestamp), so the
same picture always gives the same bytes.

A board picture is its background (drawn once) with pieces and text drawn on in a few places: its
background is mapped to the palette once too (:func:`palette_rows`), and each picture maps only the
boxes it drew in (:func:`encode_regions`). Mapping to a fixed palette without dithering is done pixel by
pixel (each colour to its nearest), so this gives exactly the bytes of mapping the whole picture.

Why not Pillow's own encoder (``Image.save(format="PNG", compress_level=...)`` at the same level):
``python -m bench.png`` encodes the same boards both ways in one run, and Pillow took 2.7 ms of CPU per
6-point board against 1.5 ms here, 3.6 against 2.1 ms per 24-point board, for pictures 9% larger (a median
of 44.1 against 40.5 KB, 54.7 against 49.9 KB), the same pixels: a quarter of the drawing worker's 4-6 ms
per board, on every turn.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image
from zlib_ng import zlib_ng

from images.boxes import Box

COMPRESS_LEVEL = 3
"""The default: a good size at a good speed for any picture."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encode_png(im: Image.Image, palette: Image.Image | None = None, level: int = COMPRESS_LEVEL) -> bytes:
    """``im`` as a palette PNG, compressed at zlib ``level``. ``palette`` (a mode "P" image) gives the
    colours, each pixel mapped to the nearest, without dithering; without it a palette is chosen for this
    picture alone."""
    if palette is None:
        paletted = im.quantize(256, method=Image.Quantize.FASTOCTREE)
    else:
        paletted = im.quantize(palette=palette, dither=Image.Dither.NONE)
    return write_png(paletted, level)


def write_png(paletted: Image.Image, level: int = COMPRESS_LEVEL) -> bytes:
    """A mode "P" image as PNG bytes: IHDR, PLTE, one IDAT, IEND."""
    rows = palette_rows(paletted)
    return _write_rows(rows.data, rows.size, paletted.getpalette() or [0, 0, 0], level)


@dataclass(frozen=True, slots=True)
class Rows:
    """A palette picture's PNG rows, as bytes: each row its filter type, 0 (none), then its pixels."""

    data: bytes
    size: tuple[int, int]  # of the picture, without the filter column


def palette_rows(paletted: Image.Image) -> Rows:
    """A mode "P" image as the rows of a PNG."""
    w, h = paletted.size
    rows = Image.new("P", (w + 1, h), 0)
    rows.paste(paletted, (1, 0))
    return Rows(rows.tobytes(), (w, h))


def _write_rows(data: bytes | bytearray, size: tuple[int, int], colours: list[int], level: int) -> bytes:
    w, h = size
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", zlib_ng.compress(data, level)),
            _chunk(b"IEND", b""),
        )
    )


def encode_regions(
    im: Image.Image, boxes: list[Box], base: Rows, palette: Image.Image, level: int = COMPRESS_LEVEL
) -> bytes:
    """``im`` (mode "RGB") as a PNG in ``palette``'s colours, where ``im`` is a picture whose
    :func:`palette_rows` mapped to ``palette`` are ``base`` everywhere but in ``boxes``: only those are
    mapped (the same bytes as :func:`encode_png` gives, faster)."""
    w, h = base.size
    data = bytearray(base.data)
    # Where Pillow maps the buffer (it does for "P"), the rows image shares its memory: what is pasted on
    # it through Pillow's own steps lands in ``data``, with no copy of the whole picture, and the
    # compressor reads ``data`` as it is. (Pillow marks such an image read-only: its Python methods
    # would copy it first.) Should a Pillow not map the buffer, the rows are an image of their own.
    shared = _maps_buffers()
    if shared:
        rows = Image.frombuffer("P", (w + 1, h), data, "raw", "P", 0, 1)
    else:
        rows = Image.frombytes("P", (w + 1, h), base.data)
    source, target, colours = im.im, rows.im, palette.im
    # Pillow's own steps of crop, quantize and paste, without their Python wrappers: a picture has a
    # few dozen regions, and the wrappers would cost as much as the mapping itself
    for x0, y0, x1, y1 in regions(boxes, im.size):
        mapped = source.crop((x0, y0, x1, y1)).convert("P", 0, colours)
        target.paste(mapped, (x0 + 1, y0, x1 + 1, y1))
    written = data if shared else rows.tobytes()
    return _write_rows(written, base.size, palette.getpalette() or [0, 0, 0], level)


@lru_cache(maxsize=1)
def _maps_buffers() -> bool:
    """Whether this Pillow's "P" images made from a buffer write into it (checked once)."""
    data = bytearray(4)
    Image.frombuffer("P", (2, 2), data, "raw", "P", 0, 1).im.paste(Image.new("P", (1, 1), 7).im, (1, 1, 2, 2))
    return data == bytearray((0, 0, 0, 7))


BAND = 48
"""Rows per band in :func:`regions`."""
GAP = 40
"""Columns between two drawn boxes in a band under which they are mapped as one."""


def regions(boxes: list[Box], size: tuple[int, int]) -> list[Box]:
    """``boxes`` (clipped to a picture of ``size``) as fewer, larger boxes covering them: per band of
    :data:`BAND` rows, the boxes' spans merged where less than :data:`GAP` columns apart (each call to
    map a box costs as much as mapping a few thousand pixels), then each merged span grown down into
    the next band where that has the same span."""
    w, h = size
    bands: dict[int, list[tuple[int, int, int, int]]] = {}
    for x0, y0, x1, y1 in boxes:
        x0, y0 = (x0 if x0 > 0 else 0), (y0 if y0 > 0 else 0)
        x1, y1 = (x1 if x1 < w else w), (y1 if y1 < h else h)
        if x0 >= x1 or y0 >= y1:
            continue
        top = y0 - y0 % BAND
        while top < y1:
            bottom = top + BAND
            span = (x0, y0 if y0 > top else top, x1, y1 if y1 < bottom else bottom)
            if top in bands:
                bands[top].append(span)
            else:
                bands[top] = [span]
            top = bottom
    out: list[list[int]] = []
    last: dict[tuple[int, int], list[int]] = {}  # span -> its region in the previous band
    for band in sorted(bands):
        spans = sorted(bands[band])
        merged = [list(spans[0])]
        for x0, y0, x1, y1 in spans[1:]:
            m = merged[-1]
            if x0 <= m[2] + GAP:  # (conditionals: a third of the time of min and max here)
                m[1], m[2], m[3] = (
                    y0 if y0 < m[1] else m[1],
                    x1 if x1 > m[2] else m[2],
                    y1 if y1 > m[3] else m[3],
                )
            else:
                merged.append([x0, y0, x1, y1])
        here: dict[tuple[int, int], list[int]] = {}
        for m in merged:
            above = last.get((m[0], m[2]))
            if above is not None and above[3] == m[1]:
                above[3] = m[3]
                here[(m[0], m[2])] = above
            else:
                out.append(m)
                here[(m[0], m[2])] = m
        last = here
    return [(x0, y0, x1, y1) for x0, y0, x1, y1 in out]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
