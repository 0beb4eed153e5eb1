"""The stage timers the load benchmark reads (bot.timing) and their Discord side (bot.app.tracing)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterator

import pytest

from bot import timing
from bot.app.tracing import interaction_kind, route_stage


class Clock:
    """``perf_counter`` for the timers: it moves only when the work says it spent time."""

    now = 1000.0


@pytest.fixture
def timings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Timing on for the test, off (as in a bot without ``MINIGAM_TIMINGS``) afterwards; the timers read
    :class:`Clock`, so the stages' times are exactly the work's."""
    monkeypatch.setattr(timing.time, "perf_counter", lambda: Clock.now)
    timing.enable()
    timing.clear()
    try:
        yield
    finally:
        timing.disable()


def spend(seconds: float) -> None:
    """Work of ``seconds`` (a stage's own time), on the timers' clock."""
    Clock.now += seconds


@timing.timed("outer")
async def outer(inner_seconds: float, own_seconds: float) -> str:
    spend(own_seconds)
    await inner(inner_seconds)
    return "done"


@timing.timed("inner")
async def inner(seconds: float) -> None:
    spend(seconds)


@timing.timed("held")
@contextlib.asynccontextmanager
async def held() -> AsyncIterator[int]:
    yield 7


async def test_without_timing_a_timed_call_records_nothing() -> None:
    timing.disable()
    assert await outer(0, 0) == "done"
    assert timing.begin("move") is None
    assert timing.traces() == []


async def test_a_stage_inside_another_is_taken_out_of_it(timings: None) -> None:
    trace = timing.begin("move")
    assert trace is not None
    await outer(0.02, 0.01)
    assert set(trace.stages) == {"outer", "inner"}
    assert trace.stages["inner"] == pytest.approx(0.02)
    assert trace.stages["outer"] == pytest.approx(0.01)  # its own time only


async def test_a_context_manager_stage_lasts_until_its_block_ends(timings: None) -> None:
    trace = timing.begin("accept")
    assert trace is not None
    async with held() as value:
        spend(0.01)
    assert value == 7
    assert trace.stages["held"] == pytest.approx(0.01)


async def test_a_mark_keeps_the_first_time_and_the_stages_before_it(timings: None) -> None:
    trace = timing.begin("move")
    assert trace is not None
    await inner(0.005)
    timing.mark(timing.BOARD)
    first = trace.marks[timing.BOARD]
    await inner(0.005)
    timing.mark(timing.BOARD)
    assert trace.marks[timing.BOARD] == first
    assert trace.before[timing.BOARD]["inner"] < trace.stages["inner"]


async def test_tasks_started_in_a_trace_carry_it_and_a_new_trace_replaces_it_there_only(
    timings: None,
) -> None:
    async def computer() -> timing.Trace | None:
        timing.begin("computer")
        await inner(0)
        return timing.current()

    with timing.begun("move") as move:
        carried = asyncio.create_task(inner(0))
        own = asyncio.create_task(computer())
        await carried
        theirs = await own
        assert timing.current() is move
    assert timing.current() is None
    assert move is not None
    assert theirs is not None
    assert theirs is not move
    assert "inner" in move.stages
    assert "inner" in theirs.stages
    assert [t.kind for t in timing.traces()] == ["move", "computer"]


async def test_traces_are_written_as_json(timings: None, tmp_path) -> None:
    with timing.begun("move"):
        await inner(0)
        timing.mark(timing.BOARD)
    path = tmp_path / "timings.json"
    timing.write(path)
    data = json.loads(path.read_text())
    assert [t["kind"] for t in data["traces"]] == ["move"]
    assert set(data["traces"][0]["marks"]) == {"board"}


@pytest.mark.parametrize(
    ("method", "path", "stage"),
    [
        ("POST", "/api/v10/interactions/123/tok-en/callback", "http respond"),
        ("PATCH", "/api/v10/webhooks/9/tok/messages/@original", "http edit reply"),
        ("POST", "/api/v10/webhooks/9/tok", "http followup"),
        ("POST", "/api/v10/channels/5/messages", "http post"),
        ("PATCH", "/api/v10/channels/5/messages/6", "http edit"),
        ("GET", "/api/v10/channels/5/messages/6", "http fetch"),
        ("DELETE", "/api/v10/channels/5/messages/6", "http other"),
    ],
)
def test_rest_calls_are_named_by_what_they_do(method: str, path: str, stage: str) -> None:
    assert route_stage(method, path) == stage


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        ({"type": 2, "data": {"name": "minigam", "options": [{"type": 1, "name": "move"}]}}, "move"),
        ({"type": 4, "data": {"name": "minigam"}}, "autocomplete"),
        ({"type": 3, "data": {"custom_id": "mgc:12:accept"}}, "accept"),
        ({"type": 3, "data": {"custom_id": "mg:3:7:play"}}, "play"),
        ({"type": 3, "data": {"custom_id": "mg:3:7:resign:2"}}, "resign"),
        ({"type": 3, "data": {"custom_id": "other"}}, "component"),
    ],
)
def test_an_interaction_is_named_by_what_it_asks(data: dict, kind: str) -> None:
    assert interaction_kind(data) == kind
