"""Doubling-cube decisions for backgammon: double, take or pass, in money play and in matches.

The method is Rick Janowski's cubeful equity ("Take-Points in Money Games", 1993), as gnubg uses it to
turn cubeless chances into cubeful equity: between a *dead* cube (never turned again: the cubeless
value) and a fully *live* one (turned at exactly the right moment), weighted by the **cube
efficiency** ``x`` (gnubg's values: 0.68 with contact; in a race 0.55 + 0.00125 × the roller's pip
count, kept within 0.6 .. 0.7). With ``W`` and ``L`` the average value of a win and of a loss (a
gammon counting 2, a backgammon 3), a live cube's value is linear in the chance to win ``p`` between
the points where the cube changes hands: the take point ``(L - 1/2) / (W + L + 1/2)`` and the cash
point ``(L + 1) / (W + L + 1/2)``.

**Matches** use the same construction in match winning chances (Kazaross-XG2, :mod:`engine.ai.met`):
at each cube value the cash and take points are where the live value of the next cube level equals
a drop, worked out from the highest useful cube level (where the cube is dead: its owner's win
already wins the match) down to the cube of the game. The Crawford game has no cube; after it the
leader's cube is dead and the trailer's is not, which the construction knows by itself: the trailer
doubles at once and the leader takes or passes by the table, as gnubg does (its own decisions, after the
Crawford game, in it and past what the leader needs, are the reference in tests/engine/ai/test_cube_gnubg.py).

The decision compares, for the player on roll (equities normalised to the cube's current value):
*no double* (the cube where it is), *double, take* (twice the value with the opponent owning the cube)
and *double, pass* (+1). Double when both answers beat not doubling; the opponent takes when taking
costs less than passing; *too good* when playing on beats the opponent's pass. The Jacoby rule
(money play) makes gammons count only once the cube has been turned.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.chances import Chances
from engine.ai.stakes import Stakes
from engine.position import Position

CONTACT_X = 0.68
RACE_X = (0.55, 0.00125, 0.6, 0.7)  # coefficient, per pip, least, most
Knots = Sequence[tuple[float, float]]


class Owner(enum.StrEnum):
    """Who owns the cube, seen from the player on roll."""

    CENTRED = "centred"
    ROLLER = "roller"
    OPPONENT = "opponent"


class CubeAction(enum.StrEnum):
    """The right cube action for the player on roll and the opponent's right answer (gnubg's words)."""

    NO_DOUBLE_TAKE = "no double, take"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    TOO_GOOD_TAKE = "too good to double, take"
    TOO_GOOD_PASS = "too good to double, pass"


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube as the player on roll sees it. ``available``: the rules let that player double now;
    ``crawford``: the Crawford game (nobody doubles in it); ``jacoby``: money play's Jacoby rule."""

    value: int = 1
    owner: Owner = Owner.CENTRED
    available: bool = True
    jacoby: bool = False
    crawford: bool = False


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """The three equities of a cube decision for the player on roll, normalised to the cube's
    current value (+1: a single game at that cube), and the chances they come from."""

    no_double: float
    double_take: float
    double_pass: float
    chances: Chances
    redouble: bool = False
    available: bool = True

    @property
    def take(self) -> bool:
        """The opponent's right answer to a double: take (when taking loses less than passing)."""
        return self.double_take <= self.double_pass

    @property
    def double_value(self) -> float:
        """What doubling is worth, the opponent answering right."""
        return min(self.double_take, self.double_pass)

    @property
    def double(self) -> bool:
        """Doubling is right: it beats not doubling, and the rules let the player double now (not in
        the Crawford game, nor when the opponent owns the cube: gnubg's "never double")."""
        return self.available and self.double_value > self.no_double

    @property
    def too_good(self) -> bool:
        return self.available and not self.double and self.no_double > self.double_pass

    @property
    def action(self) -> CubeAction:
        if self.double:
            return CubeAction.DOUBLE_TAKE if self.take else CubeAction.DOUBLE_PASS
        if self.too_good:
            return CubeAction.TOO_GOOD_TAKE if self.take else CubeAction.TOO_GOOD_PASS
        return CubeAction.NO_DOUBLE_TAKE

    @property
    def advice(self) -> str:
        """The action as players say it: "double / take", "no double", "too good", "double / pass"
        ("redouble" when the roller owns the cube)."""
        word = "redouble" if self.redouble else "double"
        if self.double:
            return f"{word} / {'take' if self.take else 'pass'}"
        return "too good" if self.too_good else f"no {word}"

    @property
    def value(self) -> float:
        """The position's equity for the player on roll with the right cube action (when the cube
        is not available, not doubling is the only action)."""
        return max(self.no_double, self.double_value) if self.available else self.no_double

    def doubling_error(self, doubled: bool) -> float:
        """Equity the player on roll gives up by doubling (or not), the opponent answering right."""
        gain = self.double_value - self.no_double
        return max(0.0, -gain if doubled else gain)

    def answer_error(self, took: bool) -> float:
        """Equity the opponent gives up by taking (or passing) a double."""
        gain = self.double_pass - self.double_take  # to the taker, of taking
        return max(0.0, -gain if took else gain)


def cube_efficiency(pos: Position, roller: int, contact: bool) -> float:
    """Janowski's ``x`` as gnubg sets it: 0.68 with contact, by the roller's pips in a race."""
    if contact:
        return CONTACT_X
    base, per_pip, least, most = RACE_X
    return min(most, max(least, base + per_pip * pos.pip_count(roller)))


def decide(chances: Chances, stakes: Stakes, state: CubeState, x: float, pos: Position) -> CubeDecision:
    """The cube decision of the player on roll (``stakes.player``) with ``chances``, cube ``state``
    and cube efficiency ``x``; ``pos`` tells Mulligans apart (no cube there; money and matches)."""
    if stakes.is_money:
        return _money(chances, state, x)
    return _MatchCube(chances, stakes, x, pos, state.crawford).decide(state)


# ------------------------------------------------------------------ money play


def _money(chances: Chances, state: CubeState, x: float) -> CubeDecision:
    p = chances.win
    redouble = state.owner is Owner.ROLLER
    if p <= 1e-7 or p >= 1 - 1e-7:  # nothing left to decide: the cube is dead
        eq = chances.money
        return CubeDecision(eq, 2 * eq, 1.0, chances, redouble, state.available)
    w = 1.0 + (chances.win_gammon + chances.win_backgammon) / p
    lose = 1.0 + (chances.lose_gammon + chances.lose_backgammon) / (1.0 - p)
    take_point = (lose - 0.5) / (w + lose + 0.5)
    cash_point = (lose + 1.0) / (w + lose + 0.5)
    dead = chances.money
    if state.owner is Owner.CENTRED:
        jacoby = state.jacoby
        knots = [
            (0.0, -1.0 if jacoby else -lose),
            (take_point, -1.0),
            (cash_point, 1.0),
            (1.0, 1.0 if jacoby else w),
        ]
        live = _at(knots, p)
        if jacoby:
            dead = 2.0 * p - 1.0
    elif state.owner is Owner.ROLLER:
        live = _at([(0.0, -lose), (cash_point, 1.0), (1.0, w)], p)
    else:
        live = _at([(0.0, -lose), (take_point, -1.0), (1.0, w)], p)
    no_double = x * live + (1.0 - x) * dead
    opponent_owns = _at([(0.0, -lose), (take_point, -1.0), (1.0, w)], p)
    double_take = 2.0 * (x * opponent_owns + (1.0 - x) * chances.money)
    return CubeDecision(no_double, double_take, 1.0, chances, redouble, state.available)


# ------------------------------------------------------------------ matches


class _MatchCube:
    """Live-cube match winning chances of the roller ``X`` against ``Y``, cube level by level."""

    def __init__(self, chances: Chances, stakes: Stakes, x: float, pos: Position, crawford: bool) -> None:
        self.chances = chances
        self.crawford = crawford
        self.stakes = stakes
        self.x = x
        self.p = chances.win
        self.pos = pos
        self.away = stakes.away or (1, 1)
        self._memo: dict[tuple[int, Owner], list[tuple[float, float]]] = {}

    def _ends(self, cube: int) -> tuple[float, float, float, float]:
        """X's MWC after winning and losing a single game at ``cube``, and on average when winning
        (gammons included) and losing."""
        s = self.stakes
        c = self.chances
        wg, wbg, lg, lbg = s.big_chances(c, self.pos)
        w1, w2, w3, l1, l2, l3 = s.outcome_values(cube)
        p, q = max(c.win, 1e-9), max(1.0 - c.win, 1e-9)
        if s.mulligan:
            win_avg = ((p - wg) * w1 + wg * w3) / p
            lose_avg = ((q - lg) * l1 + lg * l3) / q
        else:
            win_avg = ((p - wg) * w1 + (wg - wbg) * w2 + wbg * w3) / p
            lose_avg = ((q - lg) * l1 + (lg - lbg) * l2 + lbg * l3) / q
        return w1, l1, win_avg, lose_avg

    def _can_double(self, player_away: int, cube: int) -> bool:
        """A cube of ``cube`` is alive for its owner who needs ``player_away``: a win does not win
        the match already."""
        return not self.crawford and cube < player_away

    def live(self, cube: int, owner: Owner) -> list[tuple[float, float]]:
        """Knots of X's live-cube MWC as a function of X's chance to win, at ``cube``."""
        key = (cube, owner)
        if key in self._memo:
            return self._memo[key]
        w1, l1, win_avg, lose_avg = self._ends(cube)
        knots = [(0.0, lose_avg)]
        x_can = owner is not Owner.OPPONENT and self._can_double(self.away[0], cube)
        y_can = owner is not Owner.ROLLER and self._can_double(self.away[1], cube)
        if y_can:  # X's take point of Y's double: X owning the next cube is worth a pass
            knots.append((_root(self.live(2 * cube, Owner.ROLLER), l1), l1))
        if x_can:  # X's cash point: Y owning the next cube is worth Y's pass to X
            knots.append((_root(self.live(2 * cube, Owner.OPPONENT), w1), w1))
        knots.append((1.0, win_avg))
        knots.sort()
        self._memo[key] = knots
        return knots

    def value(self, cube: int, owner: Owner) -> float:
        """X's cubeful MWC: the live and the dead cube weighted by the cube efficiency."""
        _, _, win_avg, lose_avg = self._ends(cube)
        dead = self.p * win_avg + (1.0 - self.p) * lose_avg
        return self.x * _at(self.live(cube, owner), self.p) + (1.0 - self.x) * dead

    def decide(self, state: CubeState) -> CubeDecision:
        c = state.value
        s = self.stakes
        no_double = s.to_equity(self.value(c, state.owner), c)
        double_take = s.to_equity(self.value(2 * c, Owner.OPPONENT), c)
        redouble = state.owner is Owner.ROLLER
        return CubeDecision(no_double, double_take, 1.0, self.chances, redouble, state.available)


# ------------------------------------------------------------------ piecewise-linear functions


def _at(knots: Knots, p: float) -> float:
    """The piecewise-linear function through ``knots`` (sorted by ``p``) at ``p``."""
    p0, v0 = knots[0]
    for p1, v1 in knots[1:]:
        if p <= p1:
            return v0 if p1 <= p0 else v0 + (v1 - v0) * (p - p0) / (p1 - p0)
        p0, v0 = p1, v1
    return v0


def _root(knots: Knots, target: float) -> float:
    """Where the increasing piecewise-linear function through ``knots`` reaches ``target`` (0 or 1
    when it never does: always or never)."""
    p0, v0 = knots[0]
    if v0 >= target:
        return 0.0
    for p1, v1 in knots[1:]:
        if v1 >= target:
            return p0 if v1 == v0 else p0 + (p1 - p0) * (target - v0) / (v1 - v0)
        p0, v0 = p1, v1
    return 1.0
