"""``python -m engine.solve grade``: how much winning chance each computer level gives away per move.

Each level plays ``--games`` games against ``perfect`` (seats swapped every game; game ``i`` is played on
the same dice whichever level is graded, so every level meets the same luck). At each of the level's
moves with a real choice (at least two legal plays) the table gives the chance to win after the best play
and after the play chosen; the difference is that move's loss. Printed per level: the mean loss per move
with a choice (with a 95% interval over the games), the share of moves that lose anything, and the mean
loss per game. ``perfect`` loses exactly 0 by construction; it is listed as the check of that.

The games are played by the arena's loop (:func:`engine.arena.play_game`).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.ai import get_player
from engine.ai.perfect import PerfectPlayer, exact_values
from engine.ai.players import Player
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Play
from engine.solve.table import Table, load
from engine.variants import Variant


@dataclass
class Grade:
    """One level's graded moves: per game, the losses of its moves with a choice."""

    level: str
    games: list[list[float]] = field(default_factory=list)
    forced: int = 0  # moves without a choice

    @property
    def losses(self) -> list[float]:
        return [x for game in self.games for x in game]

    def per_move(self) -> tuple[float, float, float]:
        """The mean loss per move with a choice and its 95% interval (the games are the samples: a
        ratio estimator over per-game sums)."""
        n = sum(len(g) for g in self.games)
        if not n:
            return (0.0, 0.0, 0.0)
        mean = sum(sum(g) for g in self.games) / n
        m = len(self.games)
        if m < 2:
            return (mean, mean, mean)
        var = m / (m - 1) * sum((sum(g) - mean * len(g)) ** 2 for g in self.games) / n**2
        half = 1.96 * math.sqrt(var)
        return (mean, mean - half, mean + half)


class GradedPlayer(Player):
    """Plays as ``inner`` and records what each of its plays loses against the table's best."""

    def __init__(self, inner: Player, table: Table, grade: Grade) -> None:
        super().__init__(inner.variant)
        self.inner = inner
        self.table = table
        self.grade = grade
        self.level = inner.level

    def choose_play(self, game: Game) -> Play:
        play = self.inner.choose_play(game)
        if len(game.legal_plays()) < 2:
            self.grade.forced += 1
            return play
        ranked = exact_values(self.table, game)
        chosen = next(value for value, _, p in ranked if p.result == play.result)
        self.grade.games[-1].append(ranked[0][0] - chosen)
        return play


def grade_level(variant: Variant, level: str, games: int, seed: int, table: Table) -> Grade:
    """``games`` games of ``level`` against ``perfect``, the level's moves graded."""
    grade = Grade(level)
    graded = GradedPlayer(get_player(variant, level, seed=seed), table, grade)
    play_against_perfect(
        variant,
        graded,
        table,
        games,
        lambda i: SeededDice(f"grade {seed} game {i}"),
        new_game=lambda: grade.games.append([]),
    )
    return grade


def play_against_perfect(
    variant: Variant,
    player: Player,
    table: Table,
    games: int,
    dice: Callable[[int], SeededDice],
    *,
    new_game: Callable[[], object] | None = None,
) -> None:
    """``games`` games of ``player`` against ``perfect``, the seats swapped every game, game ``i`` on
    ``dice(i)``; ``new_game`` is called before each."""
    from engine.arena import play_game

    opponent = PerfectPlayer(variant, table=table)
    for i in range(games):
        if new_game is not None:
            new_game()
        seats = [player, opponent] if i % 2 == 0 else [opponent, player]
        play_game(variant, seats, dice(i))


def grade(variant: Variant, levels: list[str], games: int, seed: int, out=None) -> int:
    out = out or sys.stdout
    table = load(variant)
    print(
        f"{variant.name}: winning chance lost per move against perfect play, {games} games per level "
        f"against perfect (seed {seed})",
        file=out,
    )
    print(
        f"  {'level':<8} {'loss/move':>9} {'95% CI':>17} {'moves':>7} {'with a loss':>11} {'loss/game':>9}",
        file=out,
    )
    for level in levels:
        started = time.perf_counter()
        g = grade_level(variant, level, games, seed, table)
        mean, lo, hi = g.per_move()
        losses = g.losses
        lossy = sum(1 for x in losses if x > 0) / len(losses) if losses else 0.0
        per_game = statistics.fmean(sum(x) for x in g.games) if g.games else 0.0
        print(
            f"  {level:<8} {mean:9.3%} {f'{lo:.3%} .. {hi:.3%}':>17} {len(losses):7} {lossy:11.1%} "
            f"{per_game:9.2%}   ({time.perf_counter() - started:.0f} s)",
            file=out,
            flush=True,
        )
    return 0
