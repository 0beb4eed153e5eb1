"""Four-player ratings: OpenSkill's Weng-Lin model with Plackett-Luce, from the order players finished in.

Why this model: a multigam game gives a full order of four players, not a winner and a loser. Elo-like
pairwise formulas (FIBS's among them) either throw that order away or count each game as six made-up
matches. Weng-Lin (2011) is the Bayesian model built for rank orders of any number of players: each player
has a skill estimate ``mu`` and its uncertainty ``sigma``; after a game every player moves by how much the
order surprised the model, and ``sigma`` shrinks as games come in. Plackett-Luce is its variant for full
rankings (the order is read as "the first beat the other three, the second beat the remaining two, ...").
We use the ``openskill`` package's implementation with its defaults: ``mu`` 25, ``sigma`` 25/3, ``beta``
25/6.

The leaderboard orders players by the conservative estimate ``mu - 3 * sigma`` (it starts at 0 and rises
as the bot grows sure of a player), so a lucky newcomer does not top a regular after one game.

Computer seats take part at a fixed rating per level (:data:`COMPUTER_RATINGS`), never updated or listed.
They come from the arena: over 2,000 games each, ``medium`` finished ahead of ``easy`` in 51.05% of the
pairings (95% CI 50.10-52.00%) and ``hard`` ahead of ``medium`` in 51.39% (51.04-51.74%); read through the
model (a difference ``d`` in ``mu`` puts a player ahead ``Phi(d / (sqrt(2) * beta))`` of the time) that is
0.16 and 0.21 points of ``mu``. ``medium`` is anchored at the newcomers' 25: the dice decide most of a
multigam game, and the levels differ by little.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma
COMPUTER_SIGMA = 1.0
COMPUTER_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (24.84, COMPUTER_SIGMA),
    "medium": (25.0, COMPUTER_SIGMA),
    "hard": (25.21, COMPUTER_SIGMA),
}
"""``(mu, sigma)`` of the computer's seats, per level (see the module's note)."""


@dataclass(frozen=True, slots=True)
class PlacingRating:
    """One person's four-player rating in one server and variant, with the record it came from."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    wins: int = 0  # first places
    place_sum: int = 0  # the sum of their places (1 to 4)
    points: int = 0  # placing points (5/3/2/1)

    @property
    def conservative(self) -> float:
        """``mu - 3 * sigma``: what the leaderboard is ordered by."""
        return self.mu - 3.0 * self.sigma

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.games if self.games else None

    @property
    def points_per_game(self) -> float | None:
        return self.points / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class PlacingRatedPlayer:
    """A four-player leaderboard line."""

    user_id: int
    name: str
    rating: PlacingRating


def computer_rating(level: str) -> tuple[float, float]:
    """The fixed ``(mu, sigma)`` a computer seat of ``level`` plays at (an unknown level: ``medium``'s)."""
    return COMPUTER_RATINGS.get(level, COMPUTER_RATINGS["medium"])


def rate_order(skills: Sequence[tuple[float, float]], places: Sequence[int]) -> list[tuple[float, float]]:
    """The new ``(mu, sigma)`` of every player after a game where player ``i`` with ``skills[i]`` took
    place ``places[i]`` (1 is first). Everyone is updated here; the caller keeps what it stores."""
    if len(skills) != len(places) or len(skills) < 2:
        raise ValueError(f"a rated game has two players or more, with a place each: {skills}, {places}")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in skills]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [(team[0].mu, team[0].sigma) for team in rated]


def after_game(old: PlacingRating, new_skill: tuple[float, float], place: int, points: int) -> PlacingRating:
    """``old`` after a rated game finished in ``place`` for ``points`` with the new skill ``new_skill``."""
    mu, sigma = new_skill
    return PlacingRating(
        mu,
        sigma,
        old.games + 1,
        old.wins + (place == 1),
        old.place_sum + place,
        old.points + points,
    )


__all__ = [
    "COMPUTER_RATINGS",
    "MODEL",
    "START_MU",
    "START_SIGMA",
    "PlacingRatedPlayer",
    "PlacingRating",
    "after_game",
    "computer_rating",
    "rate_order",
]
