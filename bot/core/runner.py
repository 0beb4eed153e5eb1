"""The core's background duties, with one owner: the sweep that applies the clock, the match clocks' flag
timers (:mod:`bot.core.flag_timers`), the computer's turns, and the actions the bot takes at once for a
person who asked for them (:mod:`bot.core.automatic`: a result
names those matches among the computer's). Whatever they lead to goes to ``publish``, the callback the
Discord app and the console both give.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager

from bot.core import automatic
from bot.core.autoplay import automatic_turn, person_to_act, runner_due
from bot.core.flag_timers import FlagTimers
from bot.core.notices import Result
from bot.core.posting import REPOST_AFTER
from bot.core.service import Core
from bot.store import Unavailable
from bot.timing import begin

log = logging.getLogger(__name__)

Publish = Callable[[Result], Awaitable[None]]
Thinking = Callable[[int], AbstractAsyncContextManager[None]]
"""Shows that the computer is thinking in a match (Discord: the typing indicator) while it lasts."""


@contextlib.asynccontextmanager
async def _unseen(match_id: int) -> AsyncIterator[None]:
    yield


class Runner:
    """Runs the sweep every ``sweep_interval`` seconds and the computer's turns (after ``move_delay``, shown
    with ``thinking``), publishing what they do. :meth:`close` stops both and waits for the action in
    flight."""

    def __init__(
        self,
        core: Core,
        publish: Publish,
        *,
        sweep_interval: float = 30.0,
        move_delay: float = 1.0,
        thinking: Thinking | None = None,
    ) -> None:
        self.core = core
        self.publish = publish
        self.thinking = thinking or _unseen
        self.sweep_interval = sweep_interval
        self.move_delay = move_delay
        self._computer: dict[int, asyncio.Task] = {}
        self._sweeper: asyncio.Task | None = None
        self._reposter: asyncio.Task | None = None
        self._closing = False
        self._resumed = False  # the automatic actions due at the start were looked for
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.flags = FlagTimers(core.ctx, self.handle, core.matches.reload, self.busy)

    @property
    def closing(self) -> bool:
        return self._closing

    # ------------------------------------------------------------------ in flight
    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Marks an action and the publishing of its result: :meth:`close` lets it finish."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    # ------------------------------------------------------------------ the sweep
    def start(self) -> None:
        """Start the periodic sweep (the first one after ``sweep_interval``), and look once more for boards
        left unposted once :data:`~bot.core.posting.REPOST_AFTER` has passed (those of actions stored just
        before a stop, which the start-up left to the session that stored them)."""
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_loop(), name="minigam-sweep")
            self._reposter = asyncio.create_task(self._repost_later(), name="minigam-unposted")
            self._automatic()
            self.flags.start(resume=True)  # the match clocks running, from now after a restart

    async def _repost_later(self) -> None:
        await asyncio.sleep(REPOST_AFTER)
        try:
            async with self.busy():
                await self.handle(await self.core.unposted_boards())
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the boards left unposted could not be posted")

    async def sweep(self) -> None:
        """Expire challenges, remind and forfeit slow players, resume the computer's turns; publish it. Then
        the puzzles' duties (:meth:`puzzles`)."""
        await self.flags.overdue()  # a flag past its moment first (the console's timers wait for a line)
        async with self.busy():
            result = await self.core.timeouts.sweep()
            await self.handle(result)
        self._automatic()
        await self.puzzles()

    async def puzzles(self) -> None:
        """Post the daily puzzles due in this process's servers, then make puzzles of newly analysed games
        (:mod:`bot.core.puzzles`)."""
        async with self.busy():
            await self.publish(await self.core.puzzles.daily.due())
        await self.core.puzzles.harvest()
        self.flags.start()  # a running match clock without its timer (the console's first sweep) gets one

    def _automatic(self) -> None:
        """Look at the matches where an automatic action may be due: the first time (at the start, or the
        first sweep of a console), every match a person's preference could apply to, since nothing is held
        in memory after a restart; then those whose board is held for one that failed."""
        started, self._resumed = not self._resumed, True
        for match_id in automatic.pending(self.core.ctx, started=started):
            self.schedule_computer(match_id)

    async def _sweep_loop(self) -> None:
        while not self._closing:
            await asyncio.sleep(self.sweep_interval)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Unavailable as exc:  # the database is locked, full or out of reach: nothing was stored
                log.warning("the sweep could not save (%s); it runs again in %s s", exc, self.sweep_interval)
            except Exception:
                log.exception("the sweep failed; it runs again in %s s", self.sweep_interval)

    # ------------------------------------------------------------------ results and the computer
    async def handle(self, result: Result) -> None:
        """Publish ``result``, then let the computer act where it is to."""
        await self.publish(result)
        for match_id in result.computer_matches:
            self.schedule_computer(match_id)

    def schedule_computer(self, match_id: int) -> None:
        """Let the computer play its turns in ``match_id`` (and the automatic actions there), one task per
        match."""
        task = self._computer.get(match_id)
        if self._closing or (task is not None and not task.done()):
            return
        self._computer[match_id] = asyncio.create_task(
            self._computer_turns(match_id), name=f"minigam-computer-{match_id}"
        )

    async def _computer_turns(self, match_id: int) -> None:
        try:
            while not self._closing:
                if person_to_act(self.core.ctx, match_id):  # an automatic action: no thinking shown
                    async with self.busy():
                        result = await automatic_turn(self.core.ctx, match_id, self.core.matches.reload)
                        await self.publish(result)
                    if match_id not in result.computer_matches and not runner_due(self.core.ctx, match_id):
                        break
                    continue
                async with self.thinking(match_id):
                    if self.move_delay:
                        await asyncio.sleep(self.move_delay)
                    if self._closing:
                        break
                    begin("computer")
                    async with self.busy():
                        result = await self.core.matches.computer_turn(match_id)
                        await self.publish(result)
                for other in result.computer_matches:
                    if other != match_id:
                        self.schedule_computer(other)
                if match_id not in result.computer_matches:
                    break
        except asyncio.CancelledError:
            raise
        except Unavailable as exc:
            log.warning(
                "the computer's turn in match %s could not be saved (%s); the sweep will retry", match_id, exc
            )
        except Exception:
            log.exception("the computer's turn failed in match %s; the sweep will retry", match_id)
        finally:
            if self._computer.get(match_id) is asyncio.current_task():
                del self._computer[match_id]

    async def idle(self) -> None:
        """Wait until no computer turn is scheduled or running (the console and tests)."""
        while self._computer:
            await asyncio.gather(*list(self._computer.values()), return_exceptions=True)

    # ------------------------------------------------------------------ stopping
    async def close(self, grace: float = 2.0) -> None:
        """Stop the sweep and the computer; let the action in flight finish publishing (``grace`` at most)."""
        self._closing = True
        owned = (self._sweeper, self._reposter, *self._computer.values())
        tasks = [t for t in owned if t is not None and not t.done()]
        if self._busy:
            try:
                await asyncio.wait_for(self._idle.wait(), grace)
            except TimeoutError:
                log.warning("stopping with %d action(s) still being published", self._busy)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.flags.close()  # the match clocks paused: the time the bot is down is not charged


__all__ = ["Publish", "Runner", "Thinking"]
