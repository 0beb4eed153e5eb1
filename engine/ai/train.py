"""Train the ``hard`` level's networks by TD(λ) self-play.

    python -m engine.ai.train --variant minigam --games 100000 --seed 1

The network plays both sides, choosing each play by its own one-ply evaluation; after each game
every position is moved toward its λ-return (Sutton's offline forward view: a blend of the
network's later evaluations and the final result), with a cross-entropy gradient. Progress lines
compare the network (one ply) with the ``medium`` level. The weights are written to
``engine/ai/weights/<variant>.py``. Pure Python, one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine import selfplay
from engine.ai.net import Gradient, Net, TwoPlayerNet
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Play
from engine.selfplay import ChoosePlays
from engine.variants import Variant, find_variant

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"


def module_name(variant: Variant) -> str:
    return variant.name.replace("-", "_")


def save(net: Net, variant: Variant, note: str) -> Path:
    """Write the weights as a module: a JSON text wrapped in short lines (no linter or formatter
    rewrites it), read back by ``json.loads`` at import."""
    path = WEIGHTS_DIR / f"{module_name(variant)}.py"
    path.write_text(weights_module(net.to_data(), f"{variant.name} network: {note}"))
    return path


def weights_module(data: dict, note: str) -> str:
    text = json.dumps(data, separators=(",", ":"))
    lines, line = [], ""
    for token in text.split(","):
        piece = token + ","
        if len(line) + len(piece) > 100:
            lines.append(line)
            line = ""
        line += piece
    lines.append(line[:-1])
    body = "\n".join(lines)
    return (
        f'"""Weights of the {note}.\n\n'
        'Written by ``python -m engine.ai.train``; see engine/ai/RESULTS.md."""\n\n'
        f'import json\n\nDATA = json.loads(\n    """\n{body}\n"""\n)\n'
    )


def self_play_two(tp: TwoPlayerNet, dice: SeededDice, lam: float, grad: Gradient) -> int:
    """One self-play game; adds its gradient to ``grad``; returns the number of plays."""
    net = ChoosePlays(lambda game: one_ply(tp, game))
    samples = []
    for step in selfplay.steps(tp.variant, [net, net], dice, cube=False):
        if step.play is not None:
            samples.append((step.play.result, step.player))
        game = step.after
    z = 1.0 if game.outcome.winner == 0 else 0.0
    # player 0's view of each position's value; the last position is the end of the game
    g = z
    for t in range(len(samples) - 2, -1, -1):
        pos, me = samples[t]
        nxt_pos, nxt_me = samples[t + 1]
        if t + 1 == len(samples) - 1:
            u_next = z
        else:
            w = tp.win(nxt_pos, nxt_me)
            u_next = w if nxt_me == 0 else 1.0 - w
        g = (1.0 - lam) * u_next + lam * g
        dense, h, outs = tp.forward(pos, me)
        target = g if me == 0 else 1.0 - g
        grad.add(tp.units(pos, me), dense, h, [target - outs[0]])
    return len(samples)


def versus_medium(tp: TwoPlayerNet, games: int, seed: int) -> float:
    """Win rate of the network (one ply) against the ``medium`` level, seats alternating."""
    from engine.ai import get_player

    medium = get_player(tp.variant, "medium", seed=seed)
    net = ChoosePlays(lambda game: one_ply(tp, game))
    dice = SeededDice(seed)
    wins = 0
    for i in range(games):
        net_seat = i % 2
        seats = [net, medium] if net_seat == 0 else [medium, net]
        game = selfplay.play_game(tp.variant, seats, dice, cube=False)
        wins += game.outcome.winner == net_seat
    return wins / games


def one_ply(tp: TwoPlayerNet, game: Game) -> Play:
    """The network's own choice: the play after which it rates the mover's chances highest."""
    plays = game.legal_plays()
    if len(plays) == 1:
        return plays[0]
    me = game.turn
    return max(plays, key=lambda p: tp.win(p.result, me))


def train_two(args) -> None:
    v = find_variant(args.variant)
    tp = TwoPlayerNet(v, hidden=args.hidden, seed=args.seed)
    if args.resume:
        import importlib

        mod = importlib.import_module(f"engine.ai.weights.{module_name(v)}")
        tp.net = Net.from_data(mod.DATA)
        tp.rebuild()
    dice = SeededDice(args.seed)
    started = time.perf_counter()
    grad = Gradient(tp.net)
    for i in range(1, args.games + 1):
        self_play_two(tp, dice, args.lam, grad)
        if i % args.batch == 0:
            rate = args.rate * (0.5 ** (i / args.halflife)) if args.halflife else args.rate
            grad.apply(rate)
            tp.rebuild()
            grad = Gradient(tp.net)
        if i % args.report == 0:
            score = versus_medium(tp, args.test_games, 10_000 + i)
            print(
                f"{i} games, {time.perf_counter() - started:.0f} s: one ply vs medium {score:.1%}",
                file=sys.stderr,
                flush=True,
            )
            save(tp.net, v, f"{i} self-play games, TD(λ={args.lam}), {args.hidden} hidden units")
    path = save(tp.net, v, f"{args.games} self-play games, TD(λ={args.lam}), {args.hidden} hidden units")
    print(f"wrote {path}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.train", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="minigam")
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--hidden", type=int, default=24)
    parser.add_argument("--rate", type=float, default=0.02)
    parser.add_argument("--halflife", type=int, default=0, help="halve the rate every N games (0: constant)")
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--batch", type=int, default=1, help="games per weight update")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report", type=int, default=5000)
    parser.add_argument("--test-games", type=int, default=400)
    parser.add_argument("--resume", action="store_true", help="start from the saved weights")
    args = parser.parse_args(argv)
    if find_variant(args.variant).players > 2:
        parser.error("networks are trained for the two-player variants")
    train_two(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
