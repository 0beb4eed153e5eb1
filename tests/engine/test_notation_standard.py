"""Backgammon notation as players write it (the standard short form gnubg, XG and BGBlitz show) and
the forms players type: long and short forms, 25 for the bar, 0 for off, ``24-18``, ``8/6(2)``;
autocomplete's matching of typed text to plays. (Every play of gnubg's own lists is compared in
test_gnubg.py.)"""

from __future__ import annotations

import pytest

from engine import Dice, Game, InvalidPlayError, Position
from engine.notation import format_play, matching_plays
from tests.engine.helpers import pos

OPENING = Position.initial("backgammon", 0)


def bg(mine: dict[int, int], theirs: dict[int, int], bar: tuple[int, int] = (0, 0)) -> Position:
    """Player 0 on roll; both sides given in their own numbering (player 0's q is absolute 25 - q,
    player 1's q is absolute q)."""
    points = {25 - q: (0, n) for q, n in mine.items()}
    points.update({q: (1, n) for q, n in theirs.items()})
    return pos("backgammon", 0, points, bar=bar)


def written(position: Position, dice: tuple[int, int], text: str) -> str:
    return position.format_play(position.parse_play(Dice(*dice), text))


@pytest.mark.parametrize(
    ("dice", "typed", "standard"),
    [
        ((6, 4), "24/18 18/14", "24/14"),  # one checker, no hit on the way: one move
        ((5, 5), "13/8 8/3 13/8 13/8", "13/3 13/8(2)"),
        ((5, 5), "13/8/3 13/8/3", "13/3(2)"),
        ((1, 1), "8/7 8/7 6/5 6/5", "8/7(2) 6/5(2)"),
        ((2, 2), "13/11 13/11 6/4 6/4", "13/11(2) 6/4(2)"),
        ((6, 5), "24/18 13/8", "24/18 13/8"),  # the back checker first
        ((6, 5), "13/8 24/18", "24/18 13/8"),
        ((3, 1), "6/5 8/5", "8/5 6/5"),
    ],
)
def test_opening_plays_in_the_standard_short_form(dice, typed, standard):
    assert written(OPENING, dice, typed) == standard


def test_a_hit_is_marked_and_a_hit_on_the_way_keeps_its_point():
    # Player 1 has blots on player 0's 18 and 7 points (absolute 7 and 18 for player 1's own 7/18).
    p = bg({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 7: 1, 3: 13})
    assert written(p, (6, 5), "13/7*/2") == "13/7*/2"
    assert written(p, (6, 5), "24/18* 13/8") == "24/18* 13/8"
    assert written(p, (6, 1), "13/7* 8/7") == "13/7* 8/7"
    # both checkers pass the point where the first one hit: gnubg counts the same path twice
    assert written(p, (6, 6), "24/18*/12 24/18/12") == "24/18*/12(2)"


def test_bar_and_off_are_words_and_may_be_typed_as_25_and_0():
    p = bg({6: 2, 5: 3}, {1: 2, 2: 2, 13: 11}, bar=(1, 0))
    assert written(p, (3, 1), "25/22 6/5") == "bar/22 6/5"
    home = bg({6: 2, 5: 3}, {13: 15})
    assert written(home, (6, 5), "6/0 5/0") == "6/off 5/off"
    assert written(home, (6, 6), "6/off(2) 5/off(2)") == "6/off(2) 5/off(2)"


@pytest.mark.parametrize("typed", ["24-18 13-8", "24/18 13/8", "13/8 24/18", "24/18, 13/8", "18-24 8-13"])
def test_a_dash_joins_the_ends_of_a_move(typed):
    assert written(OPENING, (6, 5), typed) == "24/18 13/8"


def test_25_and_0_are_only_the_bar_and_off_in_backgammon_numbering():
    with pytest.raises(InvalidPlayError, match=r"there is no point 26.*25 is the bar and 0 is off"):
        OPENING.parse_play(Dice(6, 5), "26/20")
    minigam = Position.initial("minigam")
    with pytest.raises(InvalidPlayError, match="there is no point 0"):
        minigam.parse_play(Dice(3, 2), "bar/0")


def test_the_six_point_games_keep_their_chains():
    minigam = Position.initial("minigam")
    assert minigam.format_play(minigam.parse_play(Dice(3, 2), "bar/3/5")) == "bar/3/5"


# ------------------------------------------------------------------ autocomplete


def test_autocomplete_finds_the_counted_form_when_that_is_the_play():
    plays = matching_plays(OPENING, Dice(1, 1), "8/7(2)")
    assert "8/7(2) 6/5(2)" in plays
    assert all("8/7(2)" in play for play in plays)
    assert matching_plays(OPENING, Dice(1, 1), "8/7(2) 6/5(2)")[0] == "8/7(2) 6/5(2)"
    assert "8/7(2) 6/5(2)" in matching_plays(OPENING, Dice(1, 1), "8/7(")
    assert "8/7(2) 6/5(2)" in matching_plays(OPENING, Dice(1, 1), "8/7 8/7 ")


def test_autocomplete_reads_long_forms_25_0_and_dashes():
    assert matching_plays(OPENING, Dice(6, 4), "24/18 18/14")[0] == "24/14"
    assert "24/14" in matching_plays(OPENING, Dice(6, 4), "24-18 ")
    assert set(matching_plays(OPENING, Dice(6, 4), "24/18 ")) >= {"24/14", "24/18 13/9", "24/18 8/4"}
    assert "24/14" not in matching_plays(OPENING, Dice(6, 4), "13/7 ")
    p = bg({6: 2, 5: 3}, {1: 2, 2: 2, 13: 11}, bar=(1, 0))
    every = {"bar/21", "bar/22 6/5", "bar/22 5/4"}
    assert {p.format_play(play) for play in p.legal_plays(Dice(3, 1))} == every
    assert set(matching_plays(p, Dice(3, 1), "25/22 ")) == every  # bar/21 is bar/22 22/21
    assert matching_plays(p, Dice(3, 1), "25/21") == ["bar/21"]
    assert matching_plays(p, Dice(3, 1), "25/22 6/") == ["bar/22 6/5"]
    assert matching_plays(p, Dice(3, 1), "6/5 ") == ["bar/22 6/5"]


def test_autocomplete_of_nothing_is_every_play_and_of_nonsense_is_none():
    every = [OPENING.format_play(p) for p in OPENING.legal_plays(Dice(6, 5))]
    assert matching_plays(OPENING, Dice(6, 5), "") == every
    assert matching_plays(OPENING, Dice(6, 5), "  ") == every
    assert matching_plays(OPENING, Dice(6, 5), "xyz ") == []
    assert matching_plays(OPENING, Dice(6, 5), "23/17 ") == []  # no checker there
    assert matching_plays(OPENING, Dice(6, 5), "٣") == []


def test_a_play_is_written_in_another_players_numbers_for_a_board_drawn_for_them():
    game = Game(Position.initial("backgammon", 1), dice=Dice(6, 5))  # player 1 runs a back checker
    play = game.position.parse_play(Dice(6, 5), "24/13")

    assert game.position.format_play(play) == "24/13"
    assert format_play(game.position, play, numbered_for=1) == "24/13"
    assert format_play(game.position, play, numbered_for=0) == "1/12"  # bar and off stay bar and off
    hit = Position.from_points("backgammon", turn=0, points={1: (0, 2), 7: (1, 1), 19: (0, 13)}, bar=[0, 14])
    hitting = hit.parse_play(Dice(6, 5), "24/18*/13")
    assert format_play(hit, hitting, numbered_for=1) == "1/7*/12"
