"""Walking a game's record (:func:`engine.replay.states`), and summing up reviews: what every analysis
shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.analysis.model import PlayerSummary, Review
from engine.dice import ROLLS, Dice


def summarise(
    players: int, reviews: Sequence[Review], rate: Callable[[float], str] | None, least: float = 0.0
) -> tuple[PlayerSummary, ...]:
    """Each player's totals and three worst decisions (those that lost at least ``least``: a loss that
    shows as nothing is no worst decision). Forced plays are never counted; ``rate`` names a loss per
    decision (``None``: no rating)."""
    out = []
    for p in range(players):
        mine = [r for r in reviews if r.player == p and not r.forced]
        loss = sum(r.loss for r in mine)
        luck = sum(r.luck for r in mine if r.luck is not None) + sum(
            r.luck for r in reviews if r.player == p and r.forced and r.luck is not None
        )
        lost = (r for r in mine if r.loss > 0 and r.loss >= least)
        worst = tuple(sorted(lost, key=lambda r: (-r.loss, r.index))[:3])
        per = loss / len(mine) if mine else 0.0
        out.append(PlayerSummary(p, len(mine), loss, rate(per) if rate and mine else None, luck, worst))
    return tuple(out)


def luck(best: Callable[[Dice], float], dice: Dice, *, first: bool) -> float:
    """The luck of rolling ``dice``: ``best(dice)`` (the value of the best play of a roll) against
    its average over every roll (``first``: the opening roll, never a double)."""
    total = weight = this_roll = 0.0
    for d, chance in ROLLS:
        if first and d.is_double:
            continue
        value = best(d)
        total += chance * value
        weight += chance
        if (d.high, d.low) == (dice.high, dice.low):
            this_roll = value
    return this_roll - total / weight
