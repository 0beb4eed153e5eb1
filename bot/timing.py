"""Where a turn's time goes: stage timers for the load benchmark (``python -m bench.load``).

A *trace* is one piece of work the bot does for someone: an interaction, from the moment its event
arrives from the gateway (:mod:`bot.app.tracing`), or a computer turn. Code marks its stages with
:func:`timed` (a decorator for coroutine functions and for functions returning an async context manager)
and its milestones with :func:`mark` ("board": the new board is posted). The trace in progress lives in a
context variable, so the tasks an interaction starts carry it along.

A stage's time is its own: a stage inside another (the store inside the service) is taken out of the outer
one, so the stages of a trace add up to at most its wall time; the rest is time spent waiting for the event
loop and in code no stage covers.

Off unless enabled (``MINIGAM_TIMINGS=path`` in the environment, or :func:`enable`): then the last
:data:`KEPT` traces are kept and, with a path, written to it as JSON when the process exits. Off, a timed
call costs one context-variable lookup.

Why not OpenTelemetry's spans, which also live in context variables: ``python -m bench.timing`` (with
``opentelemetry-sdk`` on ``PYTHONPATH``) measured a timed call at 0.3 µs more than an undecorated one while
timing is off and 2.1-2.8 µs in a trace, and a span at 5 µs with the API alone and 42-47 µs with the SDK
keeping the spans: for a turn's eight stages, 0.35 ms, a tenth of the bot's own CPU per turn, which is what
the load benchmark measures. The stages' own times and the marks would still be ours to work out, and
the interaction's start (:mod:`bot.app.tracing`) ours to catch.
"""

from __future__ import annotations

import atexit
import contextlib
import contextvars
import functools
import inspect
import json
import os
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec

ENV = "MINIGAM_TIMINGS"
KEPT = 200_000
BOARD = "board"  # the milestone: the new board is posted
ANSWERED = "answered"  # the milestone: the interaction is answered (its first response)

P = ParamSpec("P")


@dataclass(slots=True)
class Trace:
    """One piece of work: its kind ("move", "accept", "computer"...), when it began (``perf_counter``),
    the seconds spent in each stage (its own time), and when each milestone was first reached."""

    kind: str
    started: float
    stages: dict[str, float] = field(default_factory=dict)
    marks: dict[str, float] = field(default_factory=dict)  # seconds after ``started``
    before: dict[str, dict[str, float]] = field(default_factory=dict)  # the stages when each mark was made
    _open: list[list[Any]] = field(default_factory=list)  # [name, started, time of the stages inside]

    def enter(self, name: str) -> None:
        self._open.append([name, time.perf_counter(), 0.0])

    def leave(self) -> None:
        if not self._open:
            return
        name, began, inner = self._open.pop()
        spent = time.perf_counter() - began
        self.stages[name] = self.stages.get(name, 0.0) + max(0.0, spent - inner)
        if self._open:
            self._open[-1][2] += spent

    def mark(self, name: str) -> None:
        if name not in self.marks:
            self.marks[name] = time.perf_counter() - self.started
            self.before[name] = dict(self.stages)

    def to_json(self) -> dict:
        return {"kind": self.kind, "stages": self.stages, "marks": self.marks, "before": self.before}


_current: contextvars.ContextVar[Trace | None] = contextvars.ContextVar("minigam_trace", default=None)


@dataclass(slots=True)
class _Kept:
    """This process's traces, once timing is on, and the file they go to at exit."""

    traces: deque[Trace] | None = None
    path: Path | None = None


_kept = _Kept()


def enable(path: str | os.PathLike[str] | None = None) -> None:
    """Keep traces from now on (and write them to ``path`` at exit, if given)."""
    if _kept.traces is None:
        _kept.traces = deque(maxlen=KEPT)
    if path is not None and _kept.path is None:
        _kept.path = Path(path)
        atexit.register(write)


def disable() -> None:
    """Stop keeping traces (the ones kept are dropped)."""
    _kept.traces = None


def enabled() -> bool:
    return _kept.traces is not None


def traces() -> list[Trace]:
    """The traces kept so far (oldest first)."""
    return list(_kept.traces or ())


def clear() -> None:
    if _kept.traces is not None:
        _kept.traces.clear()


def begin(kind: str, started: float | None = None) -> Trace | None:
    """Start a trace of ``kind`` in this context (``started``: a ``perf_counter`` time, default now)."""
    if _kept.traces is None:
        return None
    trace = Trace(kind, time.perf_counter() if started is None else started)
    _kept.traces.append(trace)
    _current.set(trace)
    return trace


@contextlib.contextmanager
def begun(kind: str, started: float | None = None) -> Iterator[Trace | None]:
    """A trace of ``kind`` in progress for the block only (the tasks created in it carry it on)."""
    if _kept.traces is None:
        yield None
        return
    trace = Trace(kind, time.perf_counter() if started is None else started)
    _kept.traces.append(trace)
    token = _current.set(trace)
    try:
        yield trace
    finally:
        _current.reset(token)


def current() -> Trace | None:
    return _current.get()


def mark(name: str) -> None:
    """The trace in progress reached milestone ``name`` (the first time counts)."""
    trace = _current.get()
    if trace is not None:
        trace.mark(name)


@contextlib.contextmanager
def stage(name: str) -> Iterator[None]:
    """Time the block as stage ``name`` of the trace in progress."""
    trace = _current.get()
    if trace is None:
        yield
        return
    trace.enter(name)
    try:
        yield
    finally:
        trace.leave()


def timed(name: str) -> Callable[[Callable[P, Any]], Callable[P, Any]]:
    """Decorate a coroutine function, or a function returning an async context manager (the time until
    the block ends counts), as stage ``name``."""

    def decorate(func: Callable[P, Any]) -> Callable[P, Any]:
        if inspect.iscoroutinefunction(func):

            @functools.wraps(func)
            async def run(*args: P.args, **kwargs: P.kwargs) -> Any:
                if _current.get() is None:
                    return await func(*args, **kwargs)
                with stage(name):
                    return await func(*args, **kwargs)

            return run

        @functools.wraps(func)
        @contextlib.asynccontextmanager
        async def hold(*args: P.args, **kwargs: P.kwargs) -> AsyncIterator[Any]:
            manager: AbstractAsyncContextManager[Any] = func(*args, **kwargs)
            with stage(name):
                async with manager as value:
                    yield value

        return hold

    return decorate


def write(path: str | os.PathLike[str] | None = None) -> None:
    """Write the traces kept to ``path`` (default: the one given to :func:`enable`) as JSON."""
    target = Path(path) if path is not None else _kept.path
    if target is None or _kept.traces is None:
        return
    data = {"pid": os.getpid(), "traces": [t.to_json() for t in _kept.traces]}
    tmp = target.with_suffix(target.suffix + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(target)


def enable_from_environment() -> None:
    """Enable when ``MINIGAM_TIMINGS`` names a file."""
    path = os.environ.get(ENV)
    if path:
        enable(path)


__all__ = [
    "ANSWERED",
    "BOARD",
    "ENV",
    "Trace",
    "begin",
    "begun",
    "clear",
    "current",
    "disable",
    "enable",
    "enable_from_environment",
    "enabled",
    "mark",
    "stage",
    "timed",
    "traces",
    "write",
]
