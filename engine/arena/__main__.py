"""``python -m engine.arena``: the arena's command line (:mod:`engine.arena`), and its ``grade`` and ``cube``
sub-commands, the backgammon benchmarks (:mod:`engine.grade`), which build on the arena."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine import grade
from engine.ai import ARENA_LEVELS, arena_levels_for
from engine.arena import games_problem, run
from engine.variants import VARIANTS, find_variant


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] in (["grade"], ["cube"]):
        return grade.main(argv)
    parser = argparse.ArgumentParser(
        prog="python -m engine.arena", description="Computer players against each other."
    )
    parser.add_argument("--variant", default="minigam", help=f"one of: {', '.join(VARIANTS)}")
    parser.add_argument("--a", default="hard", help=f"level of side A: {', '.join(ARENA_LEVELS)}")
    parser.add_argument("--b", default="medium", help=f"level of side B: {', '.join(ARENA_LEVELS)}")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice and the players (default 1)")
    parser.add_argument(
        "--independent-dice",
        action="store_true",
        help="fresh dice for every game (default: duplicate dice, the same dice for each game of a group)",
    )
    parser.add_argument("--progress", type=int, default=0, help="print a progress line every N games")
    args = parser.parse_args(argv)
    try:
        variant = find_variant(args.variant)
    except ValueError as exc:
        parser.error(str(exc))
    for level in (args.a, args.b):
        if level not in arena_levels_for(variant):
            levels = ", ".join(arena_levels_for(variant))
            parser.error(f"unknown level {level!r} for {variant.name}; the levels are: {levels}")
    duplicate = not args.independent_dice
    problem = games_problem(variant, args.games, duplicate)
    if problem:
        parser.error(problem)
    run(variant, args.a, args.b, args.games, args.seed, duplicate=duplicate, progress=args.progress)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
