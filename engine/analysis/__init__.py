"""Post-game analysis as data: for each player what they lost per decision and gnubg's rating of
it, the luck of their dice, their three worst decisions, and the winning chances over the game.

    analyse(variant, events, match=None) -> GameAnalysis

``events`` is the game's record (``Game.events``: what :func:`engine.game.replay` rebuilds the game
from), ``match`` its :class:`~engine.game.MatchContext` (the score before the game). The result is a
:class:`~engine.analysis.model.GameAnalysis` (JSON in and out for storage). Where the numbers come
from, per variant:

- ``backgammon`` and ``backgammon-mulligan``: gnubg at 2 ply, checker plays and cube decisions
  (:mod:`engine.analysis.backgammon`), in equity;
- the two-player 6-point games: the solved game's exact table once one is registered, the ``hard``
  level's evaluation until then, labelled approximate (:mod:`engine.analysis.sixpoint`), in
  winning chance;
- ``multigam``: the placing model, labelled approximate (:mod:`engine.analysis.multigam`), in
  expected placing points.

It is CPU work (a 60-play backgammon game takes a few seconds): run it in a worker process.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.model import (
    ChancePoint,
    Decision,
    GameAnalysis,
    PlayerSummary,
    Review,
    Source,
    Unit,
)
from engine.events import Event
from engine.scoring import MatchContext
from engine.variants import Variant, find_variant

__all__ = [
    "ChancePoint",
    "Decision",
    "GameAnalysis",
    "PlayerSummary",
    "Review",
    "Source",
    "Unit",
    "analyse",
]


def analyse(
    variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None
) -> GameAnalysis:
    """The analysis of the game recorded in ``events`` (see the module's docstring)."""
    v = find_variant(variant)
    if v.is_backgammon:
        from engine.analysis import backgammon

        return backgammon.analyse(v.name, events, match)
    if v.is_multiplayer:
        from engine.analysis import multigam

        return multigam.analyse(v.name, events, match)
    from engine.analysis import sixpoint

    return sixpoint.analyse(v.name, events, match)
