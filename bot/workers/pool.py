"""Blocking work off the event loop: in worker processes, or in a thread.

Pure-Python or Pillow work in a thread holds the interpreter lock and slows the bot's replies, so the bot's
heavy work (drawing boards: :mod:`bot.workers.drawing`; the computer's thinking:
:mod:`bot.workers.thinking`) runs in worker processes when it has any, in a thread otherwise, and in a
thread again if the workers ever break.

Each worker has a pipe to the bot, and the event loop itself sends the work and reads the answers (a
reader on each pipe): no thread of the bot's stands in between.

Why not ``concurrent.futures.ProcessPoolExecutor`` (a ``forkserver`` context, awaited through
``run_in_executor``): its manager and feeder threads must win the interpreter lock from the event loop
for every job. ``python -m bench.workers --against executor`` gives both the bot's real work in turns
within one run; from a busy loop (3 ms slices of Python back to back, as a loaded bot's), the 99th
percentile of a board was 31-59 ms here against 0.86-5.2 s through the executor, and of a computer's move
11-31 ms against 0.13-0.50 s. From an idle loop both take the same time, the executor for twice this
process's CPU per job (0.40-0.58 against 0.19-0.37 ms). Its one gain: 200 boards asked at once from the
busy loop came back a little sooner on median (54-93 against 39-87 boards a second: its feeder sends the
next job before the answer is read), but from 2 to 133 boards a second. A worker killed while it draws
costs both the same (16-42 ms to the board, drawn again in a thread); stopping the executor's workers at
once needs its private ``_processes`` before Python 3.14.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class WorkersBroke(RuntimeError):
    """A worker process stopped: the work it was given runs again in a thread."""


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


def _serve(conn: Connection, initializer: Callable[[], None] | None, name: str) -> None:
    """A worker's life: warm up, then answer each ``(work, args)`` with ``(True, result)`` or ``(False,
    exception)`` until the pipe closes."""
    _exit_with_parent()
    _name_process(name)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the bot, which stops its workers
    if initializer is not None:
        try:
            initializer()
        except Exception:
            log.exception("warming up a %s worker failed", name)
    while True:
        try:
            work, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (True, work(*args))
        except Exception as exc:
            reply = (False, exc)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as exc:  # an answer that cannot be pickled
            conn.send((False, RuntimeError(f"the {name} worker's answer could not be sent: {exc!r}")))


@dataclass(eq=False)
class _Job:
    work: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    job: _Job | None = None


@dataclass(eq=False)
class _Pool:
    workers: list[_Worker]
    waiting: deque[_Job] = field(default_factory=deque)
    loop: asyncio.AbstractEventLoop | None = None  # whose readers watch the pipes


class Workers:
    """Runs functions in ``count`` worker processes (0: in a thread). Each worker runs ``initializer``
    first (a warm-up); ``name`` says what the work is, in the log ("drawing", "thinking")."""

    def __init__(self, count: int, *, initializer: Callable[[], None] | None = None, name: str) -> None:
        self.count = count
        self.initializer = initializer
        self.name = name
        self._pool: _Pool | None = None

    @property
    def in_processes(self) -> bool:
        """Whether work goes to worker processes now (False before ``start``, without workers, and
        after they broke)."""
        return self._pool is not None

    @property
    def processes(self) -> list[BaseProcess]:
        """The worker processes (none without workers, before ``start`` and after ``close``)."""
        return [w.process for w in self._pool.workers] if self._pool is not None else []

    def start(self) -> None:
        """Start the worker processes; they warm up in the background."""
        if self.count <= 0 or self._pool is not None:
            return
        context = multiprocessing.get_context("spawn")  # never fork a process that has threads
        workers = []
        for number in range(self.count):
            mine, theirs = context.Pipe(duplex=True)
            process = context.Process(
                target=_serve,
                args=(theirs, self.initializer, self.name),
                name=f"minigam-{self.name}-{number + 1}",
                daemon=True,
            )
            process.start()
            theirs.close()
            workers.append(_Worker(process, mine))
        self._pool = _Pool(workers)

    def close(self) -> None:
        """Stop the workers now: a warm-up or a job still in progress is of no use any more (waiting for
        them would keep a closed bot's processes busy for seconds). The work given to them and not done is
        cancelled (its callers see :class:`asyncio.CancelledError`): the bot is closing, no thread takes
        it over. Work asked for after ``close`` runs in a thread."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        self._unwatch(pool)
        for worker in pool.workers:
            worker.process.terminate()
            worker.conn.close()
            if worker.job is not None and not worker.job.future.done():
                worker.job.future.cancel()
        for job in pool.waiting:
            if not job.future.done():
                job.future.cancel()

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` in a worker process, or in a thread when there is none."""
        pool = self._pool
        if pool is not None:
            loop = asyncio.get_running_loop()
            self._watch(pool, loop)
            job = _Job(work, args, loop.create_future())
            pool.waiting.append(job)
            self._dispatch(pool)
            try:
                return await job.future
            except WorkersBroke:
                pass
        return await asyncio.to_thread(work, *args)

    # ------------------------------------------------------------------ the pipes
    def _watch(self, pool: _Pool, loop: asyncio.AbstractEventLoop) -> None:
        if pool.loop is loop:
            return
        self._unwatch(pool)
        for worker in pool.workers:
            loop.add_reader(worker.conn.fileno(), self._answered, pool, worker)
        pool.loop = loop

    @staticmethod
    def _unwatch(pool: _Pool) -> None:
        loop, pool.loop = pool.loop, None
        if loop is None or loop.is_closed():
            return
        for worker in pool.workers:
            with contextlib.suppress(OSError, ValueError):
                loop.remove_reader(worker.conn.fileno())

    def _dispatch(self, pool: _Pool) -> None:
        """Give the work waiting to the workers that are free."""
        for worker in pool.workers:
            if not pool.waiting:
                return
            if worker.job is not None:
                continue
            job = pool.waiting.popleft()
            if job.future.done():  # given up on (cancelled) before it started
                continue
            try:
                worker.conn.send((job.work, job.args))
            except (OSError, EOFError):
                pool.waiting.appendleft(job)
                self._broke(pool)
                return
            except Exception as exc:  # work that cannot be pickled
                job.future.set_exception(exc)
                continue
            worker.job = job

    def _answered(self, pool: _Pool, worker: _Worker) -> None:
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError):
            self._broke(pool)
            return
        except Exception as exc:  # read whole, but cannot be unpickled here: the caller hears of it
            ok, value = False, RuntimeError(f"the {self.name} worker's answer could not be read: {exc!r}")
        job, worker.job = worker.job, None
        if job is not None and not job.future.done():
            if ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value)
        self._dispatch(pool)

    def _broke(self, pool: _Pool) -> None:
        """A worker stopped: say so once, stop the others, and send their work to threads."""
        if self._pool is not pool:
            return
        log.error("the %s processes stopped; %s in threads from now on", self.name, self.name)
        jobs = [w.job for w in pool.workers if w.job is not None] + list(pool.waiting)
        pool.waiting.clear()
        for worker in pool.workers:
            worker.job = None
        self.close()
        for job in jobs:
            if not job.future.done():
                job.future.set_exception(WorkersBroke(self.name))


__all__ = ["Workers", "WorkersBroke"]
