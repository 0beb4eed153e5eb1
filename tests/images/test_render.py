"""The render API: PNG bytes, purity (same input, same bytes), options and clear errors."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest

import images
from engine import BAR, Game, Move, Play, Position
from images import DEFAULT_THEME, Theme
from images.layout import board_layout
from images.typeset import drawable
from tests.images.cases import (
    CASES,
    backgammon_cube_game,
    decode,
    minigam_game_with_hit,
    minigam_position,
    multigam_game,
)

ROOT = Path(__file__).resolve().parents[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk_types(png: bytes) -> list[str]:
    out, i = [], len(PNG_SIGNATURE)
    while i < len(png):
        (length,) = struct.unpack(">I", png[i : i + 4])
        out.append(png[i + 4 : i + 8].decode("ascii"))
        i += 12 + length
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_case_is_a_small_png_about_900_pixels_wide(name: str) -> None:
    state, options = CASES[name]()
    png = images.render(state, **options)
    assert png.startswith(PNG_SIGNATURE)
    assert decode(png).width == 900
    assert len(png) <= 120 * 1024


def test_the_png_carries_no_metadata_such_as_a_timestamp() -> None:
    assert set(chunk_types(images.render(minigam_game_with_hit()))) <= {"IHDR", "PLTE", "IDAT", "IEND"}


def test_the_same_input_gives_the_same_bytes_whatever_was_drawn_before() -> None:
    first = images.render(minigam_game_with_hit(), names=["Alice", "Bob"])
    images.render(backgammon_cube_game(), theme=Theme(scale=0.5))
    images.render(multigam_game())
    assert images.render(minigam_game_with_hit(), names=["Alice", "Bob"]) == first


def test_a_fresh_process_draws_the_same_bytes(tmp_path: Path) -> None:
    pos = minigam_position()
    out = tmp_path / "board.png"
    subprocess.run(
        [sys.executable, "-m", "images", "render", "--position", pos.full_id(), "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    assert out.read_bytes() == images.render(pos)


def test_a_game_read_back_from_json_draws_the_same_picture() -> None:
    g = minigam_game_with_hit()
    assert images.render(Game.from_json(g.to_json())) == images.render(g)


def test_names_change_the_picture_and_default_to_player_numbers() -> None:
    g = minigam_game_with_hit()
    default = images.render(g)
    assert images.render(g, names=["Player 1", "Player 2"]) == default
    assert images.render(g, names=["Alice", "Bob"]) != default
    assert images.render(g, names=["Alice"]) == images.render(g, names=["Alice", "Player 2"])


def test_an_explicit_last_play_replaces_the_games_own() -> None:
    g = minigam_game_with_hit()
    other = Play((Move(BAR, 5, False),), g.position)
    assert images.render(g, last_play=other) != images.render(g)


def test_names_keep_every_script_and_emoji_and_lose_only_what_no_font_has() -> None:
    for name in ("Zoë 🎲 Smith", "Ёжик", "李小龍", "محمد", "नमस्ते", "👨‍👩‍👧 family"):
        assert drawable(name) == name
    assert drawable("Ann 𓀀 Lee") == "Ann Lee"  # an Egyptian hieroglyph: in no shipped font
    g = minigam_game_with_hit()
    assert images.render(g, names=["李小龍", "Bob"]) != images.render(g, names=["", "Bob"])
    assert images.render(g, names=["𓀀", "Bob"]) == images.render(g, names=["", "Bob"])


def test_a_smaller_theme_scale_draws_a_smaller_picture() -> None:
    small = decode(images.render(backgammon_cube_game(), theme=Theme(scale=0.5)))
    assert small.width == 450


def test_theme_colours_are_used_for_the_checkers() -> None:
    from images.layout import checker_centre

    theme = Theme(two_players=((250, 0, 0), (0, 0, 250)))
    picture = decode(images.render(minigam_position(), theme=theme))
    x, y = checker_centre("minigam", 1, 0)
    r, g, b = picture.getpixel((x - 18, y))
    assert r > 200
    assert g < 40
    assert b < 40


def test_default_theme_is_the_theme_used_when_none_is_given() -> None:
    pos = minigam_position()
    assert images.render(pos, theme=DEFAULT_THEME) == images.render(pos)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"perspective": 2}, ValueError, "perspective must be a player from 0 to 1"),
        ({"perspective": -1}, ValueError, "perspective must be a player"),
        ({"theme": "dark"}, TypeError, "theme must be an images.Theme"),
        ({"names": "Alice"}, TypeError, "names must be a sequence"),
        ({"last_play": "bar/3"}, TypeError, "last_play must be an engine Play"),
        ({"last_play": Play((Move(3, 9, False),), minigam_position())}, ValueError, "not on a 6-point board"),
        ({"score": (1, 2, 3)}, ValueError, "score must be 2 whole numbers"),
        ({"score": (1, -2)}, ValueError, "score must be 2 whole numbers"),
        ({"score": "1-2"}, TypeError, "score must be a sequence"),
        ({"footer": 5}, TypeError, "footer must be a string or a sequence of strings"),
        ({"footer": ("a", "b", "c", "d")}, ValueError, "at most 3 fit"),
    ],
)
def test_bad_options_get_a_clear_error(kwargs: dict, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        images.render(minigam_position(), **kwargs)


def test_a_final_score_replaces_the_games_score_on_the_board() -> None:
    g = backgammon_cube_game()  # a match to 7 at 3-5
    assert images.render(g, score=(3, 5)) == images.render(g)
    assert images.render(g, score=(3, 7)) != images.render(g)


def test_a_footer_adds_its_lines_under_the_board() -> None:
    g = backgammon_cube_game()
    plain = decode(images.render(g))
    one = decode(images.render(g, footer="Position ID: 4HPwATDgc/ABMA"))
    two = decode(images.render(g, footer=("Position ID: 4HPwATDgc/ABMA", "Match ID: cAkAAAAAAAAA")))
    assert plain.height < one.height < two.height
    above = (0, 0, 900, board_layout("bg", 0).footer.y1)  # everything down to the footer is unchanged
    assert one.crop(above) == plain.crop(above)
    assert images.render(g, footer=()) == images.render(g)


def test_a_state_that_is_not_a_game_or_position_is_refused() -> None:
    with pytest.raises(TypeError, match="needs an engine Game or Position"):
        images.render("minigam:0:AAAA")  # type: ignore[arg-type]


def test_a_bare_position_of_every_variant_renders() -> None:
    from engine import VARIANTS

    for name in VARIANTS:
        assert decode(images.render(Position.initial(name))).width == 900


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"scale": 0}, "scale must be from 0.25 to 4"),
        ({"field": (300, 0, 0)}, "Theme.field: a colour is an"),
        ({"two_players": ((0, 0, 0),)}, "two_players must be a tuple of 2 colours"),
        ({"four_markers": ("dot", "dot", "star", "ring")}, "four_markers must be 4 of"),
        ({"font_text": 2}, "font_text must be a font size"),
    ],
)
def test_a_bad_theme_is_refused_when_made(fields: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Theme(**fields)
