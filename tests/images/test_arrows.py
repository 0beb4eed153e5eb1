"""Arrows drawn in bands: the pieces are exactly the whole arrow, with nothing left out or drawn twice."""

from __future__ import annotations

import itertools
import math

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
# level segments, wide enough to reach three bands of rows
FLAT = ((50.0, 40.0), (60.0, 78.0), (300.0, 78.0), (300.0, 206.0), (60.0, 206.0))
ARROWS = pytest.mark.parametrize(
    ("points", "width"),
    [(CURVE, 5.0), (STRAIGHT, 5.0), (SHORT, 5.0), (FLAT, 12.0)],
    ids=["curve", "straight", "short", "flat-wide"],
)


def doubled(points, width=5.0, head=16.0, edge=2.0) -> tuple[Image.Image, arrows.ArrowShape]:
    """The arrow drawn in one piece at twice the size, through ImageDraw."""
    shape = arrows.arrow_shape(points, width, head, edge)
    xs = [x for x, _ in shape.outline.shaft + shape.outline.head]
    ys = [y for _, y in shape.outline.shaft + shape.outline.head]
    big = Image.new("RGBa", (int(max(xs)) + 64 & ~1, int(max(ys)) + 64 & ~1), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for s, colour in ((shape.outline, EDGE), (shape.body, COLOUR)):
        d.line(s.shaft, fill=(*colour, 255), width=s.width)
        (sx, sy), r = s.shaft[0], s.cap
        d.ellipse((sx - r, sy - r, sx + r, sy + r), fill=(*colour, 255))
        d.polygon(s.head, fill=(*colour, 255))
    return big, shape


def whole(points, width=5.0, head=16.0, edge=2.0) -> tuple[Image.Image, tuple[int, int]]:
    """The arrow drawn in one piece at twice the size and halved: what the pieces must add up to."""
    big, shape = doubled(points, width, head, edge)
    return big.reduce(arrows.SS), shape.origin


def reference_bands(shape: arrows.ArrowShape) -> dict[int, tuple[float, float]]:
    """What :func:`arrows._bands` must give, written plainly: each of the outline's segments with its reach,
    whole in every band it reaches if it is short, else clipped to the band's rows."""
    s = shape.outline
    rows = arrows.BAND * arrows.SS
    segments = [(a, b, s.width / 2 + 3) for a, b in itertools.pairwise(s.shaft)]
    segments.append((s.shaft[0], s.shaft[0], s.cap + 3))
    segments += [(s.head[i], s.head[(i + 1) % 3], 3) for i in range(3)]
    out: dict[int, tuple[float, float]] = {}
    for (ax, ay), (bx, by), reach in segments:
        first = math.floor((min(ay, by) - reach) / rows)
        last = math.floor((max(ay, by) + reach) / rows)
        for band in range(max(0, first), last + 1):
            top, bottom = band * rows - reach, (band + 1) * rows + reach
            xs = [x for x, y in ((ax, ay), (bx, by)) if last - first <= 1 or top <= y <= bottom]
            if ay != by and last - first > 1:
                crossings = ((row - ay) / (by - ay) for row in (top, bottom))
                xs += [ax + (bx - ax) * u for u in crossings if 0 <= u <= 1]
            if xs:
                lo, hi = out.get(band, (math.inf, -math.inf))
                out[band] = (min(lo, min(xs) - reach), max(hi, max(xs) + reach))
    return out


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


@ARROWS
def test_each_band_spans_the_columns_its_segments_reach(points, width: float) -> None:
    shape = arrows.arrow_shape(points, width, 16.0, 2.0)
    assert arrows._bands(shape) == reference_bands(shape)


@ARROWS
def test_every_inked_pixel_of_the_doubled_arrow_lies_in_its_band(points, width: float) -> None:
    big, shape = doubled(points, width)
    rows = arrows.BAND * arrows.SS
    covered = Image.new("L", big.size, 0)
    for band, (lo, hi) in arrows._bands(shape).items():
        covered.paste(255, (max(0, math.floor(lo)), band * rows, math.ceil(hi) + 1, (band + 1) * rows))
    inked = big.getchannel("a").point(lambda v: 255 if v else 0)
    assert inked.getbbox() is not None
    assert ImageChops.subtract(inked, covered).getbbox() is None


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
    shape = arrows.arrow_shape(points, 5.0, 16.0, 2.0)
    assert arrows._bands(shape) == reference_bands(shape)


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
