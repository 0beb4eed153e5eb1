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
