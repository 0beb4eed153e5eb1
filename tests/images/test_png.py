"""The PNG writer: a plain palette PNG that Pillow reads back pixel for pixel."""

from __future__ import annotations

import io
import sys

from PIL import Image

from images.png import write_png

render_module = sys.modules["images.render"]


def test_a_written_png_reads_back_pixel_for_pixel() -> None:
    im = Image.new("P", (37, 11))
    im.putpalette([v for i in range(256) for v in (i, 255 - i, (7 * i) % 256)])
    im.putdata([(x * 7 + y * 3) % 256 for y in range(11) for x in range(37)])
    back = Image.open(io.BytesIO(write_png(im)))
    assert back.mode == "P"
    assert back.tobytes() == im.tobytes()
    assert back.getpalette()[:768] == im.getpalette()[:768]
