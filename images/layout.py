"""Where everything goes on a picture: pure geometry, no drawing.

Three board types: ``"six2"`` (the two-player 6-point games), ``"six4"`` (multigam) and ``"bg"``
(the 24-point games). Point 1 of a 6-point board is always on the left and every stack grows up from
the bottom edge. A 24-point board is drawn for one player, ``perspective``: that player's home board
is bottom right and they bear off to the right, as on every backgammon board.

Tests use :func:`checker_centre` to sample the pixel under a checker.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from engine import Variant, find_variant
from images.theme import DEFAULT_THEME, Theme

SIX2 = "six2"
SIX4 = "six4"
BG = "bg"
KINDS = (SIX2, SIX4, BG)


def board_kind(variant: Variant | str) -> str:
    """``"six2"``, ``"six4"`` or ``"bg"`` for ``variant``."""
    v = find_variant(variant)
    if v.points == 24:
        return BG
    return SIX2 if v.players == 2 else SIX4


@dataclass(frozen=True, slots=True)
class Rect:
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def w(self) -> int:
        return self.x1 - self.x0

    @property
    def h(self) -> int:
        return self.y1 - self.y0

    @property
    def cx(self) -> int:
        return (self.x0 + self.x1) // 2

    @property
    def cy(self) -> int:
        return (self.y0 + self.y1) // 2

    @property
    def box(self) -> tuple[int, int, int, int]:
        """``(x0, y0, x1, y1)`` for Pillow (``x1``/``y1`` inclusive there, so one pixel less)."""
        return (self.x0, self.y0, self.x1 - 1, self.y1 - 1)

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x < self.x1 and self.y0 <= y < self.y1


@dataclass(frozen=True, slots=True)
class Column:
    """A point's strip of the field: checkers stack from ``base_y`` towards the board's middle."""

    rect: Rect
    up: bool  # True: the base is the bottom edge and the stack grows upward

    def slot(self, index: int, diameter: int) -> tuple[int, int]:
        r = diameter // 2
        if self.up:
            return (self.rect.cx, self.rect.y1 - r - index * diameter)
        return (self.rect.cx, self.rect.y0 + r + index * diameter)


@dataclass(frozen=True, slots=True)
class Stack:
    """Where one player's bar (or off) checkers go: a cell, and the direction they pile up."""

    rect: Rect
    up: bool
    step: int  # pixels between stacked checkers (or slabs)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    kind: str
    players: int
    perspective: int
    width: int
    height: int
    checker: int  # checker diameter on the points
    max_stack: int  # checkers drawn per point before the top one shows the count
    frame: Rect
    field: Rect
    top_strip: Rect  # frame strip above the field (arrows or point numbers)
    bottom_strip: Rect  # frame strip below the field
    columns: tuple[Column, ...]  # columns[p - 1] is absolute point p
    bars: tuple[Stack, ...]  # per player
    offs: tuple[Stack, ...]  # per player
    cards: tuple[Rect, ...]  # per player
    footer: Rect
    dice: tuple[tuple[int, int], ...]  # per player: centre of the pair of dice
    die: int  # die size
    cube: tuple[tuple[int, int], ...] = ()  # bg: centred, owned by player 0, owned by player 1
    offered_cube: tuple[tuple[int, int], ...] = ()  # bg, per player: the cube they offer at its new value
    bar_column: Rect | None = None  # bg: the bar between the halves
    side_columns: tuple[Rect, ...] = ()  # 6-point boards: left and right columns; bg: cube, tray
    notes: Rect | None = None  # below the footer: lines of small print (gnubg's IDs), when asked for

    def checker_centre(self, point: int, index: int) -> tuple[int, int]:
        if not 1 <= point <= len(self.columns):
            raise ValueError(f"point {point} is not on a {len(self.columns)}-point board")
        if not 0 <= index < self.max_stack:
            raise ValueError(f"checker index {index} is not drawn: stacks show {self.max_stack} checkers")
        return self.columns[point - 1].slot(index, self.checker)

    def bar_centre(self, player: int, index: int = 0) -> tuple[int, int]:
        return stack_centre(self.bars[player], index, self.bar_checker)

    @property
    def bar_checker(self) -> int:
        """Diameter of a checker drawn on the bar."""
        if self.kind == SIX4:
            return self.checker * 2 // 3
        return self.checker


def stack_centre(stack: Stack, index: int, diameter: int) -> tuple[int, int]:
    r = diameter // 2
    if stack.up:
        return (stack.rect.cx, stack.rect.y1 - r - index * stack.step)
    return (stack.rect.cx, stack.rect.y0 + r + index * stack.step)


def _rect(t: Theme, x0: float, y0: float, x1: float, y1: float) -> Rect:
    return Rect(t.px(x0), t.px(y0), t.px(x1), t.px(y1))


NOTE_LINE = 24  # height of a line of footer notes


@lru_cache(maxsize=64)
def board_layout(
    kind: str, perspective: int = 0, theme: Theme = DEFAULT_THEME, notes: int = 0
) -> BoardLayout:
    """The geometry of a board type (for ``"bg"``, drawn for ``perspective``) at ``theme.scale``, with
    room for ``notes`` lines of small print under the footer."""
    if kind == SIX2:
        lay = _six_layout(theme, players=2)
    elif kind == SIX4:
        lay = _six_layout(theme, players=4)
    elif kind == BG:
        lay = _bg_layout(theme, perspective)
    else:
        raise ValueError(f"unknown board type {kind!r}; the types are {', '.join(KINDS)}")
    if notes <= 0:
        return lay
    t = theme
    top = lay.footer.y1
    height = t.px(NOTE_LINE) * notes + t.px(4)
    rect = Rect(lay.footer.x0, top, lay.footer.x1, top + height)
    return replace(lay, notes=rect, height=lay.height + height)


# Base geometry (scale 1.0). Six-point boards: 100 px per point, checkers 84 px, five high.
_W = 900
_M = 12
_GAP = 8
_CARD = 64
_CARD4 = 88
_FOOT = 92
_BORDER = 10
_SIDE = 118
_DIV = 10
_PT6 = 100
_CK6 = 84
_PAD = 7
_FIELD6 = 5 * _CK6 + 2 * _PAD


def _six_layout(t: Theme, players: int) -> BoardLayout:
    y = _M
    cards: list[Rect] = []
    if players == 2:
        top_card = _rect(t, _M, y, _W - _M, y + _CARD)
        y += _CARD + _GAP
        top_h, bottom_h = 40, 72
    else:
        cw = (_W - 2 * _M - 3 * _GAP) / 4
        for i in range(4):
            x0 = _M + i * (cw + _GAP)
            cards.append(_rect(t, x0, y, x0 + cw, y + _CARD4))
        y += _CARD4 + _GAP
        top_h, bottom_h = 40, 40
    frame_y0 = y
    field_y0 = y + top_h
    field_y1 = field_y0 + _FIELD6
    frame_y1 = field_y1 + bottom_h
    frame = _rect(t, _M, frame_y0, _W - _M, frame_y1)
    x_left = _M + _BORDER
    x_pts = x_left + _SIDE + _DIV
    x_right = x_pts + 6 * _PT6 + _DIV
    field = _rect(t, x_pts, field_y0, x_pts + 6 * _PT6, field_y1)
    left = _rect(t, x_left, field_y0, x_left + _SIDE, field_y1)
    right = _rect(t, x_right, field_y0, x_right + _SIDE, field_y1)
    top_strip = _rect(t, x_pts, frame_y0, x_pts + 6 * _PT6, field_y0)
    bottom_strip = _rect(t, x_pts, field_y1, x_pts + 6 * _PT6, frame_y1)
    columns = tuple(
        Column(_rect(t, x_pts + i * _PT6, field_y0 + _PAD, x_pts + (i + 1) * _PT6, field_y1 - _PAD), up=True)
        for i in range(6)
    )
    y = frame_y1 + _GAP
    if players == 2:
        bottom_card = _rect(t, _M, y, _W - _M, y + _CARD)
        cards = [bottom_card, top_card]
        y += _CARD + _GAP
        half = (field_y0 + field_y1) / 2
        caption = 34
        # Player 0 enters on the left and bears off on the right; player 1 the other way round.
        bars = (
            Stack(_rect(t, x_left, half + caption, x_left + _SIDE, field_y1 - _PAD), up=True, step=t.px(26)),
            Stack(
                _rect(t, x_right, field_y0 + _PAD, x_right + _SIDE, half - caption), up=False, step=t.px(26)
            ),
        )
        offs = (
            Stack(
                _rect(t, x_right, half + caption, x_right + _SIDE, field_y1 - _PAD), up=True, step=t.px(16)
            ),
            Stack(_rect(t, x_left, field_y0 + _PAD, x_left + _SIDE, half - caption), up=False, step=t.px(16)),
        )
    else:
        cell = _FIELD6 / 4
        bars = tuple(
            Stack(_rect(t, x_left, field_y0 + i * cell, x_left + _SIDE, field_y0 + (i + 1) * cell), True, 0)
            for i in range(4)
        )
        offs = tuple(
            Stack(_rect(t, x_right, field_y0 + i * cell, x_right + _SIDE, field_y0 + (i + 1) * cell), True, 0)
            for i in range(4)
        )
    footer = _rect(t, _M, y, _W - _M, y + _FOOT)
    height = t.px(y + _FOOT + _M)
    die = t.px(54)
    dice_centre = (t.px(_M + 16 + 54 + 5), footer.cy)
    return BoardLayout(
        kind=SIX2 if players == 2 else SIX4,
        players=players,
        perspective=0,
        width=t.px(_W),
        height=height,
        checker=t.px(_CK6),
        max_stack=5,
        frame=frame,
        field=field,
        top_strip=top_strip,
        bottom_strip=bottom_strip,
        columns=columns,
        bars=bars,
        offs=offs,
        cards=tuple(cards),
        footer=footer,
        dice=(dice_centre,) * players,
        die=die,
        side_columns=(left, right),
    )


# 24-point board: 56 px per point, checkers 52 px, five high per half, a 64 px band in the middle.
_PT24 = 56
_CK24 = 52
_HALF24 = 5 * _CK24 + 4
_MID24 = 64
_CUBE_COL = 56
_BAR24 = 56
_TRAY24 = 72
_STRIP24 = 36


def _bg_layout(t: Theme, perspective: int) -> BoardLayout:
    if perspective not in (0, 1):
        raise ValueError(f"perspective must be player 0 or 1, not {perspective}")
    bottom, top = perspective, 1 - perspective
    y = _M
    top_card = _rect(t, _M, y, _W - _M, y + _CARD)
    y += _CARD + _GAP
    frame_y0 = y
    field_y0 = y + _STRIP24
    mid_y0 = field_y0 + _HALF24
    mid_y1 = mid_y0 + _MID24
    field_y1 = mid_y1 + _HALF24
    frame_y1 = field_y1 + _STRIP24
    frame = _rect(t, _M, frame_y0, _W - _M, frame_y1)
    x_cube = _M + _BORDER
    x_left = x_cube + _CUBE_COL
    x_bar = x_left + 6 * _PT24
    x_right = x_bar + _BAR24
    x_tray = x_right + 6 * _PT24
    field = _rect(t, x_left, field_y0, x_tray, field_y1)
    top_strip = _rect(t, x_left, frame_y0, x_tray, field_y0)
    bottom_strip = _rect(t, x_left, field_y1, x_tray, frame_y1)

    def column_x(c: int) -> float:
        return x_left + c * _PT24 if c < 6 else x_right + (c - 6) * _PT24

    columns = []
    for point in range(1, 25):
        own = point_number(BG, perspective, point)
        if own <= 12:
            x0 = column_x(12 - own)
            rect = _rect(t, x0, mid_y1, x0 + _PT24, field_y1 - 2)
            columns.append(Column(rect, up=True))
        else:
            x0 = column_x(own - 13)
            rect = _rect(t, x0, field_y0 + 2, x0 + _PT24, mid_y0)
            columns.append(Column(rect, up=False))
    mid = (mid_y0 + mid_y1) / 2
    bar_column = _rect(t, x_bar, field_y0, x_right, field_y1)
    bars_by_seat = {
        # The bottom player enters into the top half, so their checkers wait in the bar's top half.
        bottom: Stack(_rect(t, x_bar, field_y0 + 2, x_right, mid - 6), up=True, step=t.px(_CK24)),
        top: Stack(_rect(t, x_bar, mid + 6, x_right, field_y1 - 2), up=False, step=t.px(_CK24)),
    }
    tray = _rect(t, x_tray, field_y0, x_tray + _TRAY24, field_y1)
    offs_by_seat = {
        bottom: Stack(
            _rect(t, x_tray + 8, mid_y1, x_tray + _TRAY24 - 8, field_y1 - 6), up=True, step=t.px(16)
        ),
        top: Stack(_rect(t, x_tray + 8, field_y0 + 6, x_tray + _TRAY24 - 8, mid_y0), up=False, step=t.px(16)),
    }
    y = frame_y1 + _GAP
    bottom_card = _rect(t, _M, y, _W - _M, y + _CARD)
    y += _CARD + _GAP
    footer = _rect(t, _M, y, _W - _M, y + _FOOT - 24)
    height = t.px(y + _FOOT - 24 + _M)
    cube_x = x_cube + _CUBE_COL / 2
    cube_size = 46
    cubes = {
        "centre": (t.px(cube_x), t.px(mid)),
        bottom: (t.px(cube_x), t.px(field_y1 - 4 - cube_size / 2)),
        top: (t.px(cube_x), t.px(field_y0 + 4 + cube_size / 2)),
    }
    dice_by_seat = {
        bottom: (t.px(x_right + 3 * _PT24), t.px(mid)),
        top: (t.px(x_left + 3 * _PT24), t.px(mid)),
    }
    cards_by_seat = {bottom: bottom_card, top: top_card}
    return BoardLayout(
        kind=BG,
        players=2,
        perspective=perspective,
        width=t.px(_W),
        height=height,
        checker=t.px(_CK24),
        max_stack=5,
        frame=frame,
        field=field,
        top_strip=top_strip,
        bottom_strip=bottom_strip,
        columns=tuple(columns),
        bars=(bars_by_seat[0], bars_by_seat[1]),
        offs=(offs_by_seat[0], offs_by_seat[1]),
        cards=(cards_by_seat[0], cards_by_seat[1]),
        footer=footer,
        dice=(dice_by_seat[0], dice_by_seat[1]),
        die=t.px(48),
        cube=(cubes["centre"], cubes[0], cubes[1]),
        offered_cube=tuple((x - t.px(70), y) for x, y in (dice_by_seat[0], dice_by_seat[1])),
        bar_column=bar_column,
        side_columns=(_rect(t, x_cube, field_y0, x_left, field_y1), tray),
    )


def point_number(kind: str, perspective: int, point: int) -> int:
    """The number drawn on absolute ``point``: on a 24-point board the ``perspective`` player's own (their
    distance from bearing off), on the 6-point boards RULES.md's absolute number."""
    return (25 - point if perspective == 0 else point) if kind == BG else point


def checker_centre(
    variant: Variant | str,
    point: int,
    index: int,
    perspective: int | None = None,
    *,
    theme: Theme = DEFAULT_THEME,
) -> tuple[int, int]:
    """Pixel centre of the ``index``-th checker (0: the one at the point's edge) on absolute ``point``.

    ``perspective`` only matters on a 24-point board (the player drawn at the bottom; default 0).
    Stacks show ``max_stack`` (5) checkers; the top one carries the count of a taller stack.
    """
    return _layout_for(variant, perspective, theme).checker_centre(point, index)


def bar_centre(
    variant: Variant | str,
    player: int,
    index: int = 0,
    perspective: int | None = None,
    *,
    theme: Theme = DEFAULT_THEME,
) -> tuple[int, int]:
    """Pixel centre of the ``index``-th checker on ``player``'s bar (multigam: the bar's one icon)."""
    layout = _layout_for(variant, perspective, theme)
    if not 0 <= player < layout.players:
        raise ValueError(f"player must be from 0 to {layout.players - 1}, not {player}")
    return layout.bar_centre(player, index)


def _layout_for(variant: Variant | str, perspective: int | None, theme: Theme) -> BoardLayout:
    kind = board_kind(variant)
    return board_layout(kind, (perspective or 0) if kind == BG else 0, theme)
