"""CPU seconds per process for the load benchmark: the bot, each of its workers, and the stand-in.

A :class:`CpuSample` is taken when the play starts and when it ends; the difference, per process, over the
turns played is the CPU a turn costs there. Workers are told apart by the name the bot gives them
(``mg-drawing``, ``mg-thinking``: :mod:`bot.workers`); a worker without one (an older bot) is a "worker".
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass

import psutil


@dataclass(frozen=True, slots=True)
class ProcessCpu:
    pid: int
    role: str  # "bot", "mg-drawing", "stand-in"...
    seconds: float  # user + system CPU so far
    system: float  # of which in the kernel (system calls: sockets, pipes, the disk)
    rss: int  # resident memory, bytes


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


def _cpu(proc: psutil.Process, role: str) -> ProcessCpu | None:
    try:
        with proc.oneshot():
            times = proc.cpu_times()
            return ProcessCpu(proc.pid, role, times.user + times.system, times.system, proc.memory_info().rss)
    except psutil.Error:
        return None


def sample(bot_pid: int | None) -> CpuSample:
    """The CPU used so far by this process (the stand-in and the players), the bot in process
    ``bot_pid`` (None: the bot runs in this process) and every process the bot started."""
    found: list[ProcessCpu] = []
    me = psutil.Process(os.getpid())
    own = _cpu(me, "stand-in" if bot_pid is not None else "bot + stand-in")
    if own is not None:
        found.append(own)
    parent = psutil.Process(bot_pid) if bot_pid is not None else me
    if bot_pid is not None:
        bot = _cpu(parent, "bot")
        if bot is not None:
            found.append(bot)
    try:
        children = parent.children(recursive=True)
    except psutil.Error:
        children = []
    for child in children:
        if child.pid == bot_pid:
            continue
        try:
            role = _role(child)
        except psutil.Error:
            continue
        cpu = _cpu(child, role)
        if cpu is not None and role not in ("py-spy",):
            found.append(cpu)
    return CpuSample(time.perf_counter(), tuple(found), os.getloadavg())


async def settled(bot_pid: int | None, *, within: float = 90.0, quiet: float = 0.05) -> float:
    """Wait until the bot's workers have warmed up: none used more than ``quiet`` of a core over half a
    second (``within`` seconds at most). Returns the seconds waited."""
    began = time.perf_counter()
    before = sample(bot_pid)
    while time.perf_counter() - began < within:
        await asyncio.sleep(0.5)
        now = sample(bot_pid)
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

    @property
    def bot_side(self) -> bool:
        """The bot and its workers (not the stand-in, nor the resource tracker's few milliseconds)."""
        return self.role in ("bot", "worker") or self.role.startswith("mg-")


def spent(first: CpuSample, last: CpuSample) -> list[CpuUse]:
    """CPU per process from ``first`` to ``last`` (a process started in between counts from zero)."""
    before = first.by_pid()
    out = []
    for p in last.processes:
        earlier = before.get(p.pid)
        seconds = p.seconds - (earlier.seconds if earlier else 0.0)
        system = p.system - (earlier.system if earlier else 0.0)
        out.append(CpuUse(p.role, p.pid, seconds, system, p.rss))
    order = {"bot": 0, "bot + stand-in": 0, "stand-in": 9}
    return sorted(out, key=lambda u: (order.get(u.role, 5), u.role, u.pid))


def cpu_lines(uses: list[CpuUse], turns: int, elapsed: float) -> list[str]:
    """The report: per process, CPU seconds, ms per turn, share of a core, memory; then the bot side."""
    lines = []
    per = max(turns, 1)
    for u in uses:
        lines.append(
            f"  {u.role:<18} pid {u.pid:<7} {u.seconds:7.2f} s CPU  {u.seconds / per * 1000:7.2f} ms/turn"
            f" ({u.system / per * 1000:5.2f} in the kernel)"
            f"  {u.seconds / elapsed * 100 if elapsed else 0:5.1f}% of a core  {u.rss / 2**20:6.0f} MiB"
        )
    bot_side = sum(u.seconds for u in uses if u.bot_side)
    lines.append(
        f"  {'bot side (bot + workers)':<32} {bot_side:7.2f} s CPU  {bot_side / per * 1000:7.2f} ms/turn"
        f"  = {turns / bot_side if bot_side else 0:6.1f} turns per CPU-second"
    )
    return lines


def bot_side_ms(uses: list[CpuUse], turns: int) -> float:
    return sum(u.seconds for u in uses if u.bot_side) / max(turns, 1) * 1000


__all__ = ["CpuSample", "CpuUse", "ProcessCpu", "bot_side_ms", "cpu_lines", "sample", "settled", "spent"]
