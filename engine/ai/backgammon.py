"""The backgammon levels (both 24-point variants) on the engine's evaluator (gnubg's nets).

========== ===================================================================================
``expert`` gnubg's 2-ply: every play at 0 ply, the best few at 1 ply, the best of those at 2 ply
           (:func:`~engine.ai.evaluator.rank_plays`); cube decisions on 2-ply chances
``hard``   gnubg's net itself (0 ply) for plays and the cube
``medium`` ``hard`` with noise: each play's equity blurred by a normal error (:data:`NOISE`), so it
           picks a somewhat worse play now and then; its cube decisions blurred the same way
``easy``   the same with more noise
========== ===================================================================================

The noise is tuned so that the levels' measured loss per play (graded by gnubg at 2 ply,
``python -m engine.arena grade``) is about 12 millipoints for ``medium`` and 25 for ``easy``.

Plays are valued by the game's :class:`~engine.ai.stakes.Stakes` (money, the match score, Mulligans);
cube decisions by :mod:`engine.ai.cube`; a resignation is accepted exactly when the offer is worth at
least what the position is worth to the computer with the cube.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.ai import cube as cube_rules
from engine.ai.cube import CubeDecision, CubeState, Owner
from engine.ai.evaluator import Evaluator, ScoredPlay, rank_plays
from engine.ai.gnubg import evaluator as gnubg_evaluator
from engine.ai.players import Player
from engine.ai.stakes import Stakes
from engine.game import Game
from engine.position import Play, Position
from engine.variants import Variant

PLY = {"expert": 2, "hard": 0, "medium": 0, "easy": 0}
NOISE = {"expert": 0.0, "hard": 0.0, "medium": 0.042, "easy": 0.077}
"""Standard deviation of the error added to each play's equity (and to the cube's equities)."""


class BackgammonPlayer(Player):
    """A computer player of one level in ``backgammon`` or ``backgammon-mulligan``."""

    def __init__(
        self,
        variant: Variant,
        level: str,
        seed: int | None = None,
        *,
        evaluator: Evaluator | None = None,
        ply: int | None = None,
        noise: float | None = None,
    ) -> None:
        if not variant.is_backgammon:
            raise ValueError(f"{variant.name} is not a backgammon variant")
        if level not in PLY:
            raise ValueError(f"unknown backgammon level {level!r}; the levels are: {', '.join(PLY)}")
        super().__init__(variant, seed)
        self.level = level
        self.ev = evaluator or gnubg_evaluator()
        self.ply = PLY[level] if ply is None else ply
        self.noise = NOISE[level] if noise is None else noise

    # ------------------------------------------------------------------ plays
    def ranked(self, game: Game, at_least: int = 1) -> list[ScoredPlay]:
        """Every legal play, best first, by this level's evaluation (without its noise)."""
        if game.dice is None:
            raise ValueError("there is no roll to play: roll the dice first")
        stakes = Stakes.of(game, game.turn)
        return rank_plays(self.ev, game.position, game.dice, stakes, self.ply, at_least=at_least)

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if not plays:
            raise ValueError("there is no roll to play: roll the dice first")
        if len(plays) == 1:  # forced: nothing to evaluate
            return plays[0]
        ranked = self.ranked(game)
        if not self.noise:
            return ranked[0].play
        return max(ranked, key=lambda s: s.value + self.rng.gauss(0.0, self.noise)).play

    # ------------------------------------------------------------------ the cube
    def cube_decision(self, game: Game) -> CubeDecision:
        """The cube decision of the player on roll (before rolling), at this level's ply, without
        noise."""
        return cube_decision(game, self.ev, self.ply)

    def _blurred(self, decision: CubeDecision) -> CubeDecision:
        if not self.noise:
            return decision
        g = self.rng.gauss
        return replace(
            decision,
            no_double=decision.no_double + g(0.0, self.noise),
            double_take=decision.double_take + g(0.0, self.noise),
        )

    def wants_to_double(self, game: Game) -> bool:
        if not game.may_double():
            return False
        return self._blurred(self.cube_decision(game)).double

    def accepts_double(self, game: Game) -> bool:
        if not game.double_offered:
            return True
        return self._blurred(self.cube_decision(replace(game, double_offered=False))).take

    def accepts_resignation(self, game: Game) -> bool:
        if game.resign_offer is None:
            return False
        resigner, level = game.resign_offer
        me = 1 - resigner
        stakes = Stakes.of(game, me)
        offered = float(level) if stakes.is_money else stakes.to_equity(stakes.mwc_after(level))
        return offered >= position_value(game, me, self.ev, self.ply)


# ------------------------------------------------------------------ shared by players, hints, analysis


def cube_state(game: Game) -> CubeState:
    """The cube as the player on roll sees it."""
    if game.cube_owner is None:
        owner = Owner.CENTRED
    else:
        owner = Owner.ROLLER if game.cube_owner == game.turn else Owner.OPPONENT
    jacoby = bool(getattr(game.match, "jacoby", False)) and game.match.target <= 0
    available = game.may_double(game.turn)  # before the roll, the cube where the rules allow it
    return CubeState(game.cube, owner, available, jacoby, game.match.crawford)


def cube_decision(game: Game, ev: Evaluator, ply: int) -> CubeDecision:
    """The cube decision of the player on roll in ``game`` (before the roll) at ``ply``."""
    pos = game.position
    roller = pos.turn
    chances = ev.on_roll(pos, ply)
    stakes = Stakes.of(game, roller)
    state = cube_state(replace(game, dice=None))
    x = cube_rules.cube_efficiency(pos, roller, has_contact(pos))
    return cube_rules.decide(chances, stakes, state, x, pos)


def position_value(game: Game, player: int, ev: Evaluator, ply: int) -> float:
    """What the position is worth to ``player``, in normalised equity, with the cube handled
    right from here (the player on roll doubling when right; after the roll: the best play). An
    offer waiting for an answer is left out: this is what playing on is worth."""
    game = replace(game, resign_offer=None, double_offered=False)
    mover = game.turn
    if game.dice is not None:
        best = rank_plays(ev, game.position, game.dice, Stakes.of(game, mover), ply)[0].value
    else:
        best = cube_decision(game, ev, ply).value if game.variant.cube else _cubeless(game, ev, ply)
    return best if player == mover else -best


def _cubeless(game: Game, ev: Evaluator, ply: int) -> float:
    pos = game.position
    return Stakes.of(game, pos.turn).equity(ev.on_roll(pos, ply), pos)


def has_contact(pos: Position) -> bool:
    """Can a checker of one side still meet one of the other (a checker on the bar counts)?"""
    if pos.bar[0] or pos.bar[1]:
        return True
    last = {0: None, 1: None}  # the rearmost checker of each side, by board index
    for i, val in enumerate(pos.board):
        if val:
            p = val & 3
            if p == 0 and last[0] is None:
                last[0] = i
            elif p == 1:
                last[1] = i
    if last[0] is None or last[1] is None:
        return False
    # player 0 moves up the board, player 1 down: contact while 0's rearmost is below 1's rearmost
    forward = pos.variant.directions[0] > 0
    return last[0] < last[1] if forward else last[0] > last[1]


@dataclass(frozen=True, slots=True)
class CubeHint:
    """Cube advice for the player who must act: before rolling (double or not) or facing a double
    (take or pass). ``advice`` is what players say ("double / take", "no double", "too good",
    "double / pass"; facing a double: "take" or "pass"); the equities are the roller's. In match play
    ``mwc`` is the roller's match winning chance after no double, double / take and double / pass."""

    advice: str
    decision: CubeDecision
    facing_double: bool = False
    mwc: tuple[float, float, float] | None = None


def cube_hint(game: Game, ev: Evaluator | None = None, ply: int = 2) -> CubeHint | None:
    """The cube advice for ``game`` now, or ``None`` when there is no cube decision to make."""
    if not game.variant.cube or game.outcome is not None or game.resign_offer is not None:
        return None
    ev = ev or gnubg_evaluator()
    if game.double_offered:
        decision = cube_decision(replace(game, double_offered=False), ev, ply)
        mwc = _match_chances(game, decision)
        return CubeHint("take" if decision.take else "pass", decision, facing_double=True, mwc=mwc)
    if game.dice is not None or not game.may_double():
        return None
    decision = cube_decision(game, ev, ply)
    return CubeHint(decision.advice, decision, mwc=_match_chances(game, decision))


def _match_chances(game: Game, decision: CubeDecision) -> tuple[float, float, float] | None:
    """The roller's match winning chances behind ``decision``'s equities (``None`` in money play): each
    equity, normalised at the cube now (:meth:`Stakes.to_equity`), turned back into a chance."""
    stakes = Stakes.of(game, game.turn)
    if stakes.is_money:
        return None
    win, lose = stakes.mwc_after(1), stakes.mwc_after(-1)

    def chance(equity: float) -> float:
        return (equity * (win - lose) + win + lose) / 2.0

    return chance(decision.no_double), chance(decision.double_take), chance(decision.double_pass)
