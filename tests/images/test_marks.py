"""The last play's arrows follow a Catmull-Rom curve through their knots."""

from __future__ import annotations

import pytest

from images.marks import _spline

KNOTS = [(120.0, 410.0), (185.5, 262.25), (300.0, 250.0), (433.0, 405.0)]


def test_an_arrows_curve_passes_through_every_knot() -> None:
    pts = _spline(KNOTS, steps=10)
    assert len(pts) == 1 + 10 * (len(KNOTS) - 1)
    for i, knot in enumerate(KNOTS):
        assert pts[10 * i] == pytest.approx(knot)


def test_halfway_between_two_knots_the_curve_is_catmull_roms() -> None:
    """Half way along the leg from p1 to p2: (-p0 + 9 p1 + 9 p2 - p3) / 16, the end knots doubled."""
    ext = [KNOTS[0], *KNOTS, KNOTS[-1]]
    pts = _spline(KNOTS, steps=10)
    for leg, (p0, p1, p2, p3) in enumerate(zip(ext, ext[1:], ext[2:], ext[3:], strict=False)):
        expected = tuple((-p0[c] + 9 * p1[c] + 9 * p2[c] - p3[c]) / 16 for c in (0, 1))
        assert pts[10 * leg + 5] == pytest.approx(expected), leg


def test_two_knots_are_a_straight_line() -> None:
    assert _spline(KNOTS[:2]) == KNOTS[:2]
