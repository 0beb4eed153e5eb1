"""PNG encoding: the picture mapped to a fixed 256-colour palette, compressed with zlib-ng.

Palette PNGs are a third of the size of full-colour ones and quick to write. The palette of each board
type is chosen once per theme (see ``images.render.palette_for``), so a picture needs no palette search,
only a nearest-colour lookup. zlib-ng compresses the pixels about twice as fast as the zlib Pillow uses,
and a little smaller; the level is the fastest that keeps the board type's largest picture under 60 KB
(``images.render.COMPRESS_LEVELS``); the PNG around them is four chunks (no metadata, no timestamp), so the
same picture always gives the same bytes.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

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
    w, h = paletted.size
    rows = Image.new("P", (w + 1, h), 0)
    rows.paste(paletted, (1, 0))  # column 0: each row's filter type, 0 (none)
    colours = paletted.getpalette() or [0, 0, 0]
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), level)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
