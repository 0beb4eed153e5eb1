"""Dice as values: what Dice.parse reads, and the one error (DiceError) for anything that is not dice,
wherever dice are taken."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Dice, DiceError, EngineError, Position
from engine.dice import ROLLS, all_dice
from tests.engine.test_properties import json_values


@pytest.mark.parametrize("text", ["5-3", "53", "5 3", " 5 - 3 ", "５-３", "５３", [5, 3], (5, 3), Dice(5, 3)])
def test_dice_parse_common_forms(text):
    assert Dice.parse(text) == Dice(5, 3)


@pytest.mark.parametrize(
    "value",
    ["7-1", "5", "5-3-1", [0, 3], "", "5.0-3.0", [5.0, 3.0], [True, 3], ["5", "3"], [5, 3, 1]],
)
def test_dice_parse_refuses_anything_else(value):
    with pytest.raises(DiceError, match="two whole numbers from 1 to 6"):
        Dice.parse(value)


@pytest.mark.parametrize("value", [None, 53, 5.3, b"53", {5, 3}, {"a": 1}, object()])
def test_dice_parse_names_the_forms_it_reads(value):
    with pytest.raises(DiceError, match="text like '5-3' or a pair like \\[5, 3\\]"):
        Dice.parse(value)


@pytest.mark.parametrize("text", ["٥-٣", "5-٣", "²-3", "5-Ⅲ", "৫৩"])
def test_dice_are_written_with_the_digits_0_to_9_only(text):
    with pytest.raises(DiceError, match="digits 0-9"):
        Dice.parse(text)


@pytest.mark.parametrize("faces", [(0, 3), (7, 1), (3.0, 5.0), (True, 2), ("5", "3")])
def test_dice_are_two_whole_numbers_from_1_to_6(faces):
    with pytest.raises(DiceError):
        Dice(*faces)


def test_dice_errors_are_engine_errors_and_value_errors():
    assert issubclass(DiceError, EngineError)
    assert issubclass(DiceError, ValueError)


def test_dice_pickle_and_compare_as_pairs():
    d = Dice(6, 1)
    assert pickle.loads(pickle.dumps(d)) == d
    assert d == (6, 1)
    assert repr(d) == "Dice(first=6, second=1)"


@pytest.mark.parametrize("dice", [(3.0, 5.0), (True, 5), None, "35", (3,), (3, 5, 1), [0, 6], 35])
def test_legal_plays_refuses_what_is_not_dice(dice):
    with pytest.raises(DiceError):
        Position.initial("minigam").legal_plays(dice)


@pytest.mark.parametrize("die", [0, 7, 2.0, True, None])
def test_single_moves_refuses_what_is_not_a_die(die):
    with pytest.raises(DiceError):
        Position.initial("backgammon").single_moves(die)


def test_parse_play_reads_dice_given_as_a_pair_and_refuses_garbage():
    pos = Position.initial("minigam")
    assert pos.parse_play([3, 1], "bar/1 bar/3") == pos.parse_play(Dice(3, 1), "bar/3 bar/1")
    with pytest.raises(DiceError):
        pos.parse_play(None, "bar/1 bar/3")


@settings(max_examples=300, deadline=None)
@given(json_values | st.binary(max_size=6) | st.tuples(st.floats(), st.floats()))
def test_anything_is_dice_or_a_dice_error(value):
    try:
        dice = Dice.parse(value)
    except DiceError:
        return
    assert sorted(Dice.parse(str(dice))) == sorted(dice)  # the same roll, written higher die first
    assert Position.initial("minigam").legal_plays(value if isinstance(value, list | tuple) else dice)


@pytest.mark.parametrize(("dice", "text"), [(Dice(3, 6), "6-3"), (Dice(6, 3), "6-3"), (Dice(2, 2), "2-2")])
def test_a_roll_is_written_higher_die_first(dice, text):
    assert str(dice) == text


def test_the_21_rolls_have_chances_that_sum_to_one():
    assert len(ROLLS) == 21
    assert sorted((d for d, _ in ROLLS), reverse=True) == list(all_dice())
    assert len(set(all_dice())) == 21
    assert all(d.first >= d.second for d, _ in ROLLS)  # higher die first
    assert [d for d, chance in ROLLS if chance == 1 / 36] == [Dice(k, k) for k in range(1, 7)]
    assert all(chance == 2 / 36 for d, chance in ROLLS if not d.is_double)
    assert sum(chance for _, chance in ROLLS) == pytest.approx(1.0)
