"""The engine's command line: ``legal`` (legal plays as JSON lines), ``bench`` (speed) and ``selfplay``
(a computer match with the cube, written as a .mat file; see :mod:`engine.selfplay_cli`).

``python -m engine legal`` reads one position per line on stdin, in RULES.md's absolute coordinates::

    {"variant": "minigam", "turn": 0, "dice": [3, 5], "bar": [2, 0], "off": [1, 3],
     "points": [null, [0, 2], null, [1, 1], null, null]}

(``points[i]`` is point ``i + 1``: ``null`` or ``[player, count]``; ``bar`` and ``off`` per player; when
``off`` is left out it is whatever is on neither the board nor the bar) and writes one line per input line,
in order::

    {"plays": [{"moves": ["bar/3", "3/8"], "result": {"variant": ..., "turn": ..., "bar": ...,
     "off": ..., "points": ...}}, ...]}

listing every legal play once (one per distinct resulting position; ``[]`` when no die can be played).
``moves`` are the play's single-die moves in the notation players see (for backgammon in the mover's
own numbering). ``result`` has the input's shape without ``dice``; its ``turn`` is still the mover
(who moves next is the game's business: in multigam it depends on who has finished). A line that
cannot be read gets ``{"error": "..."}`` and the run goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from engine.errors import EngineError
from engine.jsonread import is_int
from engine.notation import format_moves
from engine.position import Dice, Position

INPUT_KEYS = ("variant", "turn", "dice", "bar", "off", "points")
REQUIRED_KEYS = ("variant", "turn", "dice", "points")


class InputError(EngineError):
    """A ``legal`` input line that is not a position with dice."""


def read_line(line: str, required: tuple[str, ...], error: type[EngineError] = EngineError) -> dict:
    """One input line as a JSON object with only :data:`INPUT_KEYS` and all of ``required``; else
    ``error``, saying what is wrong. (The ``legal`` command's format, shared by ``engine.solve value``.)"""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise error(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise error("each line must be a JSON object with " + ", ".join(INPUT_KEYS))
    unknown = [k for k in data if k not in INPUT_KEYS]
    if unknown:
        raise error(f"unknown key {unknown[0]!r}; the keys are " + ", ".join(INPUT_KEYS))
    missing = [k for k in required if k not in data]
    if missing:
        raise error(f"missing {missing[0]!r}")
    return data


def read_request(line: str) -> tuple[Position, Dice]:
    """The position and dice of one input line, or :class:`InputError` / another engine error."""
    data = read_line(line, REQUIRED_KEYS, InputError)
    dice = data["dice"]
    if not isinstance(dice, list) or len(dice) != 2 or not all(is_int(d) and 1 <= d <= 6 for d in dice):
        raise InputError(f"'dice' must be two numbers from 1 to 6, like [3, 5], not {json.dumps(dice)}")
    position = Position.from_json({k: v for k, v in data.items() if k != "dice"})
    return position, Dice(dice[0], dice[1])


def answer(line: str) -> dict:
    """The output object for one input line."""
    try:
        position, dice = read_request(line)
    except (EngineError, ValueError) as exc:
        return {"error": str(exc)}
    plays = position.legal_plays(dice)
    if len(plays) == 1 and not plays[0].moves:
        return {"plays": []}
    return {
        "plays": [
            {"moves": format_moves(position, play.moves), "result": play.result.to_json()} for play in plays
        ]
    }


def run_legal(stdin: TextIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` on ``stdout``, one line each, flushing after each answer."""
    for line in stdin:
        if not line.strip():
            out: dict = {"error": "empty line: expected a JSON object with " + ", ".join(INPUT_KEYS)}
        else:
            out = answer(line)
        stdout.write(json.dumps(out) + "\n")
        stdout.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Minigam's rules engine tools.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{legal,bench,selfplay}")
    sub.add_parser(
        "legal", help="legal plays as JSON lines: one position per stdin line, one answer per line"
    )
    sub.add_parser("bench", help="speed of legal-play generation per variant", add_help=False)
    sub.add_parser(
        "selfplay", help="a computer match with the cube, optionally written as .mat", add_help=False
    )
    args, rest = parser.parse_known_args(argv)
    if args.command == "selfplay":
        from engine.selfplay_cli import main as selfplay_main

        return selfplay_main(rest)
    if args.command == "bench":
        from engine.bench import main as bench_main

        return bench_main(rest)
    if rest:
        parser.error(f"'legal' takes no arguments (got {' '.join(rest)}); it reads JSON lines on stdin")
    return run_legal(sys.stdin, sys.stdout)
