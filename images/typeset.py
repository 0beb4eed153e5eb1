"""Text in any script: every character drawn by the first shipped font that has it.

The fonts (``images/fonts``, README.txt there says where each comes from) are tried in order: DejaVu Sans
(Latin, Greek, Cyrillic, Hebrew, Arabic, ...), Noto Sans for twelve South and South-East Asian scripts,
a Noto Sans CJK subset (kana, Hangul, about 10,800 ideographs), and Twemoji in colour. Emoji go to the
emoji font first. A character no font has is drawn as its compatibility form when that is drawable
(``𝓐`` as ``A``) and left out otherwise.

A line of text is split into runs of one font each and drawn run by run on a common baseline. With
libraqm (Pillow's complex layout: shaping, ligatures, bidirectional text) the runs that need it are
shaped: Arabic joins, Devanagari conjuncts form, emoji sequences (flags, skin tones, families) become one
picture, and a right-to-left name reads right to left. Without libraqm the basic layout draws each
character on its own, right-to-left runs reversed so they still read in order. Plain Latin text takes
the basic layout always, so its pixels do not depend on libraqm.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from images.boxes import Box, union
from images.characters import base_rtl, clusters, needs_shaping, tame, wants_emoji
from images.theme import RGB

FONT_DIR = Path(__file__).resolve().parent / "fonts"
RAQM = features.check_feature("raqm")
ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Face:
    """One font of the fallback chain. ``scale`` sizes it to match DejaVu's letters; ``faux_bold``
    thickens a font that has no bold by a one-pixel stroke; a variable font's bold is its weight 700."""

    name: str
    regular: str
    bold: str | None = None
    variable: bool = False
    scale: float = 1.0
    faux_bold: bool = False
    emoji: bool = False


SCRIPTS = (  # the scripts with a Noto Sans font of their own, after DejaVu
    "Devanagari",
    "Bengali",
    "Gurmukhi",
    "Gujarati",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Thai",
    "Khmer",
    "Myanmar",
)
FACES: tuple[Face, ...] = (
    Face("DejaVu Sans", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    *(Face(f"Noto Sans {s}", f"NotoSans{s}-VF.ttf", variable=True, scale=0.94) for s in SCRIPTS),
    Face("Minigam CJK", "MinigamCJK-Regular.otf", faux_bold=True, scale=0.96),
    Face("Minigam Emoji", "MinigamEmoji.ttf", scale=0.86, emoji=True),
)
LATIN = 0
EMOJI = len(FACES) - 1
_NOTDEF = "\U0010fffd"  # a private-use character no font has: its glyph is the "missing" box


# ----------------------------------------------------------------------------------------- fonts


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px in the basic layout (identical output with or without libraqm)."""
    return face_font(LATIN, size, bold, False)


@lru_cache(maxsize=256)
def face_font(face: int, size: int, bold: bool, shaped: bool) -> ImageFont.FreeTypeFont:
    """Font ``face`` of the chain at ``size`` px (before its ``scale``); ``shaped`` takes libraqm."""
    f = FACES[face]
    path = f.bold if bold and f.bold else f.regular
    engine = ImageFont.Layout.RAQM if shaped and RAQM else ImageFont.Layout.BASIC
    loaded = ImageFont.truetype(str(FONT_DIR / path), max(1, round(size * f.scale)), layout_engine=engine)
    if f.variable and bold:
        loaded.set_variation_by_axes([700])
    return loaded


@lru_cache(maxsize=16384)
def covers(face: int, char: str) -> bool:
    """Does font ``face`` draw ``char`` (rather than its "missing" box)?"""
    f = face_font(face, 20, False, False)
    mask = f.getmask(char)
    missing = f.getmask(_NOTDEF)
    return not (mask.size == missing.size and bytes(mask) == bytes(missing))


@lru_cache(maxsize=4096)
def _face_for(cluster: str) -> int | None:
    """The first font that draws ``cluster``'s base character (emoji: the emoji font first)."""
    base = cluster[0]
    if base.isspace():
        return LATIN
    order = range(len(FACES))
    if wants_emoji(cluster):
        order = (EMOJI, *range(EMOJI))
    for face in order:
        if covers(face, base):
            return face
    return None


# ------------------------------------------------------------------------------------ lines


@dataclass(frozen=True, slots=True)
class Run:
    text: str  # in logical order
    face: int
    width: float


@dataclass(frozen=True, slots=True)
class Line:
    """A line laid out for drawing: its runs in visual order (left to right), at one size."""

    text: str  # what is drawn, in logical order (may differ from the input: shortened, cleaned)
    size: int
    bold: bool
    rtl: bool
    runs: tuple[Run, ...]

    @property
    def width(self) -> float:
        return sum(r.width for r in self.runs)

    @property
    def simple(self) -> bool:
        """One run of DejaVu that needs no shaping: drawn exactly like plain Pillow text."""
        return len(self.runs) == 1 and self.runs[0].face == LATIN and not needs_shaping(self.text)


def _resolve(text: str) -> list[tuple[str, int]]:
    """``(cluster, face)`` for each drawable cluster of ``text``; a cluster no font has is replaced
    by its compatibility form (NFKC) when that is drawable, and left out otherwise."""
    out: list[tuple[str, int]] = []
    for whole in clusters(text):
        cluster = tame(whole)
        if not cluster:
            continue
        face = _face_for(cluster)
        if face is not None:
            out.append((cluster, face))
            continue
        plain = unicodedata.normalize("NFKC", cluster)
        if plain != cluster:
            out.extend(_resolve(plain))
    return out


@lru_cache(maxsize=512)
def _resolved(text: str) -> tuple[tuple[str, int], ...]:
    """:func:`_resolve`, kept for the few sizes :func:`fit` tries."""
    return tuple(_resolve(text))


def _by_words(face: int, text: str, rtl: bool) -> bool:
    """Is this run plain DejaVu text of several words, drawn left to right without shaping? Such a run
    is measured and drawn word by word from cached words (DejaVu has no kerning across a space): a
    sentence of ours is new every turn, its words are not."""
    return face == LATIN and " " in text and not needs_shaping(text) and not (rtl and not RAQM)


WORDS_KEPT = 8192
"""Words whose width is kept (:func:`_word_length`): about 100 bytes each."""


@lru_cache(maxsize=WORDS_KEPT)
def _word_length(word: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(word)


def _words_length(text: str, size: int, bold: bool) -> float:
    words = text.split(" ")
    return sum(_word_length(w, size, bold) for w in words) + (len(words) - 1) * _word_length(" ", size, bold)


def _run_width(text: str, face: int, size: int, bold: bool, rtl: bool) -> float:
    if _by_words(face, text, rtl):
        return _words_length(text, size, bold)
    return _run_length(text, face, size, bold, rtl)


@lru_cache(maxsize=2048)
def _run_length(text: str, face: int, size: int, bold: bool, rtl: bool) -> float:
    """A run not measured by words, kept: a name in another script comes back in every sentence about
    its player, and shaping it may cost a millisecond."""
    shaped = RAQM and (face != LATIN or needs_shaping(text))
    f = face_font(face, size, bold, shaped)
    if shaped:
        width = f.getlength(text, direction="rtl" if rtl else "ltr")
    else:
        width = f.getlength(_visual(text) if rtl and not RAQM else text)
    if bold and FACES[face].faux_bold:
        width += 2 * _stroke(size)
    return width


def _visual(text: str) -> str:
    """Without libraqm: right-to-left text reversed character by character (marks kept after their
    letter), so that it at least reads in order."""
    return "".join(reversed(clusters(text)))


def _stroke(size: int) -> int:
    """The faux bold's stroke: one pixel from 22 px up (below, it blurs the strokes together)."""
    return 1 if size >= 22 else 0


@lru_cache(maxsize=2048)
def layout(text: str, size: int, bold: bool = False, direction: str = "ltr") -> Line:
    """``text`` laid out at ``size`` px: its drawable characters in runs of one font each.
    ``direction`` is the paragraph's: ``"ltr"`` (a sentence of ours, which may hold a name in any
    script), ``"rtl"``, or ``"auto"`` (a name alone: as its first strong character)."""
    if direction not in ("ltr", "rtl", "auto"):
        raise ValueError(f"direction must be 'ltr', 'rtl' or 'auto', not {direction!r}")
    resolved = _resolved(text)
    rtl = direction == "rtl" or (direction == "auto" and base_rtl("".join(c for c, _ in resolved)))
    runs: list[tuple[str, int]] = []
    for cluster, face in resolved:
        if runs and (runs[-1][1] == face or (cluster.isspace() and covers(runs[-1][1], cluster))):
            runs[-1] = (runs[-1][0] + cluster, runs[-1][1])
        else:
            runs.append((cluster, face))
    laid = [Run(t, f, _run_width(t, f, size, bold, rtl)) for t, f in runs]
    if rtl:
        laid.reverse()
    return Line("".join(c for c, _ in resolved), size, bold, rtl, tuple(laid))


def drawable(text: str) -> str:
    """``text`` without the characters no shipped font can draw, spaces tidied."""
    shown = layout(text, 20).text
    return shown if shown == text else " ".join(shown.split())


@lru_cache(maxsize=2048)
def fit(
    text: str, size: int, width: int, *, bold: bool = False, smallest: int = 18, direction: str = "ltr"
) -> Line:
    """``text`` at the largest size from ``size`` down to ``smallest`` (in steps of 2 px) that fits
    ``width`` px; at ``smallest`` cut at the end with an ellipsis, between whole characters."""
    width = max(width, 10)
    smallest = min(smallest, size)
    for s in range(size, smallest - 1, -2):
        line = layout(text, s, bold, direction)
        if line.width <= width:
            return line
    parts = clusters(layout(text, smallest, bold, direction).text)
    lo, hi = 0, len(parts)  # the longest prefix that fits, with the ellipsis: binary search
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if layout("".join(parts[:mid]).rstrip() + ELLIPSIS, smallest, bold, direction).width <= width:
            lo = mid
        else:
            hi = mid - 1
    return layout("".join(parts[:lo]).rstrip() + ELLIPSIS, smallest, bold, direction)


# ---------------------------------------------------------------------------------- drawing


def _origin(xy: tuple[float, float], line: Line, anchor: str) -> tuple[float, float]:
    """The left end of ``line``'s baseline when drawn at ``xy`` with ``anchor``."""
    x, y = xy
    horizontal, vertical = anchor[0], anchor[1]
    if horizontal == "m":
        x -= line.width / 2
    elif horizontal == "r":
        x -= line.width
    ascent, descent = font(line.size, line.bold).getmetrics()
    baseline = {"a": y + ascent, "m": y + (ascent - descent) / 2, "s": y, "d": y - descent}[vertical]
    return x, baseline


def draw_line(
    im: Image.Image, xy: tuple[float, float], line: Line, fill: RGB, anchor: str = "la"
) -> Box | None:
    """Draw ``line`` on ``im`` at ``xy`` with a Pillow text ``anchor`` (``l``/``m``/``r`` then
    ``a``/``m``/``s``/``d``, as for ``ImageDraw.text``; ascender and descender are DejaVu's). Returns
    the box it drew in (None: nothing drawn)."""
    if line.simple and " " not in line.text:
        return _paste_text(im, xy, fill, line.text, LATIN, line.size, line.bold, None, anchor)
    x, baseline = _origin(xy, line, anchor)
    if line.simple:
        baseline = xy[1] + _baseline_below(line.size, line.bold, anchor[1])
        return _paste_words(im, x, baseline, fill, line.text, line.size, line.bold)
    boxes = []
    for run in line.runs:
        face = FACES[run.face]
        shaped = RAQM and (run.face != LATIN or needs_shaping(run.text))
        direction = ("rtl" if line.rtl else "ltr") if shaped else None
        text = run.text if shaped or not line.rtl else _visual(run.text)
        if face.emoji:
            ix, iy = int(x), int(baseline)
            picture, dx, dy = _colour_glyphs(text, line.size, direction, x - ix, baseline - iy)
            if picture is not None:
                im.paste(picture, (ix + dx, iy + dy), picture.getchannel("A"))
                boxes.append((ix + dx, iy + dy, ix + dx + picture.width, iy + dy + picture.height))
        elif direction is None and _by_words(run.face, run.text, line.rtl):
            boxes.append(_paste_words(im, x, baseline, fill, run.text, line.size, line.bold))
        else:
            stroke = _stroke(line.size) if line.bold and face.faux_bold else 0
            boxes.append(
                _paste_text(
                    im, (x + stroke, baseline), fill, text, run.face, line.size, line.bold, direction, "ls"
                )
            )
        x += run.width
    return union(boxes)


@lru_cache(maxsize=64)
def _baseline_below(size: int, bold: bool, vertical: str) -> int:
    """How far below a point with the ``vertical`` anchor (``a``, ``m``, ``s``, ``d``) Pillow puts
    DejaVu's baseline: the same whole pixels as ``ImageDraw.text``."""
    f = font(size, bold)
    return f.getbbox("H", anchor="l" + vertical)[1] - f.getbbox("H", anchor="ls")[1]


def _paste_words(im, x: float, baseline: float, fill: RGB, text: str, size: int, bold: bool) -> Box | None:
    """Plain DejaVu ``text`` (see :func:`_by_words`) with its baseline's left end at (x, baseline), word
    by word; each word starts on a quarter pixel, so that a few masks per word serve every sentence."""
    space = _word_length(" ", size, bold)
    y = round(baseline * 4) / 4
    boxes = []
    for word in text.split(" "):
        if word:
            boxes.append(_paste_text(im, (round(x * 4) / 4, y), fill, word, LATIN, size, bold, None, "ls"))
            x += _word_length(word, size, bold)
        x += space
    return union(boxes)


def _paste_text(
    im, xy, fill: RGB, text: str, face: int, size: int, bold: bool, direction, anchor: str
) -> Box | None:
    """``text`` in ``fill`` at ``xy``: exactly what ``ImageDraw.text`` draws, from a cached mask."""
    x, y = xy
    ix, iy = int(x), int(y)
    mask, dx, dy = _mask(text, face, size, bold, direction, anchor, x - ix, y - iy)
    if mask is None:
        return None
    core = mask.im
    w, h = core.size
    box = (ix + dx, iy + dy, ix + dx + w, iy + dy + h)
    im.im.paste(fill, box, core)  # Image.paste's own step: its checks cost as much as the pasting
    return box


@lru_cache(maxsize=256)
def _colour_glyphs(
    text: str, size: int, direction: str | None, fx: float, fy: float
) -> tuple[Image.Image | None, int, int]:
    """Emoji drawn once in colour (RGBA, alpha as coverage) on the baseline at the fractional
    position (fx, fy): exactly what ``ImageDraw.text(..., embedded_color=True)`` pastes."""
    f = face_font(EMOJI, size, False, direction is not None)
    options: dict = {"direction": direction} if direction else {}
    core, (dx, dy) = f.getmask2(text, "RGBA", anchor="ls", start=(fx, fy), **options)
    if not core.size[0] or not core.size[1]:
        return None, 0, 0
    picture = Image.new("RGBA", core.size)
    picture.im.paste(core, (0, 0, *core.size))
    return picture, dx, dy


MASKS_KEPT = 4096
"""Text masks kept (:func:`_mask`): a word or a name, 1-3 KB each."""


@lru_cache(maxsize=MASKS_KEPT)
def _mask(
    text: str, face: int, size: int, bold: bool, direction: str | None, anchor: str, fx: float, fy: float
) -> tuple[Image.Image | None, int, int]:
    """``text`` drawn once as a coverage mask, for the fractional position (fx, fy) that FreeType
    renders at, and where the mask's corner goes relative to the whole-pixel position."""
    f = face_font(face, size, bold, direction is not None)
    stroke = _stroke(size) if bold and FACES[face].faux_bold else 0
    options: dict = {"direction": direction} if direction else {}
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor, stroke_width=stroke, **options)
    if x1 <= x0 or y1 <= y0:
        return None, 0, 0
    pad = 3
    mask = Image.new("L", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), 0)
    ImageDraw.Draw(mask).text(
        (pad - x0 + fx, pad - y0 + fy),
        text,
        font=f,
        fill=255,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255 if stroke else None,
        **options,
    )
    return mask, x0 - pad, y0 - pad
