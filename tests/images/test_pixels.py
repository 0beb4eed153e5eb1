"""Pixel checks: checkers of the right colour are where the position says, and the marks are drawn.

Pixels are sampled a little off each checker's centre, on its flat face (clear of the multigam marker
and of a tall stack's count).
"""

from __future__ import annotations

import itertools

import pytest

import images
from engine import Dice, Position
from images import DEFAULT_THEME as T
from images.layout import bar_centre, board_kind, board_layout, checker_centre
from images.sprites import luminance
from tests.images.cases import (
    backgammon_cube_game,
    backgammon_double_offered,
    decode,
    game,
    minigam_game_with_hit,
    minigam_position,
    multigam_game,
)

TOLERANCE = 18


def close(a, b, tol: int = TOLERANCE) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def face(variant: str, point: int, index: int, perspective: int | None = None) -> tuple[int, int]:
    """A pixel on the flat face of a checker: a fifth of a diameter left of its centre."""
    x, y = checker_centre(variant, point, index, perspective)
    d = board_layout(board_kind(variant), perspective or 0).checker
    return (round(x - 0.22 * d), y)


def colours(players: int):
    return T.two_players if players == 2 else T.four_players


def covered_by_a_mark(pixel) -> bool:
    """Drawn over by the last play's arrow, rings or hit cross."""
    return any(close(pixel, c, 30) for c in (T.highlight, T.highlight_edge, T.hit, (255, 255, 255)))


def assert_checkers_match(
    position: Position, picture, perspective: int | None = None, *, allow_marks: bool = False
) -> None:
    """Every drawn checker shows its owner's colour and nothing more is drawn on any point; with
    ``allow_marks`` a sample under the last play's arrow is skipped (at most a few)."""
    v = position.variant
    palette = colours(v.players)
    covered = 0

    def skip(pixel) -> bool:
        """A sample hidden under a mark: not any player's colour (a wrong colour still fails)."""
        nonlocal covered
        if allow_marks and (covered_by_a_mark(pixel) or not any(close(pixel, c) for c in palette)):
            covered += 1
            return True
        return False

    for point, entry in enumerate(position.points(), start=1):
        owner, count = entry or (None, 0)
        for index in range(min(count, 5)):
            pixel = picture.getpixel(face(v.name, point, index, perspective))
            if not skip(pixel):
                assert close(pixel, palette[owner]), (
                    f"point {point} checker {index}: {pixel} is not player {owner}"
                )
        if count < 5:  # the place above the stack (an empty point's first) shows no checker
            pixel = picture.getpixel(face(v.name, point, count, perspective))
            if allow_marks and covered_by_a_mark(pixel):
                covered += 1  # under the arrow's outline, or the cross of a hit whose hitter moved on
                continue
            shows = "is empty but shows a checker" if count == 0 else f"shows more than {count} checkers"
            assert not any(close(pixel, c) for c in palette), f"point {point} {shows}"
    assert covered <= 6, f"{covered} checkers are hidden under the last play's marks"


def test_minigam_checkers_are_drawn_on_their_points() -> None:
    pos = minigam_position()
    assert_checkers_match(pos, decode(images.render(pos)))


def test_minigam_point_1_is_on_the_left_and_6_on_the_right() -> None:
    left, _ = checker_centre("minigam", 1, 0)
    right, _ = checker_centre("minigam", 6, 0)
    assert left < right


@pytest.mark.parametrize("perspective", [0, 1])
def test_backgammon_checkers_are_drawn_on_their_points(perspective: int) -> None:
    g = backgammon_cube_game()
    picture = decode(images.render(g, perspective=perspective))
    assert_checkers_match(g.position, picture, perspective)


def test_backgammon_board_turns_with_the_perspective() -> None:
    # Absolute point 1 is player 0's 24-point (top right when drawn for player 0)
    # and player 1's 1-point (bottom right when drawn for player 1).
    lay = board_layout("bg", 0)
    x0, y0 = checker_centre("backgammon", 1, 0, perspective=0)
    x1, y1 = checker_centre("backgammon", 1, 0, perspective=1)
    assert x0 > lay.field.cx
    assert y0 < lay.field.cy
    assert x1 > lay.field.cx
    assert y1 > lay.field.cy
    pos = Position.initial("backgammon")
    for perspective in (0, 1):
        picture = decode(images.render(pos, perspective=perspective))
        assert close(picture.getpixel(face("backgammon", 1, 1, perspective)), T.two_players[0])


def test_multigam_four_players_each_in_their_colour() -> None:
    g = multigam_game()
    assert_checkers_match(g.position, decode(images.render(g)))


def test_multigam_colours_stay_apart_in_greyscale() -> None:
    pos = Position.from_points("multigam", points={1: (0, 1), 2: (1, 1), 3: (2, 1), 4: (3, 1)}, bar=[4] * 4)
    grey = decode(images.render(pos)).convert("L")
    samples = [grey.getpixel(face("multigam", seat + 1, 0)) for seat in range(4)]
    ordered = sorted(samples)
    assert all(b - a >= 25 for a, b in itertools.pairwise(ordered)), samples


def test_two_player_colours_are_far_apart_in_lightness() -> None:
    light, dark = (luminance(c) for c in T.two_players)
    assert light - dark > 150


def test_every_multigam_player_has_its_own_marker() -> None:
    assert len(set(T.four_markers)) == 4
    assert "none" not in T.four_markers


def test_bar_checkers_are_drawn_in_the_players_colour() -> None:
    pos = minigam_position()  # player 0 has 3 on the bar, player 1 none
    picture = decode(images.render(pos))
    d = board_layout("six2").bar_checker
    x, y = bar_centre("minigam", 0, 0)
    assert close(picture.getpixel((round(x - 0.22 * d), y)), T.two_players[0])
    x, y = bar_centre("minigam", 1, 0)
    assert not close(picture.getpixel((round(x - 0.22 * d), y)), T.two_players[1])


def test_a_tall_stack_shows_its_count_on_the_top_checker() -> None:
    # point 3 holds 7 of player 1's (near-black) checkers: white digits on the fifth one
    tall = minigam_position()
    short = Position.from_points("minigam", turn=0, points={1: (0, 8), 3: (1, 5), 6: (1, 3)}, bar=[0, 0])

    def light_pixels(picture, point: int) -> int:
        x, y = checker_centre("minigam", point, 4)
        box = [(x + dx, y + dy) for dx in range(-12, 13) for dy in range(-14, 15)]
        return sum(1 for xy in box if luminance(picture.getpixel(xy)) > 200)

    assert light_pixels(decode(images.render(tall)), 3) > 40
    assert light_pixels(decode(images.render(short)), 3) == 0


def ring_pixel(variant: str, point: int, index: int) -> tuple[int, int]:
    """A pixel on the ring drawn around a checker: just outside its right edge."""
    x, y = checker_centre(variant, point, index)
    d = board_layout(board_kind(variant)).checker
    return (x + d // 2 + 1, y)


def test_last_play_rings_a_hitting_checker_in_red_and_the_hit_one_on_the_bar() -> None:
    g = minigam_game_with_hit()  # player 1 played bar/4* 3/off
    picture = decode(images.render(g))
    assert close(picture.getpixel(ring_pixel("minigam", 4, 0)), T.hit, 40)
    # the hit checker: player 0's top bar checker (2 on the bar, the second one is the newest)
    x, y = bar_centre("minigam", 0, 1)
    d = board_layout("six2").bar_checker
    assert close(picture.getpixel((x + d // 2 + 1, y)), T.hit, 40)
    plain = decode(images.render(g.position))
    assert not close(plain.getpixel(ring_pixel("minigam", 4, 0)), T.hit, 40)


def test_last_play_rings_the_moved_checker_and_leaves_a_ghost_where_it_was() -> None:
    g = multigam_game()  # seat 1 played bar/2 and 5/off; point 5 is now empty
    marked = decode(images.render(g))
    plain = decode(images.render(g.position))
    assert close(marked.getpixel(ring_pixel("multigam", 2, 0)), T.highlight, 40)
    assert not close(plain.getpixel(ring_pixel("multigam", 2, 0)), T.highlight, 40)
    ghost = face("multigam", 5, 0)
    assert marked.getpixel(ghost) != plain.getpixel(ghost)


def die_face_pixel(layout, player: int) -> tuple[int, int]:
    """A pip-free pixel on the first die: below its bottom row of pips."""
    cx, cy = layout.dice[player]
    die_x = cx - (layout.die + 10) / 2
    return (round(die_x), round(cy - layout.die / 2 + 0.88 * layout.die))


def test_the_roll_to_play_is_drawn_in_the_movers_colour() -> None:
    g = minigam_game_with_hit()  # player 0 to play 5-2
    picture = decode(images.render(g))
    assert close(picture.getpixel(die_face_pixel(board_layout("six2"), 0)), T.two_players[0])


def test_the_last_roll_is_drawn_faded_when_the_player_must_roll() -> None:
    g = backgammon_cube_game()  # player 0 to roll; player 1 rolled 5-4 last
    lay = board_layout("bg", 0)
    picture = decode(images.render(g))
    pixel = picture.getpixel(die_face_pixel(lay, 1))
    assert not close(pixel, T.two_players[1], 8)
    assert not close(pixel, T.field, 8)
    nothing = decode(images.render(game(g.position, events=())))
    assert close(nothing.getpixel(die_face_pixel(lay, 1)), T.field)


CUBE_FACE = (250, 248, 240)


def cube_pixel(centre: tuple[int, int]) -> tuple[int, int]:
    return (centre[0] - 14, centre[1] - 14)


def test_the_cube_sits_on_its_owners_side() -> None:
    g = backgammon_cube_game()  # cube 2 owned by player 1, drawn for player 0: at the top
    lay = board_layout("bg", 0)
    picture = decode(images.render(g))
    assert close(picture.getpixel(cube_pixel(lay.cube[2])), CUBE_FACE)
    assert not close(picture.getpixel(cube_pixel(lay.cube[0])), CUBE_FACE)
    assert not close(picture.getpixel(cube_pixel(lay.cube[1])), CUBE_FACE)
    centred = decode(images.render(game(g.position, cube=1, cube_owner=None)))
    assert close(centred.getpixel(cube_pixel(lay.cube[0])), CUBE_FACE)


def test_an_offered_double_shows_the_cube_on_the_doublers_side() -> None:
    g = backgammon_double_offered()  # player 1 doubles; drawn for player 1
    lay = board_layout("bg", 1)
    picture = decode(images.render(g, perspective=1))
    assert close(picture.getpixel(cube_pixel(lay.offered_cube[1])), CUBE_FACE)
    assert not close(picture.getpixel(cube_pixel(lay.cube[0])), CUBE_FACE)


def test_no_cube_in_backgammon_mulligan() -> None:
    pos = Position.initial("backgammon-mulligan")
    lay = board_layout("bg", 0)
    picture = decode(images.render(game(pos, dice=Dice(3, 1))))
    assert not any(close(picture.getpixel(cube_pixel(c)), CUBE_FACE) for c in lay.cube)


def test_a_resignation_offer_shows_a_white_flag_label_on_the_board() -> None:
    from tests.images.cases import backgammon_resign_offer

    g = backgammon_resign_offer()  # player 1 offers a gammon; player 1's last roll is drawn on their side
    lay = board_layout("bg", 0)
    cx, cy = lay.dice[0]
    label = decode(images.render(g)).getpixel((cx, cy - 16))
    assert close(label, CUBE_FACE, 12)
    plain = decode(images.render(game(g.position, cube=2, cube_owner=1))).getpixel((cx, cy - 16))
    assert not close(plain, CUBE_FACE, 12)


def test_a_multigam_leavers_checkers_are_drawn_faded() -> None:
    from tests.images.cases import multigam_with_a_leaver

    g = multigam_with_a_leaver()  # seat 0 resigned; their checkers stay on points 1 and 6
    before = decode(images.render(multigam_game())).getpixel(face("multigam", 1, 0))
    after = decode(images.render(g)).getpixel(face("multigam", 1, 0))
    assert close(before, T.four_players[0])
    assert not close(after, T.four_players[0])
    assert luminance(after) < luminance(before)
