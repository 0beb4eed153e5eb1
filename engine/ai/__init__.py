"""Computer players for every variant, with levels, and hints.

``get_player(variant, level, seed=None)`` returns a :class:`Player`:

- ``choose_play(game) -> Play``: the play for ``game``'s position and dice.
- ``wants_to_double(game) -> bool``: before rolling, with the cube available.
- ``accepts_double(game) -> bool``: take (True) or drop (False) an offered double.
- ``accepts_resignation(game) -> bool``: accept an offered resignation.

``hint(game, count=3) -> list[Hint]``: the best plays with their evaluations; in the solved 6-point games
exact, with what each play loses against the best.

What each level is (:mod:`engine.ai.players`):

========== ==================================================================================
``random`` a uniformly random legal play (arena baseline)
``greedy`` maximise the pip lead, then avoid blots (arena baseline)
``easy``   a softmax over the few best plays of ``medium``'s evaluation, never a clear blunder
``medium`` one ply of a hand-designed evaluation. 6-point games (:mod:`engine.ai.sixpoint`): the
           exact race (:mod:`engine.ai.race`) with the opponent's direct shots at the mover's
           blots. Multigam (:mod:`engine.ai.multigam`): every player's race and the next player's
           direct shots turned into placing chances. Backgammon: Tesauro's pubeval
           (:mod:`engine.ai.pubeval`)
``hard``   expectimax over the dice (:mod:`engine.ai.search`) on a fuller evaluation. 6-point
           games: the whole hand-made model (combination shots through open points, entry
           against made points, blocks), two rolls deep. Multigam: the whole placing model
           (every player's shots, combined ones included), over the next player's 21 rolls.
           Backgammon: a TD(λ) network (:mod:`engine.ai.net`) with calibrated gammon chances
           (:mod:`engine.ai.bg`), one roll deep
========== ==================================================================================

``perfect`` (``minigam``, ``minigam-full-entry`` and ``minigam-strict`` only): best play, read from the
solved tables (:mod:`engine.ai.perfect`, :mod:`engine.solve`), which also measure what every other level
loses per move (``python -m engine.solve grade``).

In backgammon every level takes its cube decisions (:mod:`engine.ai.cube`) from the network's
calibrated chances.

Networks are trained by :mod:`engine.ai.train`; the measured strength of every level is in
``engine/ai/RESULTS.md`` (arena runs, :mod:`engine.arena`).

Everything is deterministic given the seed (only ``random`` and ``easy`` draw from it).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

from engine.ai.bg import BgEval
from engine.ai.multigam import MultigamEval
from engine.ai.perfect import PerfectPlayer, exact_values, solvable
from engine.ai.players import (
    EasyPlayer,
    GreedyPlayer,
    HardPlayer,
    MultiAI,
    MultiEasy,
    MultiHard,
    Player,
    PubevalEasy,
    PubevalPlayer,
    TwoPlayerAI,
)
from engine.ai.sixpoint import EASY_SOFTMAX, SixPointEval, hint_win
from engine.game import Game
from engine.position import Play
from engine.solve.table import available, load
from engine.variants import Variant, find_variant

LEVELS = ("easy", "medium", "hard")
PERFECT = "perfect"
"""Best play, for the solved games only (``minigam``, ``minigam-full-entry``, ``minigam-strict``)."""
ARENA_LEVELS = ("random", "greedy", *LEVELS, PERFECT)

__all__ = ["ARENA_LEVELS", "LEVELS", "PERFECT", "Hint", "Player", "get_player", "hint", "levels_for"]


def levels_for(variant: str | Variant) -> tuple[str, ...]:
    """The levels people may choose for ``variant`` (vs-bot, computer seats), weakest first: the one
    list that commands, menus and texts are made from. The solved games add ``perfect``."""
    return (*LEVELS, PERFECT) if solvable(find_variant(variant)) else LEVELS


@dataclass(frozen=True, slots=True)
class Hint:
    play: Play
    notation: str
    win: float  # probability that the player to move wins the game, 0..1
    gammon: float | None = None  # backgammon: probability of winning a gammon or better
    equity: float | None = None  # backgammon: cubeless equity in points per game
    expected_points: float | None = None  # multigam: expected placing points (5/3/2/1)
    loss: float | None = None  # solved games: the chance to win this play gives up against the best play


# ------------------------------------------------------------------ shared evaluations
# One instance per variant: their caches are shared by every player of that variant.


@cache
def _medium_eval(variant: Variant):
    if variant.players > 2:
        # medium minds the next player's direct shots only; hard has the whole model
        return MultigamEval(variant, next_attacker_only=True, direct_shots_only=True)
    if variant.points == 24:
        return BgEval(variant)
    # medium counts direct shots only and ignores entry and blocks; hard has the whole model
    return SixPointEval(variant, direct_shots_only=True, block_weight=0.0, entry_weight=0.0)


@cache
def _network(variant: Variant):
    """The trained network of ``variant`` (backgammon's serves both backgammon variants), or
    ``None`` when no weights are installed."""
    from engine.ai.net import Net, TwoPlayerNet

    name = "backgammon" if variant.points == 24 else variant.name
    try:
        module = importlib.import_module(f"engine.ai.weights.{name.replace('-', '_')}")
    except ImportError:
        return None
    return TwoPlayerNet(variant, Net.from_data(module.DATA))


@cache
def _hard_eval(variant: Variant):
    if variant.points == 24:
        return BgEval(variant, win_model=_network(variant))
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
    if level == "greedy":
        return GreedyPlayer(v, seed)
    if level == PERFECT:
        if not solvable(v):
            raise ValueError(f"{PERFECT!r} is only for the solved games, not {v.name}; the levels are: "
                             f"{', '.join(levels_for(v))}")
        return PerfectPlayer(v, seed, table=load(v))
    if v.players > 2:
        if level == "hard":
            return MultiHard(v, _hard_eval(v), seed)
        return (MultiEasy if level == "easy" else MultiAI)(v, _medium_eval(v), seed)
    if v.points == 24:
        # Every level takes its cube decisions from the network's calibrated chances: pubeval's
        # are too rough for the cube (they rate a side with two checkers on the bar against a
        # closed board as the favourite), and a wrong take there is a blunder, not a mistake.
        cube_ev = _hard_eval(v) if v.cube else None
        if level == "hard":
            return HardPlayer(v, _hard_eval(v), seed, cube_ev=cube_ev, plies=((1, 3),), margin=0.25)
        if level == "easy":
            return PubevalEasy(v, _medium_eval(v), seed, cube_ev=cube_ev)
        return PubevalPlayer(v, _medium_eval(v), seed, cube_ev=cube_ev)
    if level == "hard":
        return HardPlayer(v, _hard_eval(v), seed, plies=((1, 6), (2, 3)))
    if level == "easy":
        return EasyPlayer(v, _medium_eval(v), seed, softmax=EASY_SOFTMAX.get(v.name))
    return TwoPlayerAI(v, _medium_eval(v), seed)


def hint(game: Game, count: int = 3) -> list[Hint]:
    """The best ``count`` plays for ``game``'s position and dice, best first, with the ``hard``
    level's evaluation ([] before the roll). ``win`` is the chance that the player to move wins
    (multigam: finishes first); backgammon adds the gammon (or Mulligan) chance and the cubeless
    equity, multigam the expected placing points. In the solved games (when their table is
    installed) ``win`` is exact and ``loss`` says how much less than the best play's it is."""
    plays = game.legal_plays()
    if not plays or count < 1:
        return []
    v = game.variant
    me = game.turn
    if solvable(v) and available(v):
        ranked = exact_values(load(v), game)
        best = ranked[0][0]
        return [
            Hint(play, game.position.format_play(play), win, loss=best - win)
            for win, _, play in ranked[:count]
        ]
    player = get_player(v, "hard")
    out = []
    if v.players > 2:
        assert isinstance(player, MultiHard)
        for value, _, play in player.analyse(game, at_least=count)[:count]:
            first = player.first_place(play.result, me, player.gone(game), game)
            out.append(Hint(play, game.position.format_play(play), first, expected_points=value))
        return out
    assert isinstance(player, HardPlayer)
    for value, _, play in player.analyse(game, at_least=count)[:count]:
        notation = game.position.format_play(play)
        if v.points == 24:
            probs = player.ev.probs(play.result, me)
            # the look-ahead's equity, with the static split between wins and gammons
            win = _clamp(probs.win + (value - probs.equity) / 2)
            out.append(Hint(play, notation, win, gammon=min(probs.gammon, win), equity=value))
        else:
            out.append(Hint(play, notation, hint_win(v.name, value)))
    return out


def _clamp(x: float) -> float:
    return min(1.0, max(0.0, x))
