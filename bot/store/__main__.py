"""``python -m bot.store copy --from sqlite:///PATH --to postgresql://USER:PASSWORD@HOST:PORT/DBNAME``:
move a server's data from SQLite to an empty PostgreSQL database (:mod:`bot.store.copy`)."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.store.copy import copy
from bot.store.protocol import StoreError
from bot.store.url import masked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copying = commands.add_parser("copy", help="copy a SQLite database into an empty PostgreSQL database")
    copying.add_argument("--from", dest="source", required=True, metavar="sqlite:///PATH")
    copying.add_argument("--to", dest="target", required=True, metavar="postgresql://...")
    args = parser.parse_args(argv)
    try:
        counts = asyncio.run(copy(args.source, args.target))
    except StoreError as exc:
        print(f"minigam: {exc}", file=sys.stderr)
        return 2
    for table, n in counts.items():
        print(f"{table:24} {n:8d}")
    print(f"copied {sum(counts.values())} rows from {args.source} to {masked(args.target)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
