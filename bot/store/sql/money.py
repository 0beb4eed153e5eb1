"""Which games the money leaderboard counts: one condition, for its rows and for its size."""

from __future__ import annotations

MONEY_GAMES = (
    "m.target = 0 AND m.status = 'finished' AND g.outcome IS NOT NULL"
    " AND NOT EXISTS (SELECT 1 FROM match_players c WHERE c.match_id = m.match_id AND c.level IS NOT NULL)"
)
"""The games the money leaderboard counts (with ``g`` a game, ``m`` its match): the finished games of
finished money matches between people. Games against the computer are kept apart: their points are not
won from anyone."""


__all__ = ["MONEY_GAMES"]
