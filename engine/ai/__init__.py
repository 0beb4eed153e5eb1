"""Computer players for every variant (interface; the levels' strength lives in this package).

``get_player(variant, level, seed=None)`` returns a :class:`Player`:

- ``choose_play(game) -> Play``: the play for ``game``'s position and dice.
- ``wants_to_double(game) -> bool``: before rolling, with the cube available.
- ``accepts_double(game) -> bool``: take (True) or drop (False) an offered double.
- ``accepts_resignation(game) -> bool``: accept an offered resignation.

``hint(game, count=3) -> list[Hint]``: the best plays with their evaluations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.game import Game
from engine.position import Play, Position
from engine.variants import Variant, find_variant

LEVELS = ("easy", "medium", "hard")
ARENA_LEVELS = ("random", "greedy", *LEVELS)


@dataclass(frozen=True, slots=True)
class Hint:
    play: Play
    notation: str
    win: float  # probability that the player to move wins the game, 0..1
    gammon: float | None = None  # backgammon: probability of winning a gammon or better
    equity: float | None = None  # backgammon: cubeless equity in points per game


class Player:
    """A computer player; subclasses choose plays by their own evaluation."""

    level = "random"

    def __init__(self, variant: Variant, seed: int | None = None) -> None:
        self.variant = variant
        self.rng = random.Random(seed)

    def choose_play(self, game: Game) -> Play:
        plays = game.legal_plays()
        return plays[0] if len(plays) == 1 else self.rng.choice(plays)

    def wants_to_double(self, game: Game) -> bool:
        return False

    def accepts_double(self, game: Game) -> bool:
        return True

    def accepts_resignation(self, game: Game) -> bool:
        return True

    def __repr__(self) -> str:
        return f"get_player({self.variant.name!r}, {self.level!r})"


def get_player(variant: str | Variant, level: str = "medium", seed: int | None = None) -> Player:
    """The computer player of ``level`` (one of ``ARENA_LEVELS``) for ``variant``."""
    v = find_variant(variant)
    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}")
    return Player(v, seed)


def hint(game: Game, count: int = 3) -> list[Hint]:
    """The best ``count`` plays for ``game``'s position and dice (placeholder: pip race estimate)."""
    plays = game.legal_plays()
    out = []
    for play in plays[:count]:
        out.append(Hint(play, game.position.format_play(play), _race_win(play.result, game.turn)))
    return out


def _race_win(pos: Position, player: int) -> float:
    mine = pos.pip_count(player)
    theirs = min(pos.pip_count(p) for p in range(pos.variant.players) if p != player)
    return 0.5 if mine + theirs == 0 else max(0.0, min(1.0, 0.5 + (theirs - mine) / (2 * (mine + theirs))))
