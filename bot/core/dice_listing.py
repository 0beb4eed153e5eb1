"""``/minigam dice [match]``: once a match is over, every die it threw and the seed they came from, as a
listing that ``python -m engine.dice verify`` checks (:mod:`engine.dice.record`). A match in play is
refused: its seed is what keeps its next dice unknown."""

from __future__ import annotations

from bot.core import finding
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.match_dice import stored_seed
from bot.core.notices import Reply, Result
from bot.models import MatchStatus
from bot.store import DamagedRecord
from bot.texts import dice as words
from engine import find_variant
from engine.dice.record import thrown_dice, write_listing


class DiceListings:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def listing(
        self, channel_id: int, user_id: int, match_id: int | None = None, *, guild_id: int | None = None
    ) -> Result:
        """The dice of match ``match_id`` of this server (default: the match a command typed in
        ``channel_id`` is about, :func:`~bot.core.finding.to_show`), with its seed, once it is over."""
        if match_id is None:
            try:
                match_id = await finding.to_show(self.ctx, channel_id, user_id, guild_id)
            except ServiceError:
                raise ServiceError(words.NO_DICE_HERE) from None
        try:
            record = await self.ctx.store.match(match_id)
        except DamagedRecord as exc:
            raise ServiceError(words.cannot_list(exc)) from None
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise ServiceError(words.no_such_match(match_id))
        if record.status is MatchStatus.ACTIVE:
            raise ServiceError(words.DICE_IN_PLAY)
        try:
            seed = await stored_seed(self.ctx.store, match_id)
            games = [
                await self.ctx.store.game_events(g.game_id) for g in await self.ctx.store.games(match_id)
            ]
        except DamagedRecord as exc:
            raise ServiceError(words.cannot_list(exc)) from None
        if seed is None:
            raise ServiceError(words.NO_SEED)
        names = [s.name for s in record.seats]
        title = find_variant(record.variant).title
        header = words.listing_header(match_id, title, names, seed.reveal(), seed.commitment)
        text = write_listing(games, header)
        count = sum(len(thrown_dice(events)) for events in games)
        reply = words.listing_reply(match_id, count, len(games), seed.reveal(), seed.commitment)
        filename = words.LISTING_FILE.format(match_id=match_id)
        return Result([Reply(reply, match_id=match_id, files=((filename, text.encode()),))])


__all__ = ["DiceListings"]
