"""The text around the board: a card per player (colour, name, pips or place, score, whose turn), the
footer (the game's status, the last play, the match) and the small print under it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from images import typeset
from images.background import card_radius
from images.canvas import Canvas
from images.layout import BG, SIX4, Rect
from images.scene import PLACE_WORDS, Parts
from images.typeset import ELLIPSIS, Line


def cards(c: Canvas) -> None:
    if c.layout.kind == SIX4:
        for p in range(4):
            _small_card(c, p)
    else:
        for p in range(2):
            _wide_card(c, p)


def _card_box(c: Canvas, rect: Rect, active: bool) -> None:
    """The card of the player whose turn it is, highlighted; the others' are on the background."""
    t = c.t
    if active:
        radius = card_radius(t)
        c.rounded(rect.box, radius, fill=t.highlight)
        w = t.px(3)
        c.rounded(
            (rect.x0 + w, rect.y0 + w, rect.x1 - 1 - w, rect.y1 - 1 - w), radius - w, fill=t.card_active
        )


def _pill(c: Canvas, x: float, cy: float, text: str, *, right: bool = False) -> float:
    """A highlighted label starting (or with ``right``, ending) at ``x``; returns its width."""
    t = c.t
    size = t.px(t.font_text) - t.px(2)
    line = c.fitted(text, size, t.px(220), bold=True)
    padx, h = t.px(10), t.px(30)
    w = line.width + 2 * padx
    x0 = x - w if right else x
    c.rounded((x0, cy - h // 2, x0 + w, cy + h // 2), h // 2, fill=t.highlight)
    c.line((x0 + padx, cy), line, t.highlight_edge, "lm")
    return w


def _score(c: Canvas, p: int) -> str | None:
    s = c.scene
    if s.match_target > 0:
        return f"score {s.match_score[p]}/{s.match_target}"
    if any(s.match_score):
        return f"points {s.match_score[p]}"
    return None


def _wide_card(c: Canvas, p: int) -> None:
    """Two players: one card across the picture, above or below the board."""
    s, t, lay = c.scene, c.t, c.layout
    rect = lay.cards[p]
    _card_box(c, rect, s.actor == p)
    icon = t.px(44)
    x = rect.x0 + t.px(14)
    c.paste_centred(c.sprite(p, icon), x + icon / 2, rect.cy)
    x += icon + t.px(14)
    # right-hand side, right to left: the score, the pips, the badge; the name takes what is left
    right = rect.x1 - t.px(16)
    size = t.px(t.font_text)
    items = [_score(c, p), f"pips {c.pos.pip_count(p)}"]
    for item in items:
        if item:
            right -= c.text((right, rect.cy), item, size, t.text, anchor="rm") + t.px(22)
    badge = s.badges[p]
    if badge:
        right -= _pill(c, right, rect.cy, badge, right=True) + t.px(14)
    name = _card_name(c, s.names[p], t.px(t.font_title), right - x)
    c.line((x, rect.cy), name, t.text, "lm")


def _small_card(c: Canvas, p: int) -> None:
    """Multigam: four cards in a row, each with the colour, the name, and the pips or the place."""
    s, t, lay = c.scene, c.t, c.layout
    rect = lay.cards[p]
    _card_box(c, rect, s.actor == p)
    icon = t.px(38)
    pad = t.px(12)
    row1 = rect.y0 + t.px(28)
    row2 = rect.y0 + t.px(64)
    c.paste_centred(c.sprite(p, icon), rect.x0 + pad + icon / 2, row1)
    x = rect.x0 + pad + icon + t.px(10)
    name = _card_name(c, s.names[p], t.px(t.font_text) + t.px(2), rect.x1 - pad - x)
    c.line((x, row1), name, t.text, "lm")
    size = t.px(t.font_text)
    place = s.places[p]
    badge = s.badges[p]
    right = rect.x1 - pad
    if badge:
        right -= _pill(c, right, row2, badge, right=True) + t.px(6)
    x = rect.x0 + pad
    if place is None:
        c.text((x, row2), f"pips {c.pos.pip_count(p)}", size, t.text, anchor="lm")
        return
    left = s.left[p]
    x += c.text((x, row2), place, size, t.text_dim if left else t.highlight, bold=True, anchor="lm")
    # a leaver: "4th · resigned" while the game goes on, the points once it is over
    words = _place_points(c, place) if s.over or not left else left
    if words:
        rest = c.fitted(f"· {words}", size, right - x - t.px(8))
        c.line((x + t.px(8), row2), rest, t.text_dim if left else t.text, "lm")


def _card_name(c: Canvas, name: str, size: int, width: float) -> Line:
    """A player's name on their card: cut only when it does not fit without its bracketed end either
    (``Computer 2 (medium)`` is ``Computer 2`` rather than ``Computer 2 (me…``)."""
    line = c.fitted(name, size, width, bold=True, name=True)
    shorter = _SUFFIX.sub("", name)
    if line.text.endswith(ELLIPSIS) and shorter and shorter != name:
        return c.fitted(shorter, size, width, bold=True, name=True)
    return line


def _place_points(c: Canvas, place: str) -> str:
    v = c.pos.variant
    if place in PLACE_WORDS and v.placing_points:
        pts = v.placing_points[PLACE_WORDS.index(place)]
        return f"{pts} pt" if pts == 1 else f"{pts} pts"
    return ""


def footer(c: Canvas) -> None:
    """The status line (whose turn, what to do, or the result), the last play under it, the match on
    the right, and any small print (``notes``) below."""
    s, t, lay = c.scene, c.t, c.layout
    rect = lay.footer
    x = rect.x0 + t.px(16)
    if lay.kind != BG and s.dice is not None:
        x = lay.dice[0][0] + lay.die + t.px(24)
    right = rect.x1 - t.px(16)
    info = s.match_info
    two_lines = bool(s.last_text)
    if not two_lines:
        y1 = rect.cy
    else:
        y1 = rect.y0 + (t.px(20) if lay.kind == BG else t.px(26))
    if info:
        right -= c.text((right, y1), info, t.px(t.font_text), t.text_dim, anchor="rm") + t.px(20)
    size = t.px(t.font_title) - t.px(2)
    status = fit_sentence(c, s.status_parts, size, right - x, bold=True, shorter=s.status_short)
    c.line((x, y1), status, t.text, "lm")
    if two_lines:
        y2 = rect.y1 - t.px(22) if lay.kind != BG else rect.y1 - t.px(16)
        last = fit_sentence(c, s.last_parts, t.px(t.font_text), rect.x1 - t.px(16) - x)
        c.line((x, y2), last, t.text_dim, "lm")
    notes(c)


def fit_sentence(
    c: Canvas, parts: Parts, size: int, width: float, *, bold: bool = False, shorter: Sequence[Parts] = ()
) -> Line:
    """A sentence about the players fitted to ``width``: smaller first; then a shorter way of saying it
    (``shorter``, in order) that fits whole; then, rather than cut its end (the roll, the play), the
    names in the shortest one shortened, each to an equal share of the room left, and still told apart."""
    s = c.scene
    for option in (parts, *shorter):
        line = c.fitted(s.sentence(option), size, width, bold=bold)
        if not line.text.endswith(ELLIPSIS):
            return line
    parts = shorter[-1] if shorter else parts
    seats = sorted({p for p in parts if isinstance(p, int)})
    if not seats:
        return line
    smallest = line.size
    rest = typeset.layout(s.sentence(parts, [""] * s.players), smallest, bold).width
    share = max(c.t.px(40), (width - rest) / len(seats))
    names = list(s.names)
    short = short_names(c, [s.names[p] for p in seats], smallest, share, bold=bold)
    for p, name in zip(seats, short, strict=True):
        names[p] = name
    return c.fitted(s.sentence(parts, names), smallest, width, bold=bold)


_SUFFIX = re.compile(r"\s*\([^()]*\)$")  # "Computer 2 (medium)": the level in brackets


def short_names(c: Canvas, names: Sequence[str], size: int, width: float, *, bold: bool = False) -> list[str]:
    """``names`` each fitted to ``width``: whole if it fits, else without a bracketed end (``Computer 2
    (medium)`` is ``Computer 2``), else cut; names that would read the same keep their last word
    (``Comp… 2``, ``Comp… 3``), so the seats are still told apart."""
    out = [_short_name(c, name, size, width, bold) for name in names]
    for i, name in enumerate(out):
        same = [j for j, other in enumerate(out) if other == name and names[j] != names[i]]
        if same and name.endswith(ELLIPSIS):
            for j in (i, *same):
                out[j] = _keep_last_word(c, _SUFFIX.sub("", names[j]), size, width, bold)
    return out


def _short_name(c: Canvas, name: str, size: int, width: float, bold: bool) -> str:
    for option in (name, _SUFFIX.sub("", name)):
        if option and typeset.layout(option, size, bold).width <= width:
            return option
    return c.fitted(_SUFFIX.sub("", name) or name, size, width, bold=bold).text


def _keep_last_word(c: Canvas, name: str, size: int, width: float, bold: bool) -> str:
    words = name.split()
    if len(words) < 2:
        return c.fitted(name, size, width, bold=bold).text
    head, last = " ".join(words[:-1]), words[-1]
    tail = f"{ELLIPSIS} {last}"
    room = width - typeset.layout(tail, size, bold).width
    return c.fitted(head, size, max(room, 1), bold=bold).text.removesuffix(ELLIPSIS).rstrip() + tail


def notes(c: Canvas) -> None:
    s, t, lay = c.scene, c.t, c.layout
    if not s.notes or lay.notes is None:
        return
    r = lay.notes
    x = r.x0 + t.px(16)
    step = r.h / len(s.notes)
    size = t.px(t.font_text) - t.px(4)
    for i, text in enumerate(s.notes):
        line = c.fitted(text, size, r.w - t.px(32))
        c.line((x, r.y0 + step * (i + 0.5)), line, t.text_dim, "lm")
