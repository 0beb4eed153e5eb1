"""Backgammon evaluation: calibrated win, gammon (or Mulligan) chances and cubeless equity.

Plays are ranked by scores; look-ahead, hints and the cube need *probabilities*, comparable
between positions. They come from small logistic models fitted to games the program played against
itself (:mod:`engine.ai.fit`, which regenerates every constant below):

- **Contact**: ``P(win)`` from Tesauro's pubeval score of the position from each side (the mover's
  and, as if the opponent had just moved, the opponent's), the pip counts and the checkers on the
  bar.
- **Race** (no more contact): pip counts corrected for wastage (the Keith count's adjustments: extra
  checkers on the low points, gaps on the high home points), turned into the chance of needing fewer
  rolls: the difference in rolls over its spread (a renewal approximation of the dice), logistic.
- **Gammons** (single game) or **Mulligans** (``backgammon-mulligan``): the chance that the winner
  wins big, from how far the loser is from bearing off (checkers and pips outside the home board,
  checkers borne off) and the win chance itself.

All values are for the mover, right after the mover's play, with the opponent to roll.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.ai.pubeval import WIN_SCORE, pubeval
from engine.position import Position, paths_for
from engine.variants import Variant

# Fitted by ``python -m engine.ai.fit`` (see engine/ai/RESULTS.md for the run).
CONTACT_WIN = (-0.1912, 0.7201, -0.6628, 1.7151, -0.1353, 0.0076, 2.6832)
RACE_WIN = (-0.0169, 2.7632, 0.1301)
GAMMON = {
    "backgammon": (-2.3717, 0.0938, 1.3918, 3.0327, -0.7804, 1.3314, 0.2027),
    "mulligan": (-2.5789, 0.0820, 1.3661, 2.9760, -0.6800, 1.5175, 0.1980),
}

MEAN_ROLL = 49 / 6  # average pips per roll, doubles counted four times
ROLL_VARIANCE = 3066 / 36 - MEAN_ROLL**2


def logistic(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def logit(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))


@dataclass(frozen=True, slots=True)
class Probs:
    """The mover's chances: ``win``, ``gammon`` (winning a gammon or Mulligan or better),
    ``lose_gammon``, and the cubeless ``equity`` in points per game."""

    win: float
    gammon: float
    lose_gammon: float
    equity: float


class BgEval:
    """Calibrated probabilities for the 24-point variants."""

    def __init__(self, variant: Variant, win_model=None) -> None:
        """``win_model``: an object with ``win(pos, mover)`` (the ``hard`` level's network) used
        instead of the logistic contact and race models; the gammon models stay."""
        if variant.points != 24:
            raise ValueError(f"{variant.name} is not a backgammon variant")
        self.variant = variant
        self.win_model = win_model
        if win_model is not None:
            self.quick = win_model.win  # ranks an opponent's replies in the look-ahead
        self.paths = paths_for(variant)
        n = variant.points
        # distance of each board index for each player
        self.dist = [[0] * n for _ in range(variant.players)]
        for p, path in enumerate(self.paths):
            for k, idx in enumerate(path):
                self.dist[p][idx] = n - k
        self.big = 3.0 if variant.scoring == "mulligan" else 2.0  # points of a gammon / Mulligan
        self.gammon_model = GAMMON["mulligan" if variant.scoring == "mulligan" else "backgammon"]
        self.cache: dict = {}

    # ------------------------------------------------------------------ public
    def equity(self, pos: Position, mover: int) -> float:
        return self.probs(pos, mover).equity

    def probs(self, pos: Position, mover: int) -> Probs:
        key = (pos.board, pos.bar, pos.off, mover)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if len(self.cache) > 50_000:  # bounded memory: a move needs a few thousand
            self.cache.clear()
        value = self._probs(pos, mover)
        self.cache[key] = value
        return value

    def win(self, pos: Position, mover: int) -> float:
        return self.probs(pos, mover).win

    # ------------------------------------------------------------------ features
    def contact(self, pos: Position) -> bool:
        """Can a checker of one side still meet a checker of the other?"""
        if pos.bar[0] or pos.bar[1]:
            return True
        low0 = high1 = None
        for i, val in enumerate(pos.board):
            if not val:
                continue
            if (val & 3) == 0:
                if low0 is None:
                    low0 = i
            else:
                high1 = i
        if low0 is None or high1 is None:
            return False
        return low0 < high1 if self.variant.directions[0] > 0 else low0 > high1

    def counts_by_distance(self, pos: Position, player: int) -> list[int]:
        """``c[d]``: ``player``'s checkers at distance ``d`` (1..24; 25 is the bar)."""
        n = self.variant.points
        c = [0] * (n + 2)
        for k, idx in enumerate(self.paths[player]):
            val = pos.board[idx]
            if val and (val & 3) == player:
                c[n - k] += val >> 2
        c[n + 1] = pos.bar[player]
        return c

    def effective_pips(self, pos: Position, player: int) -> float:
        """Pip count plus a wastage estimate (the Keith count's adjustments)."""
        c = self.counts_by_distance(pos, player)
        pips = sum(d * k for d, k in enumerate(c))
        waste = 2 * max(0, c[1] - 1) + max(0, c[2] - 1) + max(0, c[3] - 3)
        waste += sum(1 for d in (4, 5, 6) if c[d] == 0)
        return pips + waste

    def race_features(self, pos: Position, mover: int) -> tuple[float, float]:
        """``(z, 1/sqrt(rolls))``: the mover's lead in expected rolls over its spread, the
        opponent being on roll (z > 0 favours the mover)."""
        mine = self.effective_pips(pos, mover)
        theirs = self.effective_pips(pos, 1 - mover)
        lead = (theirs - mine) / MEAN_ROLL - 0.5  # the opponent rolls first: half a roll ahead
        spread = math.sqrt((mine + theirs) * ROLL_VARIANCE / MEAN_ROLL**3 + 0.25)
        return lead / spread, 1.0 / spread

    def contact_features(self, pos: Position, mover: int) -> tuple[float, ...]:
        opp = 1 - mover
        mine = pos.pip_count(mover)
        theirs = pos.pip_count(opp)
        return (
            1.0,
            pubeval(pos, mover, race=False) / 10,
            pubeval(pos, opp, race=False) / 10,
            (theirs - mine) / 100,
            pos.bar[mover] / 2,
            pos.bar[opp] / 2,
            (pos.off[mover] - pos.off[opp]) / 15,
        )

    def summary(self, pos: Position) -> tuple[list[int], list[int], list[int]]:
        """Per player, in one pass: pip count, checkers outside the home board (bar included) and
        the pips those need to reach it."""
        bar = pos.bar
        pips = [25 * bar[0], 25 * bar[1]]
        outside = [bar[0], bar[1]]
        to_home = [19 * bar[0], 19 * bar[1]]
        dist = self.dist
        for idx, val in enumerate(pos.board):
            if val:
                p = val & 3
                c = val >> 2
                d = dist[p][idx]
                pips[p] += d * c
                if d > 6:
                    outside[p] += c
                    to_home[p] += (d - 6) * c
        return pips, outside, to_home

    def gammon_features(
        self, pos: Position, winner: int, p_win: float, on_roll: bool, summary=None
    ) -> tuple[float, ...] | None:
        """Features of ``winner`` winning big (None when the loser can no longer be caught);
        ``on_roll``: the winner rolls next."""
        loser = 1 - winner
        v = self.variant
        if v.scoring != "mulligan" and pos.off[loser]:
            return None
        pips, outside, to_home = summary or self.summary(pos)
        if v.scoring == "mulligan" and not outside[loser]:
            return None
        return (
            1.0,
            logit(p_win),
            outside[loser] / 15,
            to_home[loser] / 100,
            pips[winner] / 100,
            pos.off[winner] / 15,
            1.0 if on_roll else 0.0,
        )

    # ------------------------------------------------------------------ model
    def _probs(self, pos: Position, mover: int) -> Probs:
        v = self.variant
        opp = 1 - mover
        if pos.off[mover] == v.checkers:
            kind = self._final_kind(pos, mover)
            return Probs(1.0, 1.0 if kind > 1 else 0.0, 0.0, float(kind))
        if self.win_model is not None:
            win = self.win_model.win(pos, mover)
        elif self.contact(pos):
            x = self.contact_features(pos, mover)
            win = logistic(sum(w * f for w, f in zip(CONTACT_WIN, x, strict=True)))
        else:
            z, inv = self.race_features(pos, mover)
            a, b, c = RACE_WIN
            win = logistic(a + b * z + c * inv)
        summary = self.summary(pos)
        gw = self._big(pos, mover, win, False, summary)
        gl = self._big(pos, opp, 1 - win, True, summary)
        equity = (2 * win - 1) + (self.big - 1) * (gw - gl)
        return Probs(win, gw, gl, equity)

    def _big(self, pos: Position, winner: int, p_win: float, on_roll: bool, summary=None) -> float:
        """P(``winner`` wins a gammon / Mulligan or better), at most P(``winner`` wins)."""
        x = self.gammon_features(pos, winner, p_win, on_roll, summary)
        if x is None or p_win <= 0:
            return 0.0
        conditional = logistic(sum(w * f for w, f in zip(self.gammon_model, x, strict=True)))
        return p_win * conditional

    def _final_kind(self, pos: Position, winner: int) -> int:
        """Points of the finished game (1, 2, 3) for ``winner``, cube aside."""
        v = self.variant
        loser = 1 - winner
        c = self.counts_by_distance(pos, loser)
        if v.scoring == "mulligan":
            return 3 if sum(c[7:]) else 1
        if pos.off[loser]:
            return 1
        # backgammon: a loser's checker on the bar or in the winner's home board (distance 19..25)
        return 3 if sum(c[19:]) else 2


def pubeval_score(pos: Position, mover: int, race: bool) -> float:
    """The raw ranking score (re-exported for the ``medium`` player)."""
    return pubeval(pos, mover, race)


__all__ = ["WIN_SCORE", "BgEval", "Probs", "pubeval_score"]
