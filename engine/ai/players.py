"""The levels: ``random`` and ``greedy`` (arena baselines), ``easy``, ``medium`` and ``hard``.

- ``random`` picks a legal play uniformly.
- ``greedy`` is the one-line player: maximise the pip lead, then avoid blots.
- ``medium`` plays the best play by a static evaluation (one ply).
- ``easy`` ranks the plays like ``medium`` and then picks among the few best with a softmax, so it
  makes the mistakes of a casual player (a slightly worse play now and then) but never a blunder:
  plays far below the best are never considered.
- ``hard`` has a fuller evaluation and looks ahead over the dice: the best candidates of its static
  evaluation are re-valued by expectimax over the opponent's 21 rolls and best reply (and, in the
  two-player 6-point games, over the roll after that; in multigam over the next player's rolls).

Which evaluation each level uses per variant is listed in :mod:`engine.ai`.
"""

from __future__ import annotations

import math
import random

from engine.ai import search
from engine.dice import ROLLS
from engine.game import Game
from engine.position import Dice, Play, Position
from engine.variants import Variant


class Player:
    """A computer player; subclasses choose plays by their own evaluation."""

    level = "random"

    def __init__(self, variant: Variant, seed: int | None = None) -> None:
        self.variant = variant
        self.rng = random.Random(seed)

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if not plays:
            raise ValueError("there is no roll to play: roll the dice first")
        return plays[0] if len(plays) == 1 else self.rng.choice(plays)

    def wants_to_double(self, game: Game) -> bool:
        return False

    def accepts_double(self, game: Game) -> bool:
        return True

    def accepts_resignation(self, game: Game) -> bool:
        return True

    def __repr__(self) -> str:
        return f"get_player({self.variant.name!r}, {self.level!r})"


class GreedyPlayer(Player):
    """Maximise the pip lead (the opponents' pips minus one's own), then have the fewest blots."""

    level = "greedy"

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        me = game.turn
        return max(plays, key=lambda p: greedy_score(p.result, me))


def greedy_score(pos: Position, me: int) -> float:
    others = [p for p in range(pos.variant.players) if p != me]
    lead = sum(pos.pip_count(p) for p in others) - len(others) * pos.pip_count(me)
    blots = sum(1 for val in pos.board if 4 <= val < 8 and (val & 3) == me)
    return lead - 0.5 * blots


class TwoPlayerAI(Player):
    """An evaluation-based player for the two-player 6-point variants (no cube: the base class's
    answers to doubles and resignations)."""

    level = "medium"

    def __init__(self, variant: Variant, evaluator, seed: int | None = None) -> None:
        super().__init__(variant, seed)
        self.ev = evaluator

    def ranked(self, game: Game) -> list[tuple[float, int, Play]]:
        return search.rank(game.legal_plays(), game.turn, self.ev)

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        return self.ranked(game)[0][2]


class EasyPlayer(TwoPlayerAI):
    """Softmax over the few best plays of the static evaluation; never a clear blunder.

    ``softmax`` overrides the class's ``(candidates, margin, temperature)`` (the 6-point games' are
    tuned against the solved tables: ``EASY_SOFTMAX`` in :mod:`engine.ai.sixpoint`)."""

    level = "easy"
    candidates = 3
    margin = 0.12  # equity: plays more than this below the best are never chosen
    temperature = 0.04

    def __init__(
        self,
        variant: Variant,
        evaluator,
        seed: int | None = None,
        *,
        softmax: tuple[int, float, float] | None = None,
    ) -> None:
        super().__init__(variant, evaluator, seed)
        if softmax is not None:
            self.candidates, self.margin, self.temperature = softmax

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        ranked = self.ranked(game)
        best = ranked[0][0]
        pool = [t for t in ranked[: self.candidates] if t[0] >= best - self.margin]
        weights = [math.exp((eq - best) / self.temperature) for eq, _, _ in pool]
        return self.rng.choices([p for _, _, p in pool], weights=weights)[0]


class HardPlayer(TwoPlayerAI):
    """Expectimax over the dice on the best candidates of the static evaluation."""

    level = "hard"

    def __init__(
        self,
        variant: Variant,
        evaluator,
        seed: int | None = None,
        *,
        plies: tuple[tuple[int, int], ...] = ((1, 6), (2, 2)),
        margin: float = 0.4,
        width: int = 2,
    ) -> None:
        super().__init__(variant, evaluator, seed)
        self.plies = plies  # (ply, candidates kept for it), deepest last
        self.margin = margin
        self.width = width

    def analyse(self, game: Game, at_least: int = 1) -> list[tuple[float, int, Play]]:
        """Every legal play with its value, best first; the best few (``at_least`` of them or
        more, the first ones of the list) valued deepest."""
        ranked = self.ranked(game)
        me = game.turn
        best = ranked[0][0]
        pool = [t for t in ranked if t[0] >= best - self.margin]
        if len(pool) < at_least:
            pool = ranked[:at_least]
        for ply, keep in self.plies:
            pool = pool[: max(keep, at_least)]
            if len(pool) <= 1:
                break
            pool = [(search.value_after(p.result, me, self.ev, ply, self.width), i, p) for _, i, p in pool]
            pool.sort(key=lambda t: (-t[0], t[1]))
        rest = [t for t in ranked if all(t[1] != q[1] for q in pool)]
        return pool + rest

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        return self.analyse(game)[0][2]


class MultiAI(Player):
    """An evaluation-based player for multigam: maximise one's expected placing points."""

    level = "medium"

    def __init__(self, variant: Variant, evaluator, seed: int | None = None) -> None:
        super().__init__(variant, seed)
        self.ev = evaluator

    @staticmethod
    def gone(game: Game) -> frozenset[int]:
        """Players who left the game (resigned or forfeited) but whose checkers stay on the board."""
        active = set(game.active_players())
        return frozenset(p for p in range(game.variant.players) if p not in active and p not in game.finished)

    def value(self, pos: Position, me: int, gone: frozenset[int]) -> float:
        """``me``'s expected placing points right after ``me`` produced ``pos``."""
        v = self.variant
        if pos.off[me] == v.checkers:
            done = sum(1 for p in range(v.players) if pos.off[p] == v.checkers)
            return float(v.placing_points[done - 1])
        nxt = self.ev.next_player(pos, me, gone)
        return self.ev.scores(pos, nxt, gone)[me]

    def first_place(self, pos: Position, me: int, gone: frozenset[int], game: Game) -> float:
        """The chance that ``me`` finishes first after producing ``pos``."""
        if game.finished:
            return 0.0
        if pos.off[me] == self.variant.checkers:
            return 1.0
        nxt = self.ev.next_player(pos, me, gone)
        return self.ev.first_place(pos, nxt, gone)[me]

    def ranked(self, game: Game) -> list[tuple[float, int, Play]]:
        me = game.turn
        gone = self.gone(game)
        scored = [(self.value(p.result, me, gone), i, p) for i, p in enumerate(game.legal_plays())]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return scored

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        return self.ranked(game)[0][2]


class MultiEasy(MultiAI):
    """Softmax over the few best plays by expected placing points; never a clear blunder."""

    level = "easy"
    candidates = 3
    margin = 0.25  # placing points
    temperature = 0.08

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return Player.choose_play(self, game)
        ranked = self.ranked(game)
        best = ranked[0][0]
        pool = [t for t in ranked[: self.candidates] if t[0] >= best - self.margin]
        weights = [math.exp((eq - best) / self.temperature) for eq, _, _ in pool]
        return self.rng.choices([p for _, _, p in pool], weights=weights)[0]


class MultiHard(MultiAI):
    """Expectimax over the next player's 21 rolls: for each roll, that player's best reply by their
    own evaluation, and the position after it valued by the model with the following player to roll.

    The model already prices every other player's shots analytically, so what the look-ahead adds is
    the next player's actual reply (a hit, a point made, a blot covered) in place of the model's
    average over it. (Measured against ``medium`` with duplicate dice, this is as strong as a
    one-round look-ahead that also plays the later players' replies on sampled dice, and faster.)
    """

    level = "hard"
    candidates = 4
    margin = 0.6

    def _reply(self, pos: Position, dice: Dice, player: int, gone: frozenset[int]) -> Position:
        plays = search.to_move(pos, player).legal_plays(dice)
        if len(plays) == 1:
            return plays[0].result
        return max(plays, key=lambda p: self.value(p.result, player, gone)).result

    def lookahead(self, pos: Position, me: int, gone: frozenset[int]) -> float:
        """``me``'s expected placing points for ``pos`` (just played by ``me``), one roll on."""
        nxt = self.ev.next_player(pos, me, gone)
        if pos.off[me] == self.variant.checkers or nxt is None:
            return self.value(pos, me, gone)
        total = 0.0
        for dice, w in ROLLS:
            cur = self._reply(pos, dice, nxt, gone)
            # ``me`` has not finished, so someone (``me`` at the latest) rolls after ``nxt``
            following = self.ev.next_player(cur, nxt, gone)
            total += w * self.ev.scores(cur, following, gone)[me]
        return total

    def analyse(self, game: Game, at_least: int = 1) -> list[tuple[float, int, Play]]:
        """Every legal play with its value, best first; the best few (``at_least`` of them or
        more, the first ones of the list) valued with the look-ahead."""
        ranked = self.ranked(game)
        me = game.turn
        gone = self.gone(game)
        best = ranked[0][0]
        pool = [t for t in ranked[: self.candidates] if t[0] >= best - self.margin]
        if len(pool) < at_least:
            pool = ranked[:at_least]
        if len(pool) > 1:
            pool = [(self.lookahead(p.result, me, gone), i, p) for _, i, p in pool]
            pool.sort(key=lambda t: (-t[0], t[1]))
        rest = [t for t in ranked if all(t[1] != q[1] for q in pool)]
        return pool + rest

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return Player.choose_play(self, game)
        return self.analyse(game)[0][2]
