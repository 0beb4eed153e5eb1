"""Where the bot's idea of "now" comes from: the system clock, or a fake one that tests move by hand."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

MAX_NAP = 60.0
"""Seconds the system clock sleeps at most before looking at the time again (the wall clock may be set)."""


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    async def sleep_until(self, moment: float) -> None:
        """Return once :meth:`now` has reached ``moment`` (at once if it has)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        # Waiting for a moment of the wall clock, not for an event: naps of at most a minute, so that a
        # clock set forward or back is noticed.
        while (left := moment - time.time()) > 0:  # noqa: ASYNC110
            await asyncio.sleep(min(left, MAX_NAP))

    def __repr__(self) -> str:
        return "SystemClock()"


class FakeClock:
    """A clock that only moves when told to; whoever sleeps until a moment wakes when it is reached."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = float(start)
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock does not go backwards")
        self._now += seconds
        due = [(m, f) for m, f in self._sleepers if m <= self._now]
        self._sleepers = [(m, f) for m, f in self._sleepers if m > self._now and not f.done()]
        for _moment, future in due:
            if not future.done():
                future.set_result(None)

    async def sleep_until(self, moment: float) -> None:
        if moment <= self._now:
            await asyncio.sleep(0)
            return
        future = asyncio.get_running_loop().create_future()
        self._sleepers.append((moment, future))
        await future

    def __repr__(self) -> str:
        return f"FakeClock(start={self._now!r})"
