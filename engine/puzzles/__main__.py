"""``python -m engine.puzzles make``: make (or extend) a family's puzzle set from computer self-play.

    python -m engine.puzzles make --family backgammon-play --count 500 --seed 1 --out FILE

plays self-play games 0, 1, 2 ... of ``seed`` (:func:`engine.puzzles.make.candidates`) and keeps
every decision whose best answer beats the second by the family's margin, each puzzle once, until
``count`` are made; the last game is kept whole, so a set may hold a few more. The file is written
after every game: a run stopped (Ctrl-C, or a time limit) goes on where it stopped when run again
with the same family, seed and file, and a set reached from the same seed is the same whatever the
stops. Prints the puzzles made per minute. ``--out`` defaults to the shipped set
(``engine/puzzles/sets/<family>.json``).

    python -m engine.puzzles bench

prints each shipped set's size (puzzles, file bytes), the time to read the sets, and the time to
grade an answer: every puzzle's answers typed as a player might (a play's moves in reverse order).
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.puzzles.grading import grade
from engine.puzzles.make import candidates
from engine.puzzles.model import FAMILIES, Kind, PuzzleDataError, find_family
from engine.puzzles.sets import PuzzleSet, read_set, shipped_path, write_set

REPORT_SECONDS = 30.0


def bench() -> int:
    """Sizes of the shipped sets and the time to grade an answer (see the module)."""
    clock = time.perf_counter
    for family in FAMILIES:
        path = shipped_path(family)
        if not path.exists():
            print(f"{family.name}: no shipped set")
            continue
        start = clock()
        puzzles = read_set(path).puzzles
        read = clock() - start
        times = []
        for puzzle in puzzles:
            for answer in puzzle.answers:
                typed = answer.text
                if puzzle.kind is Kind.PLAY:
                    typed = " ".join(reversed(typed.split()))
                start = clock()
                grade(puzzle, typed)
                times.append(clock() - start)
        times.sort()
        median, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
        print(
            f"{family.name}: {len(puzzles)} puzzles, {path.stat().st_size / 1024:.0f} KiB, read in "
            f"{read * 1000:.0f} ms; {len(times)} answers graded: median {median * 1000:.2f} ms, "
            f"99th percentile {p99 * 1000:.2f} ms, most {times[-1] * 1000:.2f} ms"
        )
    return 0


def make(family_name: str, count: int, seed: int, out: str | None) -> int:
    family = find_family(family_name)
    path = out or shipped_path(family)
    try:
        start = read_set(path)
    except FileNotFoundError:
        start = PuzzleSet(family, seed, 0, ())
    except PuzzleDataError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    if start.family is not family or start.seed != seed:
        print(
            f"{path} holds {start.family.name} puzzles of seed {start.seed}, not {family.name} of seed "
            f"{seed}: choose another --out",
            file=sys.stderr,
        )
        return 2
    puzzles = list(start.puzzles)
    seen = {p.id for p in puzzles}
    games = start.games
    if puzzles:
        print(f"{path}: {len(puzzles)} puzzles from {games} games already; going on")
    began = last = time.perf_counter()
    made = 0
    try:
        while len(puzzles) < count:
            for puzzle in candidates(family, seed, games):
                if puzzle.id not in seen:
                    seen.add(puzzle.id)
                    puzzles.append(puzzle)
                    made += 1
            games += 1
            write_set(path, PuzzleSet(family, seed, games, tuple(puzzles)))
            now = time.perf_counter()
            if now - last >= REPORT_SECONDS:
                last = now
                print(f"  {len(puzzles)} puzzles, {games} games, {made / (now - began) * 60:.1f} a minute")
    except KeyboardInterrupt:
        print("stopped; run the same command again to go on", file=sys.stderr)
    seconds = time.perf_counter() - began
    rate = made / seconds * 60 if seconds > 0 else 0.0
    print(
        f"{family.name}: {made} puzzles made in {seconds:.1f} s ({rate:.1f} a minute, "
        f"{games - start.games} games); {len(puzzles)} in {path}"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.puzzles", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    mk = sub.add_parser("make", help="make or extend a family's puzzle set from self-play")
    mk.add_argument("--family", required=True, choices=[f.name for f in FAMILIES])
    mk.add_argument("--count", type=int, default=500, help="puzzles to reach (default 500)")
    mk.add_argument("--seed", type=int, default=1, help="the self-play seed (default 1)")
    mk.add_argument("--out", help="the set file (default: the shipped set of the family)")
    sub.add_parser("bench", help="the shipped sets' sizes and the time to grade an answer")
    args = parser.parse_args(argv)
    if args.command == "bench":
        return bench()
    return make(args.family, args.count, args.seed, args.out)


if __name__ == "__main__":
    sys.exit(main())
