"""Ratings after a rated four-player game (OpenSkill, :mod:`bot.ratings.placings`), with the guards against
farming.

Who takes part: every seat, in the order the game placed them. People are rated with their stored rating
(per server and variant, apart from the two-player ratings); computer seats take part at a fixed rating
per level and are never stored or listed. A person's seat the computer took over (they left or ran out of
time) is rated on the place it reached, for that person: the place counts for them, as the records say.

The two-player guards, for four (:mod:`bot.core.rating` has them for two):

- **Only people who made a play are rated.** A person who resigned, left or timed out before making a
  play in the game is left out of the update (neither gains nor loses, and nobody gains from them), so a
  second account resigning at once feeds its owner nothing. The others are rated on the order among the
  remaining seats.
- **At least two people.** A game rates people only when two of them or more made a play (a lobby started
  by one person with three computers is unrated from the start, like ``vs-bot``).
- **The same people count 3 times a day.** The same set of rated people (exactly them) count for the
  ratings at most ``pair_daily_limit`` (3) times in 24 hours per server; their further games that day are
  played and recorded, unrated.

When a guard holds a game back, its last board says why.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.core.context import DAY, Context
from bot.models import MatchRecord, Seat
from bot.ratings import placings
from bot.store import Transaction
from bot.texts import multigam as words
from engine import Outcome


def made_a_play(seat: Seat, number: int, played: Iterable[int]) -> bool:
    """Whether the person of ``seat`` made a play themselves (before the computer took over, if it did)."""
    if seat.replaced:
        return bool(seat.replaced_plays)
    return number in set(played)


def is_person(seat: Seat) -> bool:
    return seat.replaced or not seat.is_computer


async def rate_placings(
    ctx: Context, tx: Transaction, record: MatchRecord, outcome: Outcome, played: frozenset[int], now: float
) -> list[str]:
    """Update the people's ratings inside the game's transaction; the lines for the last board."""
    if not record.rated:
        return []
    seats = record.seats
    people = [n for n, s in enumerate(seats) if is_person(s) and made_a_play(s, n, played)]
    if len(people) < 2:
        return [words.UNRATED_TOO_FEW]
    limit = ctx.rules.pair_daily_limit
    user_ids = [seats[n].user_id for n in people]
    if await tx.rated_placing_games_of(record.guild_id, record.variant, user_ids, now - DAY) >= limit:
        return [words.unrated_group_limit(limit)]
    place = {p: i + 1 for i, p in enumerate(outcome.placings)}
    taking_part = sorted((n for n, s in enumerate(seats) if n in people or not is_person(s)), key=place.get)
    old = {n: await tx.placing_rating(record.guild_id, record.variant, seats[n].user_id) for n in people}
    skills = [
        (old[n].mu, old[n].sigma) if n in old else placings.computer_rating(seats[n].level or "")
        for n in taking_part
    ]
    new_skills = placings.rate_order(skills, [place[n] for n in taking_part])
    changes = []
    for n, skill in zip(taking_part, new_skills, strict=True):
        if n not in old:
            continue  # a computer seat: its rating is fixed
        new = placings.after_game(old[n], skill, place[n], outcome.scores[n])
        await tx.put_placing_rating(
            record.guild_id, record.variant, seats[n].user_id, old[n], new, place[n], record.match_id, now
        )
        changes.append((seats[n].name, old[n].conservative, new.conservative))
    return [words.ratings_line(changes)]


__all__ = ["is_person", "made_a_play", "rate_placings"]
