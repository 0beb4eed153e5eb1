"""What the players of the load benchmark saw: latencies measured on the stand-in's side, and the report.

Every latency is from the moment the stand-in sent the interaction on the gateway: to the bot's first
response (per kind), to the new board after a move, to the challenge message, to the first board after
Accept (or after ``/minigam vs-bot``), and, against the computer, to the computer's board after a move
(the next board on which the player is to act again).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from tests.e2e.standin import Interaction


@dataclass
class Stats:
    first_response: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # by kind
    slowest: list[tuple[float, float, str]] = field(default_factory=list)  # (latency, sent, kind)
    board: list[float] = field(default_factory=list)  # a move to the new board
    computer_board: list[float] = field(default_factory=list)  # a move to the computer's board (vs-bot)
    challenge: list[float] = field(default_factory=list)  # /minigam challenge to the challenge message
    first_board: list[float] = field(default_factory=list)  # Accept (or vs-bot) to the match's first board
    turns: int = 0
    matches_done: int = 0
    peak_active: int = 0  # most matches in play at the same moment
    setup_seconds: float = 0.0  # with the start line: until every match was set up
    t_start: float = 0.0
    errors: list[str] = field(default_factory=list)

    def note(self, kind: str, interaction: Interaction) -> None:
        if interaction.latency is not None:
            self.first_response[kind].append(interaction.latency)
            self.slowest.append((interaction.latency, interaction.sent, kind))
            if len(self.slowest) > 200:
                self.slowest = sorted(self.slowest, reverse=True)[:20]

    def all_first_responses(self) -> list[float]:
        return [v for values in self.first_response.values() for v in values]


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def latency_line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<28} (none)"
    ms = [v * 1000 for v in values]
    return (
        f"{name:<28} n={len(ms):<6} p50={percentile(ms, 50):7.1f} ms  p90={percentile(ms, 90):7.1f} ms  "
        f"p99={percentile(ms, 99):7.1f} ms  max={max(ms):7.1f} ms  mean={statistics.fmean(ms):7.1f} ms"
    )


def report(args: argparse.Namespace, stats: Stats, elapsed: float, interactions: int) -> None:
    how = f"started over {args.ramp:g} s" if args.ramp else "started at once"
    if stats.setup_seconds:
        how += f", all set up in {stats.setup_seconds:.1f} s, then played together"
    opponents = f" against the computer ({args.variant}, {args.level})" if args.vs_bot else ""
    print()
    print(f"matches: {args.matches}{opponents} {how}; {stats.matches_done} finished")
    print(f"interactions: {interactions}")
    print(f"most matches in play at the same moment: {stats.peak_active}")
    rate = stats.turns / elapsed if elapsed else 0.0
    what = "player moves (each with the computer's answer)" if args.vs_bot else "turns"
    print(f"{what}: {stats.turns} in {elapsed:.1f} s of play = {rate:.1f} per s")
    everything = stats.all_first_responses()
    print(latency_line("first response (all)", everything))
    for kind, values in stats.first_response.items():
        print(latency_line(f"  {kind}", values))
    print(latency_line("new board after a move", stats.board))
    if args.vs_bot:
        print(latency_line("computer's board after a move", stats.computer_board))
        print(latency_line("first board after vs-bot", stats.first_board))
    else:
        print(latency_line("challenge message", stats.challenge))
        print(latency_line("first board after Accept", stats.first_board))
    worst = sorted(stats.slowest, reverse=True)[:5]
    if worst:
        shown = ", ".join(
            f"{lat * 1000:.0f} ms ({what}, t={sent - stats.t_start:.1f} s)" for lat, sent, what in worst
        )
        print(f"slowest first responses: {shown}")


def targets(args: argparse.Namespace, stats: Stats) -> list[tuple[str, float, float]]:
    """The issue's targets this run can check: (what, measured ms, target ms)."""
    out = [("p99 first response", percentile(stats.all_first_responses(), 99) * 1000, args.target_p99 * 1000)]
    if args.vs_bot:
        out.append(("p99 computer's board after a move", percentile(stats.computer_board, 99) * 1000, 1000))
        return out
    out.append(("p99 new board after a move", percentile(stats.board, 99) * 1000, 500))
    out.append(("p99 first board after Accept", percentile(stats.first_board, 99) * 1000, 1000))
    out.append(("p50 challenge first response", percentile(stats.first_response["challenge"], 50) * 1000, 20))
    return out


def target_lines(args: argparse.Namespace, stats: Stats) -> tuple[list[str], bool]:
    """The targets' lines, and whether the first one (the exit status's) was missed."""
    lines = []
    missed_first = False
    for i, (what, measured, target) in enumerate(targets(args, stats)):
        ok = measured <= target
        missed_first = missed_first or (i == 0 and not ok)
        lines.append(f"target: {what} <= {target:.0f} ms: {'ok' if ok else 'MISSED'} ({measured:.1f} ms)")
    return lines, missed_first


def error_lines(errors: list[str]) -> list[str]:
    lines = [f"errors: {len(errors)}"]
    lines += [f"  {text}" for text in errors[:30]]
    if len(errors) > 30:
        lines.append(f"  ... and {len(errors) - 30} more")
    return lines


__all__ = ["Stats", "error_lines", "latency_line", "percentile", "report", "target_lines", "targets"]
