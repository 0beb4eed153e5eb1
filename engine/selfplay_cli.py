"""``python -m engine selfplay``: two computer levels play a whole match (or a money game) with the
cube, through :func:`engine.selfplay.play_match`, and the match can be written as a ``.mat`` file::

    python -m engine selfplay --variant backgammon --points 5 --a hard --b medium --seed 1 --mat match.mat

One line per game, then ``final score: hard 5, medium 3`` (the two players' points are the last two
numbers of the last line). ``--points 0`` is money play (one game; ``--jacoby off`` without the
Jacoby rule). The same seed gives the same match.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Sequence
from pathlib import Path

from engine import selfplay
from engine.dice import SeededDice
from engine.mat import GameRecord, MatchRecord, write_match
from engine.match import Match
from engine.scoring import MAX_MATCH_POINTS
from engine.variants import VARIANTS, find_variant


def match_record(
    played: selfplay.PlayedMatch, names: Sequence[str], date: datetime.date | None = None
) -> MatchRecord:
    """A played match as a :class:`~engine.mat.MatchRecord` (for :func:`engine.mat.write_match`)."""
    games = tuple(GameRecord(g.events, g.match, g.outcome) for g in played.games)
    return MatchRecord((names[0], names[1]), played.match.target, games, played.match.jacoby, date)


def main(argv: Sequence[str] | None = None) -> int:
    from engine.ai import arena_levels_for, get_player

    parser = argparse.ArgumentParser(prog="python -m engine selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="backgammon", choices=sorted(v for v in VARIANTS))
    parser.add_argument("--points", type=int, default=None, help="match length (0: a money game)")
    parser.add_argument("--a", default="hard", help="player 0's level")
    parser.add_argument("--b", default="medium", help="player 1's level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jacoby", choices=("on", "off"), default="on", help="the Jacoby rule in money play")
    parser.add_argument("--mat", type=Path, default=None, help="write the match to this .mat file")
    args = parser.parse_args(argv)
    variant = find_variant(args.variant)
    for level in (args.a, args.b):
        if level not in arena_levels_for(variant):
            parser.error(
                f"unknown level {level!r} for {variant.name}: {', '.join(arena_levels_for(variant))}"
            )
    if args.points is not None and not 0 <= args.points <= MAX_MATCH_POINTS:
        parser.error(f"--points is 0 (money) to {MAX_MATCH_POINTS}, not {args.points}")
    if args.mat is not None and not variant.cube:
        parser.error(f".mat files record backgammon with the cube, not {variant.name}")
    names = (args.a, args.b) if args.a != args.b else (f"{args.a} A", f"{args.b} B")
    match = Match.new(variant, args.points, jacoby=args.jacoby == "on")
    seats = [get_player(variant, args.a, seed=args.seed), get_player(variant, args.b, seed=args.seed + 1)]

    def report(game, now: Match) -> None:
        score = "-".join(str(s) for s in now.score)
        print(f"game {now.games_played}: {game.outcome.describe(names)} (score {score})", flush=True)

    played = selfplay.play_match(match, seats, SeededDice(args.seed), on_game=report)
    if args.mat is not None:
        args.mat.write_text(write_match(match_record(played, names, datetime.date.today())))
        print(f"wrote {args.mat}")
    final = played.match.score
    print(f"final score: {names[0]} {final[0]}, {names[1]} {final[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
