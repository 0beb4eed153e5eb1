"""``python -m engine.dice verify --seed HEX --commitment HEX --rolls FILE``: check a finished match's dice
against its revealed seed (FILE: the listing ``/minigam dice`` gives, or the match's ``.mat``).
Exit status 0 when every die follows from the seed, 1 when one does not, 2 when the input cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.dice.verify import DiceMismatch, verify_text
from engine.errors import EngineError


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.dice", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="check a match's dice against its revealed seed")
    verify.add_argument(
        "--seed", required=True, help="the seed, revealed at the end of the match (64 hex digits)"
    )
    verify.add_argument("--commitment", required=True, help="the commitment shown from the first board")
    verify.add_argument("--rolls", required=True, type=Path, help="the listing of /minigam dice, or the .mat")
    args = parser.parse_args(argv)
    try:
        text = args.rolls.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {args.rolls}: {exc}", file=sys.stderr)
        return 2
    try:
        found = verify_text(args.seed, args.commitment, text)
    except DiceMismatch as exc:
        print(f"MISMATCH: {exc}")
        return 1
    except EngineError as exc:
        print(f"cannot check {args.rolls}: {exc}", file=sys.stderr)
        return 2
    games = f" of {found.games} game{'s' if found.games != 1 else ''}" if found.games is not None else ""
    print(f"OK: the seed matches the commitment, and all {found.dice} dice{games} follow from it.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
