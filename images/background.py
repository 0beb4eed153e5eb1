"""The static part of each board (frame, field, points, numbers, directions of travel, the players'
cards), drawn once per theme, board type, perspective and height, and copied for every picture."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from images.arrows import paste_arrow
from images.layout import BG, SIX2, SIX4, Rect, board_layout, point_number
from images.theme import Theme
from images.typeset import font

_SS = 2  # drawn at twice the size and scaled down: smooth edges


@lru_cache(maxsize=32)
def background(theme: Theme, kind: str, perspective: int, notes: int = 0) -> Image.Image:
    """The empty board, drawn for ``perspective`` (a 24-point board turned and numbered for that player);
    ``notes`` lines of footer notes make the picture taller."""
    t = theme
    lay = board_layout(kind, perspective, t, notes)
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
            label = point_number(kind, perspective, point)
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
        paste_arrow(
            im, t, ((field.x1 - t.px(30), top.cy), (field.x0 + t.px(30), top.cy)), colours2[1], outlines2[1]
        )
        bottom = lay.bottom_strip
        yb = bottom.y1 - t.px(19)
        paste_arrow(im, t, ((field.x0 + t.px(30), yb), (field.x1 - t.px(30), yb)), colours2[0], outlines2[0])
    elif kind == SIX4:
        field = lay.field
        top = lay.top_strip
        paste_arrow(
            im, t, ((field.x0 + t.px(30), top.cy), (field.x1 - t.px(30), top.cy)), t.frame_text, t.frame_edge
        )
        caption = font(t.px(t.font_text), bold=True)
        for col, word in zip(lay.side_columns, ("BAR", "OFF"), strict=True):
            draw.text((col.cx, top.cy), word, font=caption, fill=t.frame_text, anchor="mm")

    # the players' cards as they are when it is not their turn (images.panels draws the one whose
    # turn it is over its card): drawn last and exactly as on the picture, so the same pixels
    for rect in lay.cards:
        draw.rounded_rectangle(rect.box, radius=card_radius(t), fill=t.card)
    return im


def card_radius(t: Theme) -> int:
    return t.px(12)
