"""Fit the noise of the solved games' levels to the strength each should have.

    python -m engine.ai.noise_fit --variant minigam --games 2000 --seed 11

For each level, the noise of :class:`~engine.ai.perfect.NoisyPerfectPlayer` whose expected loss per move
with a choice (winning chance, against perfect play) is the level's ``LEVEL_LOSS``. The level plays
``--games`` games against ``perfect`` and every position it meets with a choice is kept with the exact
values of its plays; the expected loss of a noise over those positions is then found by drawing the noise
many times, and the noise that meets the target by bisection. The positions a level meets depend on its own
play, so this is repeated from the fitted noise (three rounds settle it). The result is then checked by
playing: ``python -m engine.solve grade``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from engine.ai.perfect import LEVEL_LOSS, NoisyPerfectPlayer, exact_values
from engine.ai.players import Player
from engine.dice import SeededDice
from engine.game import Game
from engine.position import Play
from engine.solve.grade import play_against_perfect
from engine.solve.table import Table, load
from engine.variants import Variant, find_variant

ROUNDS = 3
DRAWS = 40  # noise draws per position


class _Recorder(Player):
    """Plays as ``inner`` and keeps the exact values (best first) of every position with a choice."""

    def __init__(self, inner: Player, table: Table, seen: list[np.ndarray]) -> None:
        super().__init__(inner.variant)
        self.inner, self.table, self.seen = inner, table, seen
        self.level = inner.level

    def choose_play(self, game: Game) -> Play:
        if len(game.legal_plays()) >= 2:
            self.seen.append(np.array([value for value, _, _ in exact_values(self.table, game)]))
        return self.inner.choose_play(game)


def positions(variant: Variant, noise: float, games: int, seed: int, table: Table) -> list[np.ndarray]:
    """The plays' exact values at every choice a level of ``noise`` meets in ``games`` against perfect."""
    seen: list[np.ndarray] = []
    me = _Recorder(NoisyPerfectPlayer(variant, "fit", noise, seed, table=table), table, seen)
    play_against_perfect(variant, me, table, games, lambda i: SeededDice(f"noise {seed} {i}"))
    return seen


def expected_loss(seen: Sequence[np.ndarray], noise: float, seed: int = 0) -> float:
    """The mean loss per position of taking the best of each play's value plus ``noise``."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for values in seen:
        noisy = values[None, :] + rng.normal(0.0, noise, (DRAWS, len(values)))
        total += float((values[0] - values[noisy.argmax(axis=1)]).mean())
    return total / len(seen)


def fit(seen: Sequence[np.ndarray], target: float) -> float:
    """The noise whose expected loss over ``seen`` is ``target`` (bisection on a log scale)."""
    lo, hi = 1e-5, 0.5
    for _ in range(30):
        mid = (lo * hi) ** 0.5
        if expected_loss(seen, mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo * hi) ** 0.5


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.ai.noise_fit", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--variant", required=True, choices=sorted(LEVEL_LOSS))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    variant = find_variant(args.variant)
    table = load(variant)
    fitted = {}
    for level, target in LEVEL_LOSS[variant.name].items():
        noise = 0.02
        for round_ in range(ROUNDS):
            started = time.perf_counter()
            seen = positions(variant, noise, args.games, args.seed + round_, table)
            noise = fit(seen, target)
            print(
                f"{level}: round {round_ + 1}, {len(seen)} positions, noise {noise:.4f} "
                f"(expected loss {expected_loss(seen, noise):.3%}, target {target:.3%}; "
                f"{time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
            )
        fitted[level] = round(noise, 4)
    print(f'    "{variant.name}": {{' + ", ".join(f'"{k}": {v:.4f}' for k, v in fitted.items()) + "},")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
