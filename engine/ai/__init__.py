"""Computer players for every variant, with levels, and hints.

``get_player(variant, level, seed=None)`` returns a :class:`Player`:

- ``choose_play(game) -> Play``: the play for ``game``'s position and dice.
- ``wants_to_double(game) -> bool``: before rolling, with the cube available.
- ``accepts_double(game) -> bool``: take (True) or drop (False) an offered double.
- ``accepts_resignation(game) -> bool``: accept an offered resignation.

``hint(game, count=3) -> list[Hint]``: the best plays with their evaluations.

The levels are in :mod:`engine.ai.players`; the evaluations in :mod:`engine.ai.sixpoint`
(minigam and its versions), :mod:`engine.ai.multigam` and :mod:`engine.ai.bg` (backgammon); the
look-ahead in :mod:`engine.ai.search`; cube decisions in :mod:`engine.ai.cube`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.ai.multigam import MultigamEval
from engine.ai.players import (
    EasyPlayer,
    GreedyPlayer,
    HardPlayer,
    MultiAI,
    MultiEasy,
    MultiHard,
    Player,
    TwoPlayerAI,
)
from engine.ai.sixpoint import SixPointEval
from engine.game import Game
from engine.position import Play
from engine.variants import Variant, find_variant

LEVELS = ("easy", "medium", "hard")
ARENA_LEVELS = ("random", "greedy", *LEVELS)

__all__ = ["ARENA_LEVELS", "LEVELS", "Hint", "Player", "get_player", "hint"]


@dataclass(frozen=True, slots=True)
class Hint:
    play: Play
    notation: str
    win: float  # probability that the player to move wins the game, 0..1
    gammon: float | None = None  # backgammon: probability of winning a gammon or better
    equity: float | None = None  # backgammon: cubeless equity in points per game
    expected_points: float | None = None  # multigam: expected placing points (5/3/2/1)


@cache
def _evaluator(variant: Variant):
    """One shared evaluation per variant (its caches are shared by every player)."""
    if variant.players > 2:
        return MultigamEval(variant)
    return SixPointEval(variant)


def get_player(variant: str | Variant, level: str = "medium", seed: int | None = None) -> Player:
    """The computer player of ``level`` (one of ``ARENA_LEVELS``) for ``variant``."""
    v = find_variant(variant)
    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(ARENA_LEVELS)}")
    if level == "random":
        return Player(v, seed)
    if level == "greedy" or v.points != 6:
        return GreedyPlayer(v, seed)
    ev = _evaluator(v)
    if v.players > 2:
        return {"easy": MultiEasy, "medium": MultiAI, "hard": MultiHard}[level](v, ev, seed)
    if level == "easy":
        return EasyPlayer(v, ev, seed)
    if level == "medium":
        return TwoPlayerAI(v, ev, seed)
    return HardPlayer(v, ev, seed)


def hint(game: Game, count: int = 3) -> list[Hint]:
    """The best ``count`` plays for ``game``'s position and dice, best first ([] before the roll)."""
    plays = game.legal_plays()
    if not plays or count < 1:
        return []
    v = game.variant
    if v.players > 2:
        multi = MultiHard(v, _evaluator(v))
        return [
            Hint(
                play, game.position.format_play(play), _first_place(multi, play, game), expected_points=value
            )
            for value, _, play in multi.analyse(game)[:count]
        ]
    if v.points != 6:
        ranked = sorted(plays, key=lambda p: -_greedy(p, game.turn))
        return [Hint(p, game.position.format_play(p), 0.5) for p in ranked[:count]]
    player = HardPlayer(v, _evaluator(v))
    out = []
    for value, _, play in player.analyse(game)[:count]:
        win = min(1.0, max(0.0, (value + 1.0) / 2.0))
        out.append(Hint(play, game.position.format_play(play), win))
    return out


def _greedy(play: Play, me: int) -> float:
    from engine.ai.players import greedy_score

    return greedy_score(play.result, me)


def _first_place(multi: MultiHard, play: Play, game: Game) -> float:
    """Multigam: the chance that the player to move finishes first, from the placing model."""
    v = game.variant
    me = game.turn
    pos = play.result
    if game.finished:
        return 0.0
    if pos.off[me] == v.checkers:
        return 1.0
    gone = multi.gone(game)
    nxt = multi.ev.next_player(pos, me, gone)
    return multi.ev.first_place(pos, nxt, gone)[me]
