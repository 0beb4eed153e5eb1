"""Notation as RULES.md says: bar/3 5/off, either order of the ends, chains, repeat counts, * for hits,
backgammon in each player's own numbering; specific errors that quote the input and list legal plays."""

from __future__ import annotations

import pytest

from engine import (
    BAR,
    OFF,
    AmbiguousPlayError,
    Dice,
    IllegalPlayError,
    IncompletePlayError,
    InvalidPlayError,
    Move,
    PlayError,
    Position,
)
from engine.notation import format_moves
from tests.engine.helpers import pos

# ------------------------------------------------------------------ writing


def test_single_moves_are_from_slash_to_with_bar_and_off():
    p = pos("minigam", 0, {5: (0, 1)}, bar=(1, 0))
    assert p.format_move(Move(BAR, 3)) == "bar/3"
    assert p.format_move(Move(5, OFF)) == "5/off"
    assert p.format_move(Move(2, 4, hit=True)) == "2/4*"


def test_a_checker_moved_twice_is_written_as_a_chain():
    p = Position.initial("minigam")
    play = p.parse_play(Dice(3, 2), "bar/5")
    assert p.format_play(play) in {"bar/3/5", "bar/2/5"}
    assert len(play.moves) == 2


def test_repeated_moves_get_a_count():
    p = pos("minigam", 0, {6: (0, 2)})
    (play,) = p.legal_plays(Dice(1, 1))
    assert p.format_play(play) == "6/off(2)"
    assert p.format_play(Position.initial("minigam").parse_play(Dice(1, 1), "bar/1 bar/1")) == "bar/1(2)"


def test_hits_are_marked_in_chains():
    p = pos("minigam", 0, {3: (1, 1)}, bar=(8, 0))
    play = p.parse_play(Dice(3, 2), "bar/3*/5")
    assert p.format_play(play) == "bar/3*/5"


def test_the_machine_interface_lists_single_moves():
    p = Position.initial("minigam")
    play = p.parse_play(Dice(3, 2), "bar/3/5")
    assert format_moves(p, play.moves) == ["bar/3", "3/5"]


def test_a_pass_is_written_no_move():
    p = pos("minigam", 0, {1: (0, 1), 2: (1, 2), 3: (1, 2)}, bar=(7, 0))
    (play,) = p.legal_plays(Dice(2, 2))
    assert p.format_play(play) == "(no move)"


@pytest.mark.parametrize("turn", [0, 1])
def test_backgammon_is_written_in_the_movers_own_numbering(turn):
    # The opening run with 6-5 is 24/13 for both players, from absolute 1 (player 0) or 24 (player 1).
    p = Position.initial("backgammon", turn)
    play = p.parse_play(Dice(6, 5), "24/13")
    assert p.format_play(play) == "24/13"  # the standard short form: no hit on the way
    start, end = (1, 12) if turn == 0 else (24, 13)
    assert play.moves[0].src == start
    assert play.moves[-1].dst == end
    assert format_moves(p, play.moves)[0].startswith("24/")


def test_minigam_player_1_writes_absolute_points_downwards():
    p = Position.initial("minigam", 1)
    play = p.parse_play(Dice(3, 1), "bar/4 bar/6")
    assert sorted(format_moves(p, play.moves)) == ["bar/4", "bar/6"]
    assert p.format_play(p.parse_play(Dice(3, 1), "bar/3")) in {"bar/4/3", "bar/6/3"}


# ------------------------------------------------------------------ reading

# Used below: player 0 with 2 on the bar and a checker on 5; player 1 has a blot on 2.
#   1    2    3    4    5    6
#   .   1x1   .    .   0x1   .      bar 2, 0; off 5, 7
READING = {5: (0, 1), 2: (1, 1)}
READING_BAR = (2, 0)


@pytest.mark.parametrize(
    "text",
    [
        "bar/3 5/off",
        "5/off bar/3",  # any order of moves
        "3/bar off/5",  # either order of the two ends (only one direction is possible)
        "BAR/3   5/OFF",
        "bar/3, 5/off",
    ],
)
def test_the_same_play_in_different_writings(text):
    p = pos("minigam", 0, READING, bar=READING_BAR)
    expected = p.parse_play(Dice(3, 2), "bar/3 5/off").result
    assert p.parse_play(Dice(3, 2), text).result == expected


def test_a_chain_and_a_single_long_move_are_the_same_play():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    a = p.parse_play(Dice(3, 2), "bar/3/5")
    b = p.parse_play(Dice(3, 2), "5/3/bar")
    c = p.parse_play(Dice(3, 2), "bar/5")  # no * : the path that hits nothing (bar/3/5)
    assert a.result == b.result == c.result
    assert not any(m.hit for m in c.moves)


def test_a_star_picks_the_hitting_path():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    play = p.parse_play(Dice(3, 2), "bar/2*/5")
    assert play.result.bar == (1, 1)
    assert p.parse_play(Dice(3, 2), "bar/2*/5").result != p.parse_play(Dice(3, 2), "bar/5").result


def test_stars_are_optional_when_the_play_is_clear():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    assert p.parse_play(Dice(3, 2), "bar/2 bar/3").result == p.parse_play(Dice(3, 2), "bar/2* bar/3").result


def test_repeat_counts():
    p = Position.initial("minigam-strict")
    assert (
        p.parse_play(Dice(2, 2), "bar/2(2) bar/4").result
        == p.parse_play(Dice(2, 2), "bar/2 bar/2 bar/4").result
    )


def test_backgammon_both_checkers_enter_before_either_moves_on():
    # Player 0: 2 on the bar, 13 on own 6. 5-5: gnubg writes bar/15(2): bar/20 bar/20 20/15 20/15.
    p = pos("backgammon", 0, {19: (0, 13), 6: (1, 15)}, bar=(2, 0))
    play = p.parse_play(Dice(5, 5), "bar/15(2)")
    assert play.result.point(10) == (0, 2)  # own 15 is absolute 10
    assert play.result.bar == (0, 0)


def test_reversed_backgammon_move():
    p = Position.initial("backgammon")
    assert p.parse_play(Dice(6, 5), "13/24").result == p.parse_play(Dice(6, 5), "24/13").result


def test_the_pass_words_are_accepted_only_for_a_pass():
    p = pos("minigam", 0, {1: (0, 1), 2: (1, 2), 3: (1, 2)}, bar=(7, 0))
    for word in ["pass", "", "(no move)", "none"]:
        assert p.parse_play(Dice(2, 2), word).moves == ()
    with pytest.raises(IllegalPlayError, match="the turn passes"):
        p.parse_play(Dice(2, 2), "1/3")
    q = Position.initial("minigam")
    with pytest.raises(IllegalPlayError, match="cannot pass") as info:
        q.parse_play(Dice(2, 1), "pass")
    assert info.value.legal


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("xyz", "'xyz' is not a move"),
        ("3/-5", "'3/-5' is not a move"),
        ("bar", "'bar' is not a move"),
        ("bar/9", "there is no point 9"),
        ("5/5", "does not move in one direction"),
        ("bar/5/3", "does not move in one direction"),
        ("5/off(0)", "a repeat count must be at least 1"),
        ("bar/3(12)", "is not a move"),
    ],
)
def test_bad_syntax_is_an_invalid_play_error(text, fragment):
    p = pos("minigam", 0, READING, bar=READING_BAR)
    with pytest.raises(InvalidPlayError) as info:
        p.parse_play(Dice(3, 2), text)
    assert fragment in info.value.reason
    assert info.value.text == text
    assert info.value.legal  # lists the legal plays
    assert "Legal plays:" in str(info.value)


def test_a_well_formed_but_impossible_move_is_an_illegal_play_error():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    with pytest.raises(IllegalPlayError) as info:
        p.parse_play(Dice(3, 2), "bar/4")
    assert not isinstance(info.value, IncompletePlayError)
    assert "'bar/4'" in str(info.value)
    assert "no die of this roll" in info.value.reason
    assert set(info.value.legal) == {p.format_play(pl) for pl in p.legal_plays(Dice(3, 2))}


def test_moving_a_checker_that_is_not_there():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    with pytest.raises(IllegalPlayError, match="you have no checker on point 1"):
        p.parse_play(Dice(3, 2), "1/4")


def test_landing_on_a_made_point():
    p = pos("minigam", 0, {1: (0, 1), 4: (1, 2)})
    with pytest.raises(IllegalPlayError, match="point 4 is blocked"):
        p.parse_play(Dice(3, 2), "1/4 1/3")


def test_too_many_moves():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    with pytest.raises(IllegalPlayError, match="has 3 moves but 3-2 gives only 2"):
        p.parse_play(Dice(3, 2), "bar/3 bar/2 5/off")


def test_an_incomplete_play_says_which_die_is_missing():
    p = pos("minigam", 0, READING, bar=READING_BAR)
    with pytest.raises(IncompletePlayError) as info:
        p.parse_play(Dice(5, 3), "bar/3")
    assert "you must also play the 5" in str(info.value)
    assert "'bar/3'" in str(info.value)
    assert isinstance(info.value, IllegalPlayError)


def test_an_incomplete_double_counts_the_missing_moves():
    p = Position.initial("minigam-strict")
    with pytest.raises(IncompletePlayError, match="you must also play three more 2s"):
        p.parse_play(Dice(2, 2), "bar/2")


def test_the_higher_die_rule_is_explained():
    # minigam-strict, player 0 on 1, player 1 holds 4: 2-1 can only play one die, and it must be the 2.
    p = pos("minigam-strict", 0, {1: (0, 1), 4: (1, 2)})
    with pytest.raises(IllegalPlayError, match="the larger one"):
        p.parse_play(Dice(2, 1), "1/2")


def test_an_ambiguous_play_names_the_candidates():
    # Blots on 2 and 3: bar/5 with 3-2 could hit either on the way; no * settles it.
    p = pos("minigam", 0, {2: (1, 1), 3: (1, 1)}, bar=(8, 0))
    with pytest.raises(AmbiguousPlayError) as info:
        p.parse_play(Dice(3, 2), "bar/5")
    assert "bar/2*/5" in str(info.value)
    assert "bar/3*/5" in str(info.value)
    assert p.parse_play(Dice(3, 2), "bar/3*/5").result.bar == (7, 1)


def test_errors_are_value_errors_with_the_input_and_legal_plays():
    p = Position.initial("backgammon")
    with pytest.raises(PlayError) as info:
        p.parse_play(Dice(3, 1), "13/12 8/5")  # own 12 is the opponent's 13 point
    assert isinstance(info.value, ValueError)
    assert info.value.text == "13/12 8/5"
    assert "point 12 is blocked" in info.value.reason
    assert "8/5 6/5" in info.value.legal
    assert "(and 4 more)" in str(info.value)  # 16 plays: 12 shown


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize(
    ("variant", "roll"),
    [("minigam", (2, 1)), ("minigam-strict", (3, 3)), ("multigam", (4, 4)), ("backgammon", (2, 2))],
)
def test_every_legal_play_formats_and_reads_back(variant, roll):
    p = Position.initial(variant)
    for play in p.legal_plays(Dice(*roll)):
        assert p.parse_play(Dice(*roll), p.format_play(play)) == play


# ------------------------------------------------------------------ digits


def test_full_width_digits_read_as_ascii():
    start = Position.initial("backgammon", 0)
    assert start.parse_play(Dice(3, 1), "８/５ ６/５") == start.parse_play(Dice(3, 1), "8/5 6/5")
    assert start.parse_play(Dice(6, 6), "２４/１８(２) １３/７(２)") == start.parse_play(
        Dice(6, 6), "24/18(2) 13/7(2)"
    )


@pytest.mark.parametrize("text", ["1٣/8 6/5", "١٣/٨ 6/5", "13/8 ６/5²", "१३/8 6/5", "13/8 ⅵ/5"])
def test_digits_of_other_scripts_are_refused_saying_only_0_to_9_are_read(text):
    # "1٣/8" would be 13/8 to int(); a player must never move by a digit they cannot see as one.
    start = Position.initial("backgammon", 0)
    with pytest.raises(InvalidPlayError, match="only the digits 0-9 are accepted") as info:
        start.parse_play(Dice(5, 1), text)
    assert info.value.legal  # the legal plays are listed as for any other bad text


def test_text_that_is_not_a_string_is_an_invalid_play():
    with pytest.raises(InvalidPlayError, match="a play is text"):
        Position.initial("minigam").parse_play(Dice(3, 1), None)


def test_a_move_read_the_other_way_round_is_refused_quoting_what_was_typed():
    p = Position.initial("minigam")  # player 0 moves up: "4/3" can only be 3/4
    with pytest.raises(IllegalPlayError) as info:
        p.parse_play(Dice(3, 1), "4/3")
    assert info.value.reason == (
        "'4/3' is not possible with 3-1: '4/3', read as 3/4 (the only way your checkers move): "
        "you have no checker on point 3"
    )


def test_a_chain_refused_names_its_move_that_cannot_be_made():
    p = pos("minigam", 0, {1: (0, 1), 4: (1, 2)})
    with pytest.raises(IllegalPlayError) as info:
        p.parse_play(Dice(2, 1), "1/2/4")
    assert "'1/2/4', its move 2/4: point 4 is blocked" in info.value.reason


@pytest.mark.parametrize("typed", ["x" * 3006, "\x01" * 3006, "1/2 " * 800, "bar/" + "9" * 3000])
def test_a_refusal_quotes_a_short_excerpt_of_a_long_input(typed):
    p = Position.initial("minigam")
    with pytest.raises(PlayError) as info:
        p.parse_play(Dice(3, 1), typed)
    assert len(info.value.reason) < 200
    assert "..." in info.value.reason
