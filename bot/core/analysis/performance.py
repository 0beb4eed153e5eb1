"""A player's average performance rating (PR) over their last analysed matches, per variant, for
``/minigam stats`` (issue 33 §4).

What counts, per backgammon variant (the analyses in equity, where PR applies): the player's last
:data:`MATCHES` finished matches to a number of points whose every game has been analysed (in the engine's
current analysis format) and in which they asked for no hint. A match's PR is 500 times the equity the player
lost over all its games, divided by their decisions that were not forced or obvious, as the match's analysis
shows it; the average is the plain mean of those matches' PRs, each match counting once. Money games do not
count: each is a game of its own at money equity, not a match, and a PR by the money cube's stakes is not
the one players compare.
"""

from __future__ import annotations

import logging

from bot.core import catalogue
from bot.core.standings import AveragePR
from bot.store import Store
from bot.store.protocol_analysis import AnalysedMatch
from engine import find_variant
from engine.analysis import GameAnalysis
from engine.analysis.model import FORMAT_VERSION
from engine.analysis.totals import match_totals, performance_rating
from engine.errors import EngineError

log = logging.getLogger(__name__)

MATCHES = 10
"""The analysed matches an average PR is taken over: the player's last ones, per variant."""

PR_VARIANTS = tuple(v for v in catalogue.ALL_VARIANTS if find_variant(v).is_backgammon)


async def average_prs(
    store: Store, guild_id: int, user_id: int, limit: int = MATCHES
) -> tuple[AveragePR, ...]:
    """``user_id``'s average PR in each backgammon variant they have analysed matches of in the server."""
    out = []
    for variant in PR_VARIANTS:
        found = await store.analysed_matches(guild_id, user_id, variant, FORMAT_VERSION, limit)
        prs = [pr for m in found if (pr := match_pr(m)) is not None]
        if prs:
            out.append(AveragePR(variant, sum(prs) / len(prs), len(prs)))
    return tuple(out)


def match_pr(match: AnalysedMatch) -> float | None:
    """The player's PR over the whole match (``None``: no decision counted, or an analysis unreadable)."""
    try:
        totals = match_totals([GameAnalysis.from_json(data) for data in match.analyses])
    except (EngineError, ValueError) as exc:
        log.warning("match %s left out of an average PR: %s", match.match_id, exc)
        return None
    if not 0 <= match.seat < len(totals):
        return None
    mine = totals[match.seat]
    return performance_rating(mine.loss, mine.decisions)


__all__ = ["MATCHES", "average_prs", "match_pr"]
