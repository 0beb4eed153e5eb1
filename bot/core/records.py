"""The server's records as data: leaderboards, a player's stats, recent games. The sentences that show
them are in :mod:`bot.texts`."""

from __future__ import annotations

from dataclasses import dataclass

from bot import texts
from bot.core import catalogue
from bot.core.context import Context
from bot.core.notices import Info, Result
from bot.models import GameRecord, MoneyResult, PlayerRef, RatedPlayer, Record
from bot.placings import PlacingRatedPlayer
from bot.ratings import Rating
from bot.texts import multigam as multigam_texts


@dataclass(frozen=True, slots=True)
class Leaderboard:
    variant: str
    rows: tuple[RatedPlayer, ...]
    money: tuple[MoneyResult, ...] = ()  # money play, scored apart: points won minus lost


@dataclass(frozen=True, slots=True)
class PlacingLeaderboard:
    """A four-player game's leaderboard (OpenSkill ratings, :mod:`bot.placings`)."""

    variant: str
    rows: tuple[PlacingRatedPlayer, ...]


@dataclass(frozen=True, slots=True)
class VariantRating:
    variant: str
    rating: Rating
    rank: int | None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    record: Record
    ratings: tuple[VariantRating, ...]
    money: tuple[tuple[str, MoneyResult], ...] = ()


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
        return PlayerStats(user.name, record, tuple(rated), tuple(money))

    async def recent_games(self, guild_id: int, limit: int = 10) -> list[GameRecord]:
        return await self.ctx.store.recent_games(guild_id, limit)

    # ------------------------------------------------------------------ as answers
    async def leaderboard(self, guild_id: int, variant: str | None = None, limit: int = 10) -> Result:
        if variant is not None and variant in catalogue.MULTIPLAYER_VARIANTS:
            placing = await self.placing_leaderboards(guild_id, variant, limit)
            return Result([Info(multigam_texts.placing_leaderboards(placing, asked=variant))])
        boards = await self.leaderboards(guild_id, variant, limit)
        text = texts.leaderboards(boards, asked=variant)
        if variant is None:  # every game: the four-player boards too
            four = await self.placing_leaderboards(guild_id, None, limit)
            placing = multigam_texts.placing_leaderboards(four)
            if placing:
                text = placing if not any(b.rows for b in boards) else f"{text}\n{placing}"
        return Result([Info(text)])

    async def stats(self, guild_id: int, user: PlayerRef) -> Result:
        text = texts.player_stats(await self.player_stats(guild_id, user))
        store = self.ctx.store
        for variant, rating in await store.player_placing_ratings(guild_id, user.user_id):
            rank = await store.placing_rank(guild_id, variant, user.user_id)
            text += "\n" + multigam_texts.placing_stats_line(variant, rating, rank)
        return Result([Info(text)])

    async def history(self, guild_id: int, limit: int = 10) -> Result:
        return Result([Info(texts.history(await self.recent_games(guild_id, limit)))])


__all__ = ["Leaderboard", "PlacingLeaderboard", "PlayerStats", "Records", "VariantRating"]
