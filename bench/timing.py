"""The stage timers (:mod:`bot.timing`) against OpenTelemetry's spans: ``python -m bench.timing``.

What the load benchmark needs from a timer: each interaction's trace, begun when its event arrives and
carried into the tasks it starts; each stage's own time (a stage inside another taken out of it); the
moments it was answered and its board posted, with the stages before them; all of it written to a file
at exit, and next to nothing while off. OpenTelemetry (``opentelemetry-sdk``, not a dependency: give it
with ``PYTHONPATH`` to compare) has spans in context variables too; the stages' own times and the marks'
"stages before" would be worked out from the finished spans.

Printed: the cost of one awaited call of a coroutine, undecorated, as a stage while timing is off and
while a trace is in progress, and as an OpenTelemetry span (the API with no SDK, as when off; the SDK with
a span processor that keeps the spans, as when on); then what a turn's eight stages cost.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence

from bot import timing

STAGES_PER_TURN = 8  # service, store, draw, record, http respond / post / edit / edit reply


async def work() -> int:
    return 1


@timing.timed("stage")
async def timed_work() -> int:
    return 1


def _otel() -> dict[str, Callable[[], Awaitable[int]]]:
    """OpenTelemetry's decorated coroutines, off (the API alone) and on (the SDK keeping every span)."""
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.trace import ReadableSpan, SpanProcessor, TracerProvider
    except ImportError:
        return {}

    class Keep(SpanProcessor):
        def __init__(self) -> None:
            self.spans: list[ReadableSpan] = []

        def on_end(self, span: ReadableSpan) -> None:
            self.spans.append(span)
            if len(self.spans) > timing.KEPT:
                del self.spans[: timing.KEPT // 2]

    off = trace.NoOpTracerProvider().get_tracer("bench")
    provider = TracerProvider()
    provider.add_span_processor(Keep())
    on = provider.get_tracer("bench")

    @off.start_as_current_span("stage")
    async def otel_off() -> int:
        return 1

    @on.start_as_current_span("stage")
    async def otel_on() -> int:
        return 1

    return {"otel, API only": otel_off, "otel, SDK keeping spans": otel_on}


async def per_call(func: Callable[[], Awaitable[int]], calls: int) -> float:
    t0 = time.perf_counter()
    for _ in range(calls):
        await func()
    return (time.perf_counter() - t0) / calls


async def measure(calls: int, rounds: int) -> None:
    cases: dict[str, tuple[Callable[[], Awaitable[int]], bool]] = {
        "undecorated": (work, False),
        "timed, timing off": (timed_work, False),
        "timed, in a trace": (timed_work, True),
    }
    cases.update({name: (func, False) for name, func in _otel().items()})
    seen: dict[str, list[float]] = {name: [] for name in cases}
    for r in range(rounds):
        order = list(cases.items())
        if r % 2:
            order.reverse()
        for name, (func, traced) in order:
            if traced:
                timing.enable()
                with timing.begun("move"):
                    seen[name].append(await per_call(func, calls))
                timing.disable()
            else:
                seen[name].append(await per_call(func, calls))
    base = statistics.median(seen["undecorated"])
    print(f"one awaited call, median of {rounds} rounds of {calls} calls (added: over the undecorated call)")
    for name, values in seen.items():
        each = statistics.median(values)
        added = each - base
        turn = f"   a turn's {STAGES_PER_TURN} stages: {STAGES_PER_TURN * added * 1e6:6.1f} us"
        print(f"  {name:<24} {each * 1e9:7.0f} ns   added {added * 1e9:6.0f} ns{turn if added > 0 else ''}")
    if len(cases) == 3:
        print("  (OpenTelemetry not found: PYTHONPATH=<a folder with opentelemetry-sdk> to compare)")


def main(argv: Sequence[str] | None = None) -> int:
    prog, about = "python -m bench.timing", __doc__.splitlines()[0]
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    asyncio.run(measure(args.calls, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
