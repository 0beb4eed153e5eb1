"""FIBS ratings against numbers worked out by hand (to 4 decimals)."""

from __future__ import annotations

import pytest

from bot.ratings.fibs import (
    Rating,
    after_match,
    experience_factor,
    format_streak,
    rating_change,
    win_probability,
)


def test_equal_ratings_give_even_chances() -> None:
    assert win_probability(1500, 1500, 1) == pytest.approx(0.5)


def test_a_100_point_favourite_in_a_one_point_match() -> None:
    # 1 / (10 ** (-100 * 1 / 2000) + 1) = 1 / (0.891251 + 1)
    assert win_probability(1600, 1500, 1) == pytest.approx(0.528751, abs=1e-6)
    assert win_probability(1500, 1600, 1) == pytest.approx(0.471249, abs=1e-6)


def test_longer_matches_favour_the_stronger_player_more() -> None:
    # D = 200, n = 9: 10 ** (200 * 3 / 2000) = 10 ** 0.3 = 1.995262; underdog 1 / 2.995262
    assert win_probability(1500, 1700, 9) == pytest.approx(0.333861, abs=1e-6)


@pytest.mark.parametrize(
    ("experience", "k"), [(0, 5.0), (100, 4.0), (250, 2.5), (399, 1.01), (400, 1.0), (5000, 1.0)]
)
def test_experience_factor(experience: int, k: float) -> None:
    assert experience_factor(experience) == pytest.approx(k)


def test_newcomers_in_a_one_point_match_move_ten_points() -> None:
    # 4 * sqrt(1) * 0.5 * K(5) = 10
    assert rating_change(Rating(), Rating(), 1) == pytest.approx((10.0, 10.0))


def test_newcomers_in_a_five_point_match() -> None:
    # 4 * sqrt(5) * 0.5 * 5 = 22.3607
    gain, loss = rating_change(Rating(), Rating(), 5)
    assert gain == pytest.approx(22.3607, abs=1e-4)
    assert loss == pytest.approx(22.3607, abs=1e-4)


def test_experienced_favourite_wins_little_and_underdog_wins_more() -> None:
    fav = Rating(1600.0, experience=1000)
    dog = Rating(1500.0, experience=1000)
    assert rating_change(fav, dog, 1) == pytest.approx((1.884997, 1.884997), abs=1e-6)
    assert rating_change(dog, fav, 1) == pytest.approx((2.115003, 2.115003), abs=1e-6)


def test_each_player_uses_their_own_experience_factor() -> None:
    # base 4 * sqrt(3) * 0.5 = 3.464102; newcomer K = 5, veteran K = 1
    gain, loss = rating_change(Rating(experience=0), Rating(experience=500), 3)
    assert gain == pytest.approx(17.320508, abs=1e-6)
    assert loss == pytest.approx(3.464102, abs=1e-6)


def test_after_match_updates_rating_experience_record_and_streaks() -> None:
    winner = Rating(1500.0, experience=10, wins=2, losses=3, streak=-2)
    loser = Rating(1500.0, experience=0, wins=4, losses=0, streak=4)

    won, lost = after_match(winner, loser, 3)

    # winner K = 4.9, loser K = 5: base 3.464102
    assert won == Rating(pytest.approx(1500 + 16.974097, abs=1e-6), 13, 3, 3, 1)
    assert lost == Rating(pytest.approx(1500 - 17.320508, abs=1e-6), 3, 4, 1, -1)


def test_a_winning_streak_grows() -> None:
    w, _ = after_match(Rating(streak=2), Rating(), 1)
    assert w.streak == 3


def test_a_match_has_at_least_one_point() -> None:
    with pytest.raises(ValueError, match="at least 1 point"):
        win_probability(1500, 1500, 0)


@pytest.mark.parametrize(("streak", "text"), [(3, "W3"), (-2, "L2"), (0, "-")])
def test_streak_text(streak: int, text: str) -> None:
    assert format_streak(streak) == text
