"""How long an analysis takes: ``python -m engine.analysis --plays 20 60 120 --games 3 --seed 1``.

For each length, finds ``--games`` money games between two ``medium`` players (with the cube) at least
that many plays long, analyses each record up to that play with gnubg at 2 ply, and prints the times.
(The analysis reads any record, finished or not.) The time depends on the positions: a few of them
cost gnubg's 2-ply look-ahead far more than the rest.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from engine import selfplay
from engine.ai import get_player
from engine.analysis import analyse
from engine.dice import SeededDice
from engine.events import Event, EventKind
from engine.game import Game
from engine.variants import find_variant


def record_of(
    plays: int, seed: int, variant: str = "backgammon", skip: int = 0
) -> tuple[Game, tuple[Event, ...]]:
    """A game of at least ``plays`` plays (the ``skip``-th such one from ``seed``), and its record cut
    after the ``plays``-th play."""
    v = find_variant(variant)
    for attempt in range(1000):
        seats = [get_player(v, "medium", seed=seed + attempt + k) for k in (0, 1)]
        game = selfplay.play_game(v, seats, SeededDice(f"analysis bench {seed} {attempt}"))
        count = 0
        for i, e in enumerate(game.events):
            count += e.kind is EventKind.PLAY
            if count == plays:
                if skip == 0:
                    return game, game.events[: i + 1]
                skip -= 1
                break
    raise RuntimeError(f"no game of {plays} plays in 1,000 tries")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.analysis", description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, nargs="+", default=[20, 60, 120])
    parser.add_argument("--games", type=int, default=3, help="records per length (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="backgammon")
    args = parser.parse_args(argv)
    for plays in args.plays:
        times = []
        for k in range(args.games):
            game, events = record_of(plays, args.seed, args.variant, skip=k)
            start = time.perf_counter()
            analyse(args.variant, events, game.match)
            times.append(time.perf_counter() - start)
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(f"{args.variant}: {plays} plays analysed in {shown} s (mean {sum(times) / len(times):.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
