"""Grading an answer to a puzzle: a look-up in its stored grading, nothing evaluated.

The answer may be typed any way the engine's notation reader accepts for the same play (moves in any
order, ``bar/3/5`` chains, ``6/off(2)``, either end first where only one direction is possible), or
given as a :class:`~engine.position.Play`; a cube answer as ``double`` / ``no double`` (also
``redouble``, ``no redouble``, ``roll``) or ``take`` / ``pass`` (also ``drop``, ``accept``, ``decline``).

The word for an answer (:class:`Word`) comes from what it loses against the best, with bounds per unit
(:data:`BOUNDS`). In **equity** (backgammon, points per game at a cube of 1) they follow gnubg, whose
marks start at 0.04 ("doubtful"), 0.08 ("bad") and 0.16 ("very bad"): below 0.02 is *fine* (inside the
noise of a 2-ply evaluation and of a strong player's play: gnubg's "world class" loses about 5
millipoints a decision), below 0.04 an *inaccuracy* (under gnubg's first mark), below 0.08 an *error*
(gnubg's "doubtful"), and from 0.08 a *blunder* (gnubg's "bad" and worse). In **winning chance** (the
6-point games, single points, no cube) the bounds are half those: there a game's equity is ``2p - 1``,
so a loss of ``x`` in winning chance is ``2x`` in equity, and the two scales say the same thing.
*best* is the best answer itself, or one worth as much (plays that tie).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.analysis.model import Unit
from engine.errors import EngineError, quoted
from engine.position import Play
from engine.puzzles.model import CUBE_ANSWERS, DOUBLE, NO_DOUBLE, PASS, TAKE, Answer, Kind, Puzzle


class Word(enum.StrEnum):
    """What an answer is called, from best to worst."""

    BEST = "best"
    FINE = "fine"
    INACCURACY = "inaccuracy"
    ERROR = "error"
    BLUNDER = "blunder"


BOUNDS: dict[Unit, tuple[tuple[float, Word], ...]] = {
    Unit.EQUITY: ((0.02, Word.FINE), (0.04, Word.INACCURACY), (0.08, Word.ERROR)),
    Unit.WIN_CHANCE: ((0.01, Word.FINE), (0.02, Word.INACCURACY), (0.04, Word.ERROR)),
}
"""For each unit, the upper bound (exclusive) of what an answer may lose for each word; anything at or
past the last is a blunder (see the module's docstring for why)."""

TIE = 1e-9
"""A loss at most this small is no loss: the answer ties with the best."""

CUBE_WORDS: dict[str, str] = {
    "double": DOUBLE,
    "redouble": DOUBLE,
    "d": DOUBLE,
    "no double": NO_DOUBLE,
    "no redouble": NO_DOUBLE,
    "nodouble": NO_DOUBLE,
    "roll": NO_DOUBLE,
    "no": NO_DOUBLE,
    "nd": NO_DOUBLE,
    "take": TAKE,
    "accept": TAKE,
    "t": TAKE,
    "pass": PASS,
    "drop": PASS,
    "decline": PASS,
    "p": PASS,
}


class PuzzleAnswerError(EngineError):
    """An answer that is not one of the puzzle's kind (a play to a cube decision, or a cube word that
    is not one of its answers: the message lists them)."""


def word_for(loss: float, unit: Unit) -> Word:
    """The word for an answer that loses ``loss`` against the best, in ``unit``."""
    if loss <= TIE:
        return Word.BEST
    for bound, word in BOUNDS[unit]:
        if loss < bound:
            return word
    return Word.BLUNDER


@dataclass(frozen=True, slots=True)
class Grade:
    """An answer graded: the answer ``chosen`` (in its stored notation, with its value), the ``best``
    answer, what the chosen one ``loss``-es against it (0 for the best) and its ``word``."""

    chosen: Answer
    best: Answer
    loss: float
    word: Word

    @property
    def is_best(self) -> bool:
        return self.word is Word.BEST


def answer_of(puzzle: Puzzle, answer: str | Play) -> Answer:
    """The stored answer that ``answer`` names. A play's text is read by the engine's notation reader
    (its :class:`~engine.errors.PlayError` for text that is not a legal play); a cube answer's by
    :data:`CUBE_WORDS` (:class:`PuzzleAnswerError` otherwise)."""
    if puzzle.kind is Kind.PLAY:
        game = puzzle.game
        assert game.dice is not None
        play = answer if isinstance(answer, Play) else game.position.parse_play(game.dice, answer)
        found = puzzle.by_text.get(game.position.format_play(play))
        if found is None:  # the stored notation of the same play: match it by the position it leads to
            for stored in puzzle.answers:
                if game.position.parse_play(game.dice, stored.text).result == play.result:
                    return stored
            raise PuzzleAnswerError(f"{quoted(answer)} is not one of puzzle {puzzle.id}'s answers")
        return found
    if isinstance(answer, Play):
        raise PuzzleAnswerError(f"puzzle {puzzle.id} asks for a cube decision, not a play")
    said = CUBE_WORDS.get(" ".join(answer.lower().replace("/", " ").split()))
    allowed = CUBE_ANSWERS[puzzle.kind]
    if said not in allowed:
        raise PuzzleAnswerError(
            f"{quoted(answer)} is not an answer to this {puzzle.kind} decision; the answers are: "
            f"{', '.join(allowed)}"
        )
    return puzzle.by_text[said]


def grade(puzzle: Puzzle, answer: str | Play) -> Grade:
    """``answer`` to ``puzzle`` graded by its stored values (see :func:`answer_of` for what it may
    be, and its errors)."""
    chosen = answer_of(puzzle, answer)
    best = puzzle.best
    loss = max(0.0, best.value - chosen.value)
    return Grade(chosen, best, loss, word_for(loss, puzzle.unit))
