"""The canvas's drawing steps give exactly what Pillow draws."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from engine import Position
from images.canvas import PATCH_SIDE, PATCH_WIDTH, Canvas
from images.layout import SIX2, board_layout
from images.scene import build_scene
from images.theme import DEFAULT_THEME

colour = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))


def _canvas(seed: int) -> Canvas:
    noise = Image.frombytes("RGB", (160, 120), random.Random(seed).randbytes(160 * 120 * 3))
    scene = build_scene(Position.initial("minigam"))
    return Canvas(noise, scene, board_layout(SIX2, 0, DEFAULT_THEME, 0), DEFAULT_THEME)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.tuples(st.integers(-20, 170), st.integers(-20, 130), st.integers(0, 90), st.integers(0, 70)),
    st.integers(0, 40) | st.floats(0, 40),
    st.none() | colour,
    st.none() | colour,
    st.integers(1, 6),
)
def test_a_rounded_rectangle_is_the_one_pillow_draws(seed, box, radius, fill, outline, width) -> None:
    """Pasted from a patch kept from an earlier picture, or drawn (off the picture's edge): the same
    pixels as ``ImageDraw.rounded_rectangle`` on this picture, wherever it lies."""
    x, y, w, h = box
    xy = (x, y, x + w, y + h)
    canvas = _canvas(seed)
    expected = canvas.im.copy()
    ImageDraw.Draw(expected).rounded_rectangle(xy, radius=radius, fill=fill, outline=outline, width=width)
    canvas.rounded(xy, radius, fill=fill, outline=outline, width=width)
    assert canvas.im.tobytes() == expected.tobytes()
    if min(w, h) <= PATCH_SIDE or width > PATCH_WIDTH:
        return  # drawn by Pillow, which may ink a pixel past so thin a box (none is drawn)
    # and it drew nowhere outside the box it reports
    before = _canvas(seed).im
    for picture in (canvas.im, before):
        picture.paste((0, 0, 0), canvas.dirty[-1])
    assert canvas.im.tobytes() == before.tobytes()
