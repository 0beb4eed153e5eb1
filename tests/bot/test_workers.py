"""Work off the event loop: a thread without workers, worker processes started at once, a thread again
after they break (said once), and workers stopped at once on close."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from bot.workers import Workers


async def test_without_workers_the_work_runs_in_a_thread_of_this_process() -> None:
    workers = Workers(0, name="testing")
    workers.start()

    assert not workers.in_processes
    assert await workers.run(os.getpid) == os.getpid()
    workers.close()


async def test_workers_run_the_work_in_another_process() -> None:
    workers = Workers(1, name="testing")
    workers.start()
    try:
        assert workers.in_processes
        assert await workers.run(os.getpid) != os.getpid()
    finally:
        workers.close()


def test_start_starts_every_worker_and_its_warm_up_at_once_and_close_stops_them() -> None:
    # A warm-up that would take a minute: the workers are running it right after start(), before any
    # work was asked for, and close() stops them instead of waiting for it.
    workers = Workers(2, initializer=functools.partial(time.sleep, 60), name="testing")
    workers.start()
    processes = list(workers._pool._processes.values())  # type: ignore[union-attr]
    alive = [p.is_alive() for p in processes]

    workers.close()
    # The pool's own thread reaps its workers too; a worker counts as stopped once either has seen it.
    deadline = time.monotonic() + 30
    while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
        time.sleep(0.05)

    assert alive == [True, True]
    assert [p.exitcode for p in processes] == [-signal.SIGTERM] * 2
    assert not workers.in_processes


async def test_broken_workers_fall_back_to_a_thread_and_say_so_once(caplog: pytest.LogCaptureFixture) -> None:
    class BrokenPool:
        shut = False

        def submit(self, *args, **kwargs) -> Future:
            future: Future = Future()
            future.set_exception(BrokenProcessPool("a worker died"))
            return future

        def shutdown(self, **kwargs) -> None:
            self.shut = True

    workers = Workers(1, name="thinking")
    broken = BrokenPool()
    workers._pool = broken  # type: ignore[assignment]

    with caplog.at_level(logging.ERROR, logger="bot.workers"):
        pids = await asyncio.gather(workers.run(os.getpid), workers.run(os.getpid))

    assert pids == [os.getpid(), os.getpid()]
    assert not workers.in_processes
    assert broken.shut
    assert [r.getMessage() for r in caplog.records] == [
        "the thinking processes stopped; thinking in threads from now on"
    ]


CHILD = """
import functools, sys, time
from bot.workers import Workers
workers = Workers(2, initializer=functools.partial(time.sleep, 600), name="testing")
workers.start()
print(" ".join(str(p.pid) for p in workers._pool._processes.values()), flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (reaped by nobody yet) is gone as far as work goes
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ", 1)[1].startswith("Z"))


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
def test_workers_end_when_their_parent_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2]
    )
    try:
        pids = [int(p) for p in parent.stdout.readline().split()]  # type: ignore[union-attr]
        assert len(pids) == 2
        assert all(_alive(p) for p in pids)

        parent.kill()  # SIGKILL: no clean-up of any kind in the parent
        parent.wait()
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)

        assert [p for p in pids if _alive(p)] == []
    finally:
        if parent.poll() is None:
            parent.kill()
