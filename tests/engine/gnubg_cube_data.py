"""gnubg's reference cube decisions in match play: running gnubg and writing tests/data/.

Regenerate the committed file (needs Debian's ``gnubg``)::

    python -m tests.engine.gnubg_cube_data --write

which runs ``GNUBG_CUBE_COMMAND`` and writes ``tests/data/gnubg_cube_decisions.json`` (the reference
script's output, the command and gnubg's version).
"""

from __future__ import annotations

import argparse
import json
import re

from tests.engine.gnubg_data import DATA, GNUBG, gnubg_available, gnubg_version, run_script

CUBE_FILE = DATA / "gnubg_cube_decisions.json"
SCRIPT = "tests/engine/gnubg_cube_reference.py"
GNUBG_CUBE_COMMAND = f"{GNUBG} -t -q -p {SCRIPT} < /dev/null"
MARKER = "GNUBG-CUBE-REFERENCE "


def run_gnubg_cube(timeout: float = 300) -> dict:
    """Run the reference script under gnubg and return its data."""
    return run_script(SCRIPT, MARKER, timeout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {CUBE_FILE.name}")
    args = parser.parse_args()
    if not gnubg_available():
        parser.error("gnubg is not installed (apt-get install gnubg)")
    out = {
        "about": "gnubg's cube decisions in match play after the Crawford game, in it, and past what the "
        "leader needs, at 0 ply (see the script). "
        "Regenerate with python -m tests.engine.gnubg_cube_data --write",
        "command": GNUBG_CUBE_COMMAND,
        "gnubg": gnubg_version(),
        **run_gnubg_cube(),
    }
    text = json.dumps(out, indent=1) + "\n"
    # each 25-number board row on one line
    text = re.sub(r"\[\s+([\d,\s]+?)\s+\]", lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    if args.write:
        CUBE_FILE.write_text(text)
        print(f"wrote {CUBE_FILE} ({len(text)} bytes)")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
