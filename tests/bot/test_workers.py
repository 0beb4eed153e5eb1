"""Work off the event loop: a thread without workers, worker processes started at once, a thread again
after they break (said once), and workers stopped at once on close."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.workers.pool import Workers


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
    processes = workers.processes
    alive = [p.is_alive() for p in processes]

    workers.close()
    for process in processes:
        process.join(30)

    assert alive == [True, True]
    assert [p.exitcode for p in processes] == [-signal.SIGTERM] * 2
    assert not workers.in_processes


async def test_broken_workers_fall_back_to_a_thread_and_say_so_once(caplog: pytest.LogCaptureFixture) -> None:
    workers = Workers(2, initializer=functools.partial(time.sleep, 60), name="thinking")
    workers.start()
    first, second = workers.processes
    try:
        with caplog.at_level(logging.ERROR, logger="bot.workers.pool"):
            waiting = [asyncio.create_task(workers.run(os.getpid)) for _ in range(3)]
            await asyncio.sleep(0)  # each task's first step gives its work to the workers (warming up)
            os.kill(first.pid, signal.SIGKILL)  # type: ignore[arg-type]
            pids = await asyncio.wait_for(asyncio.gather(*waiting), 30)
            again = await workers.run(os.getpid)

        assert pids == [os.getpid()] * 3
        assert again == os.getpid()
        assert not workers.in_processes
        second.join(30)
        assert second.exitcode == -signal.SIGTERM  # the other worker was stopped
        assert [r.getMessage() for r in caplog.records] == [
            "the thinking processes stopped; thinking in threads from now on"
        ]
    finally:
        workers.close()


async def test_an_error_in_the_work_reaches_the_caller_and_the_worker_goes_on() -> None:
    workers = Workers(1, name="testing")
    workers.start()
    try:
        with pytest.raises(ZeroDivisionError):
            await workers.run(divmod, 1, 0)
        assert await workers.run(divmod, 7, 2) == (3, 1)
        assert workers.in_processes
    finally:
        workers.close()


async def test_work_queued_for_busy_workers_runs_as_they_free_up() -> None:
    workers = Workers(2, name="testing")
    workers.start()
    try:
        results = await asyncio.gather(*(workers.run(pow, 2, n) for n in range(20)))
        assert results == [2**n for n in range(20)]
    finally:
        workers.close()


class Unreadable(Exception):
    """Pickles (as its class and ``args``) but cannot be unpickled: ``__init__`` wants two arguments."""

    def __init__(self, what: str, why: str) -> None:
        super().__init__(f"{what}: {why}")


def raise_unreadable() -> None:
    raise Unreadable("answer", "unreadable")


async def test_an_answer_that_cannot_be_read_is_an_error_for_its_caller_and_the_worker_goes_on() -> None:
    workers = Workers(1, name="testing")
    workers.start()
    try:
        with pytest.raises(RuntimeError, match="the testing worker's answer could not be read"):
            await asyncio.wait_for(workers.run(raise_unreadable), 30)
        assert await workers.run(divmod, 7, 2) == (3, 1)
        assert workers.in_processes
    finally:
        workers.close()


async def test_close_cancels_the_work_in_progress_and_waiting_instead_of_running_it_in_a_thread() -> None:
    workers = Workers(1, name="testing")
    workers.start()
    busy = asyncio.create_task(workers.run(time.sleep, 60))
    waiting = asyncio.create_task(workers.run(time.sleep, 60))
    await asyncio.sleep(0)  # each task's first step gives its work to the worker: the second waits

    workers.close()
    _, pending = await asyncio.wait([busy, waiting], timeout=10)

    assert pending == set()  # in a thread, each would take a minute
    assert busy.cancelled()
    assert waiting.cancelled()
    assert await workers.run(os.getpid) == os.getpid()  # after close: a thread


async def test_a_caller_that_stops_waiting_leaves_the_worker_free_for_the_next_work() -> None:
    workers = Workers(1, name="testing")
    workers.start()
    try:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(workers.run(time.sleep, 0.5), 0.05)
        assert await asyncio.wait_for(workers.run(divmod, 9, 4), 30) == (2, 1)
    finally:
        workers.close()


CHILD = """
import functools, signal, time
from bot.workers.pool import Workers
workers = Workers(2, initializer=functools.partial(time.sleep, 600), name="testing")
workers.start()
print(" ".join(str(p.pid) for p in workers.processes), flush=True)
signal.pause()  # until killed
"""


def _ended(pidfds: list[int], within: float) -> list[int]:
    """Of ``pidfds`` (``os.pidfd_open``), those whose process ended (a zombie too: it does no more work)
    within ``within`` seconds."""
    deadline = time.monotonic() + within
    ended: list[int] = []
    while waiting := [fd for fd in pidfds if fd not in ended]:
        readable, _, _ = select.select(waiting, [], [], max(0.0, deadline - time.monotonic()))
        if not readable:
            break
        ended += readable
    return ended


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="waits for the workers' ends with pidfds (Linux)")
def test_workers_end_when_their_parent_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2]
    )
    pidfds: list[int] = []
    try:
        pids = [int(p) for p in parent.stdout.readline().split()]  # type: ignore[union-attr]
        assert len(pids) == 2
        pidfds = [os.pidfd_open(p) for p in pids]  # the workers are running: their warm-up takes minutes
        assert _ended(pidfds, 0) == []

        parent.kill()  # SIGKILL: no clean-up of any kind in the parent
        parent.wait()

        assert sorted(_ended(pidfds, 30)) == sorted(pidfds)
    finally:
        for fd in pidfds:
            os.close(fd)
        if parent.poll() is None:
            parent.kill()
