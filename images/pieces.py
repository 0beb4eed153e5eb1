"""The pieces on the board: checkers on the points, the bars and borne-off trays, the dice, the cube and
the offers waiting for an answer (a double, a resignation)."""

from __future__ import annotations

from collections.abc import Sequence

from images import sprites
from images.canvas import Canvas
from images.layout import BG, SIX2, SIX4, Stack, stack_centre
from images.scene import RESIGN_WORDS
from images.sprites import contrast_ink


def points(c: Canvas) -> None:
    lay, t = c.layout, c.t
    d = lay.checker
    for point, entry in enumerate(c.pos.points(), start=1):
        if entry is None:
            continue
        owner, count = entry
        sprite = c.sprite(owner, d)
        column = lay.columns[point - 1]
        shown = min(count, lay.max_stack)
        for i in range(shown):
            cx, cy = column.slot(i, d)
            c.paste_centred(sprite, cx, cy)
        if count > lay.max_stack:
            cx, cy = column.slot(shown - 1, d)
            size = t.px(t.font_count) if lay.kind != BG else t.px(t.font_number)
            c.text((cx, cy), str(count), size, contrast_ink(c.colours[owner]), bold=True, anchor="mm")


def bars(c: Canvas) -> None:
    if c.layout.kind == SIX4:
        _side_cells(c, c.layout.bars, c.pos.bar, slabs=False)
        return
    lay, t = c.layout, c.t
    d = lay.bar_checker
    for player, stack in enumerate(lay.bars):
        count = c.pos.bar[player]
        if lay.kind == SIX2:
            _caption(c, stack, "BAR", count)
        if not count:
            continue
        visible = min(count, 4 if lay.kind == SIX2 else 3)
        sprite = c.sprite(player, d)
        for i in range(visible):
            c.paste_centred(sprite, *stack_centre(stack, i, d))
        if count > 1:
            cx, cy = stack_centre(stack, visible - 1, d)
            size = t.px(t.font_count) if lay.kind == SIX2 else t.px(t.font_number)
            c.text((cx, cy), str(count), size, contrast_ink(c.colours[player]), bold=True, anchor="mm")


def offs(c: Canvas) -> None:
    lay, t = c.layout, c.t
    if lay.kind == SIX4:
        _side_cells(c, lay.offs, c.pos.off, slabs=True)
        return
    for player, stack in enumerate(lay.offs):
        count = c.pos.off[player]
        w = stack.rect.w if lay.kind == BG else lay.checker
        h = stack.step - t.px(2)
        slab = sprites.slab(c.colours[player], c.outlines[player], w, h)
        for i in range(count):
            c.paste_centred(slab, *stack_centre(stack, i, h))
        if lay.kind == SIX2:
            _caption(c, stack, "OFF", count)
        elif count:
            # the count sits in the tray next to the board's middle band
            tray = lay.side_columns[1]
            y = stack.rect.y0 - t.px(18) if stack.up else stack.rect.y1 + t.px(18)
            c.text((tray.cx, y), str(count), t.px(t.font_number), t.text, bold=True, anchor="mm")


def _caption(c: Canvas, stack: Stack, word: str, count: int) -> None:
    """Six-point, two players: "BAR 3" / "OFF 2" next to the board's middle line."""
    t = c.t
    y = stack.rect.y0 - t.px(17) if stack.up else stack.rect.y1 + t.px(17)
    colour = t.frame_text if count else t.text_dim
    c.text((stack.rect.cx, y), f"{word} {count}", t.px(t.font_text), colour, bold=True, anchor="mm")


def _side_cells(c: Canvas, stacks: Sequence[Stack], counts: Sequence[int], *, slabs: bool) -> None:
    """Multigam: one row per player in each side column: a checker (or pile of slabs) and the count."""
    t = c.t
    d = c.layout.bar_checker
    for player, stack in enumerate(stacks):
        count = counts[player]
        r = stack.rect
        icon_x = r.x0 + t.px(8) + d // 2
        if slabs:
            sw, sh, step = d, t.px(11), t.px(13)
            slab = sprites.slab(c.colours[player], c.outlines[player], sw, sh)
            base = r.cy + (step * 5) // 2
            for i in range(count):
                c.paste_centred(slab, icon_x, base - sh // 2 - i * step)
            if not count:
                c.rounded((icon_x - sw // 2, base - sh, icon_x + sw // 2, base), sh // 2, outline=t.text_dim)
        elif count:
            c.paste_centred(c.sprite(player, d), icon_x, r.cy)
        else:
            c.paste_centred(
                sprites.faded_checker(c.colours[player], c.outlines[player], c.markers[player], d),
                icon_x,
                r.cy,
            )
        colour = t.frame_text if count else t.text_dim
        c.text((r.x1 - t.px(12), r.cy), str(count), t.px(t.font_count), colour, bold=True, anchor="rm")


def dice(c: Canvas) -> None:
    s, lay, t = c.scene, c.layout, c.t
    if s.dice is None or s.dice_player is None:
        return
    p = s.dice_player
    fill, edge = c.colours[p], c.outlines[p]
    pip = contrast_ink(fill)
    cx, cy = lay.dice[p]
    gap = t.px(10)
    for value, dx in ((s.dice.first, -(lay.die + gap) / 2), (s.dice.second, (lay.die + gap) / 2)):
        face = sprites.die(value, fill, pip, edge, lay.die, not s.dice_current)
        c.paste_centred(face, cx + dx, cy)


# ------------------------------------------------------------------------------ the cube, offers


def cube(c: Canvas) -> None:
    """The cube: centred (64 up) or on its owner's side showing its value; "CR" in the Crawford game.
    An offered double turns the cube to its new value beside the doubler, with "take or drop?"."""
    s, t, lay = c.scene, c.t, c.layout
    if not s.has_cube:
        return
    size = t.px(46)
    if s.double_offered:
        value = str(s.cube * 2)
        cx, cy = lay.offered_cube[s.position.turn]
        c.paste_centred(sprites.cube(value, size, _cube_text(t, value)), cx, cy)
        _label(c, cx + size / 2 + t.px(16), cy, "take or drop?")
        return
    if s.crawford:
        value, where = "CR", lay.cube[0]
    else:
        value = "64" if s.cube == 1 and s.cube_owner is None else str(s.cube)
        where = lay.cube[0] if s.cube_owner is None else lay.cube[1 + s.cube_owner]
    c.paste_centred(sprites.cube(value, size, _cube_text(t, value)), *where)


def _cube_text(t, value: str) -> int:
    return t.px(24) if len(value) <= 2 else t.px(18)


def resignation(c: Canvas) -> None:
    """An offer to resign waiting for its answer: a white flag and what it offers, in the resigner's
    half of the middle band (the other half if the resigner's dice are there)."""
    s, t, lay = c.scene, c.t, c.layout
    if s.resign_offer is None:
        return
    loser, level = s.resign_offer
    side = loser if s.dice is None or s.dice_player != loser else 1 - loser
    points = level * s.cube
    # two lines, so that no word is cut: what is resigned, then what it is worth
    what = c.fitted(
        f"resigns {RESIGN_WORDS.get(level, 'the game')}", t.px(t.font_text) - t.px(2), t.px(270), bold=True
    )
    worth = c.fitted(f"{points} point" + ("" if points == 1 else "s"), t.px(t.font_text) - t.px(4), t.px(270))
    cx, cy = lay.dice[side]
    flag = sprites.flag(t.px(30), t.highlight_edge)
    width = flag.width + t.px(8) + max(what.width, worth.width)
    x0 = cx - width / 2
    c.rounded(
        (x0 - t.px(12), cy - t.px(28), x0 + width + t.px(12), cy + t.px(28)), t.px(20), fill=(250, 248, 240)
    )
    c.paste_centred(flag, x0 + flag.width / 2, cy)
    c.line((x0 + flag.width + t.px(8), cy - t.px(11)), what, t.highlight_edge, "lm")
    c.line((x0 + flag.width + t.px(8), cy + t.px(13)), worth, t.highlight_edge, "lm")


def _label(c: Canvas, x: float, cy: float, words: str) -> None:
    """A highlighted pill starting at ``x``."""
    t = c.t
    line = c.fitted(words, t.px(t.font_text) - t.px(2), t.px(200), bold=True)
    padx, h = t.px(10), t.px(30)
    c.rounded((x, cy - h // 2, x + line.width + 2 * padx, cy + h // 2), h // 2, fill=t.highlight)
    c.line((x + padx, cy), line, t.highlight_edge, "lm")
