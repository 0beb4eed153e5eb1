"""Where dice come from: ``secrets`` for real play, a seeded or scripted source for tests."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Protocol

from engine.position import Dice


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
