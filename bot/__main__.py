"""``python -m bot`` (the ``minigam`` command): the Discord bot with a token, else the local console;
``--analysis-only``: a process that only takes analysis jobs from the database."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot.config import Config, ConfigError


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="minigam",
        description="Minigam, the Discord bot for backgammon-family dice games. With DISCORD_TOKEN set it "
        "connects to Discord; without it (or with --local) it starts the local console.",
    )
    parser.add_argument("--local", action="store_true", help="start the local console even with a token")
    parser.add_argument(
        "--analysis-only",
        action="store_true",
        help="only analyse finished games: take the analysis jobs of every bot process on the PostgreSQL "
        "database, no Discord",
    )
    parser.add_argument("--env-file", default=".env", help="settings file read under the environment")
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="console: repeatable matches from this number (their dice seeds follow from it: not secret)",
    )
    parser.add_argument(
        "--delay", type=float, default=0.0, help="console: seconds to wait before the computer's moves"
    )
    args = parser.parse_args(argv)
    try:
        settings = Config.from_env(env_file=args.env_file)
    except ConfigError as exc:
        print(f"minigam: {exc}", file=sys.stderr)
        return 2
    if args.analysis_only:
        from bot.analysis_only import run as run_analyses

        return run_analyses(settings)
    if settings.has_token and not args.local:
        from bot.app import run

        return run(settings)
    from bot.console.session import run_console

    return run_console(settings, seed=args.seed, delay=args.delay)


if __name__ == "__main__":
    sys.exit(main())
