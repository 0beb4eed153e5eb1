"""Drawing a game state as a PNG: the public ``render`` and the order the parts are drawn in.

The static part of each board is drawn once per theme and board type (:mod:`images.background`) and
copied for every picture; checkers, dice and the rest are pasted on as cached sprites
(:mod:`images.pieces`, :mod:`images.marks`), the text around it set in any script
(:mod:`images.panels`, :mod:`images.typeset`), and the picture encoded as a palette PNG
(:mod:`images.png`): the background mapped to the palette once, each picture only where it was drawn on.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine import Game, Play, Position
from images import marks, panels, pieces, typeset
from images.background import background
from images.canvas import Canvas
from images.layout import BG, KINDS, SIX2, SIX4, board_layout
from images.png import Rows, encode_regions, palette_rows
from images.scene import Scene, build_scene
from images.theme import DEFAULT_THEME, Theme

COMPRESS_LEVELS = {SIX2: 2, SIX4: 2, BG: 3}
"""zlib's level per board type: the fastest that keeps the largest picture well under 60 KB (``python -m
images bench``; level 1 would put 6-point boards of two players at 58.6 KB, too near, and level 2 24-point
boards at 57.7 KB)."""


def render(
    state: Game | Position,
    *,
    names: Sequence[str] | None = None,
    perspective: int | None = None,
    last_play: Play | None = None,
    theme: Theme | None = None,
    score: Sequence[int] | None = None,
    footer: str | Sequence[str] | None = None,
) -> bytes:
    """The board of ``state`` (a :class:`~engine.Game`, or a bare :class:`~engine.Position`) as PNG bytes.

    ``names`` are the players' names in seat order, in any script and with emoji (default "Player 1", ...; a
    name with nothing drawable falls back to that too). ``perspective`` is the seat the picture is drawn for
    (default: the player to act, else the player to move): a 24-point board is turned so that player's home
    board is bottom right and numbered from their side, and the last play is written in those numbers, so the
    caption, the arrows and the numbers agree. ``last_play`` defaults to the game's last play, drawn for the
    player who made it. On 6-point boards every seat sees the same layout (RULES.md's absolute point numbers,
    point 1 on the left). ``score`` replaces the match score shown, one number per seat (the game's own is the
    score before it: pass the final score for a finished game's last board). ``footer`` is small print under
    the footer, a string or up to three lines (gnubg's Position ID and Match ID). The same input always gives
    the same bytes.
    """
    t = _check_theme(theme)
    scene = _scene(state, names, perspective, last_play, score, footer)
    canvas = draw_canvas(scene, t)
    base = paletted_background(t, scene.kind, *_background_key(scene))
    return encode_regions(
        canvas.im, canvas.dirty, base, palette_for(t, scene.kind), COMPRESS_LEVELS[scene.kind]
    )


def render_image(
    state: Game | Position,
    *,
    names: Sequence[str] | None = None,
    perspective: int | None = None,
    last_play: Play | None = None,
    theme: Theme | None = None,
    score: Sequence[int] | None = None,
    footer: str | Sequence[str] | None = None,
) -> Image.Image:
    """Like :func:`render`, but the full-colour Pillow image before PNG encoding."""
    t = _check_theme(theme)
    return draw_scene(_scene(state, names, perspective, last_play, score, footer), t)


def _scene(state, names, perspective, last_play, score, footer) -> Scene:
    return build_scene(
        state,
        names=_drawable_names(names),
        perspective=perspective,
        last_play=last_play,
        score=score,
        footer=footer,
    )


MAX_NAME = 100  # characters of a name looked at: more would be cut with an ellipsis anyway


def _drawable_names(names: Sequence[str] | None) -> list[str] | None:
    """Names with the characters no shipped font has left out; a name with nothing drawable left
    becomes the default "Player N"."""
    if names is None:
        return None
    if isinstance(names, str):
        raise TypeError("names must be a sequence of names, one per seat, not one string")
    out = []
    for name in names:
        shown = typeset.drawable("".join(typeset.clusters(str(name))[:MAX_NAME]))
        out.append(shown if any(not c.isspace() and c.isprintable() for c in shown) else "")
    return out


def _check_theme(theme: Theme | None) -> Theme:
    if theme is None:
        return DEFAULT_THEME
    if not isinstance(theme, Theme):
        raise TypeError(f"theme must be an images.Theme, not {type(theme).__name__}")
    return theme


def warm_up(theme: Theme | None = None) -> None:
    """Build everything that is cached per theme (backgrounds, pieces, palettes, fonts: about a second),
    so that the first real picture takes no longer than the others. Optional; changes no output."""
    t = _check_theme(theme)
    for kind in KINDS:
        palette_for(t, kind)
        if kind != BG:
            paletted_background(t, kind, 0, 0)
    for perspective in (0, 1):
        paletted_background(t, BG, perspective, 0)
    typeset.layout("山田 محمد नमस्ते ไทย 🎲", t.px(t.font_title), True)


@lru_cache(maxsize=16)
def palette_for(theme: Theme, kind: str) -> Image.Image:
    """The 256 colours of a board type in ``theme``: chosen once from fixed sample games that show
    every kind of piece (and names in colour emoji), so it depends only on the theme and the code."""
    from images.samples import palette_games

    frames = [draw_scene(build_scene(g, names=n), theme) for g, n in palette_games(kind)]
    sheet = Image.new("RGB", (frames[0].width, sum(f.height for f in frames)))
    y = 0
    for frame in frames:
        sheet.paste(frame, (0, y))
        y += frame.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)


@lru_cache(maxsize=32)
def paletted_background(theme: Theme, kind: str, perspective: int, notes: int) -> Rows:
    """:func:`~images.background.background` mapped to the board type's palette, as PNG rows
    (:func:`images.png.palette_rows`): at most 0.9 MB each (a 24-point board with notes)."""
    picture = background(theme, kind, perspective, notes)
    return palette_rows(picture.quantize(palette=palette_for(theme, kind), dither=Image.Dither.NONE))


def _background_key(scene: Scene) -> tuple[int, int]:
    return (scene.perspective if scene.kind == BG else 0), len(scene.notes)


# --------------------------------------------------------------------------- the whole picture


def draw_scene(scene: Scene, theme: Theme) -> Image.Image:
    """The picture of ``scene``, drawn on a copy of its background."""
    return draw_canvas(scene, theme).im


def draw_canvas(scene: Scene, theme: Theme) -> Canvas:
    """:func:`draw_scene`'s picture, with the boxes drawn in (``dirty``)."""
    perspective, notes = _background_key(scene)
    layout = board_layout(scene.kind, perspective, theme, notes)
    im = background(theme, scene.kind, perspective, notes).copy()
    canvas = Canvas(im, scene, layout, theme)
    pieces.points(canvas)
    pieces.bars(canvas)
    pieces.offs(canvas)
    if scene.kind == BG:
        pieces.cube(canvas)
    marks.last_play(canvas)
    pieces.dice(canvas)
    pieces.resignation(canvas)
    panels.cards(canvas)
    panels.footer(canvas)
    return canvas


__all__ = [
    "draw_canvas",
    "draw_scene",
    "palette_for",
    "paletted_background",
    "render",
    "render_image",
    "warm_up",
]
