"""CPU seconds per process for the load benchmark: the bot, each of its workers, and the stand-in.

A :class:`CpuSample` is taken when the play starts and when it ends; the difference, per process, over the
turns played is the CPU a turn costs there. Workers are told apart by the name the bot gives them
(``mg-drawing``, ``mg-thinking``: :mod:`bot.workers.pool`); a worker without one (an older bot) is a "worker".
With several bot processes (``--processes``) each process and its workers carry the bot process's number.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass

import psutil


@dataclass(frozen=True, slots=True)
class ProcessCpu:
    pid: int
    role: str  # "bot", "mg-drawing", "stand-in"...
    seconds: float  # user + system CPU so far
    system: float  # of which in the kernel (system calls: sockets, pipes, the disk)
    rss: int  # resident memory, bytes
    bot: int | None = None  # of several bot processes, the one it is or works for (None: of the only one)


@dataclass(frozen=True, slots=True)
class CpuSample:
    at: float  # time.perf_counter()
    processes: tuple[ProcessCpu, ...]
    load: tuple[float, float, float]  # the machine's load averages

    def by_pid(self) -> dict[int, ProcessCpu]:
        return {p.pid: p for p in self.processes}


def _role(proc: psutil.Process) -> str:
    name = proc.name()
    if name.startswith("mg-"):
        return name
    cmdline = " ".join(proc.cmdline())
    if "resource_tracker" in cmdline:
        return "resource tracker"
    if "spawn_main" in cmdline:
        return "worker"
    return name


def _cpu(proc: psutil.Process, role: str, bot: int | None = None) -> ProcessCpu | None:
    try:
        with proc.oneshot():
            times = proc.cpu_times()
            rss = proc.memory_info().rss
            return ProcessCpu(proc.pid, role, times.user + times.system, times.system, rss, bot)
    except psutil.Error:
        return None


def sample(bot_pids: Sequence[int] = ()) -> CpuSample:
    """The CPU used so far by this process (the stand-in and the players), the bot processes ``bot_pids``
    (none: the bot runs in this process) and every process they started. Of several bot processes, each
    and its workers are told apart by the bot process's number (its place in ``bot_pids``)."""
    found: list[ProcessCpu] = []
    me = psutil.Process(os.getpid())
    own = _cpu(me, "stand-in" if bot_pids else "bot + stand-in")
    if own is not None:
        found.append(own)
    if not bot_pids:
        found.extend(_children(me, None))
    for n, pid in enumerate(bot_pids):
        number = n if len(bot_pids) > 1 else None
        try:
            parent = psutil.Process(pid)
        except psutil.Error:
            continue  # it has stopped: its CPU is no longer known
        bot = _cpu(parent, "bot", number)
        if bot is not None:
            found.append(bot)
        found.extend(_children(parent, number))
    return CpuSample(time.perf_counter(), tuple(found), os.getloadavg())


def _children(parent: psutil.Process, bot: int | None) -> list[ProcessCpu]:
    """The processes ``parent`` started (its workers), but not a profiler."""
    try:
        children = parent.children(recursive=True)
    except psutil.Error:
        return []
    found = []
    for child in children:
        try:
            role = _role(child)
        except psutil.Error:
            continue
        cpu = _cpu(child, role, bot)
        if cpu is not None and role not in ("py-spy",):
            found.append(cpu)
    return found


async def settled(bot_pids: Sequence[int] = (), *, within: float = 90.0, quiet: float = 0.05) -> float:
    """Wait until the bot's workers have warmed up: none used more than ``quiet`` of a core over half a
    second (``within`` seconds at most). Returns the seconds waited."""
    began = time.perf_counter()
    before = sample(bot_pids)
    while time.perf_counter() - began < within:
        await asyncio.sleep(0.5)
        now = sample(bot_pids)
        busy = [u for u in spent(before, now) if u.bot_side and u.role != "bot" and u.seconds > quiet * 0.5]
        if not busy:
            break
        before = now
    return time.perf_counter() - began


@dataclass(frozen=True, slots=True)
class CpuUse:
    """What each process spent between two samples."""

    role: str
    pid: int
    seconds: float
    system: float
    rss: int
    bot: int | None = None  # of several bot processes, the one it is or works for

    @property
    def bot_side(self) -> bool:
        """The bot and its workers (not the stand-in, nor the resource tracker's few milliseconds)."""
        return self.role in ("bot", "worker") or self.role.startswith("mg-")

    @property
    def name(self) -> str:
        """Its role, and of several bot processes the bot process's number: ``mg-drawing #1``."""
        return self.role if self.bot is None else f"{self.role} #{self.bot}"


def spent(first: CpuSample, last: CpuSample) -> list[CpuUse]:
    """CPU per process from ``first`` to ``last`` (a process started in between counts from zero)."""
    before = first.by_pid()
    out = []
    for p in last.processes:
        earlier = before.get(p.pid)
        seconds = p.seconds - (earlier.seconds if earlier else 0.0)
        system = p.system - (earlier.system if earlier else 0.0)
        out.append(CpuUse(p.role, p.pid, seconds, system, p.rss, p.bot))
    order = {"bot": 0, "bot + stand-in": 0, "stand-in": 9}
    return sorted(out, key=lambda u: (u.role == "stand-in", u.bot or 0, order.get(u.role, 5), u.role, u.pid))


def cpu_lines(uses: list[CpuUse], turns: int, elapsed: float) -> list[str]:
    """The report: per process, CPU seconds, ms per turn, share of a core, memory; then the bot side."""
    lines = []
    per = max(turns, 1)
    width = max([18, *(len(u.name) for u in uses)])
    for u in uses:
        lines.append(
            f"  {u.name:<{width}} pid {u.pid:<7} {u.seconds:7.2f} s CPU"
            f"  {u.seconds / per * 1000:7.2f} ms/turn"
            f" ({u.system / per * 1000:5.2f} in the kernel)"
            f"  {u.seconds / elapsed * 100 if elapsed else 0:5.1f}% of a core  {u.rss / 2**20:6.0f} MiB"
        )
    bot_side = sum(u.seconds for u in uses if u.bot_side)
    lines.append(
        f"  {'bot side (bot + workers)':<32} {bot_side:7.2f} s CPU  {bot_side / per * 1000:7.2f} ms/turn"
        f"  = {turns / bot_side if bot_side else 0:6.1f} turns per CPU-second"
    )
    for n, ms in per_bot_process_ms(uses, turns).items():
        lines.append(f"  {f'  of which bot process #{n} + its workers':<40} {ms:7.2f} ms/turn")
    return lines


def bot_side_ms(uses: list[CpuUse], turns: int) -> float:
    return sum(u.seconds for u in uses if u.bot_side) / max(turns, 1) * 1000


def per_bot_process_ms(uses: list[CpuUse], turns: int) -> dict[int, float]:
    """Of several bot processes, the CPU per turn of each with its workers, by number (one: none)."""
    numbers = sorted({u.bot for u in uses if u.bot is not None})
    return {n: bot_side_ms([u for u in uses if u.bot == n], turns) for n in numbers}


__all__ = [
    "CpuSample",
    "CpuUse",
    "ProcessCpu",
    "bot_side_ms",
    "cpu_lines",
    "per_bot_process_ms",
    "sample",
    "settled",
    "spent",
]
