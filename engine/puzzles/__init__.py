"""Puzzles: positions to solve, each with its stored grading, so that grading an answer computes
nothing (the bot answers in well under 100 ms).

- :mod:`engine.puzzles.model`: the record (:class:`Puzzle`, :class:`Answer`), its families
  (:data:`FAMILIES`, :func:`find_family`) and JSON;
- :mod:`engine.puzzles.grading`: :func:`grade` an answer, typed any way the notation reader accepts,
  and the words for what it loses (:class:`Word`, :data:`BOUNDS`);
- :mod:`engine.puzzles.sets`: set files and the sets shipped with the package (:func:`shipped`);
- :mod:`engine.puzzles.make`: grading a decision in full (:func:`puzzle_of`) and finding puzzles in
  self-play; ``python -m engine.puzzles make`` makes a shipped set.

    from engine.puzzles import grade, shipped

    puzzle = shipped("backgammon-play").puzzles[0]
    result = grade(puzzle, "13/7 8/7")   # any way of typing the play; "double", "take"... for the cube
    result.word, result.loss, result.best.text, result.best.value
"""

from engine.puzzles.grading import BOUNDS, Grade, PuzzleAnswerError, Word, answer_of, grade, word_for
from engine.puzzles.model import (
    FAMILIES,
    Answer,
    Family,
    Kind,
    Puzzle,
    PuzzleDataError,
    UnknownFamilyError,
    find_family,
)
from engine.puzzles.sets import PuzzleSet, read_set, shipped, shipped_by_id, write_set

__all__ = [
    "BOUNDS",
    "FAMILIES",
    "Answer",
    "Family",
    "Grade",
    "Kind",
    "Puzzle",
    "PuzzleAnswerError",
    "PuzzleDataError",
    "PuzzleSet",
    "UnknownFamilyError",
    "Word",
    "answer_of",
    "find_family",
    "grade",
    "read_set",
    "shipped",
    "shipped_by_id",
    "word_for",
    "write_set",
]
