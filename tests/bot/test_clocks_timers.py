"""Match clocks on time (issue 33 §2): the runner's flag timer for each match lets a flag fall within a second
of its moment, by the fake clock; it follows the match from one decision to the next, warns a reserve
falling under 30 s, survives a restart (the time the bot was down is not charged), and a click and the flag
at the same moment end with exactly one of them."""

from __future__ import annotations

import asyncio

import pytest

from bot.clock import FakeClock
from bot.core import Action, Core, LastBoard, Message, Result, ServiceError, match_clocks
from bot.core.flag_timers import CHECKPOINT
from bot.core.flags import GRACE
from bot.core.runner import Runner
from bot.models import MatchStatus
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, live

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2, 4, 1, 5, 3, 6, 2, 2, 4, 3, 1] * 5
HANG = 30.0  # seconds before a test that waits for the timer gives up: a hang, not a speed


class Published:
    """The runner's publish callback: what it published, and a way to wait for the next."""

    def __init__(self) -> None:
        self.results: list[Result] = []
        self._new = asyncio.Event()

    async def __call__(self, result: Result) -> None:
        self.results.append(result)
        self._new.set()

    async def next(self) -> Result:
        await asyncio.wait_for(self._new.wait(), HANG)
        self._new.clear()
        return self.results[-1]

    async def flag(self) -> Result:
        """The next result that ends a match (a warning may come before)."""
        while True:
            result = await self.next()
            if any(isinstance(n, LastBoard) for n in result.notices):
                return result

    def texts(self) -> str:
        return "\n".join(getattr(n, "text", "") for r in self.results for n in r.notices)


async def settle_tasks() -> None:
    """Let every task woken so far run as far as it can without the clock moving."""
    for _ in range(20):
        await asyncio.sleep(0)


async def clocked(core: Core, clock: str = "blitz", points: int = 3) -> None:
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", points, clock=clock)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)


async def move(core: Core, *, at: float | None = None) -> Result:
    found = live(core)
    actor = found.record.seats[found.game.actor]
    text = found.game.position.format_play(found.game.legal_plays()[0])
    who = ALICE if actor.user_id == ALICE.user_id else BOB
    return await core.matches.act(found.match_id, found.version, who, Action.PLAY, text, at=at)


async def banked(core: Core, match_id: int) -> float:
    """The time the running clock of ``match_id`` has stored as used, once it has (a checkpoint publishes
    nothing: the store is looked at until it shows it)."""
    while True:
        stored = await core.store.match(match_id)
        assert stored is not None
        if stored.clock_used:
            return stored.clock_used
        await asyncio.sleep(0.01)


@pytest.fixture
async def running(make_core):
    """Makes a core's runner, started; every runner made is closed at the end."""
    made: list[Runner] = []

    def make(core: Core) -> tuple[Runner, Published]:
        published = Published()
        runner = Runner(core, published, move_delay=0, sweep_interval=3600)
        runner.start()
        made.append(runner)
        return runner, published

    yield make
    for runner in made:
        await runner.close()


async def test_the_flag_falls_within_a_second_of_its_moment(make_core, running, clock: FakeClock) -> None:
    core = make_core(DICE)
    _runner, published = running(core)
    await clocked(core)
    found = live(core)
    moment = match_clocks.flag_moment(found)
    assert moment == clock.now() + 68.0  # 8 s of delay, then 60 s of reserve

    clock.advance(68 + GRACE - 0.01)
    await settle_tasks()
    assert found.is_live
    clock.advance(0.3)
    await published.flag()

    assert found.record.status is MatchStatus.FINISHED
    assert found.record.winner_seat == 1
    assert 0 < found.record.finished_at - moment < 1.0
    assert "⏱ Alice's time ran out: Alice loses the match." in published.texts()


async def test_the_timer_follows_the_match_to_the_next_decision(make_core, running, clock) -> None:
    core = make_core(DICE)
    _runner, published = running(core)
    await clocked(core)
    found = live(core)
    alices = match_clocks.flag_moment(found)
    assert alices is not None

    clock.advance(30)
    await move(core)  # Alice: 22 s off her reserve; Bob's clock runs
    bobs = match_clocks.flag_moment(found)
    clock.advance(alices - clock.now() + 1)  # Alice's old moment: nothing
    await settle_tasks()
    assert found.is_live
    assert bobs == alices + 30
    clock.advance(bobs + GRACE - clock.now() + 0.1)
    await published.flag()

    assert found.record.winner_seat == 0
    assert found.record.reserves == (38.0, 0.0)


async def test_a_reserve_falling_under_30_seconds_is_warned_once(make_core, running, clock) -> None:
    core = make_core(DICE)
    _runner, published = running(core)
    await clocked(core)  # 60 s: under 30 after 8 + 30 s

    clock.advance(37.9)
    await settle_tasks()
    assert published.results == []
    clock.advance(0.2)
    result = await published.next()
    clock.advance(5)
    await settle_tasks()

    (warning,) = result.notices
    assert isinstance(warning, Message)
    assert warning.mention == ALICE.user_id
    assert warning.text == "⚠ Alice, under 30 s of reserve left: 0:29, after the 8 s of each decision. Hurry!"
    assert len(published.results) == 1  # once


async def test_the_time_the_bot_was_down_is_not_charged(make_core, running, clock) -> None:
    core = make_core(DICE)
    runner, _published = running(core)
    await clocked(core)
    match_id = live(core).match_id

    clock.advance(20)  # 12 s of Alice's reserve used
    await runner.close()  # the bot stops: her clock is paused
    stored = await core.store.match(match_id)
    assert stored is not None
    assert stored.clock_used == 20.0
    clock.advance(3600)  # an hour down
    restarted = make_core(DICE)
    await restarted.load()
    running(restarted)
    found = live(restarted)
    clock.advance(10)
    await move(restarted)

    assert found.record.reserves == (38.0, 60.0)  # 30 s in all: 8 free, 22 off


async def test_a_flag_due_during_a_restart_falls_on_the_time_left_after_it(make_core, running, clock) -> None:
    core = make_core(DICE)
    runner, _ = running(core)
    await clocked(core)

    clock.advance(63)  # 5 s left
    await runner.close()
    clock.advance(600)  # its moment passes while the bot is down
    restarted = make_core(DICE)
    await restarted.load()
    back = clock.now()
    _runner, published = running(restarted)
    found = live(restarted)
    await settle_tasks()
    assert found.is_live  # not at the restart
    assert match_clocks.flag_moment(found) == back + 5
    clock.advance(5 + GRACE + 0.1)
    await published.flag()

    assert found.record.winner_seat == 1
    assert found.record.finished_at == back + 5 + GRACE + 0.1


async def test_a_running_clock_is_stored_now_and_then_for_a_crash(make_core, running, clock) -> None:
    core = make_core(DICE)
    running(core)
    await clocked(core, "casual", 1)
    found = live(core)

    clock.advance(CHECKPOINT + 1)
    used = await asyncio.wait_for(banked(core, found.match_id), HANG)

    assert used == CHECKPOINT + 1
    crashed = make_core(DICE)  # a crash: the process is gone, no pause stored
    await crashed.load()
    again = live(crashed)
    assert match_clocks.flag_moment(again) == clock.now() + 15 + 180 - (CHECKPOINT + 1)


async def test_a_late_click_after_the_flag_fell_is_refused(make_core, running, clock) -> None:
    core = make_core(DICE)
    _runner, published = running(core)
    await clocked(core)
    found = live(core)
    version = found.version

    clock.advance(70)
    await published.flag()
    with pytest.raises(ServiceError):
        await core.matches.act(found.match_id, version, ALICE, Action.PLAY, "anything", at=clock.now())

    assert found.version == version + 1  # the flag's: nothing more
    assert found.match.score == (0, 3)


async def test_a_click_in_time_and_the_flag_at_once_the_click_first(make_core, running, clock) -> None:
    core = make_core(DICE)
    _runner, published = running(core)
    await clocked(core)
    found = live(core)
    moment = match_clocks.flag_moment(found)
    assert moment is not None

    async with found.lock:  # the click and the flag's timer meet at the match's lock, the click first
        click = asyncio.create_task(move(core, at=moment - 0.2))
        await settle_tasks()
        clock.advance(moment + GRACE - clock.now())
        await settle_tasks()
    await click

    assert found.is_live  # the click won: Bob to play, on his own clock
    assert found.record.reserves[0] == pytest.approx(0.2)
    assert match_clocks.running_seat(found) == 1
    assert "time ran out" not in published.texts()


async def test_a_click_in_time_and_the_flag_at_once_the_flag_first(make_core, running, clock) -> None:
    core = make_core(DICE)
    _runner, published = running(core)
    await clocked(core)
    found = live(core)
    moment = match_clocks.flag_moment(found)
    assert moment is not None
    version = found.version

    async with found.lock:  # the flag's timer first at the lock, then a click Discord got just in time
        clock.advance(moment + GRACE - clock.now())
        await settle_tasks()
        text = found.game.position.format_play(found.game.legal_plays()[0])
        click = asyncio.create_task(
            core.matches.act(found.match_id, version, ALICE, Action.PLAY, text, at=moment - 0.2)
        )
        await settle_tasks()
    await published.flag()
    with pytest.raises(ServiceError):
        await click

    assert found.record.status is MatchStatus.FINISHED  # the flag won; the click changed nothing
    assert found.version == version + 1


async def test_the_time_until_the_bot_is_connected_again_is_not_charged(make_core, running, clock) -> None:
    core = make_core(DICE)
    runner, _ = running(core)
    await clocked(core)
    clock.advance(20)
    await runner.close()  # 20 s used, paused

    restarted = make_core(DICE)
    await restarted.load()
    clock.advance(25)  # loaded, not yet connected to Discord: nobody can click
    running(restarted)  # connected: the runner starts
    found = live(restarted)

    assert match_clocks.flag_moment(found) == clock.now() + 68 - 20
