"""Match clocks on time: one timer per match whose clock runs, owned by the runner.

A timer sleeps, by the core's clock (:meth:`bot.clock.Clock.sleep_until`), until the next moment of its
match's running clock: the flag's (:data:`GRACE` after it, so that an action Discord received in time and
still on its way comes first; one received after it is refused), the reserve's falling under 30 seconds
(a warning), or the next :data:`CHECKPOINT` (the time used so far is stored, so that a crash leaves at most
that much uncharged). It wakes early whenever the core says the clock started again
(:attr:`~bot.core.context.Context.clock_started`: a new decision, a board posted), looks again, and ends
once no clock runs in its match. The runner rebuilds the timers at start (after a restart: from the
stored reserves, the time the bot was down not charged) and stops them at close, storing each running
clock's used time (:func:`~bot.core.match_clocks.bank`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager

from bot.core import match_clocks
from bot.core.context import Context
from bot.core.flags import GRACE, flag_fall, low_reserve_warning
from bot.core.live import LiveMatch
from bot.core.notices import Result
from bot.store import StaleWrite, Unavailable

log = logging.getLogger(__name__)

CHECKPOINT = 60.0
"""Seconds between the stores of a running clock's used time."""

RETRY = 5.0
"""Seconds before a timer tries again after its action could not be stored."""

Handle = Callable[[Result], Awaitable[None]]
Reload = Callable[[LiveMatch], Awaitable[None]]
Busy = Callable[[], AbstractAsyncContextManager[None]]
Step = Callable[[Context, LiveMatch], Awaitable[Result]]


@contextlib.asynccontextmanager
async def _idle() -> AsyncIterator[None]:
    yield


class FlagTimers:
    """The flag timers of the matches in play; what they do is published through ``handle`` (the runner's),
    each inside ``busy`` (so that a stop lets it finish)."""

    def __init__(self, ctx: Context, handle: Handle, reload: Reload, busy: Busy | None = None) -> None:
        self.ctx = ctx
        self.handle = handle
        self.reload = reload
        self.busy = busy or _idle
        self._tasks: dict[int, asyncio.Task] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._warned: dict[int, int] = {}  # match -> the version whose low reserve was warned about
        self._acting: dict[int, asyncio.Future[None]] = {}  # match -> its timer's action in flight
        self._closing = False
        ctx.clock_started = self.arm

    def __contains__(self, match_id: int) -> bool:
        task = self._tasks.get(match_id)
        return task is not None and not task.done()

    def start(self, *, resume: bool = False) -> None:
        """Arm a timer for every match in play whose clock runs and has none. With ``resume`` (the bot is
        connected again after a restart), those clocks run from now: the time until then is not charged."""
        now = self.ctx.clock.now()
        for live in self.ctx.live:
            if match_clocks.running_seat(live) is not None and live.match_id not in self:
                if resume:
                    match_clocks.resume(live, now)
                self.arm(live.match_id)

    async def overdue(self) -> None:
        """Let every flag past its moment fall now, each timer's action in flight finished first (the
        console runs this before each line: while it waits for one, nothing else runs)."""
        for live in self.ctx.live:
            acting = self._acting.get(live.match_id)
            if acting is not None:
                await asyncio.shield(acting)
            moment = match_clocks.flag_moment(live)
            if moment is not None and self.ctx.clock.now() >= moment + GRACE:
                await self._act(live, flag_fall)

    def arm(self, match_id: int) -> None:
        """The clock of ``match_id`` started again or moved: its timer looks again (one is started if none
        runs)."""
        if self._closing:
            return
        if match_id in self:
            self._wake[match_id].set()
            return
        self._wake[match_id] = asyncio.Event()
        self._tasks[match_id] = asyncio.create_task(self._watch(match_id), name=f"minigam-flag-{match_id}")

    # ------------------------------------------------------------------ one match's timer
    async def _watch(self, match_id: int) -> None:
        wake = self._wake[match_id]
        try:
            while not self._closing:
                live = self.ctx.live.get(match_id)
                if live is None or match_clocks.running_seat(live) is None:
                    break
                wake.clear()
                due = await self._next(live)
                if due is not None:
                    await self._sleep(due, wake)
        except asyncio.CancelledError:
            raise
        except Exception:  # never silent: the sweep arms it again
            log.exception("the flag timer of match %s failed", match_id)
        finally:
            if self._tasks.get(match_id) is asyncio.current_task():
                del self._tasks[match_id]
                self._wake.pop(match_id, None)
                self._warned.pop(match_id, None)

    async def _next(self, live: LiveMatch) -> float | None:
        """Do what is due in ``live`` now; the moment to look again (``None``: at once)."""
        now = self.ctx.clock.now()
        flag = match_clocks.flag_moment(live)
        assert flag is not None
        if now >= flag + GRACE:
            return await self._act(live, flag_fall)
        moments = [flag + GRACE, live.clock_from + CHECKPOINT]
        warning = match_clocks.warning_moment(live)
        if warning is not None and self._warned.get(live.match_id) != live.version:
            if now >= warning:
                self._warned[live.match_id] = live.version
                return await self._act(live, _warning)
            moments.append(warning)
        if now >= live.clock_from + CHECKPOINT:
            return await self._act(live, _checkpoint)
        return min(moments)

    async def _act(self, live: LiveMatch, step: Step) -> float | None:
        """``step`` under the match's lock, then publish its result; after a failure to store, a moment to
        try again."""
        done = asyncio.get_running_loop().create_future()
        self._acting[live.match_id] = done
        try:
            async with self.busy():
                async with live.lock:
                    if self.ctx.live.get(live.match_id) is not live or not live.is_live:
                        return None
                    try:
                        result = await step(self.ctx, live)
                    except StaleWrite:  # another process acted on it: read it back
                        await self.reload(live)
                        return None
                await self.handle(result)
        except Unavailable as exc:
            what = live.match_id
            log.warning("the clock of match %s could not be saved (%s); again in %s s", what, exc, RETRY)
            return self.ctx.clock.now() + RETRY
        finally:
            if self._acting.get(live.match_id) is done:
                del self._acting[live.match_id]
            done.set_result(None)
        return None

    async def _sleep(self, moment: float, wake: asyncio.Event) -> None:
        """Until ``moment`` by the core's clock, or until woken."""
        sleeper = asyncio.ensure_future(self.ctx.clock.sleep_until(moment))
        waker = asyncio.ensure_future(wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            waker.cancel()

    # ------------------------------------------------------------------ stopping
    async def close(self) -> None:
        """Stop every timer, then store the time each running clock has used: the time the bot is down is
        not charged."""
        self._closing = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for live in self.ctx.live:
            if match_clocks.running_seat(live) is None:
                continue
            try:
                async with live.lock:
                    if live.is_live:
                        await match_clocks.bank(self.ctx, live)
            except Exception as exc:  # the store may be out of reach: the decision starts again fresh
                log.warning("the clock of match %s could not be paused: %s", live.match_id, exc)


async def _warning(ctx: Context, live: LiveMatch) -> Result:
    return low_reserve_warning(ctx, live)


async def _checkpoint(ctx: Context, live: LiveMatch) -> Result:
    await match_clocks.bank(ctx, live, durable=False)
    return Result()


__all__ = ["CHECKPOINT", "FlagTimers"]
