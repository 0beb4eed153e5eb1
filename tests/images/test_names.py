"""Every name drawn: names in any script and with emoji put ink in their card (not the "missing" boxes,
not the default "Player N"), and long names are shortened inside their box, never over the pips, the
score or the roll."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

import images
from images import DEFAULT_THEME as T
from images import typeset
from images.characters import clusters
from images.layout import board_layout
from images.sprites import luminance
from tests.images.cases import backgammon_cube_game, decode, minigam_game_with_hit, multigam_game

NAME_FROM = 12 + 14 + 44 + 14  # a wide card's name starts after its padding and checker icon


def name_area(picture: Image.Image, seat: int, kind: str = "six2", width: int = 330) -> Image.Image:
    """The left part of ``seat``'s wide card, where the name is written."""
    card = board_layout(kind).cards[seat]
    return picture.crop((NAME_FROM, card.y0 + 6, NAME_FROM + width, card.y1 - 6))


def ink(region: Image.Image) -> int:
    """Pixels of light text on the dark card."""
    return sum(1 for p in region.get_flattened_data() if luminance(p) > 150)


def colourful(region: Image.Image) -> int:
    """Pixels of a strong colour (the emoji), which the theme's text never has."""
    return sum(1 for r, g, b in region.get_flattened_data() if max(r, g, b) - min(r, g, b) > 90)


def drawn(name: str, seat: int = 1) -> Image.Image:
    names = ["Alice", "Bob"]
    names[seat] = name
    return name_area(decode(images.render(minigam_game_with_hit(), names=names)), seat)


@pytest.mark.parametrize("name", ["山田太郎", "김민준", "محمد علي", "דוד כהן", "नमस्ते", "สมชาย", "Ёжик"])
def test_a_name_in_any_script_puts_ink_in_its_card_not_the_default(name: str) -> None:
    shown = drawn(name)
    assert ink(shown) > 150, f"{name!r} drew almost nothing"
    assert ImageChops.difference(shown, drawn("Player 2")).getbbox() is not None


@pytest.mark.parametrize("name", ["山田太郎", "김민준", "नमस्ते"])
def test_a_name_is_not_drawn_as_missing_glyph_boxes(name: str) -> None:
    # what DejaVu alone draws for these letters: one "missing" box each
    size = T.font_title
    boxes = Image.new("L", (400, 60))
    ImageDraw.Draw(boxes).text((0, 30), name, font=typeset.font(size, True), fill=255, anchor="lm")
    ours = Image.new("RGB", (400, 60))
    typeset.draw_line(ours, (0, 30), typeset.layout(name, size, True), (255, 255, 255), "lm")
    ours_mask = ours.convert("L").point(lambda v: 255 if v > 128 else 0)
    boxes_mask = boxes.point(lambda v: 255 if v > 128 else 0)
    differ = ImageChops.difference(ours_mask, boxes_mask)
    assert sum(1 for v in differ.get_flattened_data() if v) > 200


def test_a_name_made_only_of_emoji_is_drawn_in_colour() -> None:
    shown = drawn("🎲🔥🍀")
    assert colourful(shown) > 150
    assert colourful(drawn("Bob")) == 0


def test_emoji_sequences_are_one_picture_each() -> None:
    for sequence in ("👍🏽", "🇯🇵", "👨‍👩‍👧", "1️⃣"):
        line = typeset.layout(sequence, 26)
        assert [r.face for r in line.runs] == [typeset.EMOJI], sequence
        assert clusters(sequence) == [sequence]
        if typeset.RAQM:  # shaped: drawn as one glyph about one em wide, not two or three
            assert line.width < 26 * 1.3, sequence


def test_a_right_to_left_name_reads_right_to_left() -> None:
    line = typeset.layout("אב", 26, direction="auto")
    assert line.rtl
    picture = Image.new("L", (80, 40))
    typeset.draw_line(picture, (0, 20), line, 255, "lm")
    first = Image.new("L", (80, 40))
    typeset.draw_line(first, (0, 20), typeset.layout("א", 26), 255, "lm")
    # the first letter (alef) stands on the right: the right half matches alef drawn alone, shifted
    alef_width = first.getbbox()[2]
    right_half = picture.crop((picture.getbbox()[2] - alef_width, 0, picture.getbbox()[2], 40))
    assert ImageChops.difference(right_half, first.crop((0, 0, alef_width, 40))).getbbox() is None


def test_a_character_no_font_has_is_drawn_as_its_plain_form() -> None:
    assert typeset.layout("𝓐𝓵𝓲𝓬𝓮", 26).text == "Alice"


def test_a_long_name_is_shortened_inside_its_box_and_leaves_the_rest_alone() -> None:
    g = minigam_game_with_hit()  # player 0 to play: a "to play" pill, pips and score on the card
    long = "Maximilian Alexander von Hohenzollern-Sigmaringen der Dritte 山田太郎 🎲"
    short_pic = decode(images.render(g, names=["Al", "Bob"]))
    long_pic = decode(images.render(g, names=[long, "Bob"]))
    card = board_layout("six2").cards[0]
    pill = next(
        x
        for x in range(NAME_FROM, card.x1)
        if all(
            abs(a - b) < 30 for a, b in zip(short_pic.getpixel((x, card.cy - 11)), T.highlight, strict=True)
        )
    )
    # from the pill on (the pill, the pips, the score) nothing moved
    right = (pill - 1, card.y0, card.x1, card.y1)
    assert ImageChops.difference(short_pic.crop(right), long_pic.crop(right)).getbbox() is None
    # the long name fills its room and ends in an ellipsis short of the pill
    inked = ImageChops.difference(short_pic.crop(card.box), long_pic.crop(card.box)).getbbox()
    assert inked is not None
    assert card.x0 + inked[2] < pill - 4
    room = pill - 14 - NAME_FROM
    line = typeset.fit(long, T.font_title, room, bold=True, smallest=18, direction="auto")
    assert line.text.endswith("…")
    assert room - 40 < line.width <= room


def test_a_long_name_never_hides_the_roll_or_the_play() -> None:
    g = minigam_game_with_hit()  # "Alice to play 5-2", "Bob played 3-3: bar/4* 3/off"
    long = "Bartholomew Montgomery-Featherstonehaugh the Third of Somewhere Far Away"
    from images.canvas import Canvas
    from images.panels import fit_sentence
    from images.scene import build_scene

    scene = build_scene(g, names=[long, long])
    canvas = Canvas(Image.new("RGB", (900, 100)), scene, board_layout("six2"), T)
    status = fit_sentence(canvas, scene.status_parts, 24, 560, bold=True)
    last = fit_sentence(canvas, scene.last_parts, 22, 640)
    assert status.text.endswith(" to play 5-2")
    assert "…" in status.text
    assert status.width <= 560
    assert last.text.endswith("played 3-3: bar/4* 3/off")
    assert last.width <= 640


def test_multigam_cards_shorten_names_to_their_width() -> None:
    names = ["Annabelle Featherstonehaugh", "山田太郎山田太郎山田太郎", "Cleo 🦊✨", "محمد علي عبد الله"]
    picture = decode(images.render(multigam_game(), names=names))
    lay = board_layout("six4")
    for a, b in zip(lay.cards, lay.cards[1:], strict=False):
        gap = picture.crop((a.x1 + 1, a.y0 + 10, b.x0 - 1, a.y0 + 45))
        assert all(luminance(p) < 60 for p in gap.get_flattened_data()), "a name ran out of its card"


def test_backgammon_names_and_footer_draw() -> None:
    png = images.render(
        backgammon_cube_game(),
        names=["山田太郎", "Zoë 🎲"],
        footer=("Position ID: 4HPwATDgc/ABMA", "Match ID: x"),
    )
    assert decode(png).height == board_layout("bg", 0, T, 2).height


def test_a_name_cannot_turn_the_sentence_round_or_cover_the_board() -> None:
    # a right-to-left override would reverse "to play 5-2"; a tower of marks would reach the board
    assert typeset.layout("\u202eevil", 24).text == "evil"
    zalgo = "Z" + "\u0336\u0321\u0322\u031b\u0317\u0318\u0319\u031c\u031d\u031e" * 5
    assert typeset.layout(zalgo, 24).text == "Z\u0336\u0321\u0322\u031b"
    g = minigam_game_with_hit()
    assert images.render(g, names=["\u202eAlice", "Bob"]) == images.render(g, names=["Alice", "Bob"])


def test_a_huge_name_draws_quickly_and_shortened() -> None:
    g = minigam_game_with_hit()
    assert images.render(g, names=["Ann" * 5000, "Bob"]) == images.render(g, names=["Ann" * 40, "Bob"])
