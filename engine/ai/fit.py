"""Fit the backgammon probability models of :mod:`engine.ai.bg` to self-play games.

    python -m engine.ai.fit --games 3000 --seed 7

Plays ``--games`` games of backgammon between two pubeval (``medium``) players, a few percent of
their plays replaced by random ones so that the data also holds worse positions, and records every
position after a play with the game's result. It then fits, by logistic regression (Newton's
method), the contact and race win models and the gammon and Mulligan models, and prints the
constants to paste into ``engine/ai/bg.py`` with their log-loss. Pure Python; a few minutes.

    python -m engine.ai.fit --hints minigam --games 400 --seed 7

fits instead the calibration of the 6-point hints (``HINT_CALIBRATION`` in :mod:`engine.ai.sixpoint`):
``hard`` plays itself, and at every move with a choice the look-ahead value of its play (what the hint
shows first) is recorded with whether the mover won. The hand-made evaluation ranks plays well but its
numbers are not probabilities; ``P = logistic(a + b * logit((value + 1) / 2))`` makes them so.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from engine import selfplay
from engine.ai import bg, get_player
from engine.ai.bg import BgEval, logistic
from engine.ai.pubeval import pubeval
from engine.ai.sixpoint import raw_logit
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Play, Position
from engine.selfplay import ChoosePlays
from engine.variants import find_variant


def self_play(games: int, seed: int, explore: float = 0.05) -> list[tuple[Position, int, int, int, int]]:
    """``(position after a play, mover, winner, gammon kind 1/2/3, Mulligan 1/3)`` samples."""
    v = find_variant("backgammon")
    ev = BgEval(v)
    mull = BgEval(find_variant("backgammon-mulligan"))
    rng = random.Random(seed)
    dice = SeededDice(seed)

    def choose(game: Game) -> Play:
        plays = game.legal_plays()
        if len(plays) > 1 and rng.random() < explore:
            return rng.choice(plays)
        me = game.turn
        race = not ev.contact(game.position)
        return max(plays, key=lambda p: pubeval(p.result, me, race))

    seats = [ChoosePlays(choose)] * 2
    out = []
    for _ in range(games):
        trail: list[tuple[Position, int]] = []
        for step in selfplay.steps(v, seats, dice, cube=False):
            if step.play is not None:
                trail.append((step.play.result, step.player))
            game = step.after
        final = game.position
        winner = game.outcome.winner
        kind = ev._final_kind(final, winner)
        mkind = mull._final_kind(final, winner)
        out.extend((pos, me, winner, kind, mkind) for pos, me in trail)
    return out


def hint_samples(variant: str, games: int, seed: int) -> list[tuple[float, int]]:
    """``(logit of the hint's raw win chance, 1 if the mover won)`` at every move with a choice of
    ``games`` games of ``hard`` against itself."""
    player = get_player(variant, "hard", seed=seed)
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
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--hints", metavar="VARIANT", help="fit a 6-point variant's hint calibration instead")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.hints:
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
    samples = self_play(args.games, args.seed, args.explore)
    print(
        f"{len(samples)} positions from {args.games} games in {time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )
    ev = BgEval(find_variant("backgammon"))
    cx, cy, rx, ry = [], [], [], []
    for pos, me, winner, _, _ in samples:
        if pos.off[me] == 15:
            continue
        y = 1.0 if winner == me else 0.0
        if ev.contact(pos):
            cx.append(ev.contact_features(pos, me))
            cy.append(y)
        else:
            z, inv = ev.race_features(pos, me)
            rx.append((1.0, z, inv))
            ry.append(y)
    contact = fit_logistic(cx, cy)
    race = fit_logistic(rx, ry)
    print(f"contact: {len(cx)} positions, log-loss {log_loss(contact, cx, cy):.4f}", file=sys.stderr)
    print(f"race: {len(rx)} positions, log-loss {log_loss(race, rx, ry):.4f}", file=sys.stderr)
    bg.CONTACT_WIN = tuple(contact)
    bg.RACE_WIN = tuple(race)
    ev = BgEval(find_variant("backgammon"))
    mull_ev = BgEval(find_variant("backgammon-mulligan"))
    models = {}
    for name, index in (("backgammon", 3), ("mulligan", 4)):
        gx, gy = [], []
        for sample in samples:
            pos, me, winner = sample[0], sample[1], sample[2]
            if pos.off[me] == 15:
                continue
            p_me = ev.win(pos, me)
            loser = 1 - winner
            if name == "backgammon" and pos.off[loser]:
                continue
            p_winner = p_me if winner == me else 1 - p_me
            if name == "mulligan":
                x = mull_ev.gammon_features(pos, winner, p_winner, winner != me)
            else:
                x = ev.gammon_features(pos, winner, p_winner, winner != me)
            if x is None:
                continue
            gx.append(x)
            gy.append(1.0 if sample[index] > 1 else 0.0)
        w = fit_logistic(gx, gy)
        models[name] = tuple(w)
        print(f"{name} big wins: {len(gx)} positions, log-loss {log_loss(w, gx, gy):.4f}", file=sys.stderr)

    def fmt(ws: Sequence[float]) -> str:
        return "(" + ", ".join(f"{w:.4f}" for w in ws) + ")"

    print(f"CONTACT_WIN = {fmt(contact)}")
    print(f"RACE_WIN = {fmt(race)}")
    print("GAMMON = {")
    for name, w in models.items():
        print(f'    "{name}": {fmt(w)},')
    print("}")
    print(f"# {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
