"""A knockout tournament's bracket as PNG, in the boards' theme and fonts.

``draw_bracket(picture) -> bytes`` is a pure function: the same picture gives the same bytes.

The layout is a tall picture read left to right: a column per round, round 1 on the left, each match a card
of two lines (seed and name), joined to the match its winner goes to; the champion is named under the title.
Tall rather than two halves facing each other, because a phone shows a picture at the width of its screen:
64 players take six columns here (about 1,440 px wide), and eleven as two halves (about 2,200 px), so
the same text shows half as big again. Names are cut to fit their card with an ellipsis, never over the
next card; a winner's line is bold with a mark in the highlight colour, the loser's dimmed; a bye is
written "bye" in the dim colour; a line not known yet stays empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images import typeset
from images.png import encode_png
from images.theme import DEFAULT_THEME, Theme

MOST_PLAYERS = 128
"""The largest bracket drawn (64 players is what a phone reads; 128 still draws, taller)."""

BYE = "bye"
CHAMPION = "Champion"

CARD_WIDTH = 210  # base px: a card, its seed column included
SEED_WIDTH = 30
GAP = 30  # between two columns, where the joining lines go
LINE = 30  # a card's line
SPACE = 10  # between two cards of round 1
MARGIN = 20
NAME_SIZE = 20
SMALL_SIZE = 16
MIN_WIDTH = 560


class BracketError(ValueError):
    """A bracket that cannot be drawn: said in words, nothing drawn."""


@dataclass(frozen=True, slots=True)
class BracketSlot:
    name: str | None = None  # None: not known yet (or a bye when bye=True)
    seed: int | None = None
    bye: bool = False


@dataclass(frozen=True, slots=True)
class BracketMatch:
    top: BracketSlot
    bottom: BracketSlot
    winner: int | None = None  # 0 top, 1 bottom
    score: str = ""  # e.g. "3-1", "forfeit"


@dataclass(frozen=True, slots=True)
class BracketPicture:
    title: str
    rounds: tuple[tuple[BracketMatch, ...], ...]  # round 1 first; round r+1 has half as many matches
    champion: str | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """Where a match was drawn: its card's box, and the box of each of its two lines' names."""

    box: tuple[int, int, int, int]
    names: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]


@dataclass(frozen=True, slots=True)
class Drawn:
    """Where everything went: the cards round by round, and the champion's line (if any)."""

    cards: tuple[tuple[Card, ...], ...]
    champion: tuple[int, int, int, int] | None


def draw_bracket(picture: BracketPicture, theme: Theme | None = None) -> bytes:
    """The bracket as PNG bytes (see the module's docstring)."""
    t = theme or DEFAULT_THEME
    return encode_png(draw_bracket_image(picture, t)[0], _palette(t))


@lru_cache(maxsize=4)
def _palette(theme: Theme) -> Image.Image:
    """The 256 colours of a theme's brackets, chosen once from a small bracket that has every kind of line
    (winners, scores, a bye, the champion, names in colour emoji): mapping a big bracket to fixed colours
    takes a fifth of the time of choosing its own."""
    slot = BracketSlot
    first = (
        BracketMatch(slot("Alice", 1), BracketSlot(bye=True), 0),
        BracketMatch(slot("山田太郎 🎲", 4), slot("محمد علي 🔥", 5), 1, "5-3"),
        BracketMatch(slot("Dmitri 🍀👍🏽", 2), slot("Eve", 7), 0, "forfeit"),
        BracketMatch(slot("नमस्ते", 3), slot("Bob", 6), 0, "5-2"),
    )
    final = (BracketMatch(slot("Alice", 1), slot("Dmitri 🍀👍🏽", 2), 1, "5-4"),)
    semis = (
        BracketMatch(slot("Alice", 1), slot("محمد علي 🔥", 5), 0, "5-0"),
        BracketMatch(slot("Dmitri 🍀👍🏽", 2), slot("नमस्ते", 3), 0, "5-2"),
    )
    sample = BracketPicture("Sample 🏆", (first, semis, final), "Dmitri 🍀👍🏽")
    return draw_bracket_image(sample, theme)[0].quantize(256, method=Image.Quantize.FASTOCTREE)


def round_name(index: int, rounds: int) -> str:
    """The heading of round ``index`` (0 first) of ``rounds``."""
    left = rounds - index
    if left == 1:
        return "Final"
    if left == 2:
        return "Semi-finals"
    if left == 3:
        return "Quarter-finals"
    return f"Round {index + 1}"


def draw_bracket_image(picture: BracketPicture, theme: Theme | None = None) -> tuple[Image.Image, Drawn]:
    """The bracket as a full-colour image, and where its cards went (:class:`Drawn`)."""
    t = theme or DEFAULT_THEME
    rounds = _check(picture)
    columns = len(rounds)
    card_w, gap, line, space, margin = (t.px(v) for v in (CARD_WIDTH, GAP, LINE, SPACE, MARGIN))
    name_size, small = t.px(NAME_SIZE), t.px(SMALL_SIZE)
    title_size = t.px(t.font_title)

    width = max(t.px(MIN_WIDTH), 2 * margin + columns * card_w + (columns - 1) * gap)
    top = margin + title_size + t.px(10)
    champion_at = None
    if picture.champion is not None:
        champion_at = top
        top += name_size + t.px(18)
    top += t.px(8)
    heading_at = top
    top += small + t.px(12)
    pitch = 2 * line + space
    height = top + len(rounds[0]) * pitch - space + margin

    im = Image.new("RGB", (width, height), t.background)
    draw = ImageDraw.Draw(im)
    typeset.draw_line(
        im, (margin, margin), typeset.fit(picture.title, title_size, width - 2 * margin, bold=True), t.text
    )
    champion_box = None
    if picture.champion is not None and champion_at is not None:
        champion_box = _champion(im, t, picture.champion, margin, champion_at, width - 2 * margin, name_size)

    centres = [top + i * pitch + line for i in range(len(rounds[0]))]
    cards = []
    for r, matches in enumerate(rounds):
        x0 = margin + r * (card_w + gap)
        heading = typeset.fit(round_name(r, columns), small, card_w, bold=True, smallest=small)
        typeset.draw_line(im, (x0, heading_at), heading, t.text_dim)
        drawn = []
        for match, centre in zip(matches, centres, strict=True):
            drawn.append(_card(im, draw, t, match, x0, centre - line, card_w, line, name_size, small))
        cards.append(tuple(drawn))
        if r + 1 < columns:
            _join(draw, t, centres, x0 + card_w, gap)
            centres = [(centres[2 * i] + centres[2 * i + 1]) // 2 for i in range(len(centres) // 2)]
    return im, Drawn(tuple(cards), champion_box)


# ------------------------------------------------------------------------------------ checks


def _check(picture: BracketPicture) -> tuple[tuple[BracketMatch, ...], ...]:
    if not isinstance(picture, BracketPicture):
        raise TypeError(f"draw_bracket takes a BracketPicture, not {type(picture).__name__}")
    rounds = tuple(tuple(r) for r in picture.rounds)
    if not rounds:
        raise BracketError("a bracket has at least one round")
    first = len(rounds[0])
    if first < 1 or first & (first - 1):
        raise BracketError(f"round 1 of a bracket has a power of two matches, not {first}")
    if 2 * first > MOST_PLAYERS:
        raise BracketError(f"a bracket of {2 * first} players is too big to draw (at most {MOST_PLAYERS})")
    for r in range(1, len(rounds)):
        if len(rounds[r]) != len(rounds[r - 1]) // 2 or not rounds[r]:
            raise BracketError(
                f"round {r + 1} has {len(rounds[r])} matches; after {len(rounds[r - 1])} it has half as many"
            )
    if len(rounds[-1]) != 1:
        raise BracketError(f"a bracket ends with its final, not a round of {len(rounds[-1])} matches")
    for matches in rounds:
        for m in matches:
            if not isinstance(m, BracketMatch):
                raise TypeError(f"a round holds BracketMatch, not {type(m).__name__}")
            if m.winner not in (None, 0, 1):
                raise BracketError(f"a match's winner is 0 (top) or 1 (bottom), not {m.winner!r}")
    return rounds


# ------------------------------------------------------------------------------------ drawing


def _card(
    im: Image.Image,
    draw: ImageDraw.ImageDraw,
    t: Theme,
    match: BracketMatch,
    x0: int,
    y0: int,
    w: int,
    line: int,
    name_size: int,
    small: int,
) -> Card:
    """A match's card: two lines (seed, name), the winner marked, the score at the right."""
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + 2 * line), radius=t.px(6), fill=t.card)
    draw.line((x0 + t.px(4), y0 + line, x0 + w - t.px(4), y0 + line), fill=t.background, width=1)
    seed_w = t.px(SEED_WIDTH)
    score = typeset.fit(match.score, small, w // 3, smallest=small) if match.score else None
    names = []
    for i, slot in enumerate((match.top, match.bottom)):
        top = y0 + i * line
        middle = top + line // 2
        won = match.winner == i
        lost = match.winner is not None and not won
        if won:
            draw.rectangle((x0, top + t.px(3), x0 + t.px(4), top + line - t.px(3)), fill=t.highlight)
        if slot.seed is not None:
            seed = typeset.fit(str(slot.seed), small, seed_w - t.px(8), smallest=small)
            typeset.draw_line(im, (x0 + seed_w - t.px(4), middle), seed, t.text_dim, "rm")
        name_x = x0 + seed_w + t.px(2)
        right = x0 + w - t.px(8) - (int(score.width) + t.px(8) if score is not None and won else 0)
        if slot.bye:
            text, colour, bold = BYE, t.text_dim, False
        else:
            text, colour, bold = slot.name or "", (t.text_dim if lost else t.text), won
        if text:
            laid = typeset.fit(text, name_size, right - name_x, bold=bold, smallest=small, direction="auto")
            typeset.draw_line(im, (name_x, middle), laid, colour, "lm")
        names.append((name_x, top, right, top + line))
        if score is not None and won:
            typeset.draw_line(im, (x0 + w - t.px(8), middle), score, t.highlight, "rm")
    if score is not None and match.winner is None:  # a score without a winner yet: under the card's middle
        typeset.draw_line(im, (x0 + w - t.px(8), y0 + line), score, t.text_dim, "rm")
    return Card((x0, y0, x0 + w, y0 + 2 * line), (names[0], names[1]))


def _join(draw: ImageDraw.ImageDraw, t: Theme, centres: list[int], x: int, gap: int) -> None:
    """The lines from each pair of cards to the card of the next round between them."""
    mid = x + gap // 2
    width = max(1, t.px(2))
    for i in range(0, len(centres), 2):
        a, b = centres[i], centres[i + 1]
        draw.line((x, a, mid, a), fill=t.text_dim, width=width)
        draw.line((x, b, mid, b), fill=t.text_dim, width=width)
        draw.line((mid, a, mid, b), fill=t.text_dim, width=width)
        draw.line((mid, (a + b) // 2, x + gap, (a + b) // 2), fill=t.text_dim, width=width)


def _champion(
    im: Image.Image, t: Theme, name: str, x: int, y: int, width: int, size: int
) -> tuple[int, int, int, int]:
    """The champion's line: a pill in the highlight colour saying so, then the name."""
    draw = ImageDraw.Draw(im)
    label = typeset.layout(CHAMPION, size, True)
    pad = t.px(10)
    pill = (x, y, x + int(label.width) + 2 * pad, y + size + t.px(12))
    draw.rounded_rectangle(pill, radius=(pill[3] - pill[1]) // 2, fill=t.highlight)
    middle = (pill[1] + pill[3]) // 2
    typeset.draw_line(im, (x + pad, middle), label, t.highlight_edge, "lm")
    name_x = pill[2] + t.px(12)
    laid = typeset.fit(name, size, x + width - name_x, bold=True, direction="auto")
    typeset.draw_line(im, (name_x, middle), laid, t.text, "lm")
    return (name_x, pill[1], x + width, pill[3])


__all__ = [
    "MOST_PLAYERS",
    "BracketError",
    "BracketMatch",
    "BracketPicture",
    "BracketSlot",
    "Card",
    "Drawn",
    "draw_bracket",
    "draw_bracket_image",
    "round_name",
]
