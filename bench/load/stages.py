"""The bot's own account of where a turn's time goes (:mod:`bot.timing` traces), for the load benchmark.

Per kind of work (``move``, ``accept``, ``challenge``, ``computer``...): the server-side time from the
interaction's arrival to its first answer and to the new board being posted (p50 / p99), and the mean time
of each stage before the board (``service``: the core; ``store``: SQLite transactions; ``draw``: the
picture, in its worker; ``http post``: uploading the board; ``http respond``: the interaction's first
answer...) and after it (``record``: storing the board's message id; ``http fetch`` / ``http edit``: the old
board's controls disabled; ``http edit reply``: the "Played." answer). ``untimed`` is the rest: waiting for
the event loop, and code no stage covers (discord.py's own work).
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from pathlib import Path

from bench.load.report import percentile

ORDER = ("challenge", "accept", "move", "vs-bot", "computer", "play", "autocomplete")
BOARD = "board"
ANSWERED = "answered"


def read_traces(path: Path) -> list[dict]:
    """The traces a bot process wrote at exit (none if it wrote nothing: an older bot)."""
    if not path.exists():
        return []
    return list(json.loads(path.read_text(encoding="utf-8")).get("traces", ()))


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    ms = [v * 1000 for v in values]
    return f"p50 {percentile(ms, 50):6.1f}  p99 {percentile(ms, 99):7.1f} ms"


def _means(stage_dicts: list[dict[str, float]], n: int) -> list[tuple[str, float]]:
    totals: dict[str, float] = defaultdict(float)
    for stages in stage_dicts:
        for name, seconds in stages.items():
            totals[name] += seconds
    return sorted(((name, total / n * 1000) for name, total in totals.items()), key=lambda x: -x[1])


def _shown(means: list[tuple[str, float]]) -> str:
    return ", ".join(f"{name} {ms:.2f}" for name, ms in means if ms >= 0.005) or "-"


def stage_lines(traces: list[dict]) -> list[str]:
    """The report, a few lines per kind of work."""
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for t in traces:
        by_kind[t["kind"]].append(t)
    kinds = sorted(by_kind, key=lambda k: (ORDER.index(k) if k in ORDER else len(ORDER), k))
    lines = []
    for kind in kinds:
        group = by_kind[kind]
        answered = [t["marks"][ANSWERED] for t in group if ANSWERED in t["marks"]]
        boards = [t for t in group if BOARD in t["marks"]]
        head = f"  {kind:<12} n={len(group):<6}"
        if answered:
            head += f" first answer {_ms(answered)}"
        if boards:
            head += f"   to the board {_ms([t['marks'][BOARD] for t in boards])}"
        lines.append(head)
        if boards:
            before = [t["before"][BOARD] for t in boards]
            means = _means(before, len(boards))
            untimed = statistics.fmean(t["marks"][BOARD] - sum(t["before"][BOARD].values()) for t in boards)
            lines.append(f"    before the board, mean ms: {_shown(means)}, untimed {untimed * 1000:.2f}")
            after = [{k: v - t["before"][BOARD].get(k, 0.0) for k, v in t["stages"].items()} for t in boards]
            lines.append(f"    after the board, mean ms: {_shown(_means(after, len(boards)))}")
        else:
            lines.append(f"    stages, mean ms: {_shown(_means([t['stages'] for t in group], len(group)))}")
    return lines


def board_mean_ms(traces: list[dict], kind: str) -> dict[str, float]:
    """Mean ms per stage before the board, for ``kind`` (the comparison table)."""
    boards = [t for t in traces if t["kind"] == kind and BOARD in t["marks"]]
    if not boards:
        return {}
    return dict(_means([t["before"][BOARD] for t in boards], len(boards)))


__all__ = ["board_mean_ms", "read_traces", "stage_lines"]
