"""Making puzzles: grading a decision in full, and finding decisions worth a puzzle in self-play.

:func:`puzzle_of` turns a game waiting for a decision into a :class:`~engine.puzzles.model.Puzzle`
when its best answer beats the second by the family's margin. It computes (this is the slow part that
grading never does):

- **6-point games**: every legal play's exact chance to win from the solved table (a few look-ups);
- **backgammon checker play**: gnubg at 2 ply, the ``expert`` level's look first (every play at 0 ply,
  the best 8 at 1 ply, the best 3 at 2 ply: :func:`~engine.ai.evaluator.rank_plays`, at least two
  of them at 2 ply) to see whether the best two are far enough apart; if so, *every* legal play is
  valued at 2 ply, so the stored values, the best and the margin are all 2-ply (about 16 ms a play);
- **backgammon cube**: the cube decision on 2-ply chances (:func:`~engine.ai.backgammon.cube_decision`).
  Doubling is worth the lesser of double/take and double/pass (the opponent answers right); a take
  is worth ``-double/take`` to the taker and a pass ``-1``. Only real cube decisions are kept: the
  roller's cubeless chance to win is at least :data:`CUBE_MIN_WIN`, and the wrong answer loses at most
  :data:`CUBE_MAX_MARGIN` (past that nobody would hesitate).

:func:`candidates` plays one self-play game (the ``medium`` level on both sides, which errs now and
then, so positions vary) and yields the puzzles among its decisions (a quarter of its checker plays,
drawn from the seed: :data:`EXAMINE_PLAYS`; every cube decision), with a name for where each came
from. Everything is determined by the seed and the game's index.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from engine.ai import get_player
from engine.ai.backgammon import cube_decision
from engine.ai.evaluator import rank_plays, value_at
from engine.ai.gnubg import evaluator
from engine.ai.stakes import Stakes
from engine.analysis.model import Unit
from engine.dice import SeededDice
from engine.game import Game
from engine.puzzles.model import (
    CUBE_ANSWERS,
    DOUBLE,
    NO_DOUBLE,
    PASS,
    TAKE,
    Answer,
    Family,
    Kind,
    Puzzle,
    bare,
    puzzle_id,
)
from engine.selfplay import Action, steps
from engine.solve.table import Table, load
from engine.variants import find_variant

PLY = 2
SELFPLAY_LEVEL = "medium"
CUBE_MIN_WIN = 0.6
"""A cube puzzle's roller has at least this cubeless chance to win (below it, nobody thinks of
doubling)."""
CUBE_MAX_MARGIN = 0.5
"""A cube puzzle's wrong answer loses at most this much equity (more is no question)."""
EXAMINE_PLAYS = 0.25
"""The share of a game's checker plays examined (drawn from the game's seed): a set then comes from
four times as many games, so its positions vary more (a backgammon game holds some 15 puzzles, and
their examination, not the self-play, is what costs). Every cube decision is examined."""


def puzzle_of(
    game: Game, family: Family, kind: Kind | None = None, *, margin: float | None = None, origin: str = ""
) -> Puzzle | None:
    """The puzzle of ``game``'s decision of ``kind`` (the family's first by default) when its best
    answer beats the second by ``margin`` (the family's by default) or more, else ``None``. A
    ``Kind.TAKE`` puzzle is made from a game before the double (``game`` awaits the roll)."""
    kind = kind or family.kinds[0]
    margin = family.margin if margin is None else margin
    if kind is Kind.PLAY:
        if len(game.legal_plays()) < 2:
            return None
        if family.unit is Unit.WIN_CHANCE:
            answers = exact_answers(game, _table(family.variant))
        else:
            answers = gnubg_answers(game, margin)
            if answers is None:
                return None
        puzzle_game = game
    else:
        if not game.may_double():
            return None
        answers = cube_answers(game, kind)
        if answers is None:
            return None
        puzzle_game = game if kind is Kind.DOUBLE else game.double()
    lead = answers[0].value - answers[1].value
    if lead < margin:
        return None
    puzzle_game = bare(puzzle_game)
    return Puzzle(puzzle_id(family, kind, puzzle_game), family, kind, puzzle_game, answers, lead, origin)


@cache
def _table(variant: str) -> Table:
    return load(find_variant(variant))


def exact_answers(game: Game, table: Table) -> tuple[Answer, ...]:
    """Every legal play of ``game`` with the mover's exact chance to win after it, best first (ties in
    the engine's order)."""
    me, pos = game.turn, game.position
    scored = [(table.after(p.result, me), i, p) for i, p in enumerate(game.legal_plays())]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return tuple(Answer(pos.format_play(p), value) for value, _, p in scored)


def gnubg_answers(game: Game, margin: float) -> tuple[Answer, ...] | None:
    """Every legal play of ``game`` with its 2-ply equity, best first; ``None`` (without valuing them
    all) when the ``expert`` look already finds the best two closer than ``margin``."""
    assert game.dice is not None
    ev, mover, pos = evaluator(), game.turn, game.position
    stakes = Stakes.of(game, mover)
    ranked = rank_plays(ev, pos, game.dice, stakes, PLY, at_least=2)
    if ranked[0].value - ranked[1].value < margin:
        return None
    deep = [s if s.ply == PLY else value_at(ev, s.play, mover, stakes, PLY) for s in ranked]
    order = {id(s.play): i for i, s in enumerate(ranked)}
    deep.sort(key=lambda s: (-s.value, order[id(s.play)]))
    return tuple(Answer(pos.format_play(s.play), s.value) for s in deep)


def cube_answers(game: Game, kind: Kind) -> tuple[Answer, ...] | None:
    """The two answers of the cube decision of ``kind`` in ``game`` (awaiting the roll, the roller
    allowed to double), best first, or ``None`` when it is no real decision (see the module)."""
    decision = cube_decision(game, evaluator(), PLY)
    if decision.chances.win < CUBE_MIN_WIN:
        return None
    if kind is Kind.DOUBLE:
        values = {DOUBLE: decision.double_value, NO_DOUBLE: decision.no_double}
    else:
        values = {TAKE: -decision.double_take, PASS: -decision.double_pass}
    first, second = CUBE_ANSWERS[kind]
    ordered = sorted(CUBE_ANSWERS[kind], key=lambda t: -values[t])
    if abs(values[first] - values[second]) > CUBE_MAX_MARGIN:
        return None
    return tuple(Answer(t, values[t]) for t in ordered)


def selfplay_game(family: Family, seed: int, index: int) -> Iterator[tuple[Game, Action]]:
    """The decisions of self-play game ``index`` of ``seed`` for ``family``: each game state before
    an action, with the action taken."""
    variant = find_variant(family.variant)
    base = seed * 1_000_003 + index * 2
    seats = [get_player(variant, SELFPLAY_LEVEL, base), get_player(variant, SELFPLAY_LEVEL, base + 1)]
    for step in steps(variant, seats, SeededDice(f"puzzles/{seed}/{index}"), cube=variant.cube):
        yield step.before, step.action


def candidates(family: Family, seed: int, index: int) -> Iterator[Puzzle]:
    """The puzzles of ``family`` found in self-play game ``index`` of ``seed``, in the game's order."""
    origin = f"seed {seed} game {index}"
    draw = random.Random(f"puzzles/{seed}/{index}/examine").random
    for number, (game, action) in enumerate(selfplay_game(family, seed, index)):
        where = f"{origin} action {number}"
        if Kind.PLAY in family.kinds and action is Action.PLAY and draw() < EXAMINE_PLAYS:
            puzzle = puzzle_of(game, family, Kind.PLAY, origin=where)
            if puzzle is not None:
                yield puzzle
        elif Kind.DOUBLE in family.kinds and action in (Action.ROLL, Action.DOUBLE) and game.may_double():
            for kind in (Kind.DOUBLE, Kind.TAKE):
                puzzle = puzzle_of(game, family, kind, origin=where)
                if puzzle is not None:
                    yield puzzle
