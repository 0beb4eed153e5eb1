"""Drawing a :class:`~images.scene.Scene` with Pillow, and encoding it as a small PNG.

The static part of each board (frame, field, points, numbers, arrows) is drawn once per theme and
board type and copied for every picture; checkers, dice and the rest are pasted on as cached sprites.
"""

from __future__ import annotations

import io
import itertools
import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine import BAR, OFF, Game, Play, Position
from engine.notation import move_chains
from images import sprites
from images.layout import BG, SIX2, SIX4, BoardLayout, Rect, board_layout, stack_centre
from images.scene import Scene, build_scene
from images.sprites import contrast_ink, font, mix
from images.theme import DEFAULT_THEME, RGB, Theme

PNG_COMPRESS_LEVEL = 3


def render(
    state: Game | Position,
    *,
    names: Sequence[str] | None = None,
    perspective: int | None = None,
    last_play: Play | None = None,
    theme: Theme | None = None,
) -> bytes:
    """The board of ``state`` (a :class:`~engine.Game`, or a bare :class:`~engine.Position`) as PNG bytes.

    ``names`` are the players' names in seat order (default "Player 1", ...). ``perspective`` is the
    seat the picture is drawn for (default: the player to move); it turns a 24-point board so that
    player's home board is bottom right. ``last_play`` defaults to the game's last play, drawn for the
    player who made it. On 6-point boards every seat sees the same layout (RULES.md's absolute point
    numbers, point 1 on the left). The same input always gives the same bytes.
    """
    t = _check_theme(theme)
    scene = build_scene(state, names=_drawable_names(names), perspective=perspective, last_play=last_play)
    return encode_png(draw_scene(scene, t), palette_for(t, scene.kind))


def render_image(
    state: Game | Position,
    *,
    names: Sequence[str] | None = None,
    perspective: int | None = None,
    last_play: Play | None = None,
    theme: Theme | None = None,
) -> Image.Image:
    """Like :func:`render`, but the full-colour Pillow image before PNG encoding."""
    t = _check_theme(theme)
    scene = build_scene(state, names=_drawable_names(names), perspective=perspective, last_play=last_play)
    return draw_scene(scene, t)


def _drawable_names(names: Sequence[str] | None) -> list[str] | None:
    """Names with the characters the font lacks left out; a name with no letter or digit left becomes
    the default "Player N"."""
    if names is None:
        return None
    if isinstance(names, str):
        raise TypeError("names must be a sequence of names, one per seat, not one string")
    out = []
    for name in names:
        shown = sprites.drawable(str(name))
        out.append(shown if any(c.isalnum() for c in shown) else "")
    return out


def _check_theme(theme: Theme | None) -> Theme:
    if theme is None:
        return DEFAULT_THEME
    if not isinstance(theme, Theme):
        raise TypeError(f"theme must be an images.Theme, not {type(theme).__name__}")
    return theme


def encode_png(im: Image.Image, palette: Image.Image | None = None) -> bytes:
    """A palette PNG (256 colours, no metadata, so no timestamp): small, quick and repeatable.

    With ``palette`` (a mode "P" image, see :func:`palette_for`) every pixel maps to its nearest colour
    there, which is several times faster than choosing a palette for each picture.
    """
    if palette is None:
        paletted = im.quantize(256, method=Image.Quantize.FASTOCTREE)
    else:
        paletted = im.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def warm_up(theme: Theme | None = None) -> None:
    """Build everything that is cached per theme (backgrounds, pieces, palettes: about half a second),
    so that the first real picture takes no longer than the others. Optional; changes no output."""
    t = _check_theme(theme)
    for kind in (SIX2, SIX4, BG):
        palette_for(t, kind)
    for perspective in (0, 1):
        for label_player in (0, 1):
            _background(t, BG, perspective, label_player)


@lru_cache(maxsize=16)
def palette_for(theme: Theme, kind: str) -> Image.Image:
    """The 256 colours of a board type in ``theme``: chosen once from fixed sample games that show
    every kind of piece, so it depends on nothing but the theme and the drawing code."""
    from images.samples import palette_games

    frames = [draw_scene(build_scene(g), theme) for g in palette_games(kind)]
    sheet = Image.new("RGB", (frames[0].width, sum(f.height for f in frames)))
    y = 0
    for frame in frames:
        sheet.paste(frame, (0, y))
        y += frame.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)


# --------------------------------------------------------------------------- the whole picture


def draw_scene(scene: Scene, theme: Theme) -> Image.Image:
    layout = board_layout(scene.kind, scene.perspective, theme)
    label_player = scene.label_player if scene.kind == BG else 0
    im = _background(theme, scene.kind, scene.perspective if scene.kind == BG else 0, label_player).copy()
    draw = ImageDraw.Draw(im)
    painter = _Painter(im, draw, scene, layout, theme)
    painter.points()
    painter.bars()
    painter.offs()
    if scene.kind == BG:
        painter.cube()
    painter.last_play()
    painter.dice()
    painter.cards()
    painter.footer()
    return im


class _Painter:
    def __init__(
        self, im: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene, layout: BoardLayout, theme: Theme
    ):
        self.im = im
        self.draw = draw
        self.scene = scene
        self.layout = layout
        self.t = theme
        players = scene.players
        self.colours = theme.colours(players)
        self.outlines = theme.outlines(players)
        self.markers = theme.markers(players)
        self.pos = scene.position

    # ------------------------------------------------------------------ helpers
    def sprite(self, player: int, diameter: int) -> Image.Image:
        return sprites.checker(self.colours[player], self.outlines[player], self.markers[player], diameter)

    def paste_centred(self, sprite: Image.Image, cx: float, cy: float) -> None:
        self.im.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)

    def text(self, xy, text: str, size: int, colour: RGB, *, bold: bool = False, anchor: str = "la") -> None:
        self.draw.text(xy, text, font=font(size, bold), fill=colour, anchor=anchor)

    def fitted(
        self, text: str, size: int, width: int, *, bold: bool = False
    ) -> tuple[str, ImageFont.FreeTypeFont]:
        return fit_text(text, size, width, bold=bold, smallest=max(12, self.t.px(18)))

    # ------------------------------------------------------------------ checkers
    def points(self) -> None:
        lay, t = self.layout, self.t
        d = lay.checker
        for point, entry in enumerate(self.pos.points(), start=1):
            if entry is None:
                continue
            owner, count = entry
            sprite = self.sprite(owner, d)
            column = lay.columns[point - 1]
            shown = min(count, lay.max_stack)
            for i in range(shown):
                cx, cy = column.slot(i, d)
                self.paste_centred(sprite, cx, cy)
            if count > lay.max_stack:
                cx, cy = column.slot(shown - 1, d)
                size = t.px(t.font_count) if lay.kind != BG else t.px(t.font_number)
                self.text(
                    (cx, cy), str(count), size, contrast_ink(self.colours[owner]), bold=True, anchor="mm"
                )

    def bars(self) -> None:
        if self.layout.kind == SIX4:
            self._side_cells(self.layout.bars, self.pos.bar, slabs=False)
            return
        lay, t = self.layout, self.t
        d = lay.bar_checker
        for player, stack in enumerate(lay.bars):
            count = self.pos.bar[player]
            if lay.kind == SIX2:
                self._caption(stack, "BAR", count)
            if not count:
                continue
            visible = min(count, 4 if lay.kind == SIX2 else 3)
            sprite = self.sprite(player, d)
            for i in range(visible):
                self.paste_centred(sprite, *stack_centre(stack, i, d))
            if count > 1:
                cx, cy = stack_centre(stack, visible - 1, d)
                size = t.px(t.font_count) if lay.kind == SIX2 else t.px(t.font_number)
                self.text(
                    (cx, cy), str(count), size, contrast_ink(self.colours[player]), bold=True, anchor="mm"
                )

    def offs(self) -> None:
        lay, t = self.layout, self.t
        if lay.kind == SIX4:
            self._side_cells(lay.offs, self.pos.off, slabs=True)
            return
        for player, stack in enumerate(lay.offs):
            count = self.pos.off[player]
            w = stack.rect.w if lay.kind == BG else lay.checker
            h = stack.step - t.px(2)
            slab = sprites.slab(self.colours[player], self.outlines[player], w, h)
            for i in range(count):
                self.paste_centred(slab, *stack_centre(stack, i, h))
            if lay.kind == SIX2:
                self._caption(stack, "OFF", count)
            else:
                # the count sits in the tray next to the board's middle band
                tray = lay.side_columns[1]
                if count:
                    y = stack.rect.y0 - t.px(18) if stack.up else stack.rect.y1 + t.px(18)
                    self.text((tray.cx, y), str(count), t.px(t.font_number), t.text, bold=True, anchor="mm")

    def _caption(self, stack, word: str, count: int) -> None:
        """Six-point, two players: "BAR 3" / "OFF 2" next to the board's middle line."""
        t = self.t
        y = stack.rect.y0 - t.px(17) if stack.up else stack.rect.y1 + t.px(17)
        colour = t.frame_text if count else t.text_dim
        self.text((stack.rect.cx, y), f"{word} {count}", t.px(t.font_text), colour, bold=True, anchor="mm")

    def _side_cells(self, stacks, counts: Sequence[int], *, slabs: bool) -> None:
        """Multigam: one row per player in each side column: a checker (or pile of slabs) and the count."""
        t = self.t
        d = self.layout.bar_checker
        for player, stack in enumerate(stacks):
            count = counts[player]
            r = stack.rect
            icon_x = r.x0 + t.px(8) + d // 2
            if slabs:
                sw, sh, step = d, t.px(11), t.px(13)
                slab = sprites.slab(self.colours[player], self.outlines[player], sw, sh)
                base = r.cy + (step * 5) // 2
                for i in range(count):
                    self.paste_centred(slab, icon_x, base - sh // 2 - i * step)
                if not count:
                    self.draw.rounded_rectangle(
                        (icon_x - sw // 2, base - sh, icon_x + sw // 2, base),
                        radius=sh // 2,
                        outline=t.text_dim,
                    )
            else:
                sprite = self.sprite(player, d)
                if count:
                    self.paste_centred(sprite, icon_x, r.cy)
                else:
                    faded = sprite.copy()
                    faded.putalpha(sprite.getchannel("A").point(lambda a: a * 35 // 100))
                    self.paste_centred(faded, icon_x, r.cy)
            colour = t.frame_text if count else t.text_dim
            self.text((r.x1 - t.px(12), r.cy), str(count), t.px(t.font_count), colour, bold=True, anchor="rm")

    # ------------------------------------------------------------------ cube and dice
    def cube(self) -> None:
        s, t, lay = self.scene, self.t, self.layout
        if not s.has_cube:
            return
        if s.crawford:
            text, where = "CR", lay.cube[0]
        elif s.double_offered:
            # offered: the cube, turned to its new value, stands on the doubler's side of the board
            text, where = str(s.cube * 2), lay.dice[s.position.turn]
        else:
            text = "64" if s.cube == 1 and s.cube_owner is None else str(s.cube)
            where = lay.cube[0] if s.cube_owner is None else lay.cube[1 + s.cube_owner]
        size = t.px(46)
        text_size = t.px(24) if len(text) <= 2 else t.px(18)
        self.paste_centred(sprites.cube(text, size, text_size), *where)

    def dice(self) -> None:
        s, lay, t = self.scene, self.layout, self.t
        if s.dice is None or s.dice_player is None:
            return
        p = s.dice_player
        fill, edge = self.colours[p], self.outlines[p]
        pip = contrast_ink(fill)
        cx, cy = lay.dice[p]
        gap = t.px(10)
        for value, dx in ((s.dice.first, -(lay.die + gap) / 2), (s.dice.second, (lay.die + gap) / 2)):
            face = sprites.die(value, fill, pip, edge, lay.die, not s.dice_current)
            self.paste_centred(face, cx + dx, cy)

    # ------------------------------------------------------------------ the last play
    def last_play(self) -> None:
        s, lay, t = self.scene, self.layout, self.t
        play, mover = s.last_play, s.last_player
        if play is None or mover is None or not play.moves:
            return
        d = lay.checker
        left = Counter(m.src for m in play.moves)
        came = Counter(m.dst for m in play.moves)
        net = {q: came[q] - left[q] for q in set(left) | set(came)}
        starts: dict[int, list[tuple[int, int]]] = {}
        ends: dict[int, list[tuple[int, int]]] = {}
        ghost = sprites.ghost(self.colours[mover], t.highlight, d)
        hits_at = Counter(m.dst for m in play.moves if m.hit)
        hit_points = set(hits_at)
        badge_slots: dict[int, int] = {}  # where the cross goes: on the checker that hit
        for q, k in net.items():
            if q in (BAR, OFF):
                continue
            column = lay.columns[q - 1]
            here = self.pos.point(q)
            count = here[1] if here else 0
            top = lay.max_stack - 1
            if k < 0:
                slots = [min(count + i, top) for i in range(-k)]
                for i in range(count, min(count - k, lay.max_stack)):
                    self.paste_centred(ghost, *column.slot(i, d))
                starts[q] = [column.slot(i, d) for i in slots]
            elif k > 0:
                # the arrivals are the top k checkers; the first to arrive (lowest) made any hit
                slots = [max(0, min(count - 1 - i, top)) for i in range(k)]
                for n, i in enumerate(slots):
                    colour = t.hit if n >= k - hits_at[q] else t.highlight
                    ring = sprites.ring(colour, t.highlight_edge, d + t.px(8), t.px(4))
                    self.paste_centred(ring, *column.slot(i, d))
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
            path = [self._anchor(chain[0].src, mover, starts, used_start)]
            for move in chain[:-1]:
                path.append(self._anchor(move.dst, mover, {}, Counter()))
            path.append(self._anchor(chain[-1].dst, mover, ends, used_end))
            self._arrow(path, d)
        badge = sprites.hit_badge(t.hit, max(12, round(d * 0.42)))
        for q in sorted(hit_points):
            here = self.pos.point(q)
            column = lay.columns[q - 1]
            if here is None:
                # the hitting checker moved on: the cross marks the empty point where the hit was
                self.paste_centred(badge, *column.slot(0, d))
                continue
            cx, cy = column.slot(badge_slots.get(q, min(here[1], lay.max_stack) - 1), d)
            r = d / 2
            dy = -r * 0.62 if column.up else r * 0.62
            self.paste_centred(badge, cx + r * 0.68, cy + dy)
        if s.players == 2:
            victim = 1 - mover
            hits = sum(1 for m in play.moves if m.hit)
            count = self.pos.bar[victim]
            if hits and count and lay.kind != SIX4:
                d_bar = lay.bar_checker
                ring = sprites.ring(t.hit, t.highlight_edge, d_bar + t.px(8), t.px(4))
                visible = min(count, 4 if lay.kind == SIX2 else 3)
                for i in range(max(0, visible - hits), visible):
                    self.paste_centred(ring, *stack_centre(lay.bars[victim], i, d_bar))

    def _anchor(self, q: int, mover: int, table, used: Counter) -> tuple[float, float, float]:
        """Where an arrow starts or ends for point ``q`` (``BAR``/``OFF`` for the mover's bar and tray),
        and how much of the arrow to leave out there so it does not cover the checker."""
        lay, t = self.layout, self.t
        d = lay.checker
        if q == BAR:
            stack = lay.bars[mover]
            if lay.kind == SIX4:
                return (stack.rect.x1 - t.px(4), stack.rect.cy, 0.0)
            count = self.pos.bar[mover]
            visible = min(count, 4 if lay.kind == SIX2 else 3)
            x, y = stack_centre(stack, visible, lay.bar_checker)
            return (x, y, lay.bar_checker * 0.36)
        if q == OFF:
            stack = lay.offs[mover]
            if lay.kind == SIX4:
                return (stack.rect.x0 + t.px(2), stack.rect.cy, 0.0)
            n = max(0, self.pos.off[mover] - 1)
            x, y = stack_centre(stack, n, stack.step - t.px(2))
            return (x, y, float(stack.step))
        slots = table.get(q)
        if slots:
            i = min(used[q], len(slots) - 1)
            used[q] += 1
            x, y = slots[i]
        else:
            # a point passed through: the checker rested on top of the stack there
            here = self.pos.point(q)
            count = here[1] if here else 0
            x, y = lay.columns[q - 1].slot(min(count, lay.max_stack - 1), d)
        return (x, y, d * 0.5)

    def _arrow(self, path: list[tuple[float, float, float]], d: int) -> None:
        """An arrow along ``path`` from the edge of the first checker to the edge of the last, each
        leg curving towards the middle of the board so it passes over the stacks rather than through."""
        t, lay = self.t, self.layout
        stops = [path[0]]
        for p in path[1:]:
            if p[:2] != stops[-1][:2]:
                stops.append(p)
        if len(stops) < 2:
            return
        field = lay.field
        top, bottom = field.y0 + d * 0.3, field.y1 - d * 0.3
        knots: list[tuple[float, float]] = [stops[0][:2]]
        for a, b in itertools.pairwise(stops):
            if lay.kind != BG or (a[1] > field.cy and b[1] > field.cy):
                bulge = -1.0
            elif a[1] < field.cy and b[1] < field.cy:
                bulge = 1.0
            else:
                bulge = 0.0
            if bulge:
                mx, my = _bulged_middle(a[:2], b[:2], bulge * min(0.28 * _dist(a, b), 1.1 * d))
                knots.append((mx, min(max(my, top), bottom)))
            knots.append(b[:2])
        start_cut = stops[0][2] * 0.72
        end_cut = stops[-1][2] + t.px(3)
        pts = _trim(_spline(knots), start_cut, end_cut)
        if len(pts) < 2 or sum(_dist(a, b) for a, b in itertools.pairwise(pts)) < d * 0.4:
            return
        _paste_arrow(self.im, t, tuple(pts), t.highlight, t.highlight_edge, width=5, head=16)

    # ------------------------------------------------------------------ players and status
    def cards(self) -> None:
        if self.layout.kind == SIX4:
            for p in range(4):
                self._small_card(p)
        else:
            for p in range(2):
                self._wide_card(p)

    def _card_box(self, rect: Rect, active: bool) -> None:
        t = self.t
        fill = t.card_active if active else t.card
        radius = t.px(12)
        if active:
            self.draw.rounded_rectangle(rect.box, radius=radius, fill=t.highlight)
            w = t.px(3)
            inner = (rect.x0 + w, rect.y0 + w, rect.x1 - 1 - w, rect.y1 - 1 - w)
            self.draw.rounded_rectangle(inner, radius=radius - w, fill=fill)
        else:
            self.draw.rounded_rectangle(rect.box, radius=radius, fill=fill)

    def _pill(self, x: int, cy: int, text: str, *, right: bool = False) -> int:
        """A highlighted label; returns its width."""
        t = self.t
        f = font(t.px(t.font_text) - t.px(2), bold=True)
        tw = round(f.getlength(text))
        padx, h = t.px(10), t.px(30)
        x0 = x - tw - 2 * padx if right else x
        self.draw.rounded_rectangle(
            (x0, cy - h // 2, x0 + tw + 2 * padx, cy + h // 2), radius=h // 2, fill=t.highlight
        )
        self.draw.text((x0 + padx, cy), text, font=f, fill=t.highlight_edge, anchor="lm")
        return tw + 2 * padx

    def _wide_card(self, p: int) -> None:
        s, t, lay = self.scene, self.t, self.layout
        rect = lay.cards[p]
        active = s.actor == p
        self._card_box(rect, active)
        icon = t.px(44)
        x = rect.x0 + t.px(14)
        self.paste_centred(self.sprite(p, icon), x + icon / 2, rect.cy)
        x += icon + t.px(14)
        # right-hand side, right to left
        right = rect.x1 - t.px(16)
        items = [f"pips {self.pos.pip_count(p)}"]
        if s.match_target > 0:
            items.insert(0, f"score {s.match_score[p]}/{s.match_target}")
        size = t.px(t.font_text)
        for item in items:
            self.text((right, rect.cy), item, size, t.text, anchor="rm")
            right -= round(font(size).getlength(item)) + t.px(22)
        badge = s.badges[p]
        if badge:
            right -= self._pill(right, rect.cy, badge, right=True) + t.px(14)
        name, f = self.fitted(s.names[p], t.px(t.font_title), right - x, bold=True)
        self.draw.text((x, rect.cy), name, font=f, fill=t.text, anchor="lm")

    def _small_card(self, p: int) -> None:
        s, t, lay = self.scene, self.t, self.layout
        rect = lay.cards[p]
        active = s.actor == p
        self._card_box(rect, active)
        icon = t.px(38)
        pad = t.px(12)
        row1 = rect.y0 + t.px(28)
        row2 = rect.y0 + t.px(64)
        self.paste_centred(self.sprite(p, icon), rect.x0 + pad + icon / 2, row1)
        x = rect.x0 + pad + icon + t.px(10)
        name, f = self.fitted(s.names[p], t.px(t.font_text) + t.px(2), rect.x1 - pad - x, bold=True)
        self.draw.text((x, row1), name, font=f, fill=t.text, anchor="lm")
        size = t.px(t.font_text)
        place = s.places[p]
        if place is not None and place != "out":
            self.text((rect.x0 + pad, row2), place, size, t.highlight, bold=True, anchor="lm")
            words = self._place_points(p)
            if words:
                w = round(font(size, bold=True).getlength(place))
                self.text((rect.x0 + pad + w + t.px(8), row2), words, size, t.text, anchor="lm")
        elif place == "out":
            self.text((rect.x0 + pad, row2), "out", size, t.text_dim, bold=True, anchor="lm")
        else:
            self.text((rect.x0 + pad, row2), f"pips {self.pos.pip_count(p)}", size, t.text, anchor="lm")
        badge = s.badges[p]
        if badge:
            self._pill(rect.x1 - pad, row2, badge, right=True)

    def _place_points(self, p: int) -> str:
        s = self.scene
        place = s.places[p]
        v = self.pos.variant
        if place in ("1st", "2nd", "3rd", "4th") and v.placing_points:
            pts = v.placing_points[("1st", "2nd", "3rd", "4th").index(place)]
            return f"· {pts} pt" if pts == 1 else f"· {pts} pts"
        return ""

    def footer(self) -> None:
        s, t, lay = self.scene, self.t, self.layout
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
            size = t.px(t.font_text)
            self.text((right, y1), info, size, t.text_dim, anchor="rm")
            right -= round(font(size).getlength(info)) + t.px(20)
        status, f = self.fitted(s.status, t.px(t.font_title) - t.px(2), right - x, bold=True)
        self.draw.text((x, y1), status, font=f, fill=t.text, anchor="lm")
        if two_lines:
            y2 = rect.y1 - t.px(22) if lay.kind != BG else rect.y1 - t.px(16)
            last, f2 = self.fitted(s.last_text, t.px(t.font_text), rect.x1 - t.px(16) - x)
            self.draw.text((x, y2), last, font=f2, fill=t.text_dim, anchor="lm")


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
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(1, steps + 1):
            u = k / steps
            u2, u3 = u * u, u * u * u
            out.append(
                tuple(
                    0.5
                    * (
                        2 * p1[c]
                        + (-p0[c] + p2[c]) * u
                        + (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * u2
                        + (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * u3
                    )
                    for c in (0, 1)
                )
            )
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


def fit_text(
    text: str, size: int, width: int, *, bold: bool = False, smallest: int = 18
) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` in the largest size from ``size`` down to ``smallest`` that fits ``width``; cut with
    an ellipsis when even the smallest does not fit."""
    width = max(width, 10)
    for s in range(size, smallest - 1, -2):
        f = font(s, bold)
        if f.getlength(text) <= width:
            return text, f
    f = font(smallest, bold)
    cut = text
    while cut and f.getlength(cut + "…") > width:
        cut = cut[:-1]
    return (cut.rstrip() + "…") if cut else "…", f


# --------------------------------------------------------------------------- the static background


_SS = 2


@lru_cache(maxsize=32)
def _background(theme: Theme, kind: str, perspective: int, label_player: int) -> Image.Image:
    t = theme
    lay = board_layout(kind, perspective, t)
    big = Image.new("RGB", (lay.width * _SS, lay.height * _SS), t.background)
    d = ImageDraw.Draw(big)

    def box(r: Rect) -> tuple[int, int, int, int]:
        return (r.x0 * _SS, r.y0 * _SS, r.x1 * _SS - 1, r.y1 * _SS - 1)

    f = lay.frame
    d.rounded_rectangle(box(f), radius=t.px(14) * _SS, fill=t.frame_edge)
    edge = t.px(3) * _SS
    d.rounded_rectangle(
        (f.x0 * _SS + edge, f.y0 * _SS + edge, f.x1 * _SS - 1 - edge, f.y1 * _SS - 1 - edge),
        radius=t.px(11) * _SS,
        fill=t.frame,
    )
    if kind == BG:
        assert lay.bar_column is not None
        left = Rect(lay.field.x0, lay.field.y0, lay.bar_column.x0, lay.field.y1)
        right = Rect(lay.bar_column.x1, lay.field.y0, lay.side_columns[1].x0, lay.field.y1)
        for r in (left, right):
            d.rectangle(box(r), fill=t.field)
        tray = lay.side_columns[1]
        mid_top = min(c.rect.y1 for c in lay.columns if not c.up)
        mid_bottom = max(c.rect.y0 for c in lay.columns if c.up)
        inset = t.px(6)
        d.rounded_rectangle(
            box(Rect(tray.x0 + inset, tray.y0, tray.x1 - inset, mid_top)), radius=t.px(6) * _SS, fill=t.tray
        )
        d.rounded_rectangle(
            box(Rect(tray.x0 + inset, mid_bottom, tray.x1 - inset, tray.y1)),
            radius=t.px(6) * _SS,
            fill=t.tray,
        )
    else:
        d.rectangle(box(lay.field), fill=t.field)
        for col in lay.side_columns:
            d.rounded_rectangle(box(col), radius=t.px(8) * _SS, fill=t.tray)
        if kind == SIX2:
            for col in lay.side_columns:
                y = col.cy * _SS
                d.line((col.x0 * _SS + 16, y, col.x1 * _SS - 16, y), fill=t.frame, width=t.px(3) * _SS)
        else:
            for col in lay.side_columns:
                for i in range(1, 4):
                    y = round(col.y0 + col.h * i / 4) * _SS
                    d.line((col.x0 * _SS + 16, y, col.x1 * _SS - 16, y), fill=t.frame, width=t.px(2) * _SS)

    # the points
    colours = (t.point_light, t.point_dark)
    for i, col in enumerate(lay.columns):
        r = col.rect
        if kind == BG:
            screen = (r.x0 - lay.field.x0) // max(1, lay.columns[0].rect.w)
            shade = colours[(screen + (0 if col.up else 1)) % 2]
            height = r.h * 0.9
        else:
            shade = colours[i % 2]
            height = r.h * 0.86
        base = r.y1 if col.up else r.y0
        tip = base - height if col.up else base + height
        inset = 3
        d.polygon(
            [((r.x0 + inset) * _SS, base * _SS), ((r.x1 - inset) * _SS, base * _SS), (r.cx * _SS, tip * _SS)],
            fill=shade,
        )
    im = big.resize((lay.width, lay.height), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(im)
    number_font = font(t.px(t.font_number), bold=True)

    # point numbers
    if kind == BG:
        for point, col in enumerate(lay.columns, start=1):
            label = 25 - point if label_player == 0 else point
            strip = lay.bottom_strip if col.up else lay.top_strip
            draw.text((col.rect.cx, strip.cy), str(label), font=number_font, fill=t.frame_text, anchor="mm")
    else:
        strip = lay.bottom_strip
        y = strip.y0 + t.px(19)
        for point, col in enumerate(lay.columns, start=1):
            draw.text((col.rect.cx, y), str(point), font=number_font, fill=t.frame_text, anchor="mm")

    # directions of travel
    if kind == SIX2:
        colours2, outlines2 = t.colours(2), t.outlines(2)
        field = lay.field
        top = lay.top_strip
        _paste_arrow(
            im, t, ((field.x1 - t.px(30), top.cy), (field.x0 + t.px(30), top.cy)), colours2[1], outlines2[1]
        )
        bottom = lay.bottom_strip
        yb = bottom.y1 - t.px(19)
        _paste_arrow(im, t, ((field.x0 + t.px(30), yb), (field.x1 - t.px(30), yb)), colours2[0], outlines2[0])
    elif kind == SIX4:
        field = lay.field
        top = lay.top_strip
        _paste_arrow(
            im, t, ((field.x0 + t.px(30), top.cy), (field.x1 - t.px(30), top.cy)), t.frame_text, t.frame_edge
        )
        caption = font(t.px(t.font_text), bold=True)
        for col, word in zip(lay.side_columns, ("BAR", "OFF"), strict=True):
            draw.text((col.cx, top.cy), word, font=caption, fill=t.frame_text, anchor="mm")
    return im


def _paste_arrow(
    im: Image.Image, t: Theme, pts, colour: RGB, edge: RGB, *, width: float = 6, head: float = 18
) -> None:
    outline, body, corner = sprites.arrow_masks(
        tuple(pts), max(2.0, width * t.scale), max(6.0, head * t.scale), max(1.0, 2 * t.scale)
    )
    box = (corner[0], corner[1], corner[0] + body.width, corner[1] + body.height)
    im.paste(edge, box, outline)
    im.paste(colour, box, body)


__all__ = ["encode_png", "fit_text", "mix", "palette_for", "render", "render_image", "warm_up"]
