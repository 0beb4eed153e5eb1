"""Ratings after a rated match between two people, with the guard against farming.

A match changes ratings (FIBS's formula, :mod:`bot.ratings.fibs`) only when

- it was rated when it started (challenges are; games against the computer never are),
- **both players made a play in it**: a match resigned or forfeited before one of them moved proves
  nothing (a second account resigning at once, again and again, gains its owner nothing), and
- the same two people have had fewer than ``pair_daily_limit`` (3) rated matches in this server in the
  last 24 hours: past that their matches still count in the records, but not for the ratings. A
  tournament's pairings are exempt: the bot paired them, nobody chose their opponent.

And the guard holds over time: within ``pair_window`` (30 days), the same two people's first
``pair_full`` (3) rated matches in this server count in full, and their ``n``-th after that counts
``3/n`` of a match. Friends who meet once a week are hardly touched (their 5th match of a month counts
3/5); a second account that loses to its owner three times a day gives less and less: its 90th loss of a
month moves the ratings 1/30 of a match, and a whole month of it is worth about thirteen ordinary
matches, two months about seventeen (tested: 67 days of it, which took a player from 1500 to 2315
without this guard).

When a guard holds a match back, its last board says why.
"""

from __future__ import annotations

from bot import texts
from bot.core.context import DAY, Context
from bot.models import MatchRecord
from bot.ratings import fibs
from bot.store import Transaction


async def rate(
    ctx: Context, tx: Transaction, record: MatchRecord, winner_seat: int, played: frozenset[int], now: float
) -> list[str]:
    """Update both ratings inside the match's transaction; the lines to show on the last board."""
    if not record.rated or len(record.seats) != 2 or record.computer_level is not None:
        return []
    if played != {0, 1}:
        return [texts.UNRATED_NO_PLAY]
    winner = record.seats[winner_seat]
    loser = record.seats[1 - winner_seat]
    limit = ctx.rules.pair_daily_limit
    paired_by_the_bot = await tx.tournament_match(record.match_id)  # a tournament's pairing: no daily cap
    since_yesterday = now - DAY
    if (
        not paired_by_the_bot
        and await tx.rated_matches_between(record.guild_id, winner.user_id, loser.user_id, since_yesterday)
        >= limit
    ):
        return [texts.unrated_pair_limit(limit)]
    since = now - ctx.rules.pair_window
    nth = 1 + await tx.rated_matches_between(record.guild_id, winner.user_id, loser.user_id, since)
    length = max(1, record.target)
    old_w = await tx.rating(record.guild_id, record.variant, winner.user_id)
    old_l = await tx.rating(record.guild_id, record.variant, loser.user_id)
    weight = min(1.0, ctx.rules.pair_full / nth)
    new_w, new_l = fibs.after_match(old_w, old_l, length, weight)
    await tx.put_rating(record.guild_id, record.variant, winner.user_id, old_w, new_w, record.match_id, now)
    await tx.put_rating(record.guild_id, record.variant, loser.user_id, old_l, new_l, record.match_id, now)
    line = texts.ratings_line(winner.name, old_w.rating, new_w.rating, loser.name, old_l.rating, new_l.rating)
    return [line] if weight == 1 else [line, texts.pair_weight(weight, nth, ctx.rules.pair_window)]


__all__ = ["rate"]
