"""Fit the calibration of the 6-point hints to self-play games.

    python -m engine.ai.fit --hints minigam --games 400 --seed 7

fits ``HINT_CALIBRATION`` in :mod:`engine.ai.sixpoint`: ``hard`` plays itself, and at every move with a
choice the look-ahead value of its play (what the hint shows first) is recorded with whether the mover
won. The hand-made evaluation ranks plays well but its numbers are not probabilities;
``P = logistic(a + b * logit((value + 1) / 2))`` makes them so. (Backgammon's chances come from gnubg's
nets, which need no fitting.)
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence

from engine import selfplay
from engine.ai import heuristic_player
from engine.ai.sixpoint import raw_logit
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Play
from engine.selfplay import ChoosePlays


def logistic(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def hint_samples(variant: str, games: int, seed: int) -> list[tuple[float, int]]:
    """``(logit of the hint's raw win chance, 1 if the mover won)`` at every move with a choice of
    ``games`` games of ``hard`` against itself."""
    player = heuristic_player(variant, "hard", seed=seed)
    dice = SeededDice(seed)
    moves: list[tuple[float, int]] = []

    def choose(game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) == 1:
            return plays[0]
        value, _, play = player.analyse(game, at_least=3)[0]
        moves.append((raw_logit(value), game.turn))
        return play

    seats = [ChoosePlays(choose)] * 2
    out = []
    for _ in range(games):
        moves.clear()
        game = selfplay.play_game(variant, seats, dice, cube=False)
        out.extend((x, int(game.outcome.winner == mover)) for x, mover in moves)
    return out


def fit_logistic(xs: Sequence[Sequence[float]], ys: Sequence[float], iterations: int = 12) -> list[float]:
    """Maximum-likelihood logistic regression by Newton's method (small ridge for stability)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = logistic(sum(a * b for a, b in zip(w, x, strict=True)))
            r = y - p
            s = p * (1 - p)
            for i in range(k):
                xi = x[i]
                grad[i] += r * xi
                row = hess[i]
                sxi = s * xi
                for j in range(i + 1):
                    row[j] += sxi * x[j]
        for i in range(k):
            hess[i][i] += 1e-6 * len(xs)
            grad[i] -= 1e-6 * len(xs) * w[i]
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def log_loss(w: Sequence[float], xs, ys) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = min(max(logistic(sum(a * b for a, b in zip(w, x, strict=True))), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(xs))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.fit", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hints", metavar="VARIANT", required=True, help="the 6-point variant to calibrate")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    samples = hint_samples(args.hints, args.games, args.seed)
    xs = [(1.0, x) for x, _ in samples]
    ys = [float(y) for _, y in samples]
    w = fit_logistic(xs, ys)
    print(
        f"{len(xs)} moves from {args.games} games; log-loss {log_loss((0.0, 1.0), xs, ys):.4f} raw, "
        f"{log_loss(w, xs, ys):.4f} calibrated",
        file=sys.stderr,
    )
    print(f'    "{args.hints}": ({w[0]:.4f}, {w[1]:.4f}),')
    print(f"# {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
