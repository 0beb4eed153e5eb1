"""The ``perfect`` level and exact hints for the two-player 6-point games, from the solved tables.

Every play is valued by the table (:mod:`engine.solve.table`): the chance that the mover wins after it,
with best play by both sides from then on. ``perfect`` plays the best (the engine's first on a tie);
hints show every play's chance and what it loses against the best.
"""

from __future__ import annotations

from engine.ai.players import Player
from engine.game import Game
from engine.position import Play
from engine.solve.index import SOLVABLE
from engine.solve.table import Table, load
from engine.variants import Variant

LEVEL_LOSS: dict[str, dict[str, float]] = {
    "minigam": {"easy": 0.0199, "medium": 0.0101, "hard": 0.00072},
    "minigam-full-entry": {"easy": 0.0176, "medium": 0.0090, "hard": 0.00016},
    "minigam-strict": {"easy": 0.0126, "medium": 0.0062, "hard": 0.00019},
}
"""What each level gives away per move with a choice (winning chance, against perfect play): the
strengths the hand-made levels were measured at and spaced evenly by (``python -m engine.solve grade``,
engine/ai/RESULTS.md), kept by the table's levels below."""

LEVEL_NOISE: dict[str, dict[str, float]] = {
    "minigam": {"easy": 0.1036, "medium": 0.0598, "hard": 0.0129},
    "minigam-full-entry": {"easy": 0.1160, "medium": 0.0679, "hard": 0.0049},
    "minigam-strict": {"easy": 0.0693, "medium": 0.0406, "hard": 0.0052},
}
"""The noise of each level (see :class:`NoisyPerfectPlayer`) that gives away ``LEVEL_LOSS`` per move,
fitted by ``python -m engine.ai.noise_fit --variant VARIANT --games 2000 --seed 11``."""


def solvable(variant: Variant) -> bool:
    """Whether ``variant`` is one of the solved games."""
    return variant.name in SOLVABLE


def exact_values(table: Table, game: Game) -> list[tuple[float, int, Play]]:
    """``(chance to win, index, play)`` for every legal play of ``game``, best first (ties keep the
    engine's order)."""
    me = game.turn
    scored = [(table.after(p.result, me), i, p) for i, p in enumerate(game.legal_plays())]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return scored


class PerfectPlayer(Player):
    """Best play: the legal play after which the table gives the mover the highest chance to win."""

    level = "perfect"

    def __init__(self, variant: Variant, seed: int | None = None, *, table: Table | None = None) -> None:
        super().__init__(variant, seed)
        self.table = table if table is not None else load(variant)

    def analyse(self, game: Game) -> list[tuple[float, int, Play]]:
        return exact_values(self.table, game)

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        return self.analyse(game)[0][2]


class NoisyPerfectPlayer(PerfectPlayer):
    """A level below ``perfect`` in the solved games: each play's exact chance to win plus Gaussian noise
    of standard deviation ``noise`` (drawn afresh for every play of every move), the highest taken.

    This is how GNU Backgammon makes its weaker levels: the mistakes are the kind a person makes, small
    where plays are close and rare where one play stands out, and the size of the noise sets the level's
    strength, measured as the winning chance lost per move (``python -m engine.solve grade``). A move
    costs a few table lookups, so a busy server's computers think in microseconds."""

    def __init__(
        self,
        variant: Variant,
        level: str,
        noise: float,
        seed: int | None = None,
        *,
        table: Table | None = None,
    ) -> None:
        super().__init__(variant, seed, table=table)
        if noise <= 0:
            raise ValueError(f"noise must be positive (no noise is the perfect level), not {noise}")
        self.level = level
        self.noise = noise

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) <= 1:
            return super().choose_play(game)
        gauss, noise = self.rng.gauss, self.noise
        return max(self.analyse(game), key=lambda scored: scored[0] + gauss(0.0, noise))[2]
