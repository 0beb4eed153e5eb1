"""This process's analysis workers: they take analysis jobs from the database (of any process), analyse
the game and store its analysis. :class:`~bot.core.analysis.reports.Analyses` makes the jobs and waits for
their analyses.

A job is taken under a lease (``LEASE`` seconds, renewed while the analysis runs): if its process dies,
a worker of another process takes it again once the lease has run out. Every take counts an attempt;
a job whose analysis failed is tried again, and given up after ``ATTEMPTS`` (the asker is told). The
workers look for jobs every ``POLL`` seconds, and at once when a job is asked for in this process.

Whoever runs the core starts the workers and stops them (the Discord app, the console, ``python -m bot
--analysis-only``): :meth:`AnalysisJobs.start`, :meth:`AnalysisJobs.close`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket

from bot.clock import Clock
from bot.core.analysis.games import read_finished_game, stored_analysis
from bot.store import StaleWrite, Store, Unavailable
from bot.store.protocol_analysis import AnalysisJob, JobStatus, StoredAnalysis
from bot.workers.analysing import Analyst
from engine.analysis import GameAnalysis

log = logging.getLogger(__name__)

LEASE = 30.0  # seconds a worker holds a job without renewing it (the wait before a dead process's is retaken)
POLL = 1.0  # seconds between looks for jobs while there are none (a job asked here wakes them at once)
ATTEMPTS = 3  # takes of a job before it is given up


def worker_name() -> str:
    """Who holds a job, as ``leased_by`` shows it: the host, the process and this set of workers."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class AnalysisJobs:
    """Takes analysis jobs from ``store`` for ``analyst``, ``slots`` at a time, until closed. The leases are
    in ``clock``'s time; ``lease``, ``poll`` and ``attempts`` as ``LEASE``, ``POLL`` and ``ATTEMPTS``."""

    def __init__(
        self,
        store: Store,
        analyst: Analyst,
        clock: Clock,
        *,
        slots: int = 1,
        lease: float = LEASE,
        poll: float = POLL,
        attempts: int = ATTEMPTS,
    ) -> None:
        self.store = store
        self.analyst = analyst
        self.clock = clock
        self.lease = lease
        self.poll = poll
        self.attempts = attempts
        self.worker = worker_name()
        self._slots = asyncio.Semaphore(max(1, slots))
        self._nudge = asyncio.Event()  # a job was asked for in this process: look now
        self._ended = asyncio.Event()  # replaced by a new one each time a job of these workers ends
        self._taker: asyncio.Task | None = None
        self._working: set[asyncio.Task] = set()

    @property
    def started(self) -> bool:
        return self._taker is not None and not self._taker.done()

    def start(self) -> None:
        """Start taking jobs (in the background, until :meth:`close`)."""
        if self._taker is None:
            self._taker = asyncio.create_task(self._take_jobs(), name="minigam-analysis-jobs")
            log.info("analysis worker %s is taking jobs", self.worker)

    def wake(self) -> None:
        """A job was just asked for: look for it now rather than at the next poll."""
        self._nudge.set()

    async def ended(self, seconds: float) -> None:
        """Until a job of these workers ends (its analysis stored, or failed), or ``seconds`` have passed."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ended.wait(), max(0.0, seconds))

    async def take_one(self) -> bool:
        """Take the next job and work on it to its end, here and now; whether there was one."""
        job = await self._claim()
        if job is None:
            return False
        await self._work(job)
        return True

    async def close(self, grace: float = 0.0) -> None:
        """Stop taking jobs; let the jobs in hand finish (``grace`` seconds at most). A job still running
        then is left to its lease: another process's workers take it once the lease has run out."""
        tasks = [t for t in (self._taker,) if t is not None and not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        working = list(self._working)
        if working and grace > 0:
            await asyncio.wait(working, timeout=grace)
        for task in working:
            task.cancel()
        await asyncio.gather(*working, return_exceptions=True)

    # ------------------------------------------------------------------ inside
    async def _take_jobs(self) -> None:
        while True:
            await self._slots.acquire()
            self._nudge.clear()
            try:
                job = await self._claim()
            except Exception as exc:
                job = None
                if isinstance(exc, Unavailable):
                    log.warning("no analysis job could be taken (%s); trying again in %s s", exc, self.poll)
                else:
                    log.exception("no analysis job could be taken; trying again in %s s", self.poll)
            except BaseException:
                self._slots.release()
                raise
            if job is None:
                self._slots.release()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._nudge.wait(), self.poll)
                continue
            task = asyncio.create_task(self._work(job), name=f"minigam-analysis-job-{job.job_id}")
            self._working.add(task)
            task.add_done_callback(self._worked)

    def _worked(self, task: asyncio.Task) -> None:
        self._working.discard(task)
        self._slots.release()

    async def _claim(self) -> AnalysisJob | None:
        now = self.clock.now()
        async with self.store.transaction(durable=False) as tx:
            return await tx.claim_analysis_job(self.worker, now, now + self.lease)

    async def _work(self, job: AnalysisJob) -> None:
        """Analyse the job's game and store it with the job closed; or record why it failed."""
        try:
            if job.attempts > self.attempts:  # taken again after its workers stopped, too often
                await self._fail(job, f"its workers stopped {job.attempts - 1} times")
                return
            renewing = asyncio.create_task(self._renew(job), name=f"minigam-analysis-lease-{job.job_id}")
            try:
                row = await self._analyse(job.game_id)
            finally:
                renewing.cancel()
                await asyncio.gather(renewing, return_exceptions=True)
            async with self.store.transaction() as tx:
                await tx.finish_analysis_job(job.job_id, self.worker, row)
        except StaleWrite:
            log.warning(
                "analysis job %s (game %s) was taken by another worker meanwhile", job.job_id, job.game_id
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("analysis job %s (game %s) failed: %s", job.job_id, job.game_id, exc, exc_info=exc)
            with contextlib.suppress(StaleWrite, Unavailable):  # else its lease runs out: taken again
                await self._fail(job, f"{type(exc).__name__}: {exc}")
        finally:
            ended, self._ended = self._ended, asyncio.Event()
            ended.set()

    async def _analyse(self, game_id: int) -> StoredAnalysis | None:
        """The analysis of ``game_id`` to store (``None``: one of this code's format is stored already)."""
        if await stored_analysis(self.store, game_id) is not None:
            return None
        game = await read_finished_game(self.store, game_id)
        data, seconds = await self.analyst.analyse(game.match.variant, game.events, game.context)
        analysis = GameAnalysis.from_json(data)  # what a worker answered is checked before it is stored
        log.info("game %s (%s) analysed in %.2f s", game_id, game.match.variant, seconds)
        return StoredAnalysis(
            game_id, int(data["format"]), analysis.source.value, data, seconds, self.clock.now()
        )

    async def _renew(self, job: AnalysisJob) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                async with self.store.transaction(durable=False) as tx:
                    mine = await tx.renew_analysis_job(job.job_id, self.worker, self.clock.now() + self.lease)
            except Unavailable as exc:
                log.warning("the lease on analysis job %s could not be renewed: %s", job.job_id, exc)
                continue
            if not mine:
                log.warning("analysis job %s is no longer %s's", job.job_id, self.worker)
                return

    async def _fail(self, job: AnalysisJob, error: str) -> None:
        async with self.store.transaction(durable=False) as tx:
            status = await tx.fail_analysis_job(job.job_id, self.worker, error, self.attempts)
        if status is JobStatus.FAILED:
            log.error(
                "analysis job %s (game %s) given up after %d attempts: %s",
                job.job_id,
                job.game_id,
                job.attempts,
                error,
            )


__all__ = ["ATTEMPTS", "LEASE", "POLL", "AnalysisJobs", "worker_name"]
