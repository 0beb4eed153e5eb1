"""The grading benchmark and the cube figures: losses against gnubg at 2 ply, intervals by hand, the
command's arguments and report; the backgammon levels' noise."""

from __future__ import annotations

import io

import pytest

from engine import Dice, Game, Position
from engine.ai import get_player
from engine.ai.backgammon import NOISE, BackgammonPlayer
from engine.arena.__main__ import main as arena_main
from engine.grade import CubeRecorder, CubeTally, clustered_mean, reference_loss, report_grade
from engine.variants import find_variant

BG = find_variant("backgammon")


def test_the_best_play_loses_nothing_and_a_bad_one_loses_its_cost():
    game = Game(Position.initial(BG, 0), dice=Dice(3, 1))
    best = game.position.parse_play(game.dice, "8/5 6/5")
    poor = game.position.parse_play(game.dice, "24/21 24/23")
    assert reference_loss(game, best) == 0.0
    assert 0.05 < reference_loss(game, poor) < 0.3  # gnubg: about 0.17


def test_a_forced_play_is_never_graded():
    pos = Position.from_points(BG, turn=0, points={1: (0, 1), 6: (1, 15)}, off=[14, 0])
    game = Game(pos, dice=Dice(6, 5))
    assert reference_loss(game, game.legal_plays()[0]) == 0.0


def test_clustered_mean_by_hand():
    # two games: losses summing to 0.03 over 3 plays, and 0.01 over 1
    mean, lo, hi = clustered_mean([(0.03, 3), (0.01, 1)])
    assert mean == pytest.approx(0.01)
    # ratio estimator: 2/1 * ((0.03 - 0.03)^2 + (0.01 - 0.01)^2) / 16 = 0: no spread
    assert lo == pytest.approx(0.01)
    assert hi == pytest.approx(0.01)
    mean, lo, hi = clustered_mean([(0.04, 2), (0.0, 2)])
    half = 1.96 * (2 * (0.02**2 + 0.02**2) / 16) ** 0.5
    assert (mean, lo, hi) == pytest.approx((0.01, 0.01 - half, 0.01 + half))


def test_the_report_prints_loss_interval_blunders_rating_and_think_time():
    out = io.StringIO()
    report_grade(BG, "medium", 2, 1, [[0.0, 0.02, 0.1], [0.004]], [0.001, 0.002, 0.003, 0.004], 1.0, out)
    text = out.getvalue()
    assert "grade backgammon medium: 2 games against itself, seed 1" in text
    assert "4 checker plays with a choice: loss per play 31.0 mp" in text
    assert "gnubg's rating: Beginner" in text  # 26 to 35 mp
    assert "blunders (> 80 mp): 1 = 25.00%" in text
    assert "think time per play: median 2.50 ms, p95 4.0 ms, slowest 4.0 ms" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["grade", "--variant", "minigam"], "backgammon variants only"),
        (["grade", "--level", "perfect"], "unknown level 'perfect'"),
        (["grade", "--games", "0"], "--games must be at least 1"),
        (["cube", "--games", "3"], "--games must be even"),
        (["cube", "--a", "wizard"], "unknown level 'wizard'"),
    ],
)
def test_bad_benchmark_arguments_are_clear_errors(capsys, args, message):
    with pytest.raises(SystemExit) as exc:
        arena_main(args)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_the_cube_recorder_counts_doubles_and_answers():
    mine = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}  # 60 pips against 72: a double and a pass
    points = {25 - n: (0, c) for n, c in mine.items()}
    points.update({6: (1, 5), 5: (1, 5), 4: (1, 4), 1: (1, 1)})
    game = Game(Position.from_points(BG, turn=0, points=points))
    tallies: dict[str, CubeTally] = {}
    a = CubeRecorder(get_player(BG, "hard"), tallies, "A", "B")
    b = CubeRecorder(get_player(BG, "hard"), tallies, "B", "A")
    assert a.wants_to_double(game)
    assert not b.accepts_double(game.double())
    assert (tallies["A"].offered, tallies["A"].taken, tallies["A"].dropped) == (1, 0, 1)
    assert len(tallies["A"].think) == len(tallies["B"].think) == 1


# ------------------------------------------------------------------ the levels' noise


def test_the_noisy_levels_are_ordered_and_repeatable():
    assert NOISE["expert"] == NOISE["hard"] == 0.0 < NOISE["medium"] < NOISE["easy"]
    game = Game(Position.initial(BG, 0), dice=Dice(5, 4))
    choices = [BackgammonPlayer(BG, "easy", seed=s).choose_play(game) for s in range(30)]
    again = [BackgammonPlayer(BG, "easy", seed=s).choose_play(game) for s in range(30)]
    assert choices == again
    assert len({c.result for c in choices}) > 1  # easy does not always play the same
    hard = get_player(BG, "hard").choose_play(game)
    assert sum(c.result == hard.result for c in choices) > 5  # but often plays the best
