"""Which games the money leaderboard counts: one condition, for its rows and for its size."""

from __future__ import annotations

MONEY_GAMES = (
    "m.target = 0 AND m.status = 'finished' AND g.outcome IS NOT NULL"
    " AND NOT EXISTS (SELECT 1 FROM match_players c WHERE c.match_id = m.match_id AND c.level IS NOT NULL)"
    " AND NOT EXISTS (SELECT 1 FROM game_hints h WHERE h.game_id = g.game_id)"
)
"""The games the money leaderboard counts (with ``g`` a game, ``m`` its match): the finished games of
finished money matches between people, in which nobody asked for a hint (``game_hints``). Games against
the computer, and games with hints, are kept apart."""


__all__ = ["MONEY_GAMES"]
