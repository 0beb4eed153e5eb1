"""The gnubg Match ID reference data: running gnubg and writing tests/data/.

Regenerate the committed files (needs Debian's ``gnubg``)::

    python -m tests.engine.gnubg_match_data --write

which runs ``GNUBG_MATCH_COMMAND`` and writes ``tests/data/gnubg_match_ids.json`` (the reference
script's output and the command) and, from the same run, gnubg's own ``.mat`` exports
``tests/data/gnubg_session_N.mat``.
"""

from __future__ import annotations

import argparse
import json

from tests.engine.gnubg_data import DATA, GNUBG, gnubg_available, gnubg_version, run_script

MATCH_IDS_FILE = DATA / "gnubg_match_ids.json"
SCRIPT = "tests/engine/gnubg_match_reference.py"
GNUBG_MATCH_COMMAND = f"{GNUBG} -t -q -p {SCRIPT} < /dev/null"
MARKER = "GNUBG-MATCH-REFERENCE "


def run_gnubg_matches(timeout: float = 300, mat_dir: str = "tests/data") -> dict:
    """Run the reference script under gnubg and return its data; it writes its .mat files into
    ``mat_dir`` (relative to the repository's root, or absolute)."""
    return run_script(SCRIPT, MARKER, timeout, env={"GNUBG_MAT_DIR": mat_dir})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write tests/data/gnubg_match_ids.json")
    args = parser.parse_args()
    if not gnubg_available():
        parser.error("gnubg is not installed (apt-get install gnubg)")
    data = run_gnubg_matches()
    out = {
        "about": "gnubg's Match IDs: its encoder on field values, and every step of matches and a money "
        "session played through its commands (see the script). Regenerate with "
        "python -m tests.engine.gnubg_match_data --write",
        "command": GNUBG_MATCH_COMMAND,
        "gnubg": gnubg_version(),
        **data,
    }
    text = json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n"
    if args.write:
        MATCH_IDS_FILE.write_text(text)
        print(f"wrote {MATCH_IDS_FILE} ({len(text)} bytes) and the sessions' .mat files")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
