"""Grading answers: the words and their bounds per unit, every way of typing a play, cube answers, and
a known position of each family graded by the engine (gnubg at 2 ply, the solved tables)."""

from __future__ import annotations

import pytest

from engine.analysis.model import Unit
from engine.errors import IllegalPlayError, InvalidPlayError
from engine.puzzles import PuzzleAnswerError, Word, find_family, grade, word_for
from engine.puzzles.make import puzzle_of
from engine.puzzles.model import Kind
from engine.solve.index import SOLVABLE
from engine.solve.table import available
from tests.engine.puzzles.known import last_roll, opening_31, race


@pytest.mark.parametrize(
    ("loss", "word"),
    [
        (0.0, Word.BEST),
        (0.0199, Word.FINE),
        (0.02, Word.INACCURACY),
        (0.0399, Word.INACCURACY),
        (0.04, Word.ERROR),
        (0.0799, Word.ERROR),
        (0.08, Word.BLUNDER),
        (1.5, Word.BLUNDER),
    ],
)
def test_equity_bounds_follow_gnubgs_marks(loss, word):
    assert word_for(loss, Unit.EQUITY) is word


@pytest.mark.parametrize(
    ("loss", "word"),
    [
        (0.0, Word.BEST),
        (0.0099, Word.FINE),
        (0.01, Word.INACCURACY),
        (0.02, Word.ERROR),
        (0.0399, Word.ERROR),
        (0.04, Word.BLUNDER),
    ],
)
def test_winning_chance_bounds_are_half_the_equity_bounds(loss, word):
    assert word_for(loss, Unit.WIN_CHANCE) is word


def test_a_tie_with_the_best_is_best():
    assert word_for(1e-12, Unit.WIN_CHANCE) is Word.BEST


@pytest.fixture(scope="module")
def opening():
    return puzzle_of(opening_31(), find_family("backgammon-play"))


def test_the_best_opening_31_is_best_typed_either_way(opening):
    assert opening.best.text == "8/5 6/5"
    for typed in ("8/5 6/5", "6/5 8/5", "  8/5   6/5 ", "5/8 5/6"):
        result = grade(opening, typed)
        assert result.word is Word.BEST
        assert result.loss == 0.0
        assert result.chosen.text == "8/5 6/5"


def test_the_best_play_is_the_engines_play_to_draw(opening):
    play = opening.play_of(opening.best)
    assert opening.game.position.format_play(play) == "8/5 6/5"


def test_splitting_with_the_opening_31_is_a_blunder(opening):
    result = grade(opening, "13/10 24/23")
    assert result.chosen.text == "24/23 13/10"
    assert result.word is Word.BLUNDER
    assert result.loss == pytest.approx(opening.best.value - result.chosen.value)
    assert result.best is opening.best


def test_every_legal_opening_31_is_graded(opening):
    assert len(opening.answers) == len(opening.game.legal_plays()) == 16


def test_a_play_that_is_not_legal_is_the_notation_readers_error(opening):
    with pytest.raises(IllegalPlayError):
        grade(opening, "24/20 24/22")
    with pytest.raises(InvalidPlayError):
        grade(opening, "eight to five")


def test_a_play_can_be_given_as_the_engines_play(opening):
    play = opening.game.position.parse_play(opening.game.dice, "6/5 8/5")
    assert grade(opening, play).is_best


def test_not_doubling_an_even_race_is_best_and_doubling_an_error():
    puzzle = puzzle_of(race(0), find_family("backgammon-cube"), Kind.DOUBLE)
    assert puzzle.best.text == "no double"
    assert grade(puzzle, "No Double").is_best
    assert grade(puzzle, "roll").is_best
    assert grade(puzzle, "double").word is Word.ERROR


def test_a_race_four_pips_ahead_is_double_take():
    cube = find_family("backgammon-cube")
    doubling = puzzle_of(race(4), cube, Kind.DOUBLE)
    assert doubling.best.text == "double"
    assert grade(doubling, "redouble").is_best
    assert grade(doubling, "no double").word is Word.BLUNDER
    taking = puzzle_of(race(4), cube, Kind.TAKE)
    assert taking.player == 1
    assert taking.best.text == "take"
    assert grade(taking, "pass").word is Word.BLUNDER
    assert grade(taking, "drop").word is Word.BLUNDER


def test_a_race_eight_pips_ahead_is_a_pass():
    taking = puzzle_of(race(8), find_family("backgammon-cube"), Kind.TAKE)
    assert grade(taking, "pass").is_best
    assert grade(taking, "take").word is Word.BLUNDER


def test_a_cube_puzzle_refuses_a_play_and_unknown_words():
    puzzle = puzzle_of(race(4), find_family("backgammon-cube"), Kind.TAKE)
    with pytest.raises(PuzzleAnswerError, match="take, pass"):
        grade(puzzle, "double")
    with pytest.raises(PuzzleAnswerError, match="take, pass"):
        grade(puzzle, "maybe")


@pytest.mark.parametrize("variant", SOLVABLE)
def test_bearing_off_the_last_two_is_best_and_anything_else_a_blunder(variant):
    if not available(variant):
        pytest.skip(f"the {variant} table is not installed")
    puzzle = puzzle_of(last_roll(variant), find_family(variant))
    assert puzzle.best.text == "5/off 6/off"
    assert puzzle.best.value == 1.0
    assert grade(puzzle, "6/off 5/off").is_best
    for typed in ("5/6/off", "5/6 6/off"):
        result = grade(puzzle, typed)
        assert (result.word, result.loss) == (Word.BLUNDER, 1.0)
