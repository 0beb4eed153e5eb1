"""What a backgammon game's result is worth to one player: money, match or Mulligan scoring.

:meth:`Stakes.equity` turns a side's :class:`~engine.ai.evaluator.Chances` into one number to
compare plays by, always in the same unit: **normalised equity**, points per game for a cube of 1
(gnubg's EMG). In money play that is the cubeless equity; in a match it is the match winning chance
(:mod:`engine.ai.met`) with the cube where it is, rescaled so that winning a single game is +1 and
losing one -1. So losses read in millipoints everywhere.

``backgammon-mulligan`` scores a win 1 and a Mulligan 3 (the loser still has a checker outside the
home board), no backgammons: a gammon chance counts three-fold while the loser still has a checker
outside, and not at all once every checker of the loser is home (gnubg's nets know gammons, not
Mulligans).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ai import met
from engine.position import Position, paths_for

if TYPE_CHECKING:
    from engine.ai.chances import Chances
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class Stakes:
    """The scoring of one game for ``player``. ``away``: the points each side needs, ``player``'s
    first (``None``: money play); ``cube``: the cube's value now."""

    player: int
    mulligan: bool = False
    cube: int = 1
    away: tuple[int, int] | None = None

    @classmethod
    def of(cls, game: Game, player: int) -> Stakes:
        m = game.match
        away = None
        if m.target > 0:
            away = (m.needs(player), m.needs(1 - player))
        return cls(player, game.variant.scoring == "mulligan", game.cube, away)

    @property
    def is_money(self) -> bool:
        return self.away is None

    @property
    def post_crawford(self) -> bool:
        """A 1-away score after this game is post-Crawford: someone is 1-away already."""
        return self.away is not None and min(self.away) == 1

    def mwc_after(self, won: int, cube: int | None = None) -> float:
        """``player``'s MWC after the game ends with ``won`` points to ``player`` (negative: to
        the opponent) at ``cube`` (default: the cube now). Match play only."""
        assert self.away is not None
        points = won * (self.cube if cube is None else cube)
        a, b = self.away
        if self.mulligan:
            return met.mulligan_mwc(a - max(points, 0), b + min(points, 0))
        return met.mwc(a - max(points, 0), b + min(points, 0), post_crawford=self.post_crawford)

    def outcome_values(self, cube: int | None = None) -> tuple[float, float, float, float, float, float]:
        """MWC after winning 1, 2, 3 and losing 1, 2, 3 points times ``cube`` (match play)."""
        return tuple(self.mwc_after(k, cube) for k in (1, 2, 3, -1, -2, -3))  # type: ignore[return-value]

    def to_equity(self, mwc: float, cube: int | None = None) -> float:
        """A match winning chance as normalised equity (+1: a single game won at ``cube``)."""
        win = self.mwc_after(1, cube)
        lose = self.mwc_after(-1, cube)
        return (2.0 * mwc - win - lose) / (win - lose)

    def big_chances(self, chances: Chances, pos: Position) -> tuple[float, float, float, float]:
        """``(win big, win backgammon, lose big, lose backgammon)`` under this scoring: gammons, or
        Mulligans (no backgammons) in ``backgammon-mulligan``."""
        if not self.mulligan:
            return chances.win_gammon, chances.win_backgammon, chances.lose_gammon, chances.lose_backgammon
        me = self.player
        wins = chances.win_gammon if mulligan_possible(pos, 1 - me) else 0.0
        loses = chances.lose_gammon if mulligan_possible(pos, me) else 0.0
        return wins, 0.0, loses, 0.0

    def mwc(self, chances: Chances, pos: Position, cube: int | None = None) -> float:
        """``player``'s MWC with ``chances`` and the cube dead at ``cube`` (match play)."""
        wg, wbg, lg, lbg = self.big_chances(chances, pos)
        w1, w2, w3, l1, l2, l3 = self.outcome_values(cube)
        lose = 1.0 - chances.win
        if self.mulligan:  # a Mulligan is 3 points
            return (chances.win - wg) * w1 + wg * w3 + (lose - lg) * l1 + lg * l3
        return (
            (chances.win - wg) * w1
            + (wg - wbg) * w2
            + wbg * w3
            + (lose - lg) * l1
            + (lg - lbg) * l2
            + lbg * l3
        )

    def equity(self, chances: Chances, pos: Position) -> float:
        """``player``'s normalised equity with ``chances`` in ``pos`` (cubeless in money play)."""
        if self.away is None:
            wg, wbg, lg, lbg = self.big_chances(chances, pos)
            big = 2.0 if self.mulligan else 1.0  # the points a gammon (Mulligan) adds to a win
            return 2.0 * chances.win - 1.0 + big * (wg - lg) + wbg - lbg
        return self.to_equity(self.mwc(chances, pos))


def mulligan_possible(pos: Position, loser: int) -> bool:
    """Could ``loser`` still lose a Mulligan: a checker on the bar or outside the home board?"""
    if pos.bar[loser]:
        return True
    path = paths_for(pos.variant)[loser]
    home_start = pos.variant.points - 6
    for k in range(home_start):
        val = pos.board[path[k]]
        if val and (val & 3) == loser:
            return True
    return False
