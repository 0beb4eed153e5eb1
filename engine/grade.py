"""Benchmarks of the backgammon levels against gnubg at 2 ply, the way backgammon software rates play.

    python -m engine.arena grade --variant backgammon --level hard --games 100 --seed 1

plays ``--games`` cubeless games of the level against itself and grades every checker play that had
a choice: its **loss** is the equity of gnubg's best play at 2 ply (gnubg's own move filters, the
reference) minus the equity of the play made, valued at 2 ply too (millipoints, mp: thousandths of
a point per game; a play better than gnubg's choice loses nothing). It prints the mean loss per play
with its 95% interval (games are the independent samples: the plays of one game are not), the share
of **blunders** (a loss above 80 mp), the rating gnubg's scale gives that loss, and the think time
per play (median, 95th percentile, slowest).

    python -m engine.arena cube --a hard --b medium --games 2000 --seed 1

plays money games with the cube between two levels through the arena (duplicate dice) and prints the
arena's report, then the cube figures: how often each side doubled, the share of its doubles taken
and dropped, and the time per cube decision (a double considered, or a double answered).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import gnubg_nn

from engine import selfplay
from engine.ai import Player, arena_levels_for, get_player
from engine.ai.chances import final_chances
from engine.ai.gnubg import chances_of, evaluator, result_key, to_board
from engine.ai.stakes import Stakes
from engine.analysis.rating import rating
from engine.arena import _tail, clustered_wilson, run
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Play
from engine.variants import Variant, find_variant

GRADE_PLY = 2
BLUNDER = 0.080


def reference_loss(game: Game, play: Play) -> float:
    """The equity ``play`` gives up against gnubg's best play at 2 ply, by gnubg's own move filters
    (``best_move``; independent of the levels' own filters), the play made valued at 2 ply too (0 for
    a forced play: gnubg's list of a single play is garbage, and there is no choice)."""
    legal = game.legal_plays()
    if len(legal) == 1:
        return 0.0
    pos, mover = game.position, game.turn
    assert game.dice is not None
    stakes = Stakes.of(game, mover)
    mine = stakes.equity(evaluator().after_play(play.result, mover, GRADE_PLY), play.result)
    by_key = {result_key(p.result, mover): p for p in legal}
    _, listed = gnubg_nn.best_move(to_board(pos, mover), game.dice[0], game.dice[1], n=GRADE_PLY, list=1)
    best = mine
    for key, _steps, probs, _equity in listed:
        candidate = by_key[key]
        if candidate.result.off[mover] == pos.variant.checkers:
            chances = final_chances(candidate.result, mover)
        else:  # the opponent's chances, on roll after the play
            chances = chances_of(probs).flipped()
        best = max(best, stakes.equity(chances, candidate.result))
    return max(0.0, best - mine)


class GradedPlayer(Player):
    """A level whose checker plays are timed and graded, and who never doubles (cubeless games)."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.variant)
        self.inner = inner
        self.level = inner.level
        self.games: list[list[float]] = [[]]  # losses of the plays with a choice, per game
        self.think: list[float] = []

    def choose_play(self, game: Game) -> Play:
        start = time.perf_counter()
        play = self.inner.choose_play(game)
        spent = time.perf_counter() - start
        if len(game.legal_plays()) > 1:
            self.think.append(spent)
            self.games[-1].append(reference_loss(game, play))
        return play

    def wants_to_double(self, game: Game) -> bool:
        return False

    def accepts_double(self, game: Game) -> bool:
        return True


def clustered_mean(clusters: Sequence[tuple[float, int]], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of values observed in independent clusters ``(sum, count)``, with its 95% interval
    (the ratio estimator's variance over the clusters)."""
    total = sum(s for s, _ in clusters)
    n = sum(c for _, c in clusters)
    m = len(clusters)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = total / n
    if m < 2:
        return (mean, mean, mean)
    var = m / (m - 1) * sum((s - mean * c) ** 2 for s, c in clusters) / n**2
    half = z * math.sqrt(var)
    return (mean, mean - half, mean + half)


def grade(variant: str | Variant, level: str, games: int, seed: int = 1, *, out=None) -> GradedPlayer:
    """Play ``games`` games of ``level`` against itself and print the grading report."""
    v = find_variant(variant)
    out = out or sys.stdout
    player = GradedPlayer(get_player(v, level, seed=seed))
    dice = SeededDice(f"grade {seed}")
    started = time.perf_counter()
    for _ in range(games):
        selfplay.play_game(v, [player, player], dice, cube=False)
        player.games.append([])
    per_game = [g for g in player.games if g]
    report_grade(v, level, games, seed, per_game, player.think, time.perf_counter() - started, out)
    return player


def report_grade(v, level, games, seed, per_game, think, elapsed, out) -> None:
    plays = sum(len(g) for g in per_game)
    mean, lo, hi = clustered_mean([(sum(g), len(g)) for g in per_game])
    blunders = sum(1 for g in per_game for x in g if x > BLUNDER)
    b_lo, b_hi = clustered_wilson([(sum(1 for x in g if x > BLUNDER), len(g)) for g in per_game])
    print(
        f"grade {v.name} {level}: {games} games against itself, seed {seed}; graded by gnubg at 2 ply",
        file=out,
    )
    print(
        f"  {plays} checker plays with a choice: loss per play {mean * 1000:.1f} mp "
        f"(95% CI {lo * 1000:.1f} .. {hi * 1000:.1f}); gnubg's rating: {rating(mean)}",
        file=out,
    )
    share = blunders / plays if plays else 0.0
    print(
        f"  blunders (> {BLUNDER * 1000:.0f} mp): {blunders} = {share:.2%} (95% CI {b_lo:.2%} .. {b_hi:.2%})",
        file=out,
    )
    median = statistics.median(think) * 1000 if think else 0.0
    print(f"  think time per play: median {median:.2f} ms, {_tail(think)}", file=out)
    print(f"  {elapsed:.1f} s", file=out)


# ------------------------------------------------------------------ the cube in money play


@dataclass
class CubeTally:
    """One side's cube decisions: doubles offered and their answers, and the time of each decision."""

    offered: int = 0
    taken: int = 0
    dropped: int = 0
    think: list[float] = field(default_factory=list)


class CubeRecorder(Player):
    """A level whose cube decisions are counted and timed; ``tallies`` is shared by both sides."""

    def __init__(self, inner: Player, tallies: dict[str, CubeTally], name: str, other: str) -> None:
        super().__init__(inner.variant)
        self.inner = inner
        self.level = self.name = name
        self.other = other
        self.tallies = tallies
        tallies.setdefault(name, CubeTally())

    def choose_play(self, game: Game) -> Play:
        return self.inner.choose_play(game)

    def accepts_resignation(self, game: Game) -> bool:
        return self.inner.accepts_resignation(game)

    def wants_to_double(self, game: Game) -> bool:
        start = time.perf_counter()
        doubles = self.inner.wants_to_double(game)
        self.tallies[self.name].think.append(time.perf_counter() - start)
        self.tallies[self.name].offered += doubles
        return doubles

    def accepts_double(self, game: Game) -> bool:
        start = time.perf_counter()
        takes = self.inner.accepts_double(game)
        self.tallies[self.name].think.append(time.perf_counter() - start)
        doubler = self.tallies[self.other]
        if takes:
            doubler.taken += 1
        else:
            doubler.dropped += 1
        return takes


def cube_arena(level_a: str, level_b: str, games: int, seed: int = 1, *, out=None) -> dict[str, CubeTally]:
    """Money games with the cube between two levels (duplicate dice); prints the arena's report and
    the cube figures."""
    out = out or sys.stdout
    v = find_variant("backgammon")
    tallies: dict[str, CubeTally] = {}
    names = (f"A {level_a}", f"B {level_b}")
    a = CubeRecorder(get_player(v, level_a, seed=seed * 1000 + 1), tallies, names[0], names[1])
    b = CubeRecorder(get_player(v, level_b, seed=seed * 1000 + 2), tallies, names[1], names[0])
    run(v, a, b, games, seed, out=out)
    print("  cube decisions:", file=out)
    for name in names:
        t = tallies[name]
        answered = t.taken + t.dropped
        taken = f"{t.taken / answered:.1%}" if answered else "-"
        dropped = f"{t.dropped / answered:.1%}" if answered else "-"
        median = statistics.median(t.think) * 1000 if t.think else 0.0
        print(
            f"    {name}: doubled {t.offered} times ({t.offered / games:.2f} a game); taken {taken}, "
            f"dropped {dropped}; {len(t.think)} cube decisions, median {median:.2f} ms, {_tail(t.think)}",
            file=out,
        )
    return tallies


def main(argv: Sequence[str]) -> int:
    """``grade ...`` or ``cube ...`` (the arena's sub-commands)."""
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("grade", help="grade a level's checker plays against gnubg at 2 ply")
    g.add_argument("--variant", default="backgammon", help="backgammon or backgammon-mulligan")
    g.add_argument("--level", default="hard")
    g.add_argument("--games", type=int, default=100)
    g.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("cube", help="money games with the cube between two levels, with the cube figures")
    c.add_argument("--a", default="hard")
    c.add_argument("--b", default="medium")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.command == "grade":
        try:
            v = find_variant(args.variant)
        except ValueError as exc:
            parser.error(str(exc))
        if not v.is_backgammon:
            parser.error(f"grading is against gnubg: backgammon variants only, not {v.name}")
        if args.level not in arena_levels_for(v):
            parser.error(f"unknown level {args.level!r}; the levels are: {', '.join(arena_levels_for(v))}")
        grade(v, args.level, args.games, args.seed)
        return 0
    for level in (args.a, args.b):
        if level not in arena_levels_for("backgammon"):
            levels = ", ".join(arena_levels_for("backgammon"))
            parser.error(f"unknown level {level!r}; the levels are: {levels}")
    if args.games % 2:
        parser.error("--games must be even (duplicate dice: a game per seat on the same dice)")
    cube_arena(args.a, args.b, args.games, args.seed)
    return 0
