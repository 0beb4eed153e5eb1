"""Any reachable state of any variant draws without error, with every checker where the position says."""

from __future__ import annotations

import contextlib
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import images
from engine import VARIANTS, Game, GameStateError, MatchContext, SeededDice, find_variant
from tests.images.cases import decode
from tests.images.test_pixels import assert_checkers_match


def play_random(variant: str, seed: int, turns: int) -> Game:
    """A game after up to ``turns`` random actions: rolls and plays, and now and then a double,
    a take or drop, a resignation offer and its answer, or a forfeit."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    v = VARIANTS[variant]
    match = MatchContext(rng.choice([0, 5, 7]), (rng.randint(0, 3), rng.randint(0, 3))) if v.cube else None
    game = Game.start(variant, dice, match=match)
    for _ in range(turns):
        if game.outcome is not None:
            break
        awaiting = game.awaiting
        if awaiting == "double-answer":
            game = game.take() if rng.random() < 0.7 else game.drop()
        elif awaiting == "resign-answer":
            game = game.reject_resignation() if rng.random() < 0.6 else game.accept_resignation()
        elif awaiting == "roll":
            if game.may_double() and rng.random() < 0.1:
                game = game.double()
            else:
                game = game.roll(dice)
        elif rng.random() < 0.01:
            with contextlib.suppress(GameStateError):
                game = game.forfeit(game.turn) if v.players > 2 else game.resign(game.turn, rng.randint(1, 3))
        else:
            game = game.play(rng.choice(game.legal_plays()))
    return game


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 120),
    perspective=st.integers(0, 3),
)
def test_any_reachable_state_renders_its_checkers(
    variant: str, seed: int, turns: int, perspective: int
) -> None:
    game = play_random(variant, seed, turns)
    seat = perspective % game.variant.players
    png = images.render(game, perspective=seat)
    picture = decode(png)
    assert picture.width == 900
    assert len(png) <= 120 * 1024
    assert_checkers_match(
        game.position, picture, seat if game.variant.points == 24 else None, allow_marks=True
    )
    assert images.render_text(game).startswith(find_variant(variant).title)
