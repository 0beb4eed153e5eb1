"""Mapping only the drawn boxes to the palette gives exactly the bytes of mapping the whole picture, and
plain sentences drawn word by word are the sentences Pillow draws whole."""

from __future__ import annotations

import random
import sys
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from engine import VARIANTS
from images import png, typeset
from images.png import encode_png, encode_regions, palette_rows, regions
from images.theme import DEFAULT_THEME
from tests.images.cases import CASES
from tests.images.test_property import play_random

render_module = sys.modules["images.render"]

box_strategy = st.tuples(
    st.integers(-30, 330), st.integers(-30, 230), st.integers(1, 120), st.integers(1, 90)
).map(lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3]))


def _covered(boxes, size: tuple[int, int]) -> Image.Image:
    mask = Image.new("L", size, 0)
    for x0, y0, x1, y1 in boxes:
        if x1 > x0 and y1 > y0:
            mask.paste(255, (x0, y0, x1, y1))
    return mask


@settings(max_examples=150, deadline=None)
@given(st.lists(box_strategy, max_size=40))
def test_regions_cover_every_drawn_pixel_without_overlapping(boxes) -> None:
    size = (300, 200)
    merged = regions(boxes, size)
    drawn = _covered(boxes, size)
    assert ImageChops.subtract(drawn, _covered(merged, size)).getbbox() is None
    assert all(0 <= x0 < x1 <= size[0] and 0 <= y0 < y1 <= size[1] for x0, y0, x1, y1 in merged)
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in merged)
    assert area == _covered(merged, size).histogram()[255]  # no pixel mapped twice


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(box_strategy, max_size=25))
def test_mapping_the_boxes_is_mapping_the_whole_picture(seed: int, boxes) -> None:
    """Any background, any palette, anything drawn in the boxes: the same PNG bytes; also where Pillow
    would not share a buffer's memory (the rows are then an image of their own)."""
    rng = random.Random(seed)
    background = Image.frombytes("RGB", (300, 200), rng.randbytes(300 * 200 * 3))
    palette = Image.frombytes("RGB", (64, 4), rng.randbytes(64 * 4 * 3)).quantize(256)
    picture = background.copy()
    draw = ImageDraw.Draw(picture)
    for x0, y0, x1, y1 in boxes:
        colour = tuple(rng.randrange(256) for _ in range(3))
        draw.ellipse((x0, y0, x1 - 1, y1 - 1), fill=colour)
    base = palette_rows(background.quantize(palette=palette, dither=Image.Dither.NONE))
    whole = encode_png(picture, palette, 2)
    assert encode_regions(picture, boxes, base, palette, 2) == whole
    with patch.object(png, "_maps_buffers", lambda: False):
        assert encode_regions(picture, boxes, base, palette, 2) == whole


def test_this_pillow_writes_the_rows_in_place() -> None:
    """The rows are mapped into a copy of the base's bytes that this Pillow shares with the image drawn
    on (no copy of the whole picture)."""
    assert png._maps_buffers()
    palette = Image.new("RGB", (2, 1), (200, 10, 10)).quantize(2)
    palette.putpalette([0, 0, 0, 200, 10, 10] + [0] * 762)
    background = Image.new("RGB", (5, 3), (0, 0, 0))
    base = palette_rows(background.quantize(palette=palette, dither=Image.Dither.NONE))
    picture = background.copy()
    picture.paste((200, 10, 10), (1, 1, 3, 2))
    assert encode_regions(picture, [(1, 1, 3, 2)], base, palette) == encode_png(picture, palette)


def _full_png(state, options: dict) -> bytes:
    """The picture mapped to the palette whole, as before boxes were tracked."""
    scene = render_module._scene(
        state,
        options.get("names"),
        options.get("perspective"),
        None,
        options.get("score"),
        options.get("footer"),
    )
    t = DEFAULT_THEME
    palette = render_module.palette_for(t, scene.kind)
    return encode_png(render_module.draw_scene(scene, t), palette, render_module.COMPRESS_LEVELS[scene.kind])


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_pinned_case_encodes_as_the_whole_picture(name: str) -> None:
    state, options = CASES[name]()
    assert render_module.render(state, **options) == _full_png(state, options)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_states_along_random_games_encode_as_the_whole_picture(variant: str) -> None:
    """Doubles, resignations, hits, bear-offs, names in other scripts: every part of a board drawn."""
    names = ["Zoë 🎲", "山田太郎", "محمد علي", "Bartholomew the Magnificent"]
    for seed in range(4):
        game = play_random(variant, seed, 5 + 17 * seed)
        options = {"names": names[: game.variant.players]}
        if seed % 2:
            options["footer"] = ("Position ID: 4HPwATDgc/ABMA", "Match ID: cAkAAAAAAAAA")
        assert render_module.render(game, **options) == _full_png(game, options), (variant, seed)


SENTENCES = (
    "Alice to play 6-3",
    "Bob played 6-4: 24/18 13/9*",
    "Bartholomew the Magnificent of Somewhere Far rolled 5-5 and played 8/3(2) 6/1*(2)",
    "Position ID: 4HPwATDgc/ABMA",
    "  two  spaces  between ",
)


@pytest.mark.parametrize("text", SENTENCES)
@pytest.mark.parametrize("size", [14, 18, 22, 27])
@pytest.mark.parametrize("bold", [False, True])
def test_a_sentence_by_words_is_the_sentence_drawn_whole(text: str, size: int, bold: bool) -> None:
    """From its left end, the same pixels as Pillow's; centred or from its right end, where Pillow
    rounds the half width its own way, within a pixel."""
    line = typeset.layout(text, size, bold)
    assert line.simple
    f = typeset.font(size, bold)
    assert abs(line.width - f.getlength(text)) < 1
    for anchor in ("la", "lm", "ls", "ld", "mm", "rm"):
        ours = Image.new("L", (1000, 60), 0)
        box = typeset.draw_line(ours, (500, 30), line, 255, anchor)
        pillow = Image.new("L", (1000, 60), 0)
        ImageDraw.Draw(pillow).text((500, 30), text, font=f, fill=255, anchor=anchor)
        if anchor[0] == "l":
            assert ImageChops.difference(ours, pillow).getbbox() is None, anchor
        else:
            _assert_near(ours.getbbox(), pillow.getbbox())
        assert box is not None
        assert _inside(ours.getbbox(), box)


def _assert_near(a, b) -> None:
    assert a is not None
    assert b is not None
    assert all(abs(p - q) <= 1 for p, q in zip(a, b, strict=True)), (a, b)


def test_a_sentence_at_a_fractional_place_moves_less_than_a_pixel() -> None:
    """Words start on quarter pixels: the sentence's ink stays where Pillow puts it, within a pixel."""
    text, size = SENTENCES[1], 22
    line = typeset.layout(text, size)
    for x in (100.1, 100.37, 100.5, 100.8):
        ours = Image.new("L", (800, 60), 0)
        typeset.draw_line(ours, (x, 30), line, 255, "lm")
        pillow = Image.new("L", (800, 60), 0)
        ImageDraw.Draw(pillow).text((x, 30), text, font=typeset.font(size), fill=255, anchor="lm")
        _assert_near(ours.getbbox(), pillow.getbbox())


def test_a_name_in_a_sentence_keeps_the_words_around_it_in_place() -> None:
    """A sentence with a name in another script is drawn run by run, its Latin runs word by word:
    the runs' widths add up to the width of the same runs measured whole."""
    line = typeset.layout("山田太郎 played 6-4: 24/18 13/9*", 22)
    latin = [r for r in line.runs if r.face == typeset.LATIN]
    assert latin
    assert all(abs(r.width - typeset.font(22).getlength(r.text)) < 1 for r in latin)
    picture = Image.new("L", (800, 60), 0)
    box = typeset.draw_line(picture, (10, 30), line, 255, "lm")
    assert box is not None
    assert _inside(picture.getbbox(), box)


def _inside(inner, outer) -> bool:
    return (
        inner is not None
        and outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and (inner[3] <= outer[3])
    )
