"""Glicko-2: Glickman's worked example, and what an attempt at a puzzle does to both ratings."""

from __future__ import annotations

import pytest

from bot.ratings.glicko import MIN_DEVIATION, Rating, attempt, expected, idle, rate


def test_the_papers_worked_example():
    # "Example of the Glicko-2 system": a 1500 player (RD 200, σ 0.06, τ 0.5) beats a 1400 (RD 30),
    # loses to a 1550 (RD 100) and to a 1700 (RD 300).
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = rate(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_win_against_a_hard_puzzle_moves_the_rating_up_more_than_against_an_easy_one():
    player = Rating(1500, 150)
    hard, easy = Rating(1900, 80), Rating(1100, 80)
    after_hard, _ = attempt(player, hard, solved=True)
    after_easy, _ = attempt(player, easy, solved=True)
    assert after_hard.rating > after_easy.rating > player.rating


def test_a_miss_against_an_easy_puzzle_costs_more_than_against_a_hard_one():
    player = Rating(1500, 150)
    after_hard, _ = attempt(player, Rating(1900, 80), solved=False)
    after_easy, _ = attempt(player, Rating(1100, 80), solved=False)
    assert after_easy.rating < after_hard.rating < player.rating


def test_both_ratings_move_the_puzzle_down_when_solved_and_up_when_missed():
    player, puzzle = Rating(1500, 100), Rating(1500, 100)
    _, solved = attempt(player, puzzle, solved=True)
    _, missed = attempt(player, puzzle, solved=False)
    assert solved.rating < puzzle.rating < missed.rating


def test_an_unsure_rating_moves_more_than_a_settled_one():
    puzzle = Rating(1500, 80)
    new, _ = attempt(Rating(1500, 350), puzzle, solved=True)
    settled, _ = attempt(Rating(1500, 60), puzzle, solved=True)
    assert new.rating - 1500 > settled.rating - 1500 > 0


def test_the_deviation_shrinks_with_games_and_grows_when_idle():
    player, puzzle = Rating(), Rating(1500, 60)
    for _ in range(200):
        player, _ = attempt(player, puzzle, solved=True)
        player, _ = attempt(player, puzzle, solved=False)
    assert MIN_DEVIATION <= player.deviation < 80
    assert idle(player).deviation > player.deviation


def test_the_deviation_never_falls_below_its_floor():
    sure = rate(Rating(1500, 50, 0.001), [(Rating(1500, 30), 1.0)] * 50)
    assert sure.deviation == MIN_DEVIATION


def test_equal_ratings_expect_an_even_score():
    assert expected(Rating(1600, 50), Rating(1600, 300)) == pytest.approx(0.5)


def test_a_score_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="from 0 to 1"):
        rate(Rating(), [(Rating(), 2.0)])
