"""Line charts: the line goes through its data, dates and percentages label the axes, marks ring their
points, bad data gets a clear error, and the PNG is small and the same every time."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from images import DEFAULT_THEME as T
from images.chart import SERIES_COLOURS, ChartError, Mark, Series, _date_ticks, draw_chart, line_chart
from tests.images.cases import decode


def close(a, b, tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def chances() -> Series:
    """A game's winning chances, turn by turn: a swing down, then up to the win."""
    values = [50, 55, 62, 40, 35, 20, 28, 45, 60, 72, 80, 91, 100]
    return Series("Alice", tuple((turn, v) for turn, v in enumerate(values, start=1)), fill_to=50)


def rating() -> Series:
    start = dt.date(2026, 1, 5)
    return Series(
        "Bob", tuple((start + dt.timedelta(days=7 * i), 1500 + 12 * i - (i % 3) * 20) for i in range(20))
    )


def test_a_chart_is_a_small_png_that_is_the_same_every_time() -> None:
    a = line_chart([chances()], title="Winning chances", y_range=(0, 100), y_format="{:.0f}%")
    b = line_chart([chances()], title="Winning chances", y_range=(0, 100), y_format="{:.0f}%")
    assert a.startswith(b"\x89PNG")
    assert a == b
    assert len(a) < 60 * 1024
    assert decode(a).size == (900, 480)


def test_the_line_passes_through_every_data_point() -> None:
    series = chances()
    im, plot = draw_chart([series], y_range=(0, 100))
    for x, y in series.points[1:-1]:
        px, py = plot.pixel(x, y)
        assert close(im.getpixel((round(px), round(py))), SERIES_COLOURS[0]), (x, y)


def test_percent_axis_keeps_its_range_and_points_map_inside_the_plot() -> None:
    _, plot = draw_chart([chances()], y_range=(0, 100))
    assert plot.y_range == (0, 100)
    top = plot.pixel(1, 100)[1]
    bottom = plot.pixel(1, 0)[1]
    assert top == plot.y0
    assert bottom == plot.y1


def test_the_area_to_the_reference_level_is_shaded_and_the_rest_is_not() -> None:
    series = chances()
    im, plot = draw_chart([series], y_range=(0, 100), y_lines=(50,))
    # turn 6 is at 20%: between 20% and 50% shaded, below 20% the plain background
    x, _ = plot.pixel(6, 35)
    shaded = im.getpixel((round(x), round(plot.pixel(6, 35)[1])))
    plain = im.getpixel((round(x), round(plot.pixel(6, 8)[1])))
    assert plain == T.background
    assert shaded != T.background


def test_a_mark_rings_its_point() -> None:
    im, plot = draw_chart([chances()], y_range=(0, 100), marks=[Mark(6, "1")])
    x, y = plot.pixel(6, 20)
    ring = im.getpixel((round(x + 9 * T.scale), round(y)))
    assert close(ring, T.hit, 60)


def test_dates_on_the_x_axis() -> None:
    series = rating()
    im, plot = draw_chart([series], title="Rating", y_label="rating")
    assert plot.dates
    first, last = series.points[0], series.points[-1]
    assert plot.pixel(*first)[0] == plot.x0
    assert plot.pixel(*last)[0] == plot.x1
    x, y = plot.pixel(*series.points[10])
    assert close(im.getpixel((round(x), round(y))), SERIES_COLOURS[0])


def test_date_ticks_are_days_for_a_week_and_months_for_a_season() -> None:
    day = float(dt.date(2026, 3, 2).toordinal())
    week = _date_ticks(day, day + 6)
    assert [label for _, label in week][:2] == ["2 Mar", "3 Mar"]
    season = _date_ticks(day, day + 120)
    labels = [label for _, label in season]
    assert labels[0] == "Apr 2026"  # the first month says the year
    assert "May" in labels
    new_year = _date_ticks(float(dt.date(2025, 11, 10).toordinal()), float(dt.date(2026, 3, 1).toordinal()))
    assert "Jan 2026" in [label for _, label in new_year]


def test_a_single_point_and_a_flat_line_still_draw() -> None:
    assert decode(line_chart([Series("one", ((3, 1500),))])).width == 900
    assert decode(line_chart([Series("flat", ((1, 5), (2, 5), (3, 5)))])).width == 900


def test_two_series_get_two_colours_and_a_legend() -> None:
    a = Series("Alice", ((1, 10), (2, 20)))
    b = Series("山田 🎲", ((1, 20), (2, 10)))
    im, plot = draw_chart([a, b])
    x, y = plot.pixel(1, 10)
    assert close(im.getpixel((round(x) + 2, round(y))), SERIES_COLOURS[0])
    x, y = plot.pixel(1, 20)
    assert close(im.getpixel((round(x) + 2, round(y))), SERIES_COLOURS[1])


@pytest.mark.parametrize(
    ("series", "options", "words"),
    [
        ([], {}, "at least one series"),
        ([Series("empty", ())], {}, "has no points"),
        ([Series("nan", ((1, math.nan),))], {}, "not a finite number"),
        ([Series("x", (("a", 1),))], {}, "neither a number nor a date"),
        ([Series("a", ((1, 1),)), Series("b", ((dt.date(2026, 1, 1), 1),))], {}, "all numbers or all dates"),
        ([Series("a", ((1, 1),))], {"y_range": (5, 5)}, "low below high"),
        ([Series("a", ((1, 1),))], {"marks": [Mark(1, "x", series=2)]}, "on series 2"),
        ([Series("a", ((1, 1),))], {"width": 50}, "200-4000"),
    ],
)
def test_bad_data_gets_a_clear_error(series: list, options: dict, words: str) -> None:
    with pytest.raises(ChartError, match=words):
        line_chart(series, **options)


def test_series_must_be_a_sequence_of_series() -> None:
    with pytest.raises(TypeError, match="sequence of Series"):
        line_chart(Series("a", ((1, 1),)))  # type: ignore[arg-type]
