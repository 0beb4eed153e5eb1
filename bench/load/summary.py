"""A load run's figures: the whole report of one run, and the table of several side by side (the same load
against an older checkout's bot and this one's, ``--against``; with 1 and 2 bot processes,
``--processes 1,2``)."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.load.cpu import CpuUse, cpu_lines, per_bot_process_ms
from bench.load.report import Stats, error_lines, percentile, report, target_lines
from bench.load.stages import stage_lines
from tests.e2e.standin.constants import GLOBAL_LIMIT


@dataclass
class Run:
    """One load run's figures."""

    label: str
    stats: Stats
    elapsed: float = 0.0
    interactions: int = 0
    cpu: list[CpuUse] = field(default_factory=list)
    traces: list[dict] = field(default_factory=list)
    load: tuple[float, float] = (0.0, 0.0)  # the 1-minute load average when the play started and ended
    rss_per_match: float | None = None  # bytes of the bot's memory per live match
    profile: list[str] = field(default_factory=list)
    requests: int = 0  # REST calls the bot made to the stand-in during the play
    global_requests: int = 0  # of those, the ones under Discord's global limit
    busiest_second: int = 0  # the most of those within one second


def print_run(args: argparse.Namespace, run: Run) -> bool:
    """The whole report of a run; True if it failed (an error, or a missed ``--target-p99``)."""
    report(args, run.stats, run.elapsed, run.interactions)
    turns = run.stats.turns
    print(
        f"CPU during the play ({turns} {'player moves' if args.vs_bot else 'turns'} in {run.elapsed:.1f} s;"
        f" load average {run.load[0]:.2f} at the start, {run.load[1]:.2f} at the end):"
    )
    for text in cpu_lines(run.cpu, turns, run.elapsed):
        print(text)
    if turns:
        print(f"requests to Discord during the play: {run.requests} = {run.requests / turns:.2f} per turn")
        verdict = "ok" if run.busiest_second <= GLOBAL_LIMIT else "OVER: Discord would answer 429"
        print(
            f"  under Discord's global limit (interaction routes are exempt): {run.global_requests} ="
            f" {run.global_requests / turns:.2f} per turn; busiest second {run.busiest_second}"
            f" (the limit: {GLOBAL_LIMIT} a second for the whole bot): {verdict}"
        )
    if (wave := wave_line(args, run)) is not None:
        print(wave)
    if run.rss_per_match is not None:
        print(
            f"memory: the bot grew {run.rss_per_match / 1024:.0f} KiB per live match while they were set up"
        )
    if run.traces:
        print("server side, from each interaction's arrival (the bot's clock):")
        for text in stage_lines(run.traces):
            print(text)
    else:
        print("server side: no timings (this bot does not write them)")
    if run.profile:
        print(f"profile of the bot process ({args.profile}):")
        for text in run.profile:
            print(text)
    lines, missed = target_lines(args, run.stats)
    for text in lines:
        print(text)
    for text in error_lines(run.stats.errors):
        print(text)
    return bool(run.stats.errors) or missed


def wave_line(args: argparse.Namespace, run: Run, cores: int | None = None) -> str | None:
    """With the start line (every match moves in the same instant), how long the first wave of moves is
    for this machine: the matches times the CPU of a turn on every process that shares the cores (the
    bot, its workers, the stand-in and its players), over the cores. The slower boards of that wave come
    about that late whatever the bot does with them, so a new board's p99 below about that figure needs
    less CPU per turn, or the moves spread in time (``--ramp``, ``--no-start-line``). None without a
    start line."""
    if args.no_start_line or args.ramp or not run.stats.turns:
        return None
    cores = cores or _cores()
    per_turn = _ms_per_turn(run, lambda u: True)
    wave = args.matches * per_turn / cores
    return (
        f"waves: all {args.matches} matches move in the same instant; at {per_turn:.2f} ms of CPU per turn"
        f" (every process: bot side and stand-in) a wave is about {wave:.0f} ms of work for the {cores}"
        " cores: the last boards of a wave come about that late"
    )


def _cores() -> int:
    """The cores this process may run on (its affinity, where the platform tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _ms_per_turn(run: Run, pick: Callable[[CpuUse], bool]) -> float:
    return sum(u.seconds for u in run.cpu if pick(u)) / max(run.stats.turns, 1) * 1000


def summary(args: argparse.Namespace, run: Run) -> dict[str, float]:
    """The figures of a run that the side-by-side table and ``--json`` show."""
    s = run.stats
    out = {
        "bot CPU ms/turn": _ms_per_turn(run, lambda u: u.role == "bot"),
        "workers CPU ms/turn": _ms_per_turn(run, lambda u: u.bot_side and u.role != "bot"),
        "bot side CPU ms/turn": _ms_per_turn(run, lambda u: u.bot_side),
        **{
            f"bot process #{n} + workers ms/turn": ms
            for n, ms in per_bot_process_ms(run.cpu, run.stats.turns).items()
        },
        "stand-in CPU ms/turn": _ms_per_turn(run, lambda u: u.role == "stand-in"),
        "turns/s": s.turns / run.elapsed if run.elapsed else 0.0,
        "requests per turn": run.requests / s.turns if s.turns else 0.0,
        "global-limit requests per turn": run.global_requests / s.turns if s.turns else 0.0,
        "global-limit busiest second": run.busiest_second,
        "p50 new board after a move, ms": percentile(s.board, 50) * 1000,
        "p99 new board after a move, ms": percentile(s.board, 99) * 1000,
        "p99 first board, ms": percentile(s.first_board, 99) * 1000,
    }
    if args.vs_bot:
        out["p50 computer's board, ms"] = percentile(s.computer_board, 50) * 1000
        out["p99 computer's board, ms"] = percentile(s.computer_board, 99) * 1000
    else:
        out["p50 challenge first response, ms"] = percentile(s.first_response["challenge"], 50) * 1000
    out["load average at start"] = run.load[0]
    out["load average at end"] = run.load[1]
    out["errors"] = len(s.errors)
    return out


def print_side_by_side(args: argparse.Namespace, runs: list[Run]) -> None:
    tables = [summary(args, r) for r in runs]
    print()
    print("side by side (the same load against each bot):")
    width = 16
    print(f"  {'':<34}" + "".join(f"{f'run {i + 1}':>{width}}" for i in range(len(runs))))
    for i, r in enumerate(runs):
        print(f"  run {i + 1}: {r.label}")
    fullest = sorted(tables, key=len, reverse=True)  # a figure some runs lack (per process): "-" in theirs
    keys = dict.fromkeys(key for t in fullest for key in t)
    for key in keys:
        print(
            f"  {key:<34}"
            + "".join(f"{t[key]:>{width}.2f}" if key in t else f"{'-':>{width}}" for t in tables)
        )
    labels = list(dict.fromkeys(r.label for r in runs))
    key = "bot side CPU ms/turn"
    means = []
    for label in labels:
        values = [t[key] for t, r in zip(tables, runs, strict=True) if r.label == label]
        means.append(sum(values) / len(values))
    for label, mean in zip(labels[1:], means[1:], strict=True):  # each bot against the first
        ratio = mean / means[0] if means[0] else float("nan")
        print(f"  {key}: {labels[0]} {means[0]:.2f}, {label} {mean:.2f}: {ratio:.2f} times")


def write_json(path: Path, args: argparse.Namespace, runs: list[Run]) -> None:
    """Each run's figures (:func:`summary`) as JSON, with the options they were measured with."""
    data = [{"label": r.label, **summary(args, r)} for r in runs]
    path.write_text(json.dumps({"args": vars(args), "runs": data}, indent=2), encoding="utf-8")


__all__ = ["Run", "print_run", "print_side_by_side", "summary", "wave_line", "write_json"]
