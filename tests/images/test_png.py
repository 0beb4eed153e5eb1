"""The PNG encoder: mapping only the boxes drawn on gives the very pixels of mapping everything, and
the file is a plain palette PNG that Pillow reads back."""

from __future__ import annotations

import io
import sys

import pytest
from PIL import Image

from images.png import encode_png, merge_boxes, write_png
from images.scene import build_scene
from tests.images.cases import CASES

render_module = sys.modules["images.render"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_mapping_the_drawn_boxes_equals_mapping_the_whole_picture(name: str) -> None:
    state, options = CASES[name]()
    theme = render_module.DEFAULT_THEME
    scene = build_scene(state, **options)
    canvas = render_module.draw_canvas(scene, theme)
    palette = render_module.palette_for(theme, scene.kind)
    base = render_module._base_palette(theme, scene.kind, *render_module._background_key(scene))
    assert encode_png(canvas.im, palette, base=base, dirty=canvas.dirty) == encode_png(canvas.im, palette)


def test_a_written_png_reads_back_pixel_for_pixel() -> None:
    im = Image.new("P", (37, 11))
    im.putpalette([v for i in range(256) for v in (i, 255 - i, (7 * i) % 256)])
    im.putdata([(x * 7 + y * 3) % 256 for y in range(11) for x in range(37)])
    back = Image.open(io.BytesIO(write_png(im)))
    assert back.mode == "P"
    assert back.tobytes() == im.tobytes()
    assert back.getpalette()[:768] == im.getpalette()[:768]


def test_boxes_that_overlap_or_nearly_touch_are_merged_and_clipped() -> None:
    boxes = [(0, 0, 10, 10), (15, 0, 30, 10), (200, 200, 210, 210), (-5, -5, 3, 3)]
    assert merge_boxes(boxes, 100, 100, slack=8) == [(0, 0, 30, 10)]
    apart = merge_boxes([(0, 0, 10, 10), (60, 60, 70, 70)], 100, 100, slack=5)
    assert sorted(apart) == [(0, 0, 10, 10), (60, 60, 70, 70)]
