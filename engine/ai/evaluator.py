"""The engine's backgammon evaluator interface, and the choice of plays built on it.

An :class:`Evaluator` answers three questions about a 24-point position; everything else (the
levels, the cube, hints, grading and analysis) is built on those answers, so another engine can
replace gnubg's (:mod:`engine.ai.gnubg`) by implementing them:

- ``on_roll(pos, ply)``: the :class:`Chances` of ``pos.turn``, about to roll;
- ``after_play(pos, mover, ply)``: the chances of ``mover``, who has just played to ``pos`` (the
  opponent rolls next);
- ``plays(pos, dice)``: every legal play of ``pos.turn`` with its chances at 0 ply (one call, so an
  engine can do it in bulk).

``ply`` counts the rolls looked ahead, gnubg's way: 0 is the raw evaluation, 2 is gnubg's "2-ply".

:func:`rank_plays` chooses among plays the way gnubg's move filters do: every play at 0 ply, the
best few re-valued at 1 ply, the best of those at 2 ply; a play's value is its equity under the
game's :class:`~engine.ai.stakes.Stakes` (money, match or Mulligan scoring).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.ai.chances import Chances, final_chances
from engine.ai.stakes import Stakes
from engine.position import Dice, Play, Position

__all__ = ["Chances", "Evaluator", "MoveFilter", "ScoredPlay", "final_chances", "rank_plays", "value_at"]


class Evaluator(Protocol):
    """What the backgammon levels need from an engine (see the module's docstring)."""

    name: str

    def on_roll(self, pos: Position, ply: int) -> Chances: ...

    def after_play(self, pos: Position, mover: int, ply: int) -> Chances: ...

    def plays(self, pos: Position, dice: Dice) -> list[tuple[Play, Chances]]: ...


@dataclass(frozen=True, slots=True)
class ScoredPlay:
    """A play with the mover's chances after it and its ``value`` (equity under the stakes, the
    mover's view), evaluated at ``ply``."""

    play: Play
    chances: Chances
    value: float
    ply: int


@dataclass(frozen=True, slots=True)
class MoveFilter:
    """How many plays go on to the next ply: at most ``keep`` of them, and only those within
    ``margin`` (equity) of the best (gnubg's move filters; its defaults are about these)."""

    keep: int
    margin: float


FILTERS: tuple[MoveFilter, ...] = (MoveFilter(8, 0.16), MoveFilter(3, 0.04))
"""The filter from ply 0 to 1, then from 1 to 2 (and beyond)."""


def rank_plays(
    ev: Evaluator,
    pos: Position,
    dice: Dice,
    stakes: Stakes,
    ply: int,
    *,
    filters: Sequence[MoveFilter] = FILTERS,
    at_least: int = 1,
) -> list[ScoredPlay]:
    """Every legal play of ``pos.turn`` for ``dice``, best first; the best ones valued up to
    ``ply`` (at least ``at_least`` of them as deep as the filters let through, for hints). A single
    legal play is returned at once, valued at ``ply`` (no choice to make)."""
    mover = pos.turn
    legal = pos.legal_plays(dice)
    if len(legal) == 1:
        play = legal[0]
        chances = ev.after_play(play.result, mover, ply)
        return [ScoredPlay(play, chances, stakes.equity(chances, play.result), ply)]
    scored = [ScoredPlay(p, c, stakes.equity(c, p.result), 0) for p, c in ev.plays(pos, dice)]
    scored.sort(key=lambda s: -s.value)
    for depth in range(1, ply + 1):
        rule = filters[min(depth - 1, len(filters) - 1)]
        best = scored[0].value
        keep = [s for s in scored[: max(rule.keep, at_least)] if s.value >= best - rule.margin]
        if len(keep) < at_least:
            keep = scored[:at_least]
        deeper = []
        for s in keep:
            chances = ev.after_play(s.play.result, mover, depth)
            deeper.append(ScoredPlay(s.play, chances, stakes.equity(chances, s.play.result), depth))
        deeper.sort(key=lambda s: -s.value)
        chosen = {id(s.play) for s in deeper}
        scored = deeper + [s for s in scored if id(s.play) not in chosen]
    return scored


def value_at(ev: Evaluator, play: Play, mover: int, stakes: Stakes, ply: int) -> ScoredPlay:
    """``play`` valued at ``ply``."""
    chances = ev.after_play(play.result, mover, ply)
    return ScoredPlay(play, chances, stakes.equity(chances, play.result), ply)
