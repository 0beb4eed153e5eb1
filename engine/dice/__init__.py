"""Dice: the value (:class:`Dice`), the 21 distinct rolls and their chances (:data:`ROLLS`), and where
dice come from: a match's own stream from its committed seed for real play (:mod:`engine.dice.stream`,
checked afterwards by :mod:`engine.dice.verify`), ``secrets``, or a seeded or scripted source for tests,
benchmarks and the arena."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, Protocol

from engine.dice.stream import Seed, StreamDice, commitment, dice_stream, repeatable_seeds
from engine.digits import ascii_digits
from engine.errors import DiceError, quoted
from engine.variants import Variant

_FACES = frozenset(range(1, 7))


class _Pair(NamedTuple):
    first: int
    second: int


class Dice(_Pair):
    """Two dice as rolled. ``Dice(5, 3)``; ``str`` gives ``"5-3"``, the higher die first as backgammon
    writes a roll (``str(Dice(3, 5))`` is ``"5-3"`` too). Each die is a whole number from 1 to 6, or
    :class:`DiceError`."""

    __slots__ = ()

    def __new__(cls, first: int, second: int) -> Dice:
        if type(first) is not int or type(second) is not int or first not in _FACES or second not in _FACES:
            raise DiceError(f"dice must be two whole numbers from 1 to 6, not {quoted((first, second))}")
        return tuple.__new__(cls, (first, second))

    @classmethod
    def parse(cls, value: object) -> Dice:
        """Read ``"5-3"``, ``"53"``, ``"5 3"`` (ASCII or full-width digits; other characters are
        ignored) or a pair ``[5, 3]``; anything else raises :class:`DiceError`."""
        if isinstance(value, Dice):
            return value
        if isinstance(value, str):
            text, other = ascii_digits(value)
            if other is not None:
                raise DiceError(f"dice are written with the digits 0-9, not {other!r} (in {quoted(value)})")
            values: Sequence[object] = [int(c) for c in text if "0" <= c <= "9"]
        elif isinstance(value, list | tuple):
            values = value
        else:
            raise DiceError(f"dice must be text like '5-3' or a pair like [5, 3], not {quoted(value)}")
        if len(values) != 2 or not all(type(x) is int and x in _FACES for x in values):
            raise DiceError(f"dice must be two whole numbers from 1 to 6, not {quoted(value)}")
        return tuple.__new__(cls, values)

    def moves_of(self, variant: Variant) -> tuple[int, ...]:
        """The single-die moves this roll gives in ``variant``: the two dice, or a double's number
        ``variant.doubles_moves`` times (2 in minigam and minigam-full-entry, 4 elsewhere)."""
        if self.first == self.second:
            return (self.first,) * variant.doubles_moves
        return (self.first, self.second)

    @property
    def is_double(self) -> bool:
        return self.first == self.second

    @property
    def high(self) -> int:
        return max(self.first, self.second)

    @property
    def low(self) -> int:
        return min(self.first, self.second)

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


class Roll(NamedTuple):
    """One of the 21 distinct rolls, higher die first, and its chance: 1/36 for a double, 2/36 for the
    others (either die may show the higher number)."""

    dice: Dice
    chance: float


ROLLS: tuple[Roll, ...] = tuple(
    Roll(Dice(high, low), (1 if high == low else 2) / 36) for low in range(1, 7) for high in range(low, 7)
)
"""The 21 distinct rolls and their chances, which sum to 1: the one table of the rolls, read by every
average over the dice (the computer players' evaluations and look-ahead, the analysis's luck, the
solver). In order of the lower die, then the higher: 1-1, 2-1, ..., 6-1, 2-2, 3-2, ..., 6-6, the order
the evaluations and the solver have always summed in (another order rounds the sums differently in the
last bit, which can tip an exact tie between two plays the other way)."""


def all_dice() -> Iterator[Dice]:
    """The 21 distinct rolls (:data:`ROLLS`), listed the usual way: 6-6, 6-5, ..., 6-1, 5-5, ..., 1-1."""
    return iter(sorted((d for d, _ in ROLLS), reverse=True))


def dice_pair(dice: object) -> tuple[int, int]:
    """The two faces of ``dice`` (a :class:`Dice` or a pair of whole numbers from 1 to 6), or
    :class:`DiceError`: the check at the door of every method that takes dice."""
    if type(dice) is Dice:
        return dice  # type: ignore[return-value]
    if isinstance(dice, Dice):
        return dice.first, dice.second
    if not isinstance(dice, list | tuple) or len(dice) != 2:
        raise DiceError(f"dice must be two whole numbers from 1 to 6, not {quoted(dice)}")
    return tuple(Dice(*dice))  # type: ignore[return-value]


class DiceSource(Protocol):
    def roll_die(self) -> int:
        """One die, 1..6."""
        ...


def roll(source: DiceSource) -> Dice:
    """Two dice from ``source``."""
    return Dice(source.roll_die(), source.roll_die())


class SecretDice:
    """Real play: dice from the operating system's secure random source."""

    def roll_die(self) -> int:
        return secrets.randbelow(6) + 1

    def __repr__(self) -> str:
        return "SecretDice()"


class SeededDice:
    """Repeatable dice for tests, benchmarks and the arena."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll_die(self) -> int:
        return self._rng.randint(1, 6)

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r})"


class ScriptedDice:
    """Dice given in advance, one die at a time; runs out loudly."""

    def __init__(self, dice: Iterable[int]) -> None:
        self._dice = list(dice)
        self._next = 0

    def roll_die(self) -> int:
        if self._next >= len(self._dice):
            raise RuntimeError("ScriptedDice ran out of dice")
        value = self._dice[self._next]
        self._next += 1
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1 to 6, not {value}")
        return value

    @property
    def remaining(self) -> int:
        return len(self._dice) - self._next


__all__ = [
    "ROLLS",
    "Dice",
    "DiceSource",
    "Roll",
    "ScriptedDice",
    "SecretDice",
    "Seed",
    "SeededDice",
    "StreamDice",
    "all_dice",
    "commitment",
    "dice_pair",
    "dice_stream",
    "repeatable_seeds",
    "roll",
]
