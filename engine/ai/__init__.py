"""Computer players for every variant, with levels, and hints.

``get_player(variant, level, seed=None)`` returns a :class:`Player`:

- ``choose_play(game) -> Play``: the play for ``game``'s position and dice.
- ``wants_to_double(game) -> bool``: before rolling, with the cube available.
- ``accepts_double(game) -> bool``: take (True) or drop (False) an offered double.
- ``accepts_resignation(game) -> bool``: accept an offered resignation.

``hint(game, count=3) -> list[Hint]``: the best plays with their evaluations (exact in the solved 6-point
games, with what each play loses against the best; ``count=None``: every legal play, the best few valued
deepest); ``cube_hint(game)``: backgammon's cube advice
("double / take", "no double", "too good", "double / pass"; "take" or "pass" when facing a double).

What each level is:

========== ==================================================================================
``random`` a uniformly random legal play (arena baseline)
``greedy`` maximise the pip lead, then avoid blots (arena baseline)
``easy``   6-point games and multigam: a softmax over the few best plays of ``medium``'s
           evaluation, never a clear blunder. Backgammon: gnubg's net with a large noise
``medium`` 6-point games (:mod:`engine.ai.sixpoint`): one ply of the exact race
           (:mod:`engine.ai.race`) with the opponent's direct shots at the mover's blots.
           Multigam (:mod:`engine.ai.multigam`): every player's race and the next player's direct
           shots turned into placing chances. Backgammon: gnubg's net with a small noise
``hard``   6-point games: expectimax over the dice (:mod:`engine.ai.search`) on the whole hand-made
           model, two rolls deep. Multigam: the whole placing model over the next player's 21
           rolls. Backgammon: gnubg's net (0 ply)
``expert`` backgammon only: gnubg at 2 ply
========== ==================================================================================

``perfect`` (``minigam``, ``minigam-full-entry`` and ``minigam-strict`` only): best play, read from the
solved tables (:mod:`engine.ai.perfect`, :mod:`engine.solve`), which also measure what every other level
loses per move (``python -m engine.solve grade``). In those three games ``easy``, ``medium`` and ``hard``
play from the tables too, with noise on each play's exact chance (GNU Backgammon's way of making weaker
levels) sized so that each gives away what the hand-made level above was measured to give away per move
(``LEVEL_LOSS``): the same strengths, evenly spaced, at a few table lookups a move instead of a
look-ahead. The hand-made levels remain (:func:`heuristic_player`) for when a table is missing and for
fitting the hints of that case.

The backgammon levels and their cube decisions are in :mod:`engine.ai.backgammon`, on the engine's
evaluator interface (:mod:`engine.ai.evaluator`) implemented by GNU Backgammon's nets
(:mod:`engine.ai.gnubg`); the measured strength of every level is in ``engine/ai/RESULTS.md``
(arena runs and the grading benchmark, :mod:`engine.arena`, :mod:`engine.grade`).

Everything is deterministic given the seed (only ``random``, ``easy`` and backgammon's ``medium``
draw from it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.ai.backgammon import BackgammonPlayer, CubeHint, cube_hint
from engine.ai.evaluator import rank_plays
from engine.ai.gnubg import evaluator as gnubg_evaluator
from engine.ai.multigam import MultigamEval
from engine.ai.perfect import LEVEL_NOISE, NoisyPerfectPlayer, PerfectPlayer, exact_values, solvable
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
from engine.ai.sixpoint import EASY_SOFTMAX, SixPointEval, hint_win
from engine.ai.stakes import Stakes
from engine.game import Game
from engine.position import Play
from engine.solve.table import available, load
from engine.variants import Variant, find_variant

LEVELS = ("easy", "medium", "hard")
BACKGAMMON_LEVELS = (*LEVELS, "expert")
PERFECT = "perfect"
"""Best play, for the solved games only (``minigam``, ``minigam-full-entry``, ``minigam-strict``)."""
ARENA_LEVELS = ("random", "greedy", *BACKGAMMON_LEVELS, PERFECT)
HINT_PLY = 2
"""Backgammon hints (plays and the cube) come from gnubg at 2 ply, the ``expert`` level's."""
HINT_DEEP = 3
"""With every play asked for (``hint(game, None)``), at least this many are valued deepest; the others
keep the value of the ply their search stopped at (gnubg's hint list does the same)."""

__all__ = [
    "ARENA_LEVELS",
    "BACKGAMMON_LEVELS",
    "LEVELS",
    "PERFECT",
    "CubeHint",
    "Hint",
    "Player",
    "arena_levels_for",
    "cube_hint",
    "get_player",
    "heuristic_player",
    "hint",
    "levels_for",
]


def levels_for(variant: str | Variant) -> tuple[str, ...]:
    """The levels people may choose for ``variant`` (vs-bot, computer seats), weakest first: the one
    list that commands, menus and texts are made from (``expert`` in the backgammon variants only,
    ``perfect`` in the solved 6-point games only)."""
    v = find_variant(variant)
    if v.is_backgammon:
        return BACKGAMMON_LEVELS
    return (*LEVELS, PERFECT) if solvable(v) else LEVELS


def arena_levels_for(variant: str | Variant) -> tuple[str, ...]:
    """The levels the arena and benchmarks accept for ``variant``: the baselines, then ``levels_for``."""
    return ("random", "greedy", *levels_for(variant))


@dataclass(frozen=True, slots=True)
class Hint:
    play: Play
    notation: str
    win: float  # probability that the player to move wins the game, 0..1
    gammon: float | None = None  # backgammon: probability of winning a gammon or better
    equity: float | None = None  # backgammon: equity under the stakes (money, match score, Mulligans), cube 1
    expected_points: float | None = None  # multigam: expected placing points (5/3/2/1)
    loss: float | None = None  # solved games: the chance to win this play gives up against the best play
    mwc: float | None = None  # backgammon match play: the mover's match winning chance after the play
    ply: int | None = None  # backgammon: the ply the play was valued at (the best ones at HINT_PLY)


# ------------------------------------------------------------------ shared evaluations
# One instance per variant: their caches are shared by every player of that variant.


@cache
def _medium_eval(variant: Variant):
    if variant.players > 2:
        # medium minds the next player's direct shots only; hard has the whole model
        return MultigamEval(variant, next_attacker_only=True, direct_shots_only=True)
    # medium counts direct shots only and ignores entry and blocks; hard has the whole model
    return SixPointEval(variant, direct_shots_only=True, block_weight=0.0, entry_weight=0.0)


@cache
def _hard_eval(variant: Variant):
    if variant.players > 2:
        return MultigamEval(variant)
    return SixPointEval(variant)


def get_player(variant: str | Variant, level: str = "medium", seed: int | None = None) -> Player:
    """The computer player of ``level`` (one of ``ARENA_LEVELS``; ``expert`` in backgammon only)
    for ``variant``."""
    v = find_variant(variant)
    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(ARENA_LEVELS)}")
    if level == "random":
        return Player(v, seed)
    if level == "greedy":
        return GreedyPlayer(v, seed)
    if level == PERFECT:
        if not solvable(v):
            raise ValueError(
                f"{PERFECT!r} is only for the solved games, not {v.name}; the levels are: "
                f"{', '.join(levels_for(v))}"
            )
        return PerfectPlayer(v, seed, table=load(v))
    if v.is_backgammon:
        return BackgammonPlayer(v, level, seed)
    if level == "expert":
        raise ValueError(f"the expert level is for backgammon; {v.name} has: {', '.join(levels_for(v))}")
    if level in LEVELS and level in LEVEL_NOISE.get(v.name, {}) and available(v):
        return NoisyPerfectPlayer(v, level, LEVEL_NOISE[v.name][level], seed, table=load(v))
    return heuristic_player(v, level, seed)


def heuristic_player(variant: str | Variant, level: str, seed: int | None = None) -> Player:
    """The hand-made ``easy``, ``medium`` or ``hard`` of multigam (its only levels) or of a two-player
    6-point game (which plays from its table instead when the table is installed: :func:`get_player`)."""
    v = find_variant(variant)
    if v.is_backgammon or level not in LEVELS:
        raise ValueError(f"no hand-made {level!r} level for {v.name}")
    if v.players > 2:
        if level == "hard":
            return MultiHard(v, _hard_eval(v), seed)
        return (MultiEasy if level == "easy" else MultiAI)(v, _medium_eval(v), seed)
    if level == "hard":
        return HardPlayer(v, _hard_eval(v), seed, plies=((1, 6), (2, 3)))
    if level == "easy":
        return EasyPlayer(v, _medium_eval(v), seed, softmax=EASY_SOFTMAX.get(v.name))
    return TwoPlayerAI(v, _medium_eval(v), seed)


def hint(game: Game, count: int | None = 3) -> list[Hint]:
    """The best ``count`` plays for ``game``'s position and dice, best first ([] before the roll;
    ``count=None``: every legal play, at least :data:`HINT_DEEP` of them valued deepest):
    backgammon from gnubg at 2 ply, with the gammon (or Mulligan) chance, the equity under the
    game's stakes (money or the match score) and, in match play, the match winning chance; the solved
    6-point games exact, from their tables (when installed), with ``loss``, how much less than the best
    play's each play's chance is; the other variants from the ``hard`` level's evaluation. ``win`` is
    the chance that the player to move wins (multigam: finishes first), multigam adds the expected
    placing points."""
    plays = game.legal_plays()
    if not plays or (count is not None and count < 1):
        return []
    deep = HINT_DEEP if count is None else count
    v = game.variant
    me = game.turn
    if solvable(v) and available(v):
        ranked = exact_values(load(v), game)
        best = ranked[0][0]
        return [
            Hint(play, game.position.format_play(play), win, loss=best - win)
            for win, _, play in ranked[:count]
        ]
    if v.is_backgammon:
        stakes = Stakes.of(game, me)
        assert game.dice is not None
        ranked = rank_plays(gnubg_evaluator(), game.position, game.dice, stakes, HINT_PLY, at_least=deep)
        out = []
        for s in ranked[:count]:
            big = stakes.big_chances(s.chances, s.play.result)[0]
            notation = game.position.format_play(s.play)
            mwc = None if stakes.is_money else stakes.mwc(s.chances, s.play.result)
            out.append(Hint(s.play, notation, s.chances.win, big, s.value, mwc=mwc, ply=s.ply))
        return out
    player = heuristic_player(v, "hard")
    out = []
    if v.players > 2:
        assert isinstance(player, MultiHard)
        for value, _, play in player.analyse(game, at_least=deep)[:count]:
            first = player.first_place(play.result, me, player.gone(game), game)
            out.append(Hint(play, game.position.format_play(play), first, expected_points=value))
        return out
    assert isinstance(player, HardPlayer)
    for value, _, play in player.analyse(game, at_least=deep)[:count]:
        out.append(Hint(play, game.position.format_play(play), hint_win(v.name, value)))
    return out
