"""The arena: computer players against each other, to measure the levels.

    python -m engine.arena --variant minigam --a hard --b medium --games 2000 --seed 1
    python -m engine.arena grade --variant backgammon --level hard --games 100   (see engine.grade)

The command line is :mod:`engine.arena.__main__`.

Plays ``--games`` single games (money games for backgammon, with the cube) between level ``A`` and
level ``B``. Two-player variants swap seats every game; in multigam ``A`` takes one seat, rotating
through the four seats game by game, and ``B`` plays the other three. Everything is deterministic
given ``--seed``: the dice come from ``SeededDice`` seeded from it, and so is each player.

**Duplicate dice** (the default): the games come in groups, one game per seat of ``A`` (2 games, 4 in
multigam), and every game of a group is played on the same dice, so the luck of the roll that favours
one seat in one game favours the other side in the next. In the 6-point games that takes much of the
luck out of the comparison (the variance of the win rate falls to 0.3 to 0.85 of what fresh dice give,
least between close levels; see engine/ai/RESULTS.md); in backgammon, where different plays soon make
different games, it changes little. The groups, not the games, are the independent samples the
intervals are computed from. ``--games`` is then a whole number of groups. ``--independent-dice``
plays every game on fresh dice instead.

Prints each side's win rate with its 95% confidence interval (Wilson score; with duplicate dice over
the effective number of games, Kish's design effect measured on the groups), the points per game
(multigam: placing points, 5/3/2/1; backgammon: points won or lost per game, cube and gammons
included) with a 95% interval, and the median think time per move (all moves, and the moves with a
real choice of at least two legal plays; for those also the 95th percentile and the slowest).

Multigam adds A's **head-to-head share**: in how many of the (game, B seat) pairings A finished
ahead of that B, averaged per game (so its 95% interval is not narrowed by the three pairings of
one game being counted as independent). It reads like a two-player win rate: 50% is parity, and
it is above 50% exactly when A scores more placing points per game than the field average.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import selfplay
from engine.ai import Player, get_player
from engine.dice import SeededDice
from engine.game import Game, Outcome
from engine.selfplay import Action, Step
from engine.variants import Variant, find_variant


@dataclass
class Side:
    """One level's tally. The lists hold one entry per game, for the side's seats in that game."""

    level: str
    games: int = 0  # seats played: one per game for A, three per multigam game for B
    won: list[int] = field(default_factory=list)  # games won (first places), per game
    points: list[float] = field(default_factory=list)  # points (multigam: placing points per seat), per game
    think: list[float] = field(default_factory=list)  # seconds, every play
    think_choice: list[float] = field(default_factory=list)  # seconds, plays with >= 2 legal plays
    ahead: list[float] = field(default_factory=list)  # multigam, A: share of the B seats beaten, per game

    @property
    def wins(self) -> int:
        return sum(self.won)


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z = 1.96``)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def clustered_wilson(clusters: Sequence[tuple[int, int]], z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion observed in independent clusters of possibly
    correlated trials, ``(successes, trials)`` per cluster: the interval of ``n / deff`` independent
    trials, where the design effect ``deff`` (Kish) is the variance of the proportion measured between
    the clusters over the variance it would have if all ``n`` trials were independent."""
    k = sum(s for s, _ in clusters)
    n = sum(t for _, t in clusters)
    m = len(clusters)
    if m < 2 or k in (0, n):
        return wilson(k, n, z)
    p = k / n
    # the ratio estimator's variance from the clusters' deviations
    var = m / (m - 1) * sum((s - p * t) ** 2 for s, t in clusters) / n**2
    if var <= 0:
        return wilson(k, n, z)
    n_eff = p * (1 - p) / var
    return wilson(p * n_eff, n_eff, z)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(values)
    if n == 1:
        return (m, m, m)
    half = z * statistics.stdev(values) / math.sqrt(n)
    return (m, m - half, m + half)


def grouped(values: Sequence[float], size: int) -> list[float]:
    """The means of consecutive groups of ``size`` values (the independent samples of duplicate dice)."""
    return [statistics.fmean(values[i : i + size]) for i in range(0, len(values), size)]


def play_game(
    variant: Variant, seats: Sequence[Player], dice: SeededDice, sides: Sequence[Side] | None = None
) -> Game:
    """One game between ``seats`` (a player per seat); think times go to ``sides`` (per seat)."""

    def record(step: Step) -> None:
        if sides is not None and step.action is Action.PLAY:
            side = sides[step.player]
            side.think.append(step.seconds)
            if len(step.before.legal_plays()) > 1:
                side.think_choice.append(step.seconds)

    return selfplay.play_game(variant, seats, dice, on_step=record)


def run(
    variant: str | Variant,
    level_a: str | Player,
    level_b: str | Player,
    games: int,
    seed: int = 1,
    *,
    duplicate: bool = True,
    progress: int = 0,
    out=None,
) -> tuple[Side, Side]:
    """Play the arena and print the report; returns the two sides' tallies. With ``duplicate`` dice
    ``games`` must be a multiple of the variant's players (a ``ValueError`` says so).

    A level is a name (``ARENA_LEVELS``) or a :class:`Player` (to measure a player being developed;
    B's seats then share that one player)."""
    v = find_variant(variant)
    group = v.players if duplicate else 1
    problem = games_problem(v, games, duplicate)
    if problem:
        raise ValueError(problem)
    a, b = Side(_name(level_a)), Side(_name(level_b))
    stream = SeededDice(seed)
    player_a = _player(v, level_a, seed * 1000 + 1)
    players_b = [_player(v, level_b, seed * 1000 + 2 + k) for k in range(v.players - 1)]
    started = time.perf_counter()
    for i in range(games):
        seat_a = i % v.players
        seats: list[Player] = []
        sides: list[Side] = []
        others = iter(players_b)
        for seat in range(v.players):
            if seat == seat_a:
                seats.append(player_a)
                sides.append(a)
            else:
                seats.append(next(others))
                sides.append(b)
        dice = SeededDice(f"arena {seed} group {i // group}") if duplicate else stream
        game = play_game(v, seats, dice, sides)
        _tally(v, game.outcome, seat_a, a, b)
        if progress and (i + 1) % progress == 0:
            lo, hi = win_interval(a, group)
            print(
                f"  {i + 1} games: A {a.level} wins {a.wins / a.games:.1%} [{lo:.1%}, {hi:.1%}]"
                f"  {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    report(v, a, b, games, seed, time.perf_counter() - started, group=group, out=out)
    return a, b


def games_problem(v: Variant, games: int, duplicate: bool) -> str | None:
    """Why ``games`` games cannot be played in ``v`` (None when they can)."""
    if games < 1:
        return "--games must be at least 1"
    if duplicate and games % v.players:
        return (
            f"with duplicate dice --games must be a multiple of {v.players} in {v.name} "
            "(a game per seat of A on the same dice); or use --independent-dice"
        )
    return None


def _name(level: str | Player) -> str:
    return level if isinstance(level, str) else getattr(level, "name", type(level).__name__)


def _player(v: Variant, level: str | Player, seed: int) -> Player:
    return get_player(v, level, seed=seed) if isinstance(level, str) else level


def win_interval(side: Side, group: int) -> tuple[float, float]:
    """The 95% interval of ``side``'s win rate (first places in multigam), the groups of ``group``
    games being the independent samples."""
    seats = side.games // len(side.won) if side.won else 1
    clusters = [
        (sum(side.won[i : i + group]), seats * len(side.won[i : i + group]))
        for i in range(0, len(side.won), group)
    ]
    return clustered_wilson(clusters)


def _tally(v: Variant, outcome: Outcome | None, seat_a: int, a: Side, b: Side) -> None:
    assert outcome is not None
    a_won = outcome.winner == seat_a
    a.games += 1
    a.won.append(int(a_won))
    b.games += v.players - 1
    b.won.append(int(not a_won))
    if v.players > 2:
        others = [seat for seat in range(v.players) if seat != seat_a]
        a.points.append(outcome.scores[seat_a])
        b.points.append(statistics.fmean(outcome.scores[seat] for seat in others))
        beaten = sum(outcome.scores[seat_a] > outcome.scores[seat] for seat in others)
        a.ahead.append(beaten / len(others))
        return
    a.points.append(outcome.points if a_won else -outcome.points)
    b.points.append(-a.points[-1])


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f} ms" if values else "-"


def _tail(values: list[float]) -> str:
    """The 95th percentile and the slowest of ``values`` (seconds), in milliseconds."""
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return f"p95 {p95 * 1000:.1f} ms, slowest {ordered[-1] * 1000:.1f} ms"


def report(
    v: Variant, a: Side, b: Side, games: int, seed: int, elapsed: float, *, group: int = 1, out=None
) -> None:
    out = out or sys.stdout
    seats = (
        "A rotates through the seats, B plays the other three"
        if v.players > 2
        else "seats swapped every game"
    )
    print(f"arena {v.name}: {games} games, seed {seed}, A = {a.level}, B = {b.level} ({seats})", file=out)
    if group > 1:
        print(
            f"  duplicate dice: each group of {group} games has the same dice, A in every seat; "
            f"the {games // group} groups are the samples of the intervals",
            file=out,
        )
    else:
        print("  independent dice: every game has its own dice", file=out)
    for name, side in (("A", a), ("B", b)):
        lo, hi = win_interval(side, group)
        rate = side.wins / side.games if side.games else 0.0
        label = "first places" if v.players > 2 else "wins"
        m, plo, phi = mean_interval(grouped(side.points, group))
        unit = "placing points" if v.players > 2 else "points"
        sign = "" if v.players > 2 else "+"
        print(
            f"  {name} {side.level:<7} {label} {side.wins}/{side.games} = {rate:.2%} "
            f"(95% CI {lo:.2%} .. {hi:.2%}); "
            f"{unit}/game {m:{sign}.3f} (95% CI {plo:{sign}.3f} .. {phi:{sign}.3f}); "
            f"median think {_ms(side.think)}/move, {_ms(side.think_choice)} with a choice "
            f"({len(side.think_choice)} of {len(side.think)} moves; {_tail(side.think_choice)})",
            file=out,
        )
    if v.players > 2:
        print(f"  field average {sum(v.placing_points) / v.players:.2f} placing points/game", file=out)
        m, lo, hi = mean_interval(grouped(a.ahead, group))
        print(
            f"  head to head: A {a.level} finished ahead of B {b.level} in {m:.2%} of the pairings "
            f"(95% CI {lo:.2%} .. {hi:.2%})",
            file=out,
        )
    print(f"  {elapsed:.1f} s", file=out)
