"""``python -m engine.solve``: solve a variant, read its table, check it, measure the levels.

python -m engine.solve --variant minigam          solve and write engine/solve/tables/minigam.mgt
python -m engine.solve bench --variant minigam    solve into a scratch file: time, sweeps, memory
python -m engine.solve value --variant minigam    positions on stdin (JSON lines) -> {"win": P}
python -m engine.solve verify --variant minigam   the Bellman equation at random positions
python -m engine.solve openings --variant minigam the first player's chance after each opening roll
python -m engine.solve grade --variant minigam    what each level loses per move against the table
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engine.solve.index import SOLVABLE, check_variant

COMMANDS = ("bench", "value", "verify", "openings", "grade")


def _variant_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, choices=SOLVABLE, help="the variant")


def _solve(args: argparse.Namespace, out: Path, checkpoint: Path | None) -> int:
    from engine.solve import jit, table
    from engine.solve.solver import TOLERANCE, Progress, solve

    v = check_variant(args.variant)
    if not jit.COMPILED:
        print(
            f"solving {v.name} needs numba, which compiles the solver's loops (as plain Python they would "
            f"take days): {jit.INSTALL}",
            file=sys.stderr,
        )
        return 2
    progress = None if args.quiet else Progress()
    solution = solve(v, checkpoint=checkpoint, progress=progress, tolerance=TOLERANCE)
    started = time.perf_counter()
    table.write(
        out,
        v,
        solution.values,
        sweeps=solution.sweeps,
        largest_change=solution.largest_change,
        tolerance=TOLERANCE,
        solver_version=table.SOLVER_VERSION,
    )
    written = time.perf_counter() - started
    if checkpoint is not None:
        checkpoint.unlink(missing_ok=True)
    resumed = f" (resumed after {solution.resumed_from})" if solution.resumed_from else ""
    print(f"{v.name}: {solution.values.size:,} positions")
    print(f"  move tables      {solution.build_seconds:.1f} s")
    print(
        f"  solve            {solution.seconds:.1f} s in all, {solution.sweeps} sweeps{resumed}, "
        f"largest change of the last {solution.largest_change:.1e}"
    )
    print(f"  peak memory      {solution.peak_bytes / 2**20:,.0f} MiB")
    print(f"  table            {out} ({out.stat().st_size / 2**20:.2f} MiB, written in {written:.1f} s)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        return _command(argv[0], argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m engine.solve",
        description="Solve a 6-point variant and write its table. Other commands: " + ", ".join(COMMANDS),
    )
    _variant_arg(parser)
    parser.add_argument("--out", type=Path, help="where to write the table (default: the shipped one)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    from engine.solve.table import table_path

    out = args.out or table_path(check_variant(args.variant))
    return _solve(args, out, out.with_name(out.name + ".checkpoint.npz"))


def _command(name: str, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m engine.solve {name}")
    _variant_arg(parser)
    if name == "bench":
        parser.description = "Solve into a scratch file and print the time, sweeps and peak memory."
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
        args = parser.parse_args(argv)
        with tempfile.TemporaryDirectory() as scratch:
            return _solve(args, Path(scratch) / "table.mgt", None)
    if name == "value":
        from engine.solve.commands import value

        parser.description = 'Positions on stdin, one JSON object a line; one {"win": P} a line out.'
        args = parser.parse_args(argv)
        return value(check_variant(args.variant), sys.stdin, sys.stdout)
    if name == "verify":
        from engine.solve.verify import verify

        parser.description = "The table against the Bellman equation at random positions."
        parser.add_argument("--samples", type=int, default=100_000)
        parser.add_argument("--seed", type=int, default=1)
        args = parser.parse_args(argv)
        if args.samples < 1:
            parser.error("--samples must be at least 1")
        return verify(check_variant(args.variant), args.samples, args.seed)
    if name == "openings":
        from engine.solve.commands import openings

        args = parser.parse_args(argv)
        return openings(check_variant(args.variant))
    from engine.solve.grade import grade

    parser.add_argument("--games", type=int, default=200, help="self-play games per level (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,medium,hard,perfect")
    args = parser.parse_args(argv)
    from engine.ai import ARENA_LEVELS

    levels = args.levels.split(",")
    unknown = [level for level in levels if level not in ARENA_LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r}; the levels are: {', '.join(ARENA_LEVELS)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    return grade(check_variant(args.variant), levels, args.games, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
