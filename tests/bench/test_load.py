"""The load benchmark's options and report (:mod:`bench.load`), on the smallest load (the benchmark itself
is not a test)."""

from __future__ import annotations

import re

import pytest

from bench.load import run as load
from bench.load.cpu import CpuUse
from bench.load.fleet import shard_ids, stand_in
from bench.load.report import Stats
from bench.load.stages import stage_lines
from bench.load.summary import Run, wave_line
from tests.e2e.standin.gateway import shard_of
from tests.postgres_server import PostgresServer

pytestmark = pytest.mark.e2e


def test_a_tiny_load_reports_latency_cpu_and_stages(capsys: pytest.CaptureFixture[str]) -> None:
    status = load.main(
        ["--matches", "2", "--turns", "2", "--render-workers", "0", "--ai-workers", "0", "--target-p99", "30"]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert "turns: 4 in" in out
    assert "CPU during the play" in out
    assert "bot + stand-in" in out  # one process: the bot runs in the benchmark's
    assert "server side, from each interaction's arrival" in out
    assert "  move " in out
    assert "before the board, mean ms:" in out
    assert "errors: 0" in out
    requests = re.search(r"requests to Discord during the play: (\d+) = ([\d.]+) per turn", out)
    assert requests is not None, out
    assert int(requests[1]) >= 4  # at least the new board of each of the 4 turns
    assert float(requests[2]) == pytest.approx(int(requests[1]) / 4, abs=0.01)
    limited = re.search(r"global limit .*: (\d+) = ([\d.]+) per turn; busiest second (\d+)", out)
    assert limited is not None, out
    # every board is an interaction's answer or followup, and is retired through it: nothing counts
    assert (limited[1], limited[3]) == ("0", "0"), out


@pytest.mark.parametrize(
    "argv",
    [
        ["--matches", "0"],
        ["--think", "-1"],
        ["--vs-bot", "--autocomplete"],
        ["--against", "/nonexistent"],
        ["--render-workers", "-1"],
        ["--processes", "0"],
        ["--processes", "1,two"],
        ["--processes", "2", "--against", "."],
    ],
)
def test_bad_options_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        load.parse_args(argv)
    assert exc.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_the_stages_before_the_board_and_the_untimed_rest_are_reported() -> None:
    trace = {
        "kind": "move",
        "stages": {"service": 0.002, "draw": 0.004, "http post": 0.003, "http edit": 0.001},
        "marks": {"answered": 0.001, "board": 0.010},
        "before": {"board": {"service": 0.002, "draw": 0.004, "http post": 0.003}},
    }
    lines = stage_lines([trace])
    assert lines[0].startswith("  move         n=1")
    assert "to the board p50   10.0" in lines[0]
    assert lines[1] == (
        "    before the board, mean ms: draw 4.00, http post 3.00, service 2.00, untimed 1.00"
    )
    assert lines[2] == "    after the board, mean ms: http edit 1.00"


def _run(turns: int, seconds: dict[str, float]) -> Run:
    run = Run("", Stats(turns=turns))
    run.cpu = [CpuUse(role, i, s, 0.0, 0) for i, (role, s) in enumerate(seconds.items())]
    return run


def test_a_wave_is_the_matches_times_every_process_cpu_per_turn_over_the_cores() -> None:
    args = load.parse_args(["--matches", "200"])
    run = _run(1000, {"bot": 3.0, "mg-drawing": 5.0, "mg-sync": 0.2, "stand-in": 2.8})
    line = wave_line(args, run, cores=2)
    # 11 s over 1000 turns: 11 ms a turn; 200 of them on 2 cores
    assert line is not None
    assert "at 11.00 ms of CPU per turn" in line
    assert "a wave is about 1100 ms of work for the 2 cores" in line


@pytest.mark.parametrize("spread", [["--no-start-line"], ["--ramp", "3"]])
def test_no_wave_is_reported_when_the_moves_are_spread(spread: list[str]) -> None:
    args = load.parse_args(["--matches", "200", *spread])
    assert wave_line(args, _run(1000, {"bot": 3.0}), cores=2) is None


def test_two_bot_processes_with_a_shard_each_play_a_small_load(
    postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the tool starts a PostgreSQL server of its own; the fixture skips (or fails under CI) without one
    monkeypatch.setenv("ANALYSIS_WORKERS", "0")  # no worker to warm up: the processes inherit it
    argv = ["--matches", "4", "--turns", "2", "--processes", "2", "--no-timings", "--target-p99", "30"]
    status = load.main([*argv, "--render-workers", "0", "--ai-workers", "0"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "2 processes, 1 shard each, on PostgreSQL" in out
    assert "turns: 8 in" in out
    for n in (0, 1):  # each process's own CPU, and its share of the bot side's
        assert re.search(rf"^  bot #{n} +pid \d+", out, re.MULTILINE), out
        assert f"of which bot process #{n} + its workers" in out
    assert "errors: 0" in out


def test_the_matches_are_dealt_over_a_guild_on_each_shard() -> None:
    fake, tables = stand_in(5, 2)
    guilds = [fake.guild_of(t.channel) for t in tables]
    assert [shard_of(g.id, 2) for g in guilds if g is not None] == [0, 1, 0, 1, 0]
    assert len({t.channel.id for t in tables}) == 5
    for table, guild in zip(tables, guilds, strict=True):
        assert guild is not None
        assert all(p.id in guild.members for p in table.players)  # the players are that server's members


@pytest.mark.parametrize(
    ("k", "processes", "shards", "ids"), [(0, 1, 2, ""), (0, 2, 2, "0"), (1, 2, 2, "1"), (1, 2, 4, "1,3")]
)
def test_each_process_runs_its_share_of_the_shards(k: int, processes: int, shards: int, ids: str) -> None:
    assert shard_ids(k, processes, shards) == ids
