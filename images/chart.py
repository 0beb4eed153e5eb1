"""Line charts as PNG, in the boards' theme and fonts: a player's rating over time (dates on x), the
winning chances over a game (turns on x, 0-100% on y, the worst plays marked).

``line_chart(series, *, title, y_label, y_range, x_label, ...) -> bytes`` is a pure function: the same
input gives the same bytes. Lines are drawn at twice the size and halved (smooth edges); text is set
by :mod:`images.typeset`, so labels and titles may hold any script.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from images import typeset
from images.png import encode_png
from images.theme import DEFAULT_THEME, RGB, Theme

SERIES_COLOURS: tuple[RGB, ...] = (
    (255, 196, 0),  # the boards' highlight
    (86, 180, 233),  # sky blue
    (213, 94, 0),  # vermillion
    (204, 121, 167),  # reddish purple
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
)
GRID: RGB = (58, 63, 74)
X = float | int | dt.date | dt.datetime


class ChartError(ValueError):
    """Data a chart cannot be drawn from: said in words, nothing drawn."""


@dataclass(frozen=True, slots=True)
class Series:
    """One line: ``points`` are (x, y) pairs, x a number or a date (all of one kind in a chart).
    ``colour`` defaults to the next of :data:`SERIES_COLOURS`; ``fill_to`` shades the area between the
    line and that y (e.g. 50 for winning chances)."""

    label: str
    points: tuple[tuple[X, float], ...]
    colour: RGB | None = None
    fill_to: float | None = None


@dataclass(frozen=True, slots=True)
class Mark:
    """A point of a series picked out with a ring and a short label (e.g. "1" for the worst play)."""

    x: X
    label: str
    series: int = 0


@dataclass(frozen=True, slots=True)
class Plot:
    """Where the data goes in the picture: the plot box and the data ranges it shows."""

    x0: int
    y0: int
    x1: int
    y1: int
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    dates: bool

    def pixel(self, x: X, y: float) -> tuple[float, float]:
        """The picture position of data point (x, y)."""
        fx = (_number(x) - self.x_range[0]) / (self.x_range[1] - self.x_range[0])
        fy = (y - self.y_range[0]) / (self.y_range[1] - self.y_range[0])
        return (self.x0 + fx * (self.x1 - self.x0), self.y1 - fy * (self.y1 - self.y0))


def line_chart(series: Sequence[Series], **options) -> bytes:
    """The chart as PNG bytes; the options are :func:`draw_chart`'s."""
    return encode_png(draw_chart(series, **options)[0])


def draw_chart(
    series: Sequence[Series],
    *,
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    y_range: tuple[float, float] | None = None,
    y_format: str = "{:g}",
    y_lines: Sequence[float] = (),
    marks: Sequence[Mark] = (),
    width: int = 900,
    height: int = 480,
    theme: Theme | None = None,
) -> tuple[Image.Image, Plot]:
    """The chart as a full-colour image, and where its data went (:class:`Plot`). ``title`` heads it;
    ``y_label`` is written above the y axis and ``x_label`` under the x axis's right end; ``y_range``
    fixes the y axis (default: the data's, with nice ends); ``y_format`` writes its tick labels
    (``"{:.0f}%"`` for chances); ``y_lines`` are dashed reference lines (50 for even chances);
    ``marks`` ring chosen points. ``width`` and ``height`` are in base pixels (``theme.scale``
    multiplies them)."""
    t = theme or DEFAULT_THEME
    if not isinstance(t, Theme):
        raise TypeError(f"theme must be an images.Theme, not {type(t).__name__}")
    data = _check(series, marks)
    dates = isinstance(data[0].points[0][0], dt.date)
    xs = [_number(x) for s in data for x, _ in s.points]
    ys = [y for s in data for _, y in s.points]
    x_lo, x_hi = min(xs), max(xs)
    if x_hi == x_lo:
        x_lo, x_hi = x_lo - 1, x_hi + 1
    if y_range is None:
        y_lo, y_hi = _nice_range(min(ys), max(ys))
    else:
        y_lo, y_hi = _check_range(y_range)
    y_ticks = _nice_ticks(y_lo, y_hi)
    x_ticks = _date_ticks(x_lo, x_hi) if dates else [(v, f"{v:g}") for v in _nice_ticks(x_lo, x_hi, 8)]

    w, h = t.px(width), t.px(height)
    if not (200 <= w <= 4000 and 120 <= h <= 4000):
        raise ChartError(f"a chart must be 200-4000 by 120-4000 px, not {w} by {h}")
    im = Image.new("RGB", (w, h), t.background)
    draw = ImageDraw.Draw(im)
    small, text_size = t.px(t.font_text) - t.px(4), t.px(t.font_text) - t.px(2)
    labels = [y_format.format(v) for v in y_ticks]
    left = t.px(20) + max(typeset.layout(lab, small).width for lab in labels) + t.px(12)
    top = t.px(20)
    if title:
        typeset.draw_line(
            im, (t.px(20), top), typeset.fit(title, t.px(t.font_title), w - t.px(40), bold=True), t.text
        )
        top += t.px(t.font_title) + t.px(12)
    if y_label or len(data) > 1 or data[0].label:
        top += text_size + t.px(22)
    plot = Plot(
        x0=int(left),
        y0=top + t.px(6),
        x1=w - t.px(28),
        y1=h - t.px(26) - small - (text_size + t.px(8) if x_label else 0),
        x_range=(x_lo, x_hi),
        y_range=(y_lo, y_hi),
        dates=dates,
    )
    if plot.x1 - plot.x0 < t.px(60) or plot.y1 - plot.y0 < t.px(40):
        raise ChartError("the chart is too small for its labels")

    # grid, axes and their labels
    for v, lab in zip(y_ticks, labels, strict=True):
        _, py = plot.pixel(x_lo, v)
        draw.line((plot.x0, py, plot.x1, py), fill=GRID, width=1)
        typeset.draw_line(im, (plot.x0 - t.px(10), py), typeset.layout(lab, small), t.text_dim, "rm")
    for v, lab in x_ticks:
        px, _ = plot.pixel(v, y_lo)
        draw.line((px, plot.y1, px, plot.y1 + t.px(5)), fill=t.text_dim, width=1)
        typeset.draw_line(im, (px, plot.y1 + t.px(8)), typeset.layout(lab, small), t.text_dim, "ma")
    for v in y_lines:
        if y_lo < v < y_hi:
            _, py = plot.pixel(x_lo, v)
            _dashed(draw, plot.x0, plot.x1, py, t.text_dim, t.px(8))
    draw.line((plot.x0, plot.y1, plot.x1, plot.y1), fill=t.text_dim, width=max(1, t.px(2)))
    if x_label:
        line = typeset.fit(x_label, text_size, plot.x1 - plot.x0)
        typeset.draw_line(im, (plot.x1, h - t.px(14)), line, t.text_dim, "rs")
    if y_label:
        typeset.draw_line(
            im, (t.px(20), top - t.px(10)), typeset.fit(y_label, text_size, w // 2), t.text_dim, "ls"
        )
    _legend(im, t, data, top - t.px(10), text_size)

    # the data: each series' shading, then its line, then the marks
    colours = [s.colour or SERIES_COLOURS[i % len(SERIES_COLOURS)] for i, s in enumerate(data)]
    for s, colour in zip(data, colours, strict=True):
        if s.fill_to is not None and len(s.points) > 1:
            _shade(im, plot, s, colour, t.background)
    for s, colour in zip(data, colours, strict=True):
        _line(im, plot, s, colour, max(2.0, 3 * t.scale))
    for mark in marks:
        _mark(im, t, plot, data, mark)
    return im, plot


# ------------------------------------------------------------------------------------ checks


def _number(x: X) -> float:
    if isinstance(x, dt.datetime):
        return x.timestamp() / 86400
    if isinstance(x, dt.date):
        return float(x.toordinal())
    return float(x)


def _check(series: Sequence[Series], marks: Sequence[Mark]) -> list[Series]:
    if isinstance(series, Series) or not isinstance(series, Sequence):
        raise TypeError("series must be a sequence of Series")
    if not series:
        raise ChartError("a chart needs at least one series")
    kinds = set()
    out = []
    for s in series:
        if not isinstance(s, Series):
            raise TypeError(f"series must hold Series, not {type(s).__name__}")
        if not s.points:
            raise ChartError(f"series {s.label!r} has no points")
        for x, y in s.points:
            kinds.add("date" if isinstance(x, dt.date) else "number")
            if isinstance(y, bool) or not isinstance(y, int | float) or not math.isfinite(y):
                raise ChartError(f"series {s.label!r} has a y value that is not a finite number: {y!r}")
            if not isinstance(x, dt.date) and (
                isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x)
            ):
                raise ChartError(
                    f"series {s.label!r} has an x value that is neither a number nor a date: {x!r}"
                )
        out.append(Series(s.label, tuple(sorted(s.points, key=lambda p: _number(p[0]))), s.colour, s.fill_to))
    if len(kinds) > 1:
        raise ChartError("x values must be all numbers or all dates")
    for mark in marks:
        if not 0 <= mark.series < len(out):
            raise ChartError(f"mark {mark.label!r} is on series {mark.series}, but there are {len(out)}")
    return out


def _check_range(y_range: object) -> tuple[float, float]:
    if (
        not isinstance(y_range, tuple)
        or len(y_range) != 2
        or not all(isinstance(v, int | float) and math.isfinite(v) for v in y_range)
        or not y_range[0] < y_range[1]
    ):
        raise ChartError(f"y_range must be (low, high) with low below high, not {y_range!r}")
    return float(y_range[0]), float(y_range[1])


# ------------------------------------------------------------------------------------ ticks


def _nice_step(span: float, count: int) -> float:
    raw = span / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    for f in (1, 2, 2.5, 5, 10):
        if raw <= f * power:
            return f * power
    return 10 * power


def _nice_range(lo: float, hi: float) -> tuple[float, float]:
    """The data's range widened to whole steps (and made non-empty)."""
    if hi == lo:
        lo, hi = lo - 1, hi + 1
    step = _nice_step(hi - lo, 5)
    return math.floor(lo / step) * step, math.ceil(hi / step) * step


def _nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    step = _nice_step(hi - lo, count)
    first = math.ceil(lo / step - 1e-9) * step
    n = math.floor((hi - first) / step + 1e-9) + 1
    return [round(first + i * step, 10) for i in range(n)]


_DAY_STEPS = (1, 2, 7, 14)
_MONTH_STEPS = (1, 2, 3, 6, 12, 24, 60)


def _date_ticks(lo: float, hi: float, most: int = 7) -> list[tuple[float, str]]:
    """Ticks for an axis of dates (in days): days or weeks for a short span, else month starts."""
    start, end = dt.date.fromordinal(math.ceil(lo)), dt.date.fromordinal(math.floor(hi))
    span = hi - lo
    for step in _DAY_STEPS:
        if span / step <= most:
            days = [start + dt.timedelta(days=i) for i in range(0, (end - start).days + 1, step)]
            return [(float(d.toordinal()), f"{d.day} {d:%b}") for d in days]
    for step in _MONTH_STEPS:
        if span / (30.44 * step) <= most:
            break
    month = (start.year * 12 + start.month - 1 + step - 1) // step * step
    out = []
    while True:
        d = dt.date(month // 12, month % 12 + 1, 1)
        if d > end:
            break
        if d >= start:
            out.append((float(d.toordinal()), f"{d:%b %Y}" if d.month == 1 or not out else f"{d:%b}"))
        month += step
    return out


# ------------------------------------------------------------------------------------ drawing


def _dashed(draw: ImageDraw.ImageDraw, x0: float, x1: float, y: float, colour: RGB, dash: int) -> None:
    x = x0
    while x < x1:
        draw.line((x, y, min(x + dash, x1), y), fill=colour, width=1)
        x += 2 * dash


def _legend(im: Image.Image, t: Theme, data: list[Series], baseline: float, size: int) -> None:
    """Each labelled series' colour and label, right-aligned above the plot."""
    right = im.width - t.px(28)
    draw = ImageDraw.Draw(im)
    for i in range(len(data) - 1, -1, -1):
        s = data[i]
        if not s.label:
            continue
        colour = s.colour or SERIES_COLOURS[i % len(SERIES_COLOURS)]
        line = typeset.fit(s.label, size, im.width // 3)
        typeset.draw_line(im, (right, baseline), line, t.text, "rs")
        right -= line.width + t.px(10)
        cy = baseline - size * 0.35
        draw.line((right - t.px(22), cy, right, cy), fill=colour, width=max(2, t.px(4)))
        right -= t.px(22) + t.px(22)


def _line(im: Image.Image, plot: Plot, s: Series, colour: RGB, width: float) -> None:
    """The series' line, drawn on a doubled mask and halved for smooth edges; a lone point is a dot."""
    ss = 2
    pad = math.ceil(width * 2)
    left, top = plot.x0 - pad, plot.y0 - pad
    box = (left, top, plot.x1 + pad, plot.y1 + pad)
    mask = Image.new("L", ((box[2] - left) * ss, (box[3] - top) * ss), 0)
    d = ImageDraw.Draw(mask)
    big = [((x - left) * ss, (y - top) * ss) for x, y in (plot.pixel(*p) for p in s.points)]
    if len(big) > 1:
        d.line(big, fill=255, width=round(width * ss), joint="curve")
    r = width * ss * (0.5 if len(big) > 1 else 1.2)
    for x, y in (big[0], big[-1]) if len(big) > 1 else big:
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    im.paste(colour, box, mask.reduce(ss))


def _shade(im: Image.Image, plot: Plot, s: Series, colour: RGB, background: RGB) -> None:
    """The area between the line and ``fill_to``, in a faint tint of the line's colour."""
    assert s.fill_to is not None
    level = min(max(s.fill_to, plot.y_range[0]), plot.y_range[1])
    pts = [plot.pixel(x, y) for x, y in s.points]
    _, base = plot.pixel(s.points[0][0], level)
    polygon = [(pts[0][0], base), *pts, (pts[-1][0], base)]
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).polygon(polygon, fill=64)
    im.paste(colour, (0, 0), mask)


def _mark(im: Image.Image, t: Theme, plot: Plot, data: list[Series], mark: Mark) -> None:
    s = data[mark.series]
    nearest = min(s.points, key=lambda p: abs(_number(p[0]) - _number(mark.x)))
    x, y = plot.pixel(*nearest)
    draw = ImageDraw.Draw(im)
    r = t.px(9)
    draw.ellipse((x - r, y - r, x + r, y + r), outline=t.hit, width=max(2, t.px(3)))
    line = typeset.fit(mark.label, t.px(t.font_text) - t.px(6), t.px(160), bold=True)
    above = y - r - t.px(16) > plot.y0
    cy = y - r - t.px(14) if above else y + r + t.px(14)
    pad = t.px(6)
    box = (x - line.width / 2 - pad, cy - t.px(11), x + line.width / 2 + pad, cy + t.px(11))
    draw.rounded_rectangle(box, radius=t.px(11), fill=t.hit)
    typeset.draw_line(im, (x, cy), line, (255, 255, 255), "mm")
