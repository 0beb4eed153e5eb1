"""PNG encoding: the picture mapped to a fixed 256-colour palette, compressed with zlib-ng.

Palette PNGs are a third of the size of full-colour ones and quick to write. The palette of each board
type is chosen once per theme (see ``images.render.palette_for``), so a picture needs no palette search,
only a nearest-colour lookup; and only in the boxes drawn since the background, since the background's
own mapped pixels are cached. zlib-ng (level 3) compresses the pixels about twice as fast as the zlib
Pillow uses, and a little smaller; the PNG around them is four chunks (no metadata, no timestamp), so the
same picture always gives the same bytes.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from PIL import Image
from zlib_ng import zlib_ng

COMPRESS_LEVEL = 3
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
Box = tuple[int, int, int, int]


def encode_png(
    im: Image.Image,
    palette: Image.Image | None = None,
    *,
    base: Image.Image | None = None,
    dirty: Sequence[Box] = (),
) -> bytes:
    """``im`` as a palette PNG. ``palette`` (a mode "P" image) gives the colours, each pixel mapped to
    the nearest (a palette is chosen for this picture alone without it). With ``base``, ``im`` mapped
    to ``palette`` everywhere outside the ``dirty`` boxes, only those boxes are mapped."""
    if palette is None:
        paletted = im.quantize(256, method=Image.Quantize.FASTOCTREE)
    elif base is None:
        paletted = im.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = quantize_boxes(im, palette, base, dirty)
    return write_png(paletted)


def quantize_boxes(
    im: Image.Image, palette: Image.Image, base: Image.Image, dirty: Sequence[Box]
) -> Image.Image:
    """``im`` mapped to ``palette``, given ``base``: the same mapping of an image that differs from
    ``im`` only inside the ``dirty`` boxes. Pixel for pixel the same as mapping all of ``im``."""
    boxes = merge_boxes(dirty, im.width, im.height)
    if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > 0.8 * im.width * im.height:
        return im.quantize(palette=palette, dither=Image.Dither.NONE)
    out = base.copy()
    for box in boxes:
        out.paste(im.crop(box).quantize(palette=palette, dither=Image.Dither.NONE), box[:2])
    return out


def merge_boxes(boxes: Sequence[Box], width: int, height: int, slack: int = 4) -> list[Box]:
    """``boxes`` clipped to the picture, with boxes that overlap or nearly touch (within ``slack`` px)
    merged: fewer, larger boxes, none of them overlapping."""
    pending = sorted(
        (max(0, x0), max(0, y0), min(width, x1), min(height, y1))
        for x0, y0, x1, y1 in boxes
        if x1 > 0 and y1 > 0 and x0 < width and y0 < height and x1 > x0 and y1 > y0
    )
    merged: list[Box] = []
    while pending:
        x0, y0, x1, y1 = pending.pop()
        grown = True
        while grown:
            grown = False
            for i in range(len(merged) - 1, -1, -1):
                a0, b0, a1, b1 = merged[i]
                if a0 <= x1 + slack and x0 <= a1 + slack and b0 <= y1 + slack and y0 <= b1 + slack:
                    x0, y0, x1, y1 = min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)
                    del merged[i]
                    grown = True
        merged.append((x0, y0, x1, y1))
    return merged


def write_png(paletted: Image.Image) -> bytes:
    """A mode "P" image as PNG bytes: IHDR, PLTE, one IDAT, IEND."""
    w, h = paletted.size
    rows = Image.new("P", (w + 1, h), 0)
    rows.paste(paletted, (1, 0))  # column 0: each row's filter type, 0 (none)
    colours = paletted.getpalette() or [0, 0, 0]
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
