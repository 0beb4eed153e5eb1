"""The arena command: a few games, the report's fields, determinism, bad input."""

from __future__ import annotations

import io
import re

import pytest

from engine.arena import main, run, wilson


def test_wilson_interval_by_hand():
    # p = 0.5, n = 100, z = 1.96: centre 0.5, half-width 1.96 * sqrt(0.0025 + 0.00009604) / 1.038416.
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-5)
    assert hi == pytest.approx(0.59617, abs=1e-5)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


def test_arena_prints_win_rates_intervals_and_think_times(capsys):
    assert (
        main(["--variant", "minigam", "--a", "medium", "--b", "random", "--games", "6", "--seed", "4"]) == 0
    )
    out = capsys.readouterr().out
    assert "arena minigam: 6 games, seed 4, A = medium, B = random (seats swapped every game)" in out
    lines = [line for line in out.splitlines() if line.strip().startswith(("A ", "B "))]
    assert len(lines) == 2
    wins = []
    for line in lines:
        m = re.search(r"wins (\d+)/6 = [\d.]+% \(95% CI [\d.]+% \.\. [\d.]+%\)", line)
        assert m, line
        wins.append(int(m.group(1)))
        assert re.search(r"median think [\d.]+ ms/move, ([\d.]+ ms|-) with a choice", line), line
        assert re.search(r"moves; (p95 [\d.]+ ms, slowest [\d.]+ ms|-)\)$", line), line
    assert sum(wins) == 6


def test_arena_is_deterministic_given_the_seed():
    def tallies():
        a, b = run("minigam-strict", "easy", "greedy", 6, seed=9, out=io.StringIO())
        return a.wins, b.wins, a.points

    assert tallies() == tallies()


def test_multigam_arena_reports_placing_points(capsys):
    main(["--variant", "multigam", "--a", "medium", "--b", "random", "--games", "4", "--seed", "2"])
    out = capsys.readouterr().out
    assert "A rotates through the seats, B plays the other three" in out
    assert re.search(r"A medium +first places \d+/4 .*placing points/game [\d.]+ \(95% CI", out)
    assert re.search(r"B random +first places \d+/12 ", out)
    assert "field average 2.75 placing points/game" in out
    head = r"head to head: A medium finished ahead of B random in [\d.]+% of the pairings \(95% CI"
    assert re.search(head, out)


def test_multigam_head_to_head_share_by_hand():
    from engine.arena import Side, _tally
    from engine.game import Outcome, Termination, WinKind
    from engine.variants import find_variant

    v = find_variant("multigam")
    a, b = Side("hard"), Side("medium")
    # A in seat 2 finishes second (3 points): ahead of two of the three B seats.
    _tally(v, Outcome(Termination.BORNE_OFF, 0, WinKind.PLACINGS, 5, (0, 2, 3, 1), (5, 1, 3, 2)), 2, a, b)
    # A in seat 0 finishes first: ahead of all three.
    _tally(v, Outcome(Termination.BORNE_OFF, 0, WinKind.PLACINGS, 5, (0, 1, 2, 3), (5, 3, 2, 1)), 0, a, b)
    # A in seat 1 finishes last: ahead of none.
    _tally(v, Outcome(Termination.BORNE_OFF, 0, WinKind.PLACINGS, 5, (0, 2, 3, 1), (5, 1, 3, 2)), 1, a, b)
    assert a.ahead == [2 / 3, 1.0, 0.0]
    assert a.points == [3, 5, 1]
    assert a.wins == 1
    assert b.wins == 2


def test_multigam_placing_points_add_up():
    a, b = run("multigam", "greedy", "random", 4, seed=3, out=io.StringIO())
    assert len(a.points) == 4
    assert len(b.points) == 12
    assert sum(a.points) + sum(b.points) == 4 * (5 + 3 + 2 + 1)


def test_backgammon_arena_plays_to_the_end_with_the_cube():
    a, b = run("backgammon", "medium", "random", 2, seed=1, out=io.StringIO())
    assert a.games == b.games == 2
    assert a.wins + b.wins == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--a", "expert"], "unknown level 'expert'"),
        (["--variant", "chess"], "unknown variant 'chess'"),
        (["--games", "0"], "--games must be at least 1"),
    ],
)
def test_bad_arguments_are_clear_errors(capsys, args, message):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_think_time_tail_by_hand():
    from engine.arena import _tail

    assert _tail([]) == "-"
    values = [i / 1000 for i in range(1, 101)]  # 1..100 ms
    assert _tail(values) == "p95 95.0 ms, slowest 100.0 ms"
    assert _tail([0.004]) == "p95 4.0 ms, slowest 4.0 ms"
