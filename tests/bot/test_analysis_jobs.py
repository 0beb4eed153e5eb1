"""Analyses through the database: a request is a job row (one per game, however many ask, in however many
processes); the analysis workers of any process take the jobs, never two the same one (PostgreSQL's SKIP
LOCKED), and take again a job whose worker's lease ran out; a failing analysis is tried again, then given
up with an answer to the asker; the answer reaches the asker whichever process analysed it; and
``python -m bot --analysis-only`` is such a process, with no Discord.

Each "process" here is a store of its own on the one database (a core on it, or its analysis workers)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.clock import FakeClock
from bot.core import AnalysisReport, Core, ServiceError
from bot.core.analysis.jobs import ATTEMPTS, LEASE
from bot.store import StaleWrite, Store, open_store
from bot.store.protocol_analysis import JobStatus
from bot.texts import analysis as words
from bot.workers.analysing import Analyst, analyse_record
from engine.analysis.model import FORMAT_VERSION
from tests.bot.conftest import BOB, CHANNEL, GUILD, resign, start_challenge_match
from tests.bot.databases import Database

ROOT = Path(__file__).resolve().parents[2]
QUICK = 0.02  # seconds between looks, for the workers and the askers of these tests
DEADLINE = 60.0  # seconds a test waits for what it expects before failing


class Analyser:
    """The engine's analysis, counted. The first ``failures`` calls raise; with ``gate``, each call waits
    for it to be set."""

    def __init__(self, failures: int = 0, gate: threading.Event | None = None) -> None:
        self.calls = 0
        self.failures = failures
        self.gate = gate

    def __call__(self, variant, events, match):
        self.calls += 1
        if self.calls <= self.failures:
            raise RuntimeError("the analysis worker broke")
        if self.gate is not None:
            assert self.gate.wait(DEADLINE), "the test never opened the gate"
        return analyse_record(variant, events, match)


@pytest.fixture
async def stores(database: Database) -> AsyncIterator[list[Store]]:
    """Stores opened on the test's database (one per process), closed at its end with their cores'
    analysis workers."""
    opened: list[Store] = []
    yield opened
    for store in opened:
        await store.close()


class Processes:
    """Cores on stores of their own on one database: processes sharing it."""

    def __init__(self, database: Database, clock: FakeClock, stores: list[Store]) -> None:
        self.database = database
        self.clock = clock
        self.stores = stores
        self.cores: list[Core] = []

    async def core(self, analyser: Analyser, *, working: bool) -> Core:
        """A process's core; ``working``: its analysis workers take jobs."""
        store = await open_store(self.database.url)
        self.stores.append(store)
        core = Core(store, clock=self.clock, analyst=Analyst(analyser=analyser))
        core.analyses.poll = core.analyses.jobs.poll = QUICK
        core.analyses.wait = DEADLINE
        if working:
            core.analyses.jobs.start()
        self.cores.append(core)
        return core

    async def close(self) -> None:
        for core in self.cores:
            await core.analyses.jobs.close()


@pytest.fixture
async def processes(database: Database, clock: FakeClock, stores: list[Store]) -> AsyncIterator[Processes]:
    made = Processes(database, clock, stores)
    yield made
    await made.close()


async def finished_game(core: Core, channel: int = CHANNEL) -> int:
    """A minigam game between Alice and Bob in ``channel``, over (Bob resigned at once); its id."""
    await start_challenge_match(core, channel=channel)
    game_id = core.ctx.live.played_in(channel).record.current_game_id
    await resign(core, BOB, channel=channel)
    return game_id


async def jobs_of(database: Database, game_id: int) -> list[tuple]:
    return await database.fetch(
        "SELECT status, attempts, leased_by, error FROM analysis_jobs WHERE game_id = ? ORDER BY job_id",
        game_id,
    )


def job_asked(core: Core) -> asyncio.Future[int]:
    """The id of the first job ``core`` asks for, once its request is stored (the core's request,
    wrapped)."""
    asked: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    request = core.analyses._request

    async def noted(game_id: int) -> int:
        job_id = await request(game_id)
        if not asked.done():
            asked.set_result(job_id)
        return job_id

    core.analyses._request = noted  # type: ignore[method-assign]
    return asked


def requests_seen(*cores: Core) -> asyncio.Event:
    """Set once each of ``cores`` has asked for a job (one request per process, however many ask there)."""
    seen: list[Core] = []
    every = asyncio.Event()
    for core in cores:
        request = core.analyses._request

        async def counted(game_id: int, core: Core = core, request=request) -> int:
            job_id = await request(game_id)
            seen.append(core)
            if len(seen) == len(cores):
                every.set()
            return job_id

        core.analyses._request = counted  # type: ignore[method-assign]
    return every


def report_of(result) -> AnalysisReport:
    (report,) = result.notices
    assert isinstance(report, AnalysisReport)
    return report


# ------------------------------------------------------------------ one job per game


async def test_one_job_per_game_however_many_ask_in_however_many_processes(processes, database) -> None:
    gate = threading.Event()
    worker = Analyser(gate=gate)
    here = await processes.core(worker, working=True)
    there = await processes.core(Analyser(), working=False)
    game_id = await finished_game(here)

    requested = requests_seen(here, there)
    asking = [
        asyncio.create_task(core.analyses.report(GUILD, CHANNEL, game_id))
        for core in (here, here, there, there)
    ]
    async with here.store.transaction() as tx:
        joined = await tx.request_analysis_job(game_id, processes.clock.now())
    await asyncio.wait_for(requested.wait(), DEADLINE)  # each process asked while the analysis runs
    gate.set()
    reports = [report_of(r) for r in await asyncio.gather(*asking)]

    assert worker.calls == 1
    assert len({r.text for r in reports}) == 1
    assert await jobs_of(database, game_id) == [("done", 1, here.analyses.jobs.worker, None)]
    assert (await here.store.analysis_job(joined)).status is JobStatus.DONE


async def test_asking_again_once_it_is_stored_makes_no_job(processes, database) -> None:
    worker = Analyser()
    core = await processes.core(worker, working=True)
    game_id = await finished_game(core)
    await core.analyses.report(GUILD, CHANNEL, game_id)

    await core.analyses.report(GUILD, CHANNEL, game_id)

    assert worker.calls == 1
    assert len(await jobs_of(database, game_id)) == 1


# ------------------------------------------------------------------ taking jobs


async def test_two_processes_taking_jobs_at_once_never_take_the_same_one(postgres_url, clock) -> None:
    database = Database("postgres", postgres_url)
    first, second = await open_store(postgres_url), await open_store(postgres_url)
    try:
        core = Core(first, clock=clock)
        games = [await finished_game(core, CHANNEL + n) for n in range(6)]
        now = clock.now()
        async with first.transaction() as tx:
            for game_id in games:
                await tx.request_analysis_job(game_id, now)

        # the first holds its job, uncommitted: the second passes over it at once, and takes the next
        async with first.transaction() as held:
            one = await held.claim_analysis_job("first", now, now + LEASE)
            async with second.transaction() as tx:
                two = await asyncio.wait_for(tx.claim_analysis_job("second", now, now + LEASE), 5)
        assert one is not None
        assert two is not None
        assert (one.game_id, two.game_id) == (games[0], games[1])

        async def claim(store: Store, name: str):
            async with store.transaction() as tx:
                return await tx.claim_analysis_job(name, now, now + LEASE)

        taken = await asyncio.gather(*(claim(s, f"w{n}") for n in range(6) for s in (first, second)))
        claimed = [job.game_id for job in taken if job is not None]
        assert sorted(claimed) == games[2:]  # each of the other four once; the rest found none free
        rows = await database.fetch("SELECT status, attempts FROM analysis_jobs")
        assert rows == [("running", 1)] * 6
    finally:
        await first.close()
        await second.close()


async def test_a_job_whose_lease_ran_out_is_taken_again(processes, clock, database) -> None:
    worker = Analyser()
    core = await processes.core(worker, working=False)
    game_id = await finished_game(core)
    async with core.store.transaction() as tx:
        await tx.request_analysis_job(game_id, clock.now())
        dead = await tx.claim_analysis_job("died:1:x", clock.now(), clock.now() + LEASE)
    assert dead is not None

    assert not await core.analyses.jobs.take_one()  # its lease holds
    clock.advance(LEASE + 1)  # the process that took it died: nothing renews it
    assert await core.analyses.jobs.take_one()

    assert worker.calls == 1
    assert (await core.store.analysis(game_id)).format == FORMAT_VERSION
    assert await jobs_of(database, game_id) == [("done", 2, core.analyses.jobs.worker, None)]
    with pytest.raises(StaleWrite):  # the first worker, had it only been slow, cannot close it now
        async with core.store.transaction() as tx:
            await tx.finish_analysis_job(dead.job_id, "died:1:x", None)


async def test_a_worker_renews_its_lease_while_it_analyses(processes, clock, database) -> None:
    gate = threading.Event()
    core = await processes.core(Analyser(gate=gate), working=False)
    jobs = core.analyses.jobs
    jobs.lease = 0.3  # renewed every 0.1 s (real time), in the fake clock's time
    game_id = await finished_game(core)
    async with core.store.transaction() as tx:
        job_id = await tx.request_analysis_job(game_id, clock.now())
    working = asyncio.create_task(jobs.take_one())
    leases = set()
    async with asyncio.timeout(DEADLINE):
        while len(leases) < 3:  # the lease moves with the clock while the analysis runs
            clock.advance(0.2)
            job = await core.store.analysis_job(job_id)
            if job.leased_until is not None:
                leases.add(job.leased_until)
            await jobs.ended(0.05)
    gate.set()
    assert await working

    assert (await core.store.analysis_job(job_id)).status is JobStatus.DONE


# ------------------------------------------------------------------ failures


async def test_a_failed_analysis_is_tried_again(processes, database) -> None:
    worker = Analyser(failures=1)
    core = await processes.core(worker, working=True)
    game_id = await finished_game(core)

    report_of(await core.analyses.report(GUILD, CHANNEL, game_id))

    assert worker.calls == 2
    assert await jobs_of(database, game_id) == [("done", 2, core.analyses.jobs.worker, None)]


async def test_an_analysis_that_keeps_failing_is_given_up_and_the_asker_told(processes, database) -> None:
    worker = Analyser(failures=99)
    core = await processes.core(worker, working=True)
    game_id = await finished_game(core)

    with pytest.raises(ServiceError) as refused:
        await core.analyses.report(GUILD, CHANNEL, game_id)

    assert str(refused.value) == words.CANNOT_ANALYSE
    assert worker.calls == ATTEMPTS
    ((status, attempts, _, error),) = await jobs_of(database, game_id)
    assert (status, attempts) == ("failed", ATTEMPTS)
    assert error == "RuntimeError: the analysis worker broke"
    assert await core.store.analysis(game_id) is None


async def test_a_job_whose_workers_keep_dying_is_given_up_and_the_asker_told(processes, clock) -> None:
    worker = Analyser()
    core = await processes.core(worker, working=False)
    game_id = await finished_game(core)
    asked = job_asked(core)
    asking = asyncio.create_task(core.analyses.report(GUILD, CHANNEL, game_id))
    job_id = await asyncio.wait_for(asked, DEADLINE)
    for n in range(ATTEMPTS):  # taken, and its process died before it was done, again and again
        async with core.store.transaction() as tx:
            assert await tx.claim_analysis_job(f"died:{n}:x", clock.now(), clock.now() + LEASE)
        clock.advance(LEASE + 1)

    assert await core.analyses.jobs.take_one()

    with pytest.raises(ServiceError) as refused:
        await asking
    assert str(refused.value) == words.CANNOT_ANALYSE
    assert worker.calls == 0
    job = await core.store.analysis_job(job_id)
    assert (job.status, job.attempts) == (JobStatus.FAILED, ATTEMPTS + 1)
    assert job.error == f"its workers stopped {ATTEMPTS} times"


# ------------------------------------------------------------------ the answer, whoever analysed


async def test_the_answer_reaches_askers_in_processes_that_do_not_analyse(processes, database) -> None:
    gate = threading.Event()
    asker, other_asker = Analyser(), Analyser()
    worker = Analyser(gate=gate)
    first = await processes.core(asker, working=False)
    second = await processes.core(other_asker, working=False)
    analyst = await processes.core(worker, working=True)
    game_id = await finished_game(first)

    requested = requests_seen(first, second)
    asking = [asyncio.create_task(c.analyses.report(GUILD, CHANNEL, game_id)) for c in (first, second)]
    await asyncio.wait_for(requested.wait(), DEADLINE)
    gate.set()
    one, two = [report_of(r) for r in await asyncio.gather(*asking)]

    assert (asker.calls, other_asker.calls, worker.calls) == (0, 0, 1)
    assert one.text == two.text
    assert one.names == ("Alice", "Bob")
    assert await jobs_of(database, game_id) == [("done", 1, analyst.analyses.jobs.worker, None)]


# ------------------------------------------------------------------ python -m bot --analysis-only


async def test_an_analysis_only_process_takes_a_job_and_stops_cleanly(postgres_url, clock, tmp_path) -> None:
    store = await open_store(postgres_url)
    core = Core(store, clock=clock, analyst=Analyst(analyser=Analyser()))
    core.analyses.poll, core.analyses.wait = QUICK, DEADLINE
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ |= {"DATABASE_URL": postgres_url, "ANALYSIS_WORKERS": "0", "LOG_LEVEL": "INFO"}
    empty = tmp_path / "empty.env"
    empty.write_text("")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--analysis-only",
        "--env-file",
        str(empty),
        cwd=ROOT,
        env=environ,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        game_id = await finished_game(core)

        report = report_of(await core.analyses.report(GUILD, CHANNEL, game_id))  # no workers here

        assert report.game_id == game_id
        ((status, attempts, leased_by, _),) = await jobs_of(Database("postgres", postgres_url), game_id)
        assert (status, attempts) == ("done", 1)
        assert f":{process.pid}:" in leased_by
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), DEADLINE)
        await store.close()
    log = err.decode()
    assert process.returncode == 0, log
    assert "analysing for postgresql://" in log
    assert "stopping (signal received)" in log
    assert "Traceback" not in log


def test_an_analysis_only_process_refuses_sqlite(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    empty = tmp_path / "empty.env"
    empty.write_text("")

    assert main(["--analysis-only", "--env-file", str(empty)]) == 2

    assert capsys.readouterr().err == (
        "minigam: --analysis-only needs PostgreSQL (DATABASE_URL=postgresql://...):"
        " SQLite serves one process\n"
    )
    assert not (tmp_path / "db.sqlite3").exists()
