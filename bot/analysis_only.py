"""``python -m bot --analysis-only``: a process that only analyses, on a machine of its own if need be.

It connects to the database (PostgreSQL: SQLite serves one process) and takes the analysis jobs of every
bot process there with its analysis workers (``ANALYSIS_WORKERS``), as a bot process's own workers do
(:mod:`bot.core.analysis.jobs`), until SIGINT or SIGTERM; no Discord. Stopping lets the analyses in hand
finish for ``STOP_GRACE`` seconds; one still running then is taken again by another process once its
lease runs out.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.clock import SystemClock
from bot.config import Config
from bot.core.analysis.jobs import AnalysisJobs
from bot.store import StoreError, open_store
from bot.store.url import is_postgres
from bot.workers.analysing import Analyst

log = logging.getLogger(__name__)

STOP_GRACE = 10.0  # seconds a stop waits for the analyses in hand
NEEDS_POSTGRES = "--analysis-only needs PostgreSQL (DATABASE_URL=postgresql://...): SQLite serves one process"


async def serve(settings: Config, stop: asyncio.Event) -> None:
    """Take analysis jobs from ``settings``' database until ``stop`` is set."""
    store = await open_store(settings.database_url)
    analyst = Analyst(settings.analysis_workers)
    jobs = AnalysisJobs(store, analyst, SystemClock(), slots=analyst.at_once)
    try:
        analyst.start()
        jobs.start()
        log.info("analysing for %s with %d worker(s)", settings.database_shown, settings.analysis_workers)
        await stop.wait()
        log.info("stopping (signal received)")
    finally:
        await jobs.close(STOP_GRACE)
        analyst.close()
        await store.close()


async def _serve_until_signalled(settings: Config) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await serve(settings, stop)


def run(settings: Config) -> int:
    """Run the analysis-only process until interrupted; the exit status."""
    logging.basicConfig(
        level=getattr(logging, settings.log_level), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if not is_postgres(settings.database_url):
        print(f"minigam: {NEEDS_POSTGRES}", file=sys.stderr)
        return 2
    try:
        asyncio.run(_serve_until_signalled(settings))
    except StoreError as exc:
        print(f"minigam: {exc}", file=sys.stderr)
        return 2
    return 0


__all__ = ["NEEDS_POSTGRES", "STOP_GRACE", "run", "serve"]
