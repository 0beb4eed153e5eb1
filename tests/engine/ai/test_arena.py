"""The arena command: a few games, the report's fields, determinism, bad input."""

from __future__ import annotations

import io
import re

import pytest

from engine.arena import clustered_wilson, grouped, run, wilson
from engine.arena.__main__ import main


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
    assert "duplicate dice: each group of 2 games has the same dice, A in every seat; the 3 groups" in out
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
    assert a.won == [0, 1, 0]
    assert b.points == [8 / 3, 2, 10 / 3]
    assert a.wins == 1
    assert b.wins == 2
    assert (a.games, b.games) == (3, 9)


def test_multigam_placing_points_add_up():
    a, b = run("multigam", "greedy", "random", 4, seed=3, out=io.StringIO())
    assert len(a.points) == len(b.points) == 4  # per game; B's is the mean of its three seats
    assert sum(a.points) + 3 * sum(b.points) == pytest.approx(4 * (5 + 3 + 2 + 1))


def test_clustered_wilson_by_hand():
    # 100 pairs, half won twice and half lost twice: p = 0.5 over n = 200 games, but the pairs vary
    # more than independent games would. Between-pair variance of p: m/(m-1) * sum((s - p t)^2) / n^2
    # = 100/99 * 100 * 1 / 40000; independent games would give p(1-p)/n = 0.25/200. So the 200 games
    # are worth n_eff = 0.25 / (100/99 * 100/40000) = 99 independent ones.
    clusters = [(2, 2), (0, 2)] * 50
    assert clustered_wilson(clusters) == pytest.approx(wilson(49.5, 99))
    # Every pair split 1-1: no variance between pairs at all; fall back to the games' own interval.
    assert clustered_wilson([(1, 2)] * 100) == wilson(100, 200)
    # All won: the plain interval, which reaches 100%.
    assert clustered_wilson([(2, 2)] * 10) == wilson(20, 20)
    assert grouped([1, 0, 1, 1, 0, 0], 2) == [0.5, 1.0, 0.0]


def test_duplicate_dice_give_a_group_the_same_luck():
    # The same deterministic level on both sides: on the same dice with the seats swapped, the two
    # games of a pair are the same game, so each side wins exactly one of them.
    a, b = run("minigam-strict", "perfect", "perfect", 20, seed=5, out=io.StringIO())
    assert a.won[0::2] == b.won[1::2]
    assert [x + y for x, y in zip(a.won[0::2], a.won[1::2], strict=True)] == [1] * 10
    # With fresh dice for every game that is not so.
    a, _ = run("minigam-strict", "perfect", "perfect", 20, seed=5, duplicate=False, out=io.StringIO())
    assert [x + y for x, y in zip(a.won[0::2], a.won[1::2], strict=True)] != [1] * 10


def test_duplicate_dice_need_whole_groups(capsys):
    with pytest.raises(ValueError, match="multiple of 4"):
        run("multigam", "medium", "random", 6, out=io.StringIO())
    with pytest.raises(ValueError, match="at least 1"):
        run("minigam", "medium", "random", 0, out=io.StringIO())
    with pytest.raises(SystemExit):
        main(["--variant", "multigam", "--games", "6"])
    assert "with duplicate dice --games must be a multiple of 4 in multigam" in capsys.readouterr().err
    args = ["--variant", "multigam", "--a", "random", "--b", "random", "--games", "3", "--independent-dice"]
    assert main(args) == 0
    assert "independent dice: every game has its own dice" in capsys.readouterr().out


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


def test_a_side_can_be_a_player_object():
    from engine.ai import heuristic_player

    out = io.StringIO()
    a, b = run("minigam", heuristic_player("minigam", "medium"), "random", 4, seed=2, out=out)
    assert a.level == "TwoPlayerAI"
    assert a.games == b.games == 4
    assert "A = TwoPlayerAI, B = random" in out.getvalue()
