"""The last play, marked: a ghost where each moved checker stood, a ring round where it went (red for a
hit), a curved arrow along each checker's way and a cross where a checker was hit."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import lru_cache

from engine import BAR, OFF
from engine.notation import move_chains
from images import sprites
from images.canvas import Canvas
from images.layout import BG, SIX2, SIX4, stack_centre


def last_play(c: Canvas) -> None:
    s, lay, t = c.scene, c.layout, c.t
    play, mover = s.last_play, s.last_player
    if play is None or mover is None or not play.moves:
        return
    d = lay.checker
    left = Counter(m.src for m in play.moves)
    came = Counter(m.dst for m in play.moves)
    net = {q: came[q] - left[q] for q in set(left) | set(came)}
    starts: dict[int, list[tuple[int, int]]] = {}
    ends: dict[int, list[tuple[int, int]]] = {}
    ghost = sprites.ghost(c.colours[mover], t.highlight, d)
    hits_at = Counter(m.dst for m in play.moves if m.hit)
    hit_points = set(hits_at)
    badge_slots: dict[int, int] = {}  # where the cross goes: on the checker that hit
    for q, k in net.items():
        if q in (BAR, OFF):
            continue
        column = lay.columns[q - 1]
        here = c.pos.point(q)
        count = here[1] if here else 0
        top = lay.max_stack - 1
        if k < 0:
            slots = [min(count + i, top) for i in range(-k)]
            for i in range(count, min(count - k, lay.max_stack)):
                c.paste_centred(ghost, *column.slot(i, d))
            starts[q] = [column.slot(i, d) for i in slots]
        elif k > 0:
            # the arrivals are the top k checkers; the first to arrive (lowest) made any hit
            slots = [max(0, min(count - 1 - i, top)) for i in range(k)]
            for n, i in enumerate(slots):
                colour = t.hit if n >= k - hits_at[q] else t.highlight
                ring = sprites.ring(colour, t.highlight_edge, d + t.px(8), t.px(4))
                c.paste_centred(ring, *column.slot(i, d))
            ends[q] = [column.slot(i, d) for i in slots]
            if hits_at[q]:
                badge_slots[q] = slots[-1]
    used_start: Counter = Counter()
    used_end: Counter = Counter()
    drawn: set[tuple[int, ...]] = set()
    for chain in move_chains(play.moves):
        route = (chain[0].src, *(m.dst for m in chain))
        if route in drawn:
            continue  # the same way again (8/5(2)): one arrow, every arrival ringed
        drawn.add(route)
        path = [_anchor(c, chain[0].src, mover, starts, used_start)]
        for move in chain[:-1]:
            path.append(_anchor(c, move.dst, mover, {}, Counter()))
        path.append(_anchor(c, chain[-1].dst, mover, ends, used_end))
        _arrow(c, path, d)
    badge = sprites.hit_badge(t.hit, max(12, round(d * 0.42)))
    for q in sorted(hit_points):
        here = c.pos.point(q)
        column = lay.columns[q - 1]
        if here is None:
            # the hitting checker moved on: the cross marks the empty point where the hit was
            c.paste_centred(badge, *column.slot(0, d))
            continue
        cx, cy = column.slot(badge_slots.get(q, min(here[1], lay.max_stack) - 1), d)
        r = d / 2
        dy = -r * 0.62 if column.up else r * 0.62
        c.paste_centred(badge, cx + r * 0.68, cy + dy)
    if s.players == 2:
        victim = 1 - mover
        hits = sum(1 for m in play.moves if m.hit)
        count = c.pos.bar[victim]
        if hits and count and lay.kind != SIX4:
            d_bar = lay.bar_checker
            ring = sprites.ring(t.hit, t.highlight_edge, d_bar + t.px(8), t.px(4))
            visible = min(count, 4 if lay.kind == SIX2 else 3)
            for i in range(max(0, visible - hits), visible):
                c.paste_centred(ring, *stack_centre(lay.bars[victim], i, d_bar))


def _anchor(c: Canvas, q: int, mover: int, table, used: Counter) -> tuple[float, float, float]:
    """Where an arrow starts or ends for point ``q`` (``BAR``/``OFF`` for the mover's bar and tray),
    and how much of the arrow to leave out there so it does not cover the checker."""
    lay, t = c.layout, c.t
    d = lay.checker
    if q == BAR:
        stack = lay.bars[mover]
        if lay.kind == SIX4:
            return (stack.rect.x1 - t.px(4), stack.rect.cy, 0.0)
        count = c.pos.bar[mover]
        visible = min(count, 4 if lay.kind == SIX2 else 3)
        x, y = stack_centre(stack, visible, lay.bar_checker)
        return (x, y, lay.bar_checker * 0.36)
    if q == OFF:
        stack = lay.offs[mover]
        if lay.kind == SIX4:
            return (stack.rect.x0 + t.px(2), stack.rect.cy, 0.0)
        n = max(0, c.pos.off[mover] - 1)
        x, y = stack_centre(stack, n, stack.step - t.px(2))
        return (x, y, float(stack.step))
    slots = table.get(q)
    if slots:
        i = min(used[q], len(slots) - 1)
        used[q] += 1
        x, y = slots[i]
    else:
        # a point passed through: the checker rested on top of the stack there
        here = c.pos.point(q)
        count = here[1] if here else 0
        x, y = lay.columns[q - 1].slot(min(count, lay.max_stack - 1), d)
    return (x, y, d * 0.5)


def _arrow(c: Canvas, path: list[tuple[float, float, float]], d: int) -> None:
    """An arrow along ``path`` from the edge of the first checker to the edge of the last, each
    leg curving towards the middle of the board so it passes over the stacks rather than through."""
    t, field = c.t, c.layout.field
    pts = _arrow_points(tuple(path), c.layout.kind == BG, field.y0, field.y1, field.cy, d, t.px(3))
    if pts is not None:
        c.arrow(pts, t.highlight, t.highlight_edge, width=5, head=16)


@lru_cache(maxsize=512)
def _arrow_points(
    path: tuple[tuple[float, float, float], ...],
    bends: bool,
    y0: float,
    y1: float,
    cy: float,
    d: int,
    gap: int,
) -> tuple[tuple[float, float], ...] | None:
    """The arrow's points along ``path`` (see :func:`_arrow`) on a field from rows ``y0`` to ``y1``,
    its middle at ``cy`` (a 24-point board's legs ``bends`` by the half they are in), with a ``gap``
    before the last checker; None for no arrow. Kept: the same ways come back turn after turn."""
    stops = [path[0]]
    for p in path[1:]:
        if p[:2] != stops[-1][:2]:
            stops.append(p)
    if len(stops) < 2:
        return None
    top, bottom = y0 + d * 0.3, y1 - d * 0.3
    knots: list[tuple[float, float]] = [stops[0][:2]]
    for a, b in itertools.pairwise(stops):
        if not bends or (a[1] > cy and b[1] > cy):
            bulge = -1.0
        elif a[1] < cy and b[1] < cy:
            bulge = 1.0
        else:
            bulge = 0.0
        if bulge:
            mx, my = _bulged_middle(a[:2], b[:2], bulge * min(0.28 * _dist(a, b), 1.1 * d))
            knots.append((mx, min(max(my, top), bottom)))
        knots.append(b[:2])
    start_cut = stops[0][2] * 0.72
    end_cut = stops[-1][2] + gap
    pts = _trim(_spline(knots), start_cut, end_cut)
    if len(pts) < 2 or sum(_dist(a, b) for a, b in itertools.pairwise(pts)) < d * 0.4:
        return None
    return tuple(pts)


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _bulged_middle(a: tuple[float, float], b: tuple[float, float], bulge: float) -> tuple[float, float]:
    """The point halfway from ``a`` to ``b``, moved ``|bulge|`` px sideways: up the picture for a
    negative ``bulge``, down for a positive one."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = _dist(a, b) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    if (ny > 0) != (bulge > 0):
        nx, ny = -nx, -ny
    return (mx + nx * abs(bulge), my + ny * abs(bulge))


def _spline(knots: list[tuple[float, float]], steps: int = 10) -> list[tuple[float, float]]:
    """A smooth (Catmull-Rom) curve through ``knots``."""
    if len(knots) < 3:
        return list(knots)
    ext = [knots[0], *knots, knots[-1]]
    out = [knots[0]]
    for i in range(1, len(ext) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        # the cubic's coefficients per coordinate, worked out once per leg
        ax, bx, cx, dx = 2 * x1, -x0 + x2, 2 * x0 - 5 * x1 + 4 * x2 - x3, -x0 + 3 * x1 - 3 * x2 + x3
        ay, by, cy, dy = 2 * y1, -y0 + y2, 2 * y0 - 5 * y1 + 4 * y2 - y3, -y0 + 3 * y1 - 3 * y2 + y3
        for k in range(1, steps + 1):
            u = k / steps
            u2, u3 = u * u, u * u * u
            out.append((0.5 * (ax + bx * u + cx * u2 + dx * u3), 0.5 * (ay + by * u + cy * u2 + dy * u3)))
    return out


def _trim(pts: list[tuple[float, float]], head: float, tail: float) -> list[tuple[float, float]]:
    """``pts`` without its first ``head`` and last ``tail`` pixels of length."""

    def cut_front(points: list[tuple[float, float]], length: float) -> list[tuple[float, float]]:
        while len(points) >= 2:
            seg = _dist(points[0], points[1])
            if seg > length:
                u = length / seg
                (ax, ay), (bx, by) = points[0], points[1]
                return [(ax + (bx - ax) * u, ay + (by - ay) * u), *points[1:]]
            length -= seg
            points = points[1:]
        return points

    out = cut_front(list(pts), head)
    return list(reversed(cut_front(list(reversed(out)), tail)))
