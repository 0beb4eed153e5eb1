"""Leaderboards page by page, and a player's rating over time, as data (the Discord app shows them as embeds
with page buttons and a chart; the console as text).

A leaderboard asked for (one game, or every game) is a sequence of boards: two-player ratings, money play
(the games with the cube) and four-player ratings, each cut into pages of :data:`PER_PAGE` players. A page
is found by its number among all of them, read fresh from the store each time (a page button works after
a restart, and shows the board as it is now).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.core import catalogue
from bot.core.context import Context
from bot.models import MoneyResult, RatedPlayer, Record, Standing
from bot.ratings.fibs import Rating
from bot.ratings.placings import PlacingRatedPlayer, PlacingRating
from bot.store.protocol_tables import RatingPoint

PER_PAGE = 15

Row = RatedPlayer | MoneyResult | PlacingRatedPlayer


@dataclass(frozen=True, slots=True)
class StandingsPage:
    """One page of a leaderboard: which board (``variant``, ``kind``), its players from rank ``first``, out
    of ``total`` on the board; page ``page`` of ``pages`` of everything asked (``asked``: one game, or
    ``None`` for every game)."""

    asked: str | None
    variant: str
    kind: Standing
    rows: tuple[Row, ...]
    first: int
    total: int
    page: int
    pages: int


@dataclass(frozen=True, slots=True)
class VariantRating:
    variant: str
    rating: Rating
    rank: int | None


@dataclass(frozen=True, slots=True)
class PlacingStanding:
    """A player's four-player rating in one game, and their rank."""

    variant: str
    rating: PlacingRating
    rank: int | None


@dataclass(frozen=True, slots=True)
class AveragePR:
    """A player's average performance rating in one game over their last ``matches`` analysed matches
    (:mod:`bot.core.analysis.performance` says which count)."""

    variant: str
    average: float
    matches: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    record: Record
    ratings: tuple[VariantRating, ...]
    money: tuple[tuple[str, MoneyResult], ...] = ()
    placings: tuple[PlacingStanding, ...] = ()
    performance: tuple[AveragePR, ...] = ()
    tournaments: tuple[int, int] = (0, 0)  # finished tournaments played in, and won


@dataclass(frozen=True, slots=True)
class RatingChart:
    """A player's rating over time: per game, ``(epoch seconds, rating)`` after each rated result."""

    name: str
    series: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]


async def boards(ctx: Context, guild_id: int, asked: str | None) -> list[tuple[str, Standing, int]]:
    """The boards of a leaderboard with their sizes: of one game (even empty), or every non-empty one."""
    store = ctx.store
    if asked is not None:
        if asked in catalogue.MULTIPLAYER_VARIANTS:
            wanted = [(asked, Standing.PLACINGS)]
        else:
            wanted = [(asked, Standing.RATINGS)]
            if asked in catalogue.CUBE_VARIANTS:
                wanted.append((asked, Standing.MONEY))
    else:
        rated = await store.rated_variants(guild_id)
        wanted = [(v, Standing.RATINGS) for v in catalogue.ALL_VARIANTS if v in rated]
        wanted += [(v, Standing.MONEY) for v in catalogue.CUBE_VARIANTS]
        placing = await store.placing_variants(guild_id)
        wanted += [(v, Standing.PLACINGS) for v in catalogue.ALL_VARIANTS if v in placing]
    sized = [(v, kind, await store.standing_size(guild_id, v, kind)) for v, kind in wanted]
    shown = [b for b in sized if b[2]]
    return shown or sized[:1]


async def page_of(ctx: Context, guild_id: int, asked: str | None, page: int) -> StandingsPage | None:
    """Page ``page`` (counted over every board asked; clamped to the last) of a leaderboard; ``None`` when
    there is no board at all."""
    found = await boards(ctx, guild_id, asked)
    if not found:
        return None
    counts = [max(1, math.ceil(size / PER_PAGE)) for _v, _k, size in found]
    pages = sum(counts)
    page = min(max(0, page), pages - 1)
    local = page
    for (variant, kind, size), count in zip(found, counts, strict=True):
        if local < count:
            offset = local * PER_PAGE
            rows = await _rows(ctx, guild_id, variant, kind, offset)
            return StandingsPage(asked, variant, kind, tuple(rows), offset + 1, size, page, pages)
        local -= count
    raise AssertionError("a page past the last")


async def _rows(ctx: Context, guild_id: int, variant: str, kind: Standing, offset: int) -> list[Row]:
    store = ctx.store
    match kind:
        case Standing.RATINGS:
            return list(await store.leaderboard(guild_id, variant, PER_PAGE, offset))
        case Standing.MONEY:
            return list(await store.money_results(guild_id, variant, PER_PAGE, offset))
        case Standing.PLACINGS:
            return list(await store.placing_leaderboard(guild_id, variant, PER_PAGE, offset))
    raise ValueError(kind)


def rating_chart(name: str, history: list[RatingPoint]) -> RatingChart | None:
    """The chart of ``history`` (a line per game), or ``None`` when there is none. A point that is not a
    number (a damaged row) is left out."""
    lines: dict[str, list[tuple[float, float]]] = {}
    for point in history:
        if math.isfinite(point.at) and math.isfinite(point.rating):
            lines.setdefault(point.variant, []).append((point.at, point.rating))
    series = tuple(
        (variant, tuple(points)) for variant in catalogue.ALL_VARIANTS if (points := lines.get(variant, ()))
    )
    return RatingChart(name, series) if series else None


__all__ = [
    "PER_PAGE",
    "AveragePR",
    "PlacingStanding",
    "PlayerStats",
    "RatingChart",
    "StandingsPage",
    "VariantRating",
    "boards",
    "page_of",
    "rating_chart",
]
