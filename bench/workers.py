"""The bot's worker pool against the standard library's: ``python -m bench.workers --against executor``.

:class:`bot.workers.pool.Workers` (pipes the event loop writes and reads itself) against
``concurrent.futures.ProcessPoolExecutor`` awaited through ``loop.run_in_executor`` (its manager thread
and its call queue's feeder thread hand the work over), with a ``forkserver`` context and the same
warm-up. Both run the bot's real work, in turns within one run (this machine is noisy):

- **latency**: a board drawing (``draw``: a 24-point board with names and gnubg's footer) and a computer
  move (``think``: a minigam ``hard`` move, a fraction of a millisecond of work, so the hand-over is most
  of it), asked one after another from an event loop that is idle, half busy (3 ms of Python, 3 ms
  asleep) or busy (3 ms slices of Python back to back, as a loaded bot's loop): p50 / p99 ms, and the
  bot process's CPU per job while idle;
- **throughput**: ``--burst`` boards asked at once from the busy loop, boards a second;
- **recovery**: a worker killed (SIGKILL) while it draws: the time until its caller has the board (drawn
  again in a thread), and until the next board.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import multiprocessing
import os
import signal
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.workers import drawing, thinking
from bot.workers.pool import Workers
from images.__main__ import _bench_options, bench_states
from images.layout import BG, SIX2
from images.scene import for_drawing

SLICE = 0.003  # seconds of Python the busy loop runs between two yields


class Executor:
    """The candidate: ``ProcessPoolExecutor`` (forkserver) awaited through ``run_in_executor``, falling
    back to a thread once it breaks, as the bot's pool does."""

    def __init__(self, count: int, *, initializer: Callable[[], None] | None = None, name: str) -> None:
        self.count = count
        self.initializer = initializer
        self.name = name
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        context = multiprocessing.get_context("forkserver")
        self._pool = ProcessPoolExecutor(self.count, mp_context=context, initializer=self.initializer)
        for _ in range(self.count):  # the pool starts a worker per job waiting, not before
            self._pool.submit(int)

    @property
    def pids(self) -> list[int]:
        pool = self._pool
        return [p.pid for p in (pool._processes or {}).values()] if pool is not None else []  # type: ignore[misc]

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((pool._processes or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        pool = self._pool
        if pool is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
            except BrokenProcessPool:
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(work, *args)


class Pipes(Workers):
    """The bot's pool, with its workers' pids."""

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p.pid is not None]


def _spin(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


@contextlib.asynccontextmanager
async def loop_load(kind: str):
    """The event loop kept ``idle``, ``half`` busy or ``busy`` by a task of pure Python, for the block."""

    async def busy(pause: float) -> None:
        while True:
            _spin(SLICE)
            await asyncio.sleep(pause)

    task = None if kind == "idle" else asyncio.create_task(busy(SLICE if kind == "half" else 0))
    try:
        yield
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _ms(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"p50 {1000 * statistics.median(ordered):6.2f}  p99 {1000 * p99:6.2f}"


async def latencies(ask: Callable[[], Awaitable[Any]], count: int) -> list[float]:
    out = []
    for _ in range(count):
        t0 = time.perf_counter()
        await ask()
        out.append(time.perf_counter() - t0)
        await asyncio.sleep(0.001)  # a gap, as between two people's moves
    return out


def _jobs() -> dict[str, tuple[Callable[..., Any], tuple[Any, ...]]]:
    states = bench_states(4)
    board, minigam = states[BG][-1], states[SIX2][-1]
    options = _bench_options(board, 0)
    draw = (drawing.draw_board, (for_drawing(board), tuple(options["names"]), None, None, options["footer"]))
    think = (thinking.decide, ("choose_play", minigam, "hard"))
    return {"draw": draw, "think": think}


def _warm_up() -> None:
    drawing.warm_up()
    thinking.player("minigam", "hard")


async def measure(pools: dict[str, Any], count: int, burst: int, rounds: int) -> None:
    jobs = _jobs()
    for name, pool in pools.items():  # warm: every worker has drawn and thought once
        for work, args in jobs.values():
            await asyncio.gather(*(pool.run(work, *args) for _ in range(4 * pool.count)))
        print(f"{name}: ready")
    seen: dict[tuple[str, str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}
    rates: dict[str, list[float]] = {}
    for r in range(rounds):
        order = list(pools.items())
        if r % 2:
            order.reverse()
        for load in ("idle", "half", "busy"):
            for job, (work, args) in jobs.items():
                for name, pool in order:
                    c0 = time.process_time()
                    async with loop_load(load):
                        values = await latencies(functools.partial(pool.run, work, *args), count)
                    if load == "idle":
                        cpu.setdefault((name, job), []).append((time.process_time() - c0) / count)
                    seen.setdefault((name, job, load), []).extend(values)
        work, args = jobs["draw"]
        for name, pool in order:
            async with loop_load("busy"):
                t0 = time.perf_counter()
                await asyncio.gather(*(pool.run(work, *args) for _ in range(burst)))
                rates.setdefault(name, []).append(burst / (time.perf_counter() - t0))
    print(f"\nlatency, ms ({count} x {rounds} jobs each; one worker; CPU: this process's per job, idle loop)")
    for (name, job, load), values in seen.items():
        extra = f"   CPU {1000 * statistics.fmean(cpu[name, job]):.2f} ms" if load == "idle" else ""
        print(f"  {name:<9} {job:<6} {load:<5} {_ms(values)}{extra}")
    print(f"\nthroughput: {burst} boards asked at once from the busy loop, boards/s per round")
    for name, values in rates.items():
        print(f"  {name:<9} {' '.join(f'{v:6.1f}' for v in values)}   median {statistics.median(values):.1f}")


async def recovery(make: Callable[[], Any], name: str) -> None:
    work, args = _jobs()["draw"]
    work(*args)  # this process's own drawing warm, as the thread that takes over will draw
    pool = make()
    pool.start()
    try:
        await pool.run(work, *args)  # warm
        asked = asyncio.create_task(pool.run(work, *args))
        await asyncio.sleep(0.001)  # handed over; the worker is drawing
        t0 = time.perf_counter()
        os.kill(pool.pids[0], signal.SIGKILL)
        await asked
        t1 = time.perf_counter()
        await pool.run(work, *args)
        t2 = time.perf_counter()
        print(
            f"  {name:<9} the killed worker's board after {1000 * (t1 - t0):.1f} ms, "
            f"the next board after {1000 * (t2 - t1):.1f} ms (in a thread)"
        )
    finally:
        pool.close()


async def main_async(args: argparse.Namespace) -> None:
    makers: dict[str, Callable[[], Any]] = {"pipes": lambda: Pipes(1, initializer=_warm_up, name="bench")}
    if args.against == "executor":
        makers["executor"] = lambda: Executor(1, initializer=_warm_up, name="bench")
    pools = {name: make() for name, make in makers.items()}
    for pool in pools.values():
        pool.start()
    try:
        await measure(pools, args.count, args.burst, args.rounds)
    finally:
        for pool in pools.values():
            pool.close()
    print("\nrecovery: a worker killed while it draws")
    for name, make in makers.items():
        await recovery(make, name)


def main(argv: Sequence[str] | None = None) -> int:
    prog, about = "python -m bench.workers", __doc__.splitlines()[0]
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("--against", choices=["executor", "none"], default="executor")
    parser.add_argument("--count", type=int, default=100, help="jobs per latency measure and round")
    parser.add_argument("--burst", type=int, default=200, help="boards asked at once for the throughput")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the pools' order swapped each round")
    args = parser.parse_args(argv)
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
