"""Expectimax over the dice for two-player games.

An evaluator gives ``equity(pos, mover)``: the mover's expected points per game (cubeless) in
``pos``, a position the mover has just produced, with the opponent to roll. The game is zero-sum,
so the opponent's equity is the negative of the mover's.

``ply`` counts the rolls looked ahead after a candidate play: ``0`` is the static evaluation,
``1`` averages over the opponent's 21 rolls the opponent's best reply (chosen by their own
static evaluation, then valued at ``ply - 1``), and so on. Each level only looks deeper at the few
best replies of the level below (``width``), the usual pruning that keeps this fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.dice import ROLLS
from engine.position import Play, Position


class Evaluator(Protocol):
    """``equity(pos, mover)``; optionally ``quick(pos, mover)``, a cheaper score that ranks plays
    from one position like the equity does (used to pick the opponent's reply)."""

    def equity(self, pos: Position, mover: int) -> float: ...


def to_move(pos: Position, player: int) -> Position:
    """``pos`` with ``player`` to move, cached on ``pos`` so legal plays are generated once."""
    if pos.turn == player:
        return pos
    return pos.cached(("turn", player), lambda: pos.with_turn(player))


def finished(pos: Position, player: int) -> bool:
    return pos.off[player] == pos.variant.checkers


def rank(plays: Sequence[Play], mover: int, ev: Evaluator) -> list[tuple[float, int, Play]]:
    """``(equity, index, play)`` for each play, best first (ties keep the engine's order)."""
    scored = [(ev.equity(p.result, mover), i, p) for i, p in enumerate(plays)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return scored


def value_after(pos: Position, mover: int, ev: Evaluator, ply: int, width: int = 2) -> float:
    """The mover's equity for ``pos`` (just played by ``mover``), looking ``ply`` rolls ahead."""
    if ply <= 0 or finished(pos, mover):
        return ev.equity(pos, mover)
    return pos.cached(("value", mover, ply, width, id(ev)), lambda: _expect(pos, mover, ev, ply, width))


def _expect(pos: Position, mover: int, ev: Evaluator, ply: int, width: int) -> float:
    opp = 1 - mover
    reply_pos = to_move(pos, opp)
    total = 0.0
    for dice, w in ROLLS:
        plays = reply_pos.legal_plays(dice)
        if len(plays) == 1:
            best = value_after(plays[0].result, opp, ev, ply - 1, width)
        elif ply == 1:
            quick = getattr(ev, "quick", None)
            if quick is None:
                best = max(ev.equity(p.result, opp) for p in plays)
            else:  # choose the reply by the cheap score, value only that one
                best = ev.equity(max(plays, key=lambda p: quick(p.result, opp)).result, opp)
        else:
            ranked = rank(plays, opp, ev)
            best = max(value_after(p.result, opp, ev, ply - 1, width) for _, _, p in ranked[:width])
        total -= w * best
    return total


def value_on_roll(pos: Position, player: int, ev: Evaluator, ply: int = 0) -> float:
    """``player``'s equity in ``pos`` with ``player`` about to roll: the average over the 21 rolls
    of the best play's value at ``ply``."""
    mine = to_move(pos, player)
    total = 0.0
    for dice, w in ROLLS:
        plays = mine.legal_plays(dice)
        if ply <= 0 or len(plays) == 1:
            best = max(ev.equity(p.result, player) for p in plays)
        else:
            ranked = rank(plays, player, ev)
            best = max(value_after(p.result, player, ev, ply) for _, _, p in ranked[:2])
        total += w * best
    return total
