"""``python -m engine legal | bench | selfplay``; also the ``minigam-engine`` console script."""

from __future__ import annotations

import sys

from engine.cli import main

if __name__ == "__main__":
    sys.exit(main())
