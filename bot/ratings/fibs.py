"""FIBS ratings: the formula the First Internet Backgammon Server made the standard.

For a match to ``n`` points between ratings ``a`` and ``b``, the chance that ``a`` wins is
``1 / (10 ** ((b - a) * sqrt(n) / 2000) + 1)``. The winner gains and the loser loses
``4 * sqrt(n) * P``, where ``P`` is the chance the loser had of winning, each multiplied by their own
experience factor ``K = max(1, 5 - experience / 100)`` (experience: the sum of the lengths of the
matches played so far). Everyone starts at 1500 with no experience.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

START_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one server and variant."""

    rating: float = START_RATING
    experience: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0  # +3: three wins in a row; -2: two losses in a row


def win_probability(rating: float, opponent: float, length: int) -> float:
    """The chance that a player rated ``rating`` wins a match to ``length`` points against ``opponent``."""
    if length < 1:
        raise ValueError(f"a match is at least 1 point long, not {length}")
    return 1.0 / (10.0 ** ((opponent - rating) * math.sqrt(length) / 2000.0) + 1.0)


def experience_factor(experience: int) -> float:
    """FIBS's K: 5 for a newcomer, falling by 1 per 100 points of match length played, never below 1."""
    return max(1.0, 5.0 - experience / 100.0)


def rating_change(winner: Rating, loser: Rating, length: int) -> tuple[float, float]:
    """``(winner's gain, loser's loss)`` for a match to ``length`` points; both are positive."""
    upset = 1.0 - win_probability(winner.rating, loser.rating, length)  # the loser's chance
    base = 4.0 * math.sqrt(length) * upset
    return base * experience_factor(winner.experience), base * experience_factor(loser.experience)


def after_match(winner: Rating, loser: Rating, length: int, weight: float = 1.0) -> tuple[Rating, Rating]:
    """Both players' ratings after ``winner`` beat ``loser`` in a match to ``length`` points; ``weight``
    (0 to 1) scales the ratings' change (not the experience: the match was played)."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"a result's weight is from 0 to 1, not {weight}")
    gain, loss = rating_change(winner, loser, length)
    gain, loss = gain * weight, loss * weight
    new_winner = Rating(
        winner.rating + gain,
        winner.experience + length,
        winner.wins + 1,
        winner.losses,
        winner.streak + 1 if winner.streak > 0 else 1,
    )
    new_loser = Rating(
        loser.rating - loss,
        loser.experience + length,
        loser.wins,
        loser.losses + 1,
        loser.streak - 1 if loser.streak < 0 else -1,
    )
    return new_winner, new_loser


def format_streak(streak: int) -> str:
    """``W3`` for three wins in a row, ``L2`` for two losses, ``-`` for none."""
    if streak > 0:
        return f"W{streak}"
    if streak < 0:
        return f"L{-streak}"
    return "-"
