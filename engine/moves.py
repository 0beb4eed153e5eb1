"""What every layer of the rules shares about moving: the ends of a move (``BAR``, ``OFF``), a single
:class:`Move`, each player's path over the board, and the reading side of a position that notation
and Position IDs work on (:class:`PositionLike`; ``engine.position.Position`` is the one
implementation, whose own methods are built on notation and IDs, so these cannot import it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from engine.dice import Dice
from engine.variants import Variant

BAR = 0
"""``Move.src`` of a checker entering from the bar."""
OFF = -1
"""``Move.dst`` of a checker borne off."""


class Move(NamedTuple):
    """One checker moved by one die, in absolute points (``BAR`` / ``OFF`` for the ends)."""

    src: int
    dst: int
    hit: bool = False

    def __repr__(self) -> str:
        return f"Move({self.src}, {self.dst}{', hit=True' if self.hit else ''})"


def _paths(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """For each player, the board index of path step k (k = 1..N) at ``path[k - 1]``."""
    n = variant.points
    out = []
    for direction in variant.directions:
        if direction > 0:
            out.append(tuple(range(n)))
        else:
            out.append(tuple(range(n - 1, -1, -1)))
    return tuple(out)


_PATHS: dict[str, tuple[tuple[int, ...], ...]] = {}


def paths_for(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """For each player, the board index of each step of their path, first step first."""
    try:
        return _PATHS[variant.name]
    except KeyError:
        _PATHS[variant.name] = p = _paths(variant)
        return p


class PlayLike(Protocol):
    """A legal play: its single moves in the order played and the position they lead to."""

    @property
    def moves(self) -> tuple[Move, ...]: ...

    @property
    def result(self) -> PositionLike: ...


class PositionLike(Protocol):
    """What notation and Position IDs read of a position (``engine.position.Position``)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def turn(self) -> int: ...

    @property
    def board(self) -> tuple[int, ...]: ...

    @property
    def bar(self) -> tuple[int, ...]: ...

    @property
    def off(self) -> tuple[int, ...]: ...

    def distance(self, player: int, point: int) -> int: ...

    def single_moves(self, die: int, player: int | None = None) -> Sequence[tuple[Move, PositionLike]]: ...

    def legal_plays(self, dice: Dice | Sequence[int]) -> Sequence[PlayLike]: ...

    def format_play(self, play: PlayLike | Sequence[Move]) -> str: ...
