"""The fitter of the 6-point hints' calibration, and the calibrated chances the 6-point hints show."""

from __future__ import annotations

import math

import pytest

from engine import Game, SeededDice
from engine.ai import get_player, hint
from engine.ai.fit import fit_logistic, hint_samples, logistic, main
from engine.ai.sixpoint import HINT_CALIBRATION, hint_win, raw_logit


def test_fit_logistic_recovers_the_weights_that_made_the_data():
    xs = [(1.0, x / 10) for x in range(-30, 31)]
    ys = [logistic(0.5 + 2.0 * x) for _, x in xs]  # expected outcomes: the exact optimum is (0.5, 2)
    a, b = fit_logistic(xs, ys)
    assert a == pytest.approx(0.5, abs=1e-3)
    assert b == pytest.approx(2.0, abs=1e-3)


def test_hint_samples_record_each_movers_result():
    samples = hint_samples("minigam-strict", 1, seed=3)
    assert samples
    # One game: the winner's moves are all 1s, the loser's all 0s, and both had choices.
    assert {y for _, y in samples} == {0, 1}
    assert all(math.isfinite(x) for x, _ in samples)


def test_the_hints_command_prints_the_calibration_line(capsys):
    assert main(["--hints", "minigam-strict", "--games", "1", "--seed", "3"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith('"minigam-strict": (')
    assert line.endswith("),")


@pytest.mark.parametrize("variant", ["minigam", "minigam-full-entry", "minigam-strict"])
def test_every_six_point_variant_has_a_calibration_that_keeps_the_order(variant):
    a, b = HINT_CALIBRATION[variant]
    assert b > 0  # a better value never shows a smaller chance
    values = [-0.99, -0.5, 0.0, 0.5, 0.99]
    shown = [hint_win(variant, e) for e in values]
    assert shown == sorted(shown)
    assert hint_win(variant, 0.2) == pytest.approx(logistic(a + b * raw_logit(0.2)))
    assert (hint_win(variant, 1.0), hint_win(variant, -1.0)) == (1.0, 0.0)


def test_six_point_hints_show_the_calibrated_chance_of_the_look_ahead_value(monkeypatch):
    # without its solved table (the hints are exact with it: tests/engine/ai/test_ai_perfect.py)
    monkeypatch.setattr("engine.ai.available", lambda variant: False)
    dice = SeededDice(11)
    game = Game.start("minigam", dice)
    while game.awaiting != "play" or len(game.legal_plays()) < 3:
        game = game.roll(dice) if game.awaiting == "roll" else game.play(game.legal_plays()[0])
    hints = hint(game, count=3)
    analysed = get_player("minigam", "hard").analyse(game, at_least=3)[:3]
    assert [h.play for h in hints] == [p for _, _, p in analysed]
    for h, (value, _, _) in zip(hints, analysed, strict=True):
        assert h.win == pytest.approx(hint_win("minigam", value))
        assert h.win != pytest.approx((value + 1) / 2)  # not the raw evaluation
