"""Match records to take away: ``/minigam export`` attaches the match of a channel (in play, or the last one
played there) as a ``.mat`` file in the Jellyfish format that gnubg, XG and BGBlitz import."""

from __future__ import annotations

import datetime

from bot import texts
from bot.core import finding
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.match_dice import stored_seed
from bot.core.notices import Reply, Result
from bot.models import MatchStatus
from bot.store import DamagedRecord
from engine import MatchContext, Outcome, find_variant
from engine.mat import GameRecord, MatchRecord, MatError, write_match


class Exports:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def mat(
        self, channel_id: int, user_id: int | None = None, *, guild_id: int | None = None
    ) -> Result:
        """The ``.mat`` record of the match a command typed in ``channel_id`` (by ``user_id``) is about: in
        play, or the last one played there (:func:`~bot.core.finding.to_show`)."""
        if user_id is None:
            live = self.ctx.live.played_in(channel_id)
            match_id = live.match_id if live is not None else await self.ctx.store.latest_match_id(channel_id)
        else:
            try:
                match_id = await finding.to_show(self.ctx, channel_id, user_id, guild_id)
            except ServiceError:
                if len(self.ctx.live.of_user(user_id, guild_id)) > 1:
                    raise  # which of their matches they mean
                match_id = None
        if match_id is None:
            raise ServiceError(texts.NOTHING_TO_EXPORT)
        record = await self.ctx.store.match(match_id)
        assert record is not None
        variant = find_variant(record.variant)
        if variant.name != "backgammon":
            raise ServiceError(texts.no_mat_for(variant))
        try:
            games = []
            for stored in await self.ctx.store.games(match_id):
                events = tuple(await self.ctx.store.game_events(stored.game_id))
                context = MatchContext.from_json(stored.context, variant)
                outcome = Outcome.from_json(stored.outcome) if stored.outcome is not None else None
                games.append(GameRecord(events, context, outcome))
            seed = await stored_seed(self.ctx.store, match_id)
            dice_lines: tuple[str, ...] = ()
            if seed is not None:  # the commitment; once the match is over, the seed
                dice_lines = (f"Dice commitment: {seed.commitment}",)
                if record.status is not MatchStatus.ACTIVE:
                    dice_lines += (f"Dice seed: {seed.reveal()}",)
            text = write_match(
                MatchRecord(
                    names=(record.seats[0].name, record.seats[1].name),
                    target=record.target,
                    games=tuple(games),
                    jacoby=games[0].context.jacoby if games else True,
                    date=datetime.datetime.fromtimestamp(record.created_at, datetime.UTC).date(),
                    comments=dice_lines,
                )
            )
        except (DamagedRecord, MatError, ValueError) as exc:
            raise ServiceError(texts.cannot_export(exc)) from None
        filename = f"minigam-match-{match_id}.mat"
        return Result([Reply(texts.exported(record.status, len(games)), files=((filename, text.encode()),))])


__all__ = ["Exports"]
