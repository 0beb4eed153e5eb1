"""GNU Backgammon's neural nets (the ``gnubg-nn`` package) behind the engine's evaluator interface.

gnubg's board is two arrays of 25 counts, one per side, each from that side's own point of view:
index ``d - 1`` holds the side's checkers ``d`` pips from bearing off, index 24 its bar. The first
array is the side **not** on roll, the second the side on roll (as in gnubg's Position ID, whose
first half is the player not on roll). gnubg evaluates a board for the side on roll, before it
rolls: five chances (win, win gammon, win backgammon, lose gammon, lose backgammon).

Plays are matched between gnubg and the engine by the **position they lead to**, never by their
moves: gnubg lists a play as (from, to) steps in its own numbering, and the old ``gnubg`` module's
``findbestmove`` even cut a play short at its first bear-off. Each engine play's result is turned
into gnubg's 20-letter position key and looked up.

Known pitfalls of the package, each guarded here and tested:

- ``best_move(..., list=1)`` with exactly one legal play returns garbage chances: a forced play is
  never sent to it (:meth:`GnubgEvaluator.plays` values it with ``probabilities`` instead);
- its chances in ``list=1`` are the opponent's (on roll after the play), and its position keys are
  from the opponent's side: both are turned round;
- a position where the mover has borne off everything is not a position to evaluate: its result is
  known (:func:`~engine.ai.evaluator.final_chances`).
"""

from __future__ import annotations

from functools import cache

import gnubg_nn

from engine.ai.chances import Chances, final_chances
from engine.position import Dice, Play, Position
from engine.variants import Variant

Board = list[list[int]]


def side(pos: Position, player: int) -> list[int]:
    """``player``'s 25 counts in gnubg's layout (distance 1 first, the bar last)."""
    counts = [0] * 25
    board = pos.board
    if pos.variant.directions[player] > 0:
        for i, val in enumerate(board):  # point i + 1 is 24 - i pips from home
            if val and (val & 3) == player:
                counts[23 - i] = val >> 2
    else:
        for i, val in enumerate(board):  # point i + 1 is i + 1 pips from home
            if val and (val & 3) == player:
                counts[i] = val >> 2
    counts[24] = pos.bar[player]
    return counts


def to_board(pos: Position, on_roll: int) -> Board:
    """gnubg's board of ``pos`` with ``on_roll`` to roll: ``[not on roll, on roll]``."""
    return [side(pos, 1 - on_roll), side(pos, on_roll)]


def from_board(board: Board, variant: Variant, on_roll: int) -> Position:
    """The engine's position of gnubg's ``board`` (``[not on roll, on roll]``) with ``on_roll`` to
    move (the inverse of :func:`to_board`)."""
    points: dict[int, tuple[int, int]] = {}
    for player, counts in ((1 - on_roll, board[0]), (on_roll, board[1])):
        forward = variant.directions[player] > 0
        for d in range(1, 25):
            if counts[d - 1]:
                points[25 - d if forward else d] = (player, counts[d - 1])
    bar = [0, 0]
    bar[1 - on_roll], bar[on_roll] = board[0][24], board[1][24]
    return Position.from_points(variant, turn=on_roll, points=points, bar=bar)


def chances_of(probs) -> Chances:
    """gnubg's five outputs as :class:`Chances` (clamped into 0..1: the nets' outputs can stray
    by a hair)."""
    w, wg, wbg, lg, lbg = (min(1.0, max(0.0, float(x))) for x in probs)
    return Chances(w, min(wg, w), min(wbg, wg), min(lg, 1.0 - w), min(lbg, lg))


class GnubgEvaluator:
    """The :class:`~engine.ai.evaluator.Evaluator` of GNU Backgammon's nets (0-ply: the net itself;
    ``n`` ply: gnubg's own look-ahead over ``n`` rolls, with its pruning)."""

    name = "gnubg"

    def on_roll(self, pos: Position, ply: int) -> Chances:
        me = pos.turn
        if pos.off[me] == pos.variant.checkers:
            return final_chances(pos, me)
        if pos.off[1 - me] == pos.variant.checkers:
            return final_chances(pos, 1 - me).flipped()
        return chances_of(gnubg_nn.probabilities(to_board(pos, me), ply))

    def after_play(self, pos: Position, mover: int, ply: int) -> Chances:
        if pos.off[mover] == pos.variant.checkers:
            return final_chances(pos, mover)
        return chances_of(gnubg_nn.probabilities(to_board(pos, 1 - mover), ply)).flipped()

    def plays(self, pos: Position, dice: Dice) -> list[tuple[Play, Chances]]:
        """Every legal play with the mover's chances at 0 ply (one call to gnubg)."""
        mover = pos.turn
        legal = pos.legal_plays(dice)
        if len(legal) == 1:  # pitfall: gnubg's list of a forced play holds garbage
            return [(legal[0], self.after_play(legal[0].result, mover, 0))]
        by_key = {result_key(p.result, mover): p for p in legal}
        _, listed = gnubg_nn.best_move(to_board(pos, mover), dice[0], dice[1], n=0, list=1)
        out = []
        for key, _steps, probs, _equity in listed:
            play = by_key.pop(key, None)
            if play is None:
                raise GnubgMismatchError(f"gnubg lists a play to {key!r} that the engine does not have")
            if play.result.off[mover] == pos.variant.checkers:
                out.append((play, final_chances(play.result, mover)))
            else:
                out.append((play, chances_of(probs).flipped()))
        if by_key:
            raise GnubgMismatchError(f"gnubg misses {len(by_key)} of the engine's plays for {dice}")
        return out


class GnubgMismatchError(RuntimeError):
    """gnubg and the engine disagree about the legal plays of a position (a bug on one side)."""


def result_key(pos: Position, mover: int) -> str:
    """gnubg's position key of ``pos`` just after ``mover`` played (the opponent on roll), the form
    ``best_move`` lists plays in."""
    return gnubg_nn.key_of_board(to_board(pos, 1 - mover))


@cache
def evaluator() -> GnubgEvaluator:
    """The one gnubg evaluator of this process (the package holds one set of nets)."""
    return GnubgEvaluator()
