"""Arrows drawn in bands: the pieces are exactly the whole arrow, with nothing left out or drawn twice."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from images import arrows
from images.theme import DEFAULT_THEME

COLOUR, EDGE = (255, 196, 0), (40, 30, 0)
FIELD = (46, 106, 84)

CURVE = ((120.3, 400.7), (150.0, 300.2), (210.9, 250.5), (280.4, 262.0), (330.1, 330.6), (345.5, 420.25))
STRAIGHT = ((40.5, 40.25), (700.75, 560.5))  # one long segment crossing many bands
SHORT = ((100.0, 100.0), (112.0, 104.0))


def whole(points, width=5.0, head=16.0, edge=2.0) -> tuple[Image.Image, tuple[int, int]]:
    """The arrow drawn in one piece at twice the size and halved: what the pieces must add up to."""
    shape = arrows.arrow_shape(points, width, head, edge)
    xs = [x for x, _ in shape.outline.shaft + shape.outline.head]
    ys = [y for _, y in shape.outline.shaft + shape.outline.head]
    big = Image.new("RGBa", (int(max(xs)) + 64 & ~1, int(max(ys)) + 64 & ~1), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    arrows._draw(d, shape.outline, (*EDGE, 255))
    arrows._draw(d, shape.body, (*COLOUR, 255))
    return big.reduce(arrows.SS), shape.origin


def assembled(points, size, origin, width=5.0, head=16.0, edge=2.0) -> Image.Image:
    out = Image.new("RGBa", size, (0, 0, 0, 0))
    for (x0, y0, _, _), piece in arrows.arrow_pieces(points, width, head, edge, COLOUR, EDGE):
        out.paste(piece, (x0 - origin[0], y0 - origin[1]))
    return out


@pytest.mark.parametrize("points", [CURVE, STRAIGHT, SHORT], ids=["curve", "straight", "short"])
def test_pieces_are_exactly_the_whole_arrow(points) -> None:
    reference, origin = whole(points)
    pieces = assembled(points, reference.size, origin)
    assert reference.getbbox() is not None
    assert ImageChops.difference(reference, pieces).getbbox() is None


@pytest.mark.parametrize(("points", "share"), [(CURVE, 0.8), (STRAIGHT, 0.25)], ids=["curve", "straight"])
def test_pieces_do_not_overlap_and_leave_out_the_empty_box(points, share: float) -> None:
    pieces = arrows.arrow_pieces(points, 5.0, 16.0, 2.0, COLOUR, EDGE)
    boxes = [box for box, _ in pieces]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    x0, y0, x1, y1 = whole(points)[0].getbbox()
    bounding = (x1 - x0) * (y1 - y0)
    assert sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) < bounding * share


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(20, 600, allow_nan=False), st.floats(20, 500, allow_nan=False)),
        min_size=2,
        max_size=8,
        unique=True,
    )
)
def test_pieces_are_the_whole_arrow_for_any_polyline(raw) -> None:
    points = tuple(raw)
    if points[-1] == points[-2]:
        return
    reference, origin = whole(points)
    assert ImageChops.difference(reference, assembled(points, reference.size, origin)).getbbox() is None


def test_a_pasted_arrow_has_its_colours_and_smooth_edges() -> None:
    im = Image.new("RGB", (800, 600), FIELD)
    boxes = arrows.paste_arrow(im, DEFAULT_THEME, CURVE, COLOUR, EDGE, width=5, head=16)
    colours = {c for _, c in im.getcolors(1 << 16)}
    assert {COLOUR, EDGE, FIELD} <= colours
    # anti-aliased: colours between the field and the outline, and between the outline and the body
    assert len(colours) > 10
    # the boxes returned hold everything drawn
    mask = Image.new("L", im.size, 0)
    for box in boxes:
        mask.paste(255, box)
    drawn = (
        ImageChops.difference(im, Image.new("RGB", im.size, FIELD))
        .convert("L")
        .point(lambda v: 255 if v else 0)
    )
    assert ImageChops.subtract(drawn, mask).getbbox() is None


def test_the_same_arrow_is_kept_drawn() -> None:
    first = arrows.arrow_pieces(CURVE, 5.0, 16.0, 2.0, COLOUR, EDGE)
    assert arrows.arrow_pieces(CURVE, 5.0, 16.0, 2.0, COLOUR, EDGE) is first
    assert arrows.arrow_pieces.cache_info().maxsize == arrows.ARROWS_KEPT
