"""Picking a play move by move: which single moves can come next on the way to a legal play.

A play is a set of single-die moves; people pick them one at a time, in any order. Given the moves
picked so far (the *prefix*), :func:`next_moves` lists the distinct single moves that still lead to
some legal play, and says which legal play the prefix already makes, if any. A bear-off may have
used either of two dice (a 5 or a 6 bears off from the 5-point when nothing is behind it), so the
prefix stands for every ``(position, dice left)`` it can reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.position import Dice, Move, Play, Position


def next_moves(
    position: Position, dice: Dice, prefix: Sequence[Move]
) -> tuple[tuple[Move, ...], Play | None]:
    """The distinct single moves that can follow ``prefix`` on the way to a legal play (higher die
    first, then in generation order), and the legal play ``prefix`` already makes (``None`` when it
    makes none, and always for the empty prefix). Moves are compared by their ends; a prefix that no
    legal play starts with gets ``((), None)``, and so does a roll that must pass."""
    legal = position.legal_plays(dice)
    if not legal[0].moves:
        return (), None
    targets = {(p.result.board, p.result.bar): p for p in legal}
    memo: dict[tuple, bool] = {}

    def completes(pos: Position, left: tuple[int, ...]) -> bool:
        """Can some legal play's position still be reached from ``pos`` with the dice ``left``?"""
        if (pos.board, pos.bar) in targets:
            return True
        key = (pos.board, pos.bar, left)
        if key not in memo:
            memo[key] = any(
                completes(nxt, _without(left, die)) for die in set(left) for _m, nxt in pos.single_moves(die)
            )
        return memo[key]

    states = [(position, dice.moves_of(position.variant))]
    for move in prefix:
        states = [
            (nxt, _without(left, die))
            for pos, left in states
            for die in set(left)
            for m, nxt in pos.single_moves(die)
            if (m.src, m.dst) == (move.src, move.dst)
        ]
    complete = None
    options: list[Move] = []
    seen: set[tuple[int, int]] = set()
    for pos, left in states:
        if prefix and complete is None:
            complete = targets.get((pos.board, pos.bar))
        for die in sorted(set(left), reverse=True):
            for m, nxt in pos.single_moves(die):
                if (m.src, m.dst) not in seen and completes(nxt, _without(left, die)):
                    seen.add((m.src, m.dst))
                    options.append(m)
    return tuple(options), complete


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)
