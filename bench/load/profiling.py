"""A sampling profile of the bot process during the load benchmark's play, with py-spy.

``py-spy record`` samples the stack of the bot's thread that holds the interpreter lock (its Python work;
waiting is left out), without pausing it, from the start line to the end of the play, and writes them in
the collapsed format (``frame;frame;... count``, the input of flame graph tools). The
summary lists the functions where the samples were (self) and under which they were (total), by share of
all samples, and the packages' shares (``discord``, ``aiohttp``, ``sqlite3``...).
"""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import sys
from collections import Counter
from pathlib import Path

FRAME = re.compile(r"^(?P<func>.*?) \((?P<file>[^()]*?)(?::\d+)?\)$")


def py_spy() -> str:
    """The py-spy command (a dev dependency), or a clear error."""
    found = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(found).exists():
        raise SystemExit("--profile needs py-spy: .venv/bin/pip install -e '.[dev]'")
    return found


class Profiler:
    """``py-spy record`` of one process, started and stopped around the play."""

    def __init__(self, pid: int, out: Path, *, rate: int = 200, workers: bool = False) -> None:
        self.pid = pid
        self.out = out
        self.rate = rate
        self.workers = workers
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        args = [py_spy(), "record", "--pid", str(self.pid), "--rate", str(self.rate), "--nonblocking"]
        args += ["--gil", "--format", "raw", "--output", str(self.out)]
        if self.workers:
            args.append("--subprocesses")
        self.proc = await asyncio.create_subprocess_exec(
            *args, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
        )

    async def stop(self) -> str:
        """Stop sampling (py-spy writes its file on SIGINT); returns what it said if it failed."""
        if self.proc is None:
            return "not started"
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            _, err = await asyncio.wait_for(self.proc.communicate(), 30)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
            return "py-spy did not stop"
        return "" if self.out.exists() else err.decode(errors="replace").strip()


def _frame(text: str) -> tuple[str, str]:
    m = FRAME.match(text.strip())
    if not m:
        return text.strip(), ""
    return m.group("func"), m.group("file")


def _where(file: str) -> str:
    """A short name for a source file: the part from the package on (``discord/http.py``)."""
    parts = Path(file).parts
    for anchor in ("site-packages", "lib"):
        if anchor in parts:
            rest = parts[parts.index(anchor) + 1 :]
            if anchor == "lib" and rest and rest[0].startswith("python"):
                rest = rest[1:]
            if rest:
                return "/".join(rest)
    for package in ("bot", "engine", "images", "tests"):
        if package in parts:
            return "/".join(parts[parts.index(package) :])
    return Path(file).name


def summarise(path: Path, top: int = 25) -> list[str]:
    """The profile's summary lines: self and total shares of the top functions, and per package."""
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    packages: Counter[str] = Counter()
    samples = 0
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = [_frame(f) for f in stack.split(";")]
        frames = [(func, _where(file)) for func, file in frames if file]
        if not frames:
            continue
        samples += count
        names = [f"{func} ({file})" for func, file in frames]
        own[names[-1]] += count
        for name in set(names):
            total[name] += count
        packages[frames[-1][1].split("/")[0].removesuffix(".py")] += count
    if not samples:
        return ["  (no samples)"]
    lines = [f"  {samples} samples; where the bot was (self), top {top}:"]
    lines += [f"    {n / samples * 100:5.1f}%  {name}" for name, n in own.most_common(top)]
    lines.append(f"  under which function (total), top {top}:")
    lines += [f"    {n / samples * 100:5.1f}%  {name}" for name, n in total.most_common(top)]
    lines.append(
        "  by package (self): "
        + ", ".join(f"{name} {n / samples * 100:.1f}%" for name, n in packages.most_common(12))
    )
    return lines


__all__ = ["Profiler", "summarise"]
