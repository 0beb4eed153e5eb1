"""The gnubg reference data: running gnubg, reading its boards and moves, writing tests/data/.

Regenerate the committed files (needs Debian's ``gnubg``)::

    python -m tests.engine.gnubg_data --write

which runs ``GNUBG_COMMAND`` (below) and splits its output into ``tests/data/gnubg_opening_counts.json``
and ``tests/data/gnubg_positions.json``. Everything here reads gnubg's own formats with its own small code
(no engine notation parser), so the comparison in ``test_gnubg.py`` does not check the engine against
itself.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from engine import Position

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
OPENING_FILE = DATA / "gnubg_opening_counts.json"
POSITIONS_FILE = DATA / "gnubg_positions.json"
SCRIPT = "tests/engine/gnubg_reference.py"
GNUBG = "/usr/games/gnubg"
GNUBG_COMMAND = f"{GNUBG} -t -q -p {SCRIPT} < /dev/null"
MARKER = "GNUBG-REFERENCE "


def gnubg_available() -> bool:
    return Path(GNUBG).exists() or shutil.which("gnubg") is not None


def run_gnubg(timeout: float = 300) -> dict:
    """Run the reference script under gnubg and return its data."""
    return run_script(SCRIPT, MARKER, timeout)


def run_script(script: str, marker: str, timeout: float = 300, env: dict[str, str] | None = None) -> dict:
    """Run ``script`` in gnubg's Python from the repository's root and return the JSON it prints
    after ``marker``."""
    gnubg = GNUBG if Path(GNUBG).exists() else shutil.which("gnubg")
    proc = subprocess.run(
        [str(gnubg), "-t", "-q", "-p", script],
        cwd=ROOT,
        env=None if env is None else {**os.environ, **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    for line in proc.stdout.splitlines():
        if line.startswith(marker):
            return json.loads(line[len(marker) :])
    raise RuntimeError(
        f"gnubg printed no {marker.strip()} line (exit {proc.returncode}): {proc.stderr[-2000:]}"
    )


def gnubg_version() -> str:
    gnubg = GNUBG if Path(GNUBG).exists() else shutil.which("gnubg")
    out = subprocess.run(
        [str(gnubg), "--version"], capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
    )
    return out.stdout.splitlines()[0].strip() if out.stdout else "unknown"


def board_to_position(board: list[list[int]], turn: int) -> Position:
    """gnubg's ``[not on roll, on roll]`` board as a backgammon Position with ``turn`` on roll.

    Own point ``q`` of player 0 (who moves up, from point 1 to 24) is absolute ``25 - q``; of player 1
    (who moves down) it is ``q`` itself. Index 24 is the bar; what is missing is borne off.
    """
    other, mine = board
    points: dict[int, tuple[int, int]] = {}
    for i in range(24):
        q = i + 1
        for player, counts in ((turn, mine), (1 - turn, other)):
            if counts[i]:
                absolute = 25 - q if player == 0 else q
                if absolute in points:
                    raise ValueError(f"two players on absolute point {absolute}")
                points[absolute] = (player, counts[i])
    bar = [0, 0]
    bar[turn] = mine[24]
    bar[1 - turn] = other[24]
    return Position.from_points("backgammon", turn=turn, points=points, bar=bar)


_TOKEN = re.compile(r"^(?P<chain>[^()]+)(?:\((?P<count>\d+)\))?$")


def apply_gnubg_move(board: list[list[int]], text: str) -> list[list[int]]:
    """The board after gnubg's move ``text`` (``24/18*/13 8/5(2) bar/22 6/off``), on-roll player moving.

    Applied literally: each step takes a checker off its source and puts it on its destination; a ``*``
    sends the opponent's blot there to the opponent's bar (once: in ``5/4*(3)`` the first checker hits
    and the other two land on the point it took). Legality is not checked (gnubg listed it).
    """
    other, mine = (list(board[0]), list(board[1]))
    for token in text.split():
        m = _TOKEN.match(token)
        if not m:
            raise ValueError(f"cannot read gnubg move {token!r}")
        chain = m.group("chain").split("/")
        for repeat in range(int(m.group("count") or 1)):
            for a, b in itertools.pairwise(chain):
                src = 25 if a.rstrip("*") == "bar" else int(a.rstrip("*"))
                mine[src - 1] -= 1
                if b.rstrip("*") == "off":
                    continue
                dst = int(b.rstrip("*"))
                mine[dst - 1] += 1
                if b.endswith("*") and repeat == 0:  # "5/4*(3)": only the first checker hits
                    # the opponent's point for our dst is 25 - dst, index 24 - dst
                    other[24 - dst] -= 1
                    other[24] += 1
    if min(mine) < 0 or min(other) < 0:
        raise ValueError(f"gnubg move {text!r} does not fit the board")
    return [other, mine]


def write(data: dict) -> None:
    """Split gnubg's output into the two committed files."""
    version = gnubg_version()
    opening = data["opening"]
    text = json.dumps(
        {
            "about": "Distinct legal plays for each roll from the backgammon opening position, listed by GNU "
            "Backgammon (an independent engine). Regenerate: python -m tests.engine.gnubg_data --write",
            "command": GNUBG_COMMAND,
            "gnubg": version,
            "board": opening["board"],
            "position_id": opening["position_id"],
            "counts": {roll: len(plays) for roll, plays in sorted(opening["plays"].items())},
            "plays": dict(sorted(opening["plays"].items())),
        },
        indent=1,
    )
    # Keep each 25-number board row on one line.
    text = re.sub(r"\[\s+([\d,\s]+?)\s+\]", lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    OPENING_FILE.write_text(text + "\n")
    POSITIONS_FILE.write_text(
        json.dumps(
            {
                "about": "Every legal play gnubg lists for each roll in other backgammon positions (bar, "
                "bear-off, doubles, seeded random ones), and gnubg's Position ID of each. Same command.",
                "command": GNUBG_COMMAND,
                "gnubg": version,
                "positions": data["positions"],
            },
            separators=(",", ":"),
        )
        + "\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write tests/data/gnubg_*.json")
    args = parser.parse_args()
    data = run_gnubg()
    if args.write:
        write(data)
        print(f"wrote {OPENING_FILE.relative_to(ROOT)} and {POSITIONS_FILE.relative_to(ROOT)}")
    else:
        print(json.dumps({roll: len(p) for roll, p in data["opening"]["plays"].items()}))


if __name__ == "__main__":
    main()
