"""The server's records as data: leaderboards, a player's stats, recent games. The sentences that show
them are in :mod:`bot.texts`."""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

from bot import texts
from bot.core import catalogue, standings
from bot.core.analysis.performance import average_prs
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import Info, PlayerCard, Result, Standings
from bot.core.standings import PlacingStanding, PlayerStats, StandingsPage, VariantRating
from bot.models import GameRecord, MoneyResult, PlayerRef, RatedPlayer, Record
from bot.ratings.placings import PlacingRatedPlayer
from bot.texts import multigam as multigam_texts

log = logging.getLogger(__name__)

LAST_DATE = 253_402_300_800.0
"""The year 10000 begins: a time at or past it is no date anyone can be shown."""


@dataclass(frozen=True, slots=True)
class Leaderboard:
    variant: str
    rows: tuple[RatedPlayer, ...]
    money: tuple[MoneyResult, ...] = ()  # money play, scored apart: points won minus lost


@dataclass(frozen=True, slots=True)
class PlacingLeaderboard:
    """A four-player game's leaderboard (OpenSkill ratings, :mod:`bot.ratings.placings`)."""

    variant: str
    rows: tuple[PlacingRatedPlayer, ...]


class Records:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def leaderboards(
        self, guild_id: int, variant: str | None = None, limit: int = 10
    ) -> list[Leaderboard]:
        store = self.ctx.store
        if variant:
            names = [catalogue.two_player_variant(variant).name]
        else:
            names = sorted({*await store.rated_variants(guild_id), *catalogue.CUBE_VARIANTS})
        out = []
        for name in names:
            rows = await store.leaderboard(guild_id, name, limit)
            money = (
                await store.money_results(guild_id, name, limit) if name in catalogue.CUBE_VARIANTS else []
            )
            out.append(Leaderboard(name, tuple(rows), tuple(money)))
        return out

    async def placing_leaderboards(
        self, guild_id: int, variant: str | None = None, limit: int = 10
    ) -> list[PlacingLeaderboard]:
        store = self.ctx.store
        if variant:
            names = [catalogue.multiplayer_variant(variant).name]
        else:
            names = await store.placing_variants(guild_id)
        return [
            PlacingLeaderboard(name, tuple(await store.placing_leaderboard(guild_id, name, limit)))
            for name in names
        ]

    async def player_stats(self, guild_id: int, user: PlayerRef) -> PlayerStats:
        store = self.ctx.store
        record = await store.player_record(guild_id, user.user_id)
        rated = []
        for variant, rating in await store.player_ratings(guild_id, user.user_id):
            rated.append(VariantRating(variant, rating, await store.rank(guild_id, variant, user.user_id)))
        played = await store.player_money(guild_id, user.user_id)
        money = [(v, m) for v, m in played if v in catalogue.CUBE_VARIANTS]  # multigam's games: placings
        placings = [
            PlacingStanding(variant, rating, await store.placing_rank(guild_id, variant, user.user_id))
            for variant, rating in await store.player_placing_ratings(guild_id, user.user_id)
        ]
        try:
            performance = await average_prs(store, guild_id, user.user_id)
        except ValueError as exc:  # an analysis that cannot be read: the stats without the average PR
            log.warning("the average PR of user %s cannot be read: %s", user.user_id, exc)
            performance = ()
        tournaments = await store.tournament_results(guild_id, user.user_id)
        return PlayerStats(
            user.name,
            record,
            tuple(rated),
            tuple(money),
            tuple(placings),
            performance=performance,
            tournaments=tournaments,
        )

    async def recent_games(self, guild_id: int, limit: int = 10) -> list[GameRecord]:
        """The server's last finished games, newest first; one whose time of finish is garbage is left out
        (and logged), like any row of a list that cannot be read."""
        games = await self.ctx.store.recent_games(guild_id, limit)
        out = []
        for game in games:
            if math.isfinite(game.finished_at) and 0 <= game.finished_at < LAST_DATE:
                out.append(game)
            else:
                log.warning("left out of the history: game %s finished at %r", game.game_id, game.finished_at)
        return out

    # ------------------------------------------------------------------ as answers
    async def leaderboard(
        self, guild_id: int, variant: str | None = None, limit: int = 10, *, page: int = 0
    ) -> Result:
        """A leaderboard (one game's, or every game's): page ``page`` of it, and the top ``limit`` of
        each board as text."""
        if variant is not None:
            variant = catalogue.known_variant(variant).name
        if variant is not None and variant in catalogue.MULTIPLAYER_VARIANTS:
            placing = await self.placing_leaderboards(guild_id, variant, limit)
            text = multigam_texts.placing_leaderboards(placing, asked=variant)
        else:
            boards = await self.leaderboards(guild_id, variant, limit)
            text = texts.leaderboards(boards, asked=variant)
            if variant is None:  # every game: the four-player boards too
                four = await self.placing_leaderboards(guild_id, None, limit)
                placing = multigam_texts.placing_leaderboards(four)
                if placing:
                    text = placing if not any(b.rows or b.money for b in boards) else f"{text}\n{placing}"
        return Result([Standings(text, await standings.page_of(self.ctx, guild_id, variant, page))])

    async def page(self, guild_id: int, asked: str | None, page: int) -> StandingsPage | None:
        """Page ``page`` of a leaderboard (one game's, or every game's), as it is now."""
        if asked is not None:
            asked = catalogue.known_variant(asked).name
        return await standings.page_of(self.ctx, guild_id, asked, page)

    async def stats(self, guild_id: int, user: PlayerRef) -> Result:
        """A player's record and ratings, and their rating over time."""
        found = await self.player_stats(guild_id, user)
        if found.record == Record() and not (
            found.ratings or found.money or found.placings or found.tournaments[0]
        ):
            raise ServiceError(texts.no_games_yet(user.name))  # a row of zeros says nothing
        text = texts.player_stats(found)
        for p in found.placings:
            text += "\n" + multigam_texts.placing_stats_line(p.variant, p.rating, p.rank)
        try:
            history = await self.ctx.store.rating_history(guild_id, user.user_id)
        except ValueError as exc:  # a row that cannot be read: the stats without their chart
            log.warning("the rating history of user %s cannot be read: %s", user.user_id, exc)
            history = []
        return Result([PlayerCard(text, found, standings.rating_chart(user.name, history))])

    async def history(self, guild_id: int, limit: int = 10) -> Result:
        return Result([Info(texts.history(await self.recent_games(guild_id, limit)))])


__all__ = ["Leaderboard", "PlacingLeaderboard", "PlayerStats", "Records", "VariantRating"]
