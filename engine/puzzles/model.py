"""The puzzle record: a decision to make, its family, and its stored grading.

A :class:`Puzzle` is a :class:`~engine.game.Game` waiting for one decision of the player who must act
(:attr:`Puzzle.player`): a checker play for the dice rolled (:attr:`Kind.PLAY`), doubling or not
before the roll (:attr:`Kind.DOUBLE`), or taking or passing a double (:attr:`Kind.TAKE`). With it is
stored every legal answer and its value, best first, in the family's unit (:class:`Family`), so that
grading an answer is a look-up (:mod:`engine.puzzles.grading`).

Families are data, found through one registry (:func:`find_family`): backgammon checker play and
backgammon cube decisions (equity from gnubg at 2 ply, normalised to a cube of 1: points per game),
and one family for each solved 6-point game (:data:`engine.solve.index.SOLVABLE`: the exact chance to
win from the solved tables). Each family states the :attr:`~Family.margin` by which a shipped puzzle's
best answer beats the second: what choosing the second would lose is at least an *error* in the
grading's words.

JSON (:meth:`Puzzle.to_json`, :meth:`Puzzle.from_json`) carries :data:`FORMAT`; reading is strict and
raises :class:`PuzzleDataError` (a :class:`~engine.errors.GameDataError`) for anything else.
"""

from __future__ import annotations

import enum
import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TypeVar

from engine.analysis.model import Unit
from engine.errors import GameDataError, GameStateError, quoted
from engine.game import Awaiting, Game
from engine.jsonread import read_enum, read_list, read_object, read_str
from engine.position import Play
from engine.solve.index import SOLVABLE

T = TypeVar("T")

FORMAT = 1
"""The puzzle JSON format this engine writes and reads."""

VALUE_DIGITS = {Unit.EQUITY: 4, Unit.WIN_CHANCE: 6}
"""Decimals a value is stored with: equity to 0.1 millipoint (gnubg shows 3), a winning chance to
1e-6 (the tables' step is 1/65535)."""


class PuzzleDataError(GameDataError):
    """A stored puzzle or puzzle set that is not valid (says which field and why)."""


class Kind(enum.StrEnum):
    """The decision a puzzle asks for."""

    PLAY = "play"  # a checker play for the dice shown
    DOUBLE = "double"  # before the roll: double or not
    TAKE = "take"  # facing a double: take or pass


DOUBLE, NO_DOUBLE, TAKE, PASS = "double", "no double", "take", "pass"
CUBE_ANSWERS = {Kind.DOUBLE: (DOUBLE, NO_DOUBLE), Kind.TAKE: (TAKE, PASS)}
"""The answers of a cube puzzle as stored (the bot may say "redouble" when the roller owns the cube)."""


@dataclass(frozen=True, slots=True)
class Family:
    """A kind of puzzle: its ``name`` (what players and files call it), its ``variant``, the kinds
    of decision it asks, the ``unit`` of its values, where they come from (``source``) and the
    ``margin`` of its shipped puzzles."""

    name: str
    variant: str
    kinds: tuple[Kind, ...]
    unit: Unit
    source: str
    margin: float


BACKGAMMON_PLAY = Family("backgammon-play", "backgammon", (Kind.PLAY,), Unit.EQUITY, "gnubg 2-ply", 0.04)
BACKGAMMON_CUBE = Family(
    "backgammon-cube", "backgammon", (Kind.DOUBLE, Kind.TAKE), Unit.EQUITY, "gnubg 2-ply", 0.04
)
FAMILIES: tuple[Family, ...] = (
    BACKGAMMON_PLAY,
    BACKGAMMON_CUBE,
    *(Family(name, name, (Kind.PLAY,), Unit.WIN_CHANCE, "exact", 0.02) for name in SOLVABLE),
)
"""Every family, in the order menus list them."""
_BY_NAME = {f.name: f for f in FAMILIES}


class UnknownFamilyError(PuzzleDataError):
    """A family name that is not one of :data:`FAMILIES`."""


def strictly(read: Callable[[object], T], data: object) -> T:
    """``read(data)``, a stored puzzle's or set's reader: whatever the engine cannot read in it (a
    :class:`GameDataError`) is a :class:`PuzzleDataError`."""
    try:
        return read(data)
    except PuzzleDataError:
        raise
    except GameDataError as exc:
        raise PuzzleDataError(str(exc)) from None


def find_family(name: str | Family) -> Family:
    """The family called ``name`` (any case), or :class:`UnknownFamilyError` listing them."""
    if isinstance(name, Family):
        return name
    family = _BY_NAME.get(name.strip().lower()) if isinstance(name, str) else None
    if family is None:
        raise UnknownFamilyError(
            f"unknown puzzle family {quoted(name)}; the families are: {', '.join(_BY_NAME)}"
        )
    return family


@dataclass(frozen=True, slots=True)
class Answer:
    """One legal answer and its value for the player who must act: a play in the engine's notation
    (``"24/18 13/11*"``; ``""`` for no move), or a cube answer (:data:`CUBE_ANSWERS`)."""

    text: str
    value: float


@dataclass(frozen=True)
class Puzzle:
    """A decision to make (``game``, waiting for ``kind``), every legal ``answers`` best first, and
    ``margin``: how much the best beats the second by. ``origin`` says where it came from (for a
    shipped puzzle: the seed and game of the self-play that reached it)."""

    id: str
    family: Family
    kind: Kind
    game: Game
    answers: tuple[Answer, ...]
    margin: float
    origin: str = ""

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise PuzzleDataError(f"puzzle {self.id!r}: {problem}")

    @property
    def best(self) -> Answer:
        return self.answers[0]

    @property
    def unit(self) -> Unit:
        return self.family.unit

    @property
    def player(self) -> int:
        """The player who must answer (the board is shown from this player's side)."""
        actor = self.game.actor
        assert actor is not None
        return actor

    @cached_property
    def by_text(self) -> dict[str, Answer]:
        return {a.text: a for a in self.answers}

    def play_of(self, answer: Answer) -> Play:
        """The engine's play of a play puzzle's ``answer`` (to draw it on the board)."""
        if self.kind is not Kind.PLAY or self.game.dice is None:
            raise PuzzleDataError(f"puzzle {self.id!r} asks for a cube decision, not a play")
        return self.game.position.parse_play(self.game.dice, answer.text)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        digits = VALUE_DIGITS[self.unit]
        return {
            "format": FORMAT,
            "id": self.id,
            "family": self.family.name,
            "kind": self.kind.value,
            "game": self.game.to_json(),
            "answers": [[a.text, round(a.value, digits)] for a in self.answers],
            "best": self.best.text,
            "margin": round(self.margin, digits),
            "origin": self.origin,
        }

    @classmethod
    def from_json(cls, data: object) -> Puzzle:
        """Read :meth:`to_json`'s output; anything else raises :class:`PuzzleDataError`."""
        return strictly(cls._from_json, data)

    @classmethod
    def _from_json(cls, data: object) -> Puzzle:
        keys = ("format", "id", "family", "kind", "game", "answers", "best", "margin", "origin")
        data = read_object(data, "a stored puzzle", keys, keys[1:-1], version=FORMAT)
        try:
            game = Game.from_json(data["game"])
        except GameStateError as exc:
            raise PuzzleDataError(f"a puzzle's game is not valid: {exc}") from None
        answers = []
        for raw in read_list(data["answers"], "a puzzle's answers", 10_000, 2):
            text, value = read_list(raw, "a puzzle's answer", 2, 2)
            answers.append(Answer(read_str(text, "an answer's text", 200), _read_value(value)))
        puzzle = cls(
            id=read_str(data["id"], "a puzzle's id", 80),
            family=find_family(read_str(data["family"], "a puzzle's family", 40)),
            kind=read_enum(Kind, data["kind"], "a puzzle's kind"),
            game=game,
            answers=tuple(answers),
            margin=_read_value(data["margin"]),
            origin=read_str(data.get("origin", ""), "a puzzle's origin", 200),
        )
        if data["best"] != puzzle.best.text:
            raise PuzzleDataError(
                f"puzzle {puzzle.id!r} names {quoted(data['best'])} best, not its first answer"
            )
        return puzzle


def _read_value(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise PuzzleDataError(f"a puzzle's value must be a finite number, not {quoted(value)}")
    return float(value)


def _problem(p: Puzzle) -> str:
    """What is wrong with ``p`` as a record, or ``""`` (the engine's check of the values is the
    test's: this is the shape)."""
    if p.kind not in p.family.kinds:
        return f"a {p.kind} puzzle cannot be of the {p.family.name} family"
    if p.game.variant.name != p.family.variant:
        return f"a {p.game.variant.name} game cannot be of the {p.family.name} family"
    wanted = {Kind.PLAY: Awaiting.PLAY, Kind.DOUBLE: Awaiting.ROLL, Kind.TAKE: Awaiting.DOUBLE_ANSWER}[p.kind]
    if p.game.awaiting is not wanted:
        return f"its game awaits {p.game.awaiting}, not the {p.kind} decision"
    if p.kind is Kind.DOUBLE and not p.game.may_double():
        return "the player on roll may not double in its game"
    if len(p.answers) < 2:
        return "a puzzle needs at least two answers"
    texts = [a.text for a in p.answers]
    if len(set(texts)) != len(texts):
        return "an answer is listed twice"
    if p.kind in CUBE_ANSWERS and set(texts) != set(CUBE_ANSWERS[p.kind]):
        return f"a {p.kind} puzzle's answers are {', '.join(CUBE_ANSWERS[p.kind])}, not {', '.join(texts)}"
    values = [a.value for a in p.answers]
    if values != sorted(values, reverse=True):
        return "its answers are not best first"
    tolerance = 2 * 10.0 ** -VALUE_DIGITS[p.unit]  # the stored values are rounded
    if abs(p.margin - (values[0] - values[1])) > tolerance:
        return f"its margin {p.margin} is not its best answer's lead {values[0] - values[1]:.6f}"
    return ""


def puzzle_id(family: Family, kind: Kind, game: Game) -> str:
    """A short id that names the decision: the same position, dice and cube give the same id (the
    shipped sets hold each once)."""
    g = game
    key = f"{family.name}|{kind}|{g.position.full_id()}|{g.dice}|{g.cube}|{g.cube_owner}|{g.match.to_json()}"
    return f"{family.name}:{hashlib.sha256(key.encode()).hexdigest()[:12]}"


def bare(game: Game) -> Game:
    """``game`` as a puzzle keeps it: without the events and last play that led to it."""
    return replace(game, events=(), last_play=None, last_player=None)
