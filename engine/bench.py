"""``python -m engine bench``: how fast legal plays are listed, per variant.

For each variant a fixed, seeded set of ``(position, dice)`` samples is built: positions reached in random
games (every turn of every game) and constructed ones (bear-offs and checkers on the bar; for
backgammon, doubles on half of them). Each sample is timed **cold**: a fresh :class:`Position` is built
for every measurement, so the per-position memo (``Position._cache``) never answers. A sample's time is
the fastest of a few repeats (to drop scheduler noise); the median and the worst over the samples are
printed, then random games played per second through :class:`Game` (opening roll, rolls, plays).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine import selfplay
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Dice, Play, Position, paths_for
from engine.selfplay import Action, ChoosePlays
from engine.variants import VARIANTS, Variant, find_variant

TARGETS_US = {
    "minigam": (10.0, None),
    "minigam-full-entry": (10.0, None),
    "minigam-strict": (10.0, None),
    "multigam": (10.0, None),
    "backgammon": (150.0, 5000.0),
    "backgammon-mulligan": (150.0, 5000.0),
}
"""Per variant: the target median and (where set) the target worst case, in microseconds."""


@dataclass(frozen=True, slots=True)
class Sample:
    kind: str  # "game" | "bearoff" | "bar"
    position: Position
    dice: Dice


def random_game_positions(variant: Variant, rng: random.Random, limit: int) -> list[Sample]:
    """Positions with their dice at every turn of random games until ``limit`` samples are collected."""
    out: list[Sample] = []
    game_seed = rng.randrange(1 << 30)
    seat = random_seat(rng)
    while len(out) < limit:
        dice_source = SeededDice(game_seed)
        game_seed += 1
        game = selfplay.steps(variant, [seat] * variant.players, dice_source, cube=False)
        plays = (step for step in game if step.action is Action.PLAY)
        for turns, step in enumerate(plays, start=1):
            out.append(Sample("game", step.before.position, step.before.dice))
            if len(out) >= limit or turns >= 2000:
                break
    return out


def random_seat(rng: random.Random) -> selfplay.Seat:
    """A seat playing a uniformly random legal play."""

    def choose(game: Game) -> Play:
        plays = game.legal_plays()
        return plays[rng.randrange(len(plays))]

    return ChoosePlays(choose)


def _scatter(rng: random.Random, count: int, slots: Sequence[int], board: list[int], owner: int) -> bool:
    """Put ``count`` checkers of ``owner`` on random free-or-own ``slots`` (board indices)."""
    free = [i for i in slots if board[i] == 0 or board[i] & 3 == owner]
    if not free and count:
        return False
    chosen = rng.sample(free, k=min(len(free), rng.randint(1, max(1, min(len(free), 6)))))
    for _ in range(count):
        i = rng.choice(chosen)
        board[i] = (board[i] >> 2) * 4 + 4 + owner if board[i] else 4 + owner
    return True


def constructed_position(variant: Variant, rng: random.Random, kind: str) -> Position:
    """A random legal position: ``bearoff`` (the player to move is bearing off) or ``bar`` (several of
    the player's checkers on the bar against a partly closed board)."""
    v = variant
    n, checkers = v.points, v.checkers
    paths = paths_for(v)
    while True:
        turn = rng.randrange(v.players)
        board = [0] * n
        bar = [0] * v.players
        off = [0] * v.players
        home = list(paths[turn][n - 6 :])
        if kind == "bearoff":
            off[turn] = rng.randint(0, checkers - 1)
            if v.bar_rule == "loose" and rng.random() < 0.3:
                bar[turn] = rng.randint(1, min(2, checkers - off[turn]))
            ok = _scatter(rng, checkers - off[turn] - bar[turn], home, board, turn)
        else:
            bar[turn] = rng.randint(1, min(4 if n == 24 else checkers, checkers))
            ok = _scatter(rng, checkers - bar[turn], list(range(n)), board, turn)
        for p in range(v.players):
            if p == turn or not ok:
                continue
            bar[p] = rng.randint(0, 2)
            off[p] = rng.randint(0, checkers // 3) if kind == "bearoff" else 0
            ok = _scatter(rng, checkers - bar[p] - off[p], list(range(n)), board, p)
        if not ok:
            continue
        pos = Position(v, turn, tuple(board), tuple(bar), tuple(off))
        pos.validate()
        return pos


def build_samples(variant: Variant, seed: int = 1, games: int = 600, constructed: int = 300) -> list[Sample]:
    """The fixed sample set of one variant: ``games`` reachable positions and ``constructed`` built ones."""
    rng = random.Random(f"{seed}:{variant.name}")
    samples = random_game_positions(variant, rng, games)
    for i in range(constructed):
        kind = "bearoff" if i % 2 == 0 else "bar"
        pos = constructed_position(variant, rng, kind)
        a = rng.randint(1, 6)
        b = a if (variant.points == 24 and i % 4 < 2) else rng.randint(1, 6)
        samples.append(Sample(kind, pos, Dice(a, b)))
    return samples


def time_sample(sample: Sample, repeats: int = 5) -> float:
    """Seconds to list the legal plays of a fresh copy of the sample's position (best of ``repeats``)."""
    pos, dice = sample.position, sample.dice
    v, turn, board, bar, off = pos.variant, pos.turn, pos.board, pos.bar, pos.off
    clock = time.perf_counter
    best = float("inf")
    for _ in range(repeats):
        fresh = Position(v, turn, board, bar, off)
        t0 = clock()
        fresh.legal_plays(dice)
        t1 = clock()
        best = min(best, t1 - t0)
    return best


def games_per_second(variant: Variant, seconds: float, seed: int = 7) -> tuple[float, int]:
    """Random games (random legal play each turn) completed per second through :class:`Game`."""
    seats = [random_seat(random.Random(seed))] * variant.players
    dice = SeededDice(seed)
    done = 0
    start = time.perf_counter()
    while True:
        selfplay.play_game(variant, seats, dice, cube=False)
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, done


@dataclass(frozen=True, slots=True)
class Result:
    variant: str
    samples: int
    median_us: float
    p90_us: float
    worst_us: float
    worst_kind: str
    worst_sample: Sample
    games_per_second: float
    games: int

    def meets_targets(self) -> bool:
        median_target, worst_target = TARGETS_US[self.variant]
        return self.median_us <= median_target and (worst_target is None or self.worst_us <= worst_target)


def bench_variant(variant: Variant, *, seed: int, games: int, constructed: int, seconds: float) -> Result:
    samples = build_samples(variant, seed, games, constructed)
    times = [time_sample(s) * 1e6 for s in samples]
    worst_i = max(range(len(times)), key=times.__getitem__)
    ordered = sorted(times)
    rate, played = games_per_second(variant, seconds, seed)
    return Result(
        variant.name,
        len(samples),
        statistics.median(times),
        ordered[int(0.9 * (len(ordered) - 1))],
        times[worst_i],
        samples[worst_i].kind,
        samples[worst_i],
        rate,
        played,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine bench",
        description="How fast legal plays are listed, per variant (timed cold).",
    )
    parser.add_argument("--variant", action="append", help="only this variant (may repeat)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample set (default 1)")
    parser.add_argument("--games", type=int, default=600, help="positions from random games per variant")
    parser.add_argument("--constructed", type=int, default=300, help="bear-off / bar positions per variant")
    parser.add_argument("--seconds", type=float, default=1.0, help="time spent playing random games")
    args = parser.parse_args(argv)
    try:
        variants = [find_variant(name) for name in (args.variant or VARIANTS)]
    except ValueError as exc:
        parser.error(str(exc))
    print(
        "legal plays per position, timed cold (a fresh Position per measurement, so the per-position "
        "memo never answers);\nper sample the best of 5 repeats; samples = reachable positions from "
        f"random games + constructed bear-off/bar positions (seed {args.seed})"
    )
    header = f"{'variant':<20} {'samples':>7} {'median us':>10} {'p90 us':>8} {'worst us':>9} {'worst in':>8}"
    header += f" {'games/s':>8}  target"
    print(header)
    all_ok = True
    for v in variants:
        r = bench_variant(
            v, seed=args.seed, games=args.games, constructed=args.constructed, seconds=args.seconds
        )
        median_target, worst_target = TARGETS_US[v.name]
        target = f"median <= {median_target:g}" + (f", worst <= {worst_target:g}" if worst_target else "")
        verdict = "ok" if r.meets_targets() else "MISSED"
        all_ok = all_ok and r.meets_targets()
        print(
            f"{r.variant:<20} {r.samples:>7} {r.median_us:>10.1f} {r.p90_us:>8.1f} {r.worst_us:>9.1f} "
            f"{r.worst_kind:>8} {r.games_per_second:>8.1f}  {target}: {verdict}"
        )
        sys.stdout.flush()
    return 0 if all_ok else 1
