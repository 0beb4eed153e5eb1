"""A whole match's totals, from the analyses of its games: for each player the decisions counted, the
equity lost, gnubg's rating of the loss per decision, the performance rating and the luck, over every game.

    match_totals(analyses) -> tuple[PlayerSummary, ...]

The games' numbers are added as gnubg adds them for a match: each game's normalised equity (a single game
at a cube of 1 is one point), decisions and luck; the worst decisions stay with each game's own analysis.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.model import GameAnalysis, PlayerSummary, Unit
from engine.analysis.rating import performance_rating, rating

__all__ = ["match_totals", "performance_rating"]


def match_totals(analyses: Sequence[GameAnalysis]) -> tuple[PlayerSummary, ...]:
    """Each player's totals over ``analyses`` (the games of one match, in order, same seats). Only
    backgammon's analyses (in equity) are added up: ``ValueError`` for anything else or for none."""
    if not analyses:
        raise ValueError("a match has at least one game")
    if any(a.unit is not Unit.EQUITY for a in analyses):
        raise ValueError("only backgammon analyses (in equity) add up over a match")
    players = len(analyses[0].players)
    out = []
    for p in range(players):
        mine = [a.players[p] for a in analyses]
        decisions = sum(s.decisions for s in mine)
        loss = sum(s.loss for s in mine)
        luck = sum(s.luck for s in mine)
        rated = rating(loss / decisions) if decisions else None
        out.append(PlayerSummary(p, decisions, loss, rated, luck, ()))
    return tuple(out)
