"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), for puzzles.

A rating is a value ``r`` (1500 to start), its deviation ``RD`` (how unsure it is: 350 to start) and a
volatility ``σ`` (how erratic the player is: 0.06). After a rating period with results against rated
opponents, :func:`rate` moves all three by the paper's steps 2-8: on the Glicko-2 scale
``μ = (r - 1500) / 173.7178`` and ``φ = RD / 173.7178``, the estimated variance ``v``, the improvement
``Δ``, the new volatility by the Illinois algorithm (step 5, tolerance 1e-6), then the new ``φ`` and
``μ``. A period without games only widens the deviation (:func:`idle`). The system constant ``τ``
(:data:`TAU`) limits how much the volatility may change; Glickman suggests 0.3 to 1.2.

Puzzles are rated as Lichess rates them: each attempt is a game between the player and the puzzle, a
rating period of its own, and **both** ratings move (:func:`attempt`): the player scores 1 for the best
answer, the puzzle 1 when the player misses it, each updated from the other's rating before the
attempt. A deviation never falls below :data:`MIN_DEVIATION`, so ratings keep following players who
improve (Lichess's floor too).

The closed forms here were checked against the paper's worked example (tests/bot/test_glicko.py). No
PyPI package was used: the one well-known Glicko-2 package (``glicko2``) had its last release in
January 2024 and is a small port with open issues, so the algorithm is written out here (pure).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
MIN_DEVIATION = 45.0
MAX_DEVIATION = START_DEVIATION
EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: ``rating`` (r), ``deviation`` (RD), ``volatility`` (σ)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - START_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (Glicko-2's ``E``)."""
    return _e(player.mu, opponent.mu, opponent.phi)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of Glickman's ``f`` by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _bounded(deviation: float, min_deviation: float) -> float:
    return min(MAX_DEVIATION, max(min_deviation, deviation))


def rate(
    player: Rating,
    results: Sequence[tuple[Rating, float]],
    *,
    tau: float = TAU,
    min_deviation: float = MIN_DEVIATION,
) -> Rating:
    """``player``'s rating after one rating period with ``results``: ``(opponent, score)`` pairs, the
    score 1 for a win, 0.5 a draw, 0 a loss (the opponents' ratings as they were before the period)."""
    if not results:
        return idle(player, min_deviation=min_deviation)
    mu, phi, sigma = player.mu, player.phi, player.volatility
    v_inv = 0.0
    gain = 0.0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is from 0 to 1, not {score}")
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        v_inv += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / v_inv
    delta = v * gain
    new_sigma = _volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    deviation = _bounded(new_phi * SCALE, min_deviation)
    return Rating(START_RATING + SCALE * new_mu, deviation, new_sigma)


def idle(player: Rating, *, min_deviation: float = MIN_DEVIATION) -> Rating:
    """``player`` after a rating period without games: only the deviation grows (step 6)."""
    phi = math.sqrt(player.phi**2 + player.volatility**2)
    return Rating(player.rating, _bounded(phi * SCALE, min_deviation), player.volatility)


def attempt(player: Rating, puzzle: Rating, solved: bool, *, tau: float = TAU) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt (``solved``: the player found the best
    answer), each moved against the other's rating before it."""
    score = 1.0 if solved else 0.0
    return rate(player, [(puzzle, score)], tau=tau), rate(puzzle, [(player, 1.0 - score)], tau=tau)
