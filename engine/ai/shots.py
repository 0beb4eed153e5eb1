"""The shots of a roll, for the 6-point evaluations (:mod:`engine.ai.sixpoint`, :mod:`engine.ai.multigam`):
for each of the 21 rolls, the distances one checker can travel with it to land on a point."""

from __future__ import annotations

from engine.dice import ROLLS

Reach = tuple[int, tuple[int, ...]]
"""``(distance, via)``: a checker lands ``distance`` points on if the points at the distances ``via``
(where it stops on the way) are open."""


def roll_reaches(doubles_moves: int, *, direct_only: bool = False) -> list[tuple[float, tuple[Reach, ...]]]:
    """``(chance, reaches)`` for each roll of :data:`engine.dice.ROLLS`: a mixed roll reaches each die
    and their sum (through either die), a double one to ``doubles_moves`` times its number (through the
    points before); ``direct_only``: each die alone."""
    out = []
    for dice, chance in ROLLS:
        a, b = dice.low, dice.high
        if direct_only:
            steps: tuple[Reach, ...] = ((a, ()),) if a == b else ((a, ()), (b, ()))
        elif a == b:
            steps = tuple((a * k, tuple(a * j for j in range(1, k))) for k in range(1, doubles_moves + 1))
        else:
            steps = ((a, ()), (b, ()), (a + b, (a,)), (a + b, (b,)))
        out.append((chance, steps))
    return out
