"""Blocking work off the event loop: in worker processes, or in a thread.

Pure-Python or Pillow work in a thread holds the interpreter lock and slows the bot's replies, so the
bot's heavy work (drawing boards: :mod:`bot.boards`; the computer's thinking: :mod:`bot.thinking`) runs in
worker processes when it has any, in a thread otherwise, and in a thread again if the workers ever break.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def _started() -> None:
    """An empty job: submitting it makes the pool start a worker (and its warm-up) now."""


def _exit_with_parent() -> None:
    """In a worker: end this process as soon as the process that started it is gone (killed with -9, say),
    instead of waiting forever for work that will never come."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _name_process(name: str) -> None:
    """Show what a worker does in ``top`` and ``ps -o comm`` ("mg-drawing"), where Linux allows."""
    with contextlib.suppress(OSError):
        Path("/proc/self/comm").write_text(f"mg-{name}"[:15], encoding="utf-8")


def _worker_start(initializer: Callable[[], None] | None, name: str = "worker") -> None:
    _exit_with_parent()
    _name_process(name)
    if initializer is not None:
        initializer()


class Workers:
    """Runs functions in ``count`` worker processes (0: in a thread). Each worker runs ``initializer``
    first (a warm-up); ``name`` says what the work is, in the log ("drawing", "thinking")."""

    def __init__(self, count: int, *, initializer: Callable[[], None] | None = None, name: str) -> None:
        self.count = count
        self.initializer = initializer
        self.name = name
        self._pool: ProcessPoolExecutor | None = None

    @property
    def in_processes(self) -> bool:
        """Whether work goes to worker processes now (False before ``start``, without workers, and
        after they broke)."""
        return self._pool is not None

    def start(self) -> None:
        """Start the worker processes; they warm up in the background."""
        if self.count > 0 and self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.count,
                mp_context=multiprocessing.get_context("spawn"),  # never fork a process that has threads
                initializer=_worker_start,
                initargs=(self.initializer, self.name),
            )
            for _ in range(self.count):  # the pool starts a worker per job waiting, not before
                self._pool.submit(_started)

    def close(self) -> None:
        """Stop the workers now: a warm-up or a job still in progress is of no use any more (waiting for
        them would keep a closed bot's processes busy for seconds)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((pool._processes or {}).values())  # Python 3.14 has pool.terminate_workers()
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` in a worker process, or in a thread when there is none."""
        pool = self._pool
        if pool is not None:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(pool, work, *args)
            except BrokenProcessPool:
                if self._pool is pool:  # the first to notice says so, once
                    log.error("the %s processes stopped; %s in threads from now on", self.name, self.name)
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(work, *args)
