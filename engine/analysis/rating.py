"""gnubg's words for a player's error rate and for the luck of the dice.

GNU Backgammon rates a player by the equity lost per decision (normalised, cube of 1): below 2
millipoints "Supernatural", then 5 "World class", 8 "Expert", 12 "Advanced", 18 "Intermediate",
26 "Casual player", 35 "Beginner", and "Awful!" above. A roll's luck is its equity against the
average roll: "very lucky" above +0.6, "lucky" above +0.3, "unlucky" and "very unlucky" below
-0.3 and -0.6 (gnubg's thresholds).

The performance rating (PR), eXtreme Gammon's and Backgammon Studio's figure: 500 times the equity lost,
divided by the decisions that were not forced or obvious (about 2-3 is world class, 10 intermediate). Our
counted decisions are those: plays with a choice, and cube decisions that were made or close.
"""

from __future__ import annotations

import enum

RATINGS: tuple[tuple[float, str], ...] = (
    (0.002, "Supernatural"),
    (0.005, "World class"),
    (0.008, "Expert"),
    (0.012, "Advanced"),
    (0.018, "Intermediate"),
    (0.026, "Casual player"),
    (0.035, "Beginner"),
)


def rating(error_per_decision: float) -> str:
    """gnubg's rating of a player who loses ``error_per_decision`` (equity) per decision."""
    for limit, name in RATINGS:
        if error_per_decision < limit:
            return name
    return "Awful!"


PR_SCALE = 500.0


def performance_rating(loss: float, decisions: int) -> float | None:
    """The PR of a player who lost ``loss`` (equity) over ``decisions`` that were not forced or obvious
    (``None`` without any)."""
    return PR_SCALE * loss / decisions if decisions else None


class Luck(enum.StrEnum):
    VERY_UNLUCKY = "very unlucky"
    UNLUCKY = "unlucky"
    NONE = "average"
    LUCKY = "lucky"
    VERY_LUCKY = "very lucky"


def luck_of(roll_luck: float) -> Luck:
    """gnubg's label for one roll's luck (equity against the average roll)."""
    if roll_luck > 0.6:
        return Luck.VERY_LUCKY
    if roll_luck > 0.3:
        return Luck.LUCKY
    if roll_luck < -0.6:
        return Luck.VERY_UNLUCKY
    if roll_luck < -0.3:
        return Luck.UNLUCKY
    return Luck.NONE
