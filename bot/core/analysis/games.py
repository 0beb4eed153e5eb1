"""A finished game as its analysis needs it, and its stored analysis, read from the store: by the one who
asks for the analysis (:mod:`bot.core.analysis.reports`, within their server) and by the worker that
analyses it (:mod:`bot.core.analysis.jobs`, in any process)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.core.checks import stored
from bot.core.errors import ServiceError
from bot.models import MatchRecord, MatchStatus
from bot.store import DamagedRecord, Store
from bot.texts import analysis as words
from engine import Event, MatchContext, Outcome, find_variant
from engine.analysis import GameAnalysis
from engine.analysis.model import FORMAT_VERSION
from engine.errors import GameDataError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the analysis needs it: its record, its match's seats, and how it ended."""

    game_id: int
    match: MatchRecord
    number: int
    context: MatchContext
    outcome: Outcome
    events: tuple[Event, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.match.seats)


async def read_finished_game(store: Store, game_id: int, guild_id: int | None = None) -> FinishedGame:
    """Game ``game_id`` (of server ``guild_id``, when given), if it is over; a refusal otherwise."""
    try:
        match_id = await stored(store.game_match_id(game_id), words.no_such_game(game_id))
        record = await store.match(match_id)
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise ServiceError(words.no_such_game(game_id))
        found = next((g for g in await store.games(record.match_id) if g.game_id == game_id), None)
        if found is None:
            raise ServiceError(words.no_such_game(game_id))
        if found.outcome is None:
            if record.status is MatchStatus.ACTIVE:
                raise ServiceError(words.game_in_play(game_id))
            raise ServiceError(words.game_unfinished(game_id))
        variant = find_variant(record.variant)
        return FinishedGame(
            game_id,
            record,
            found.number,
            MatchContext.from_json(found.context, variant),
            Outcome.from_json(found.outcome),
            tuple(await store.game_events(game_id)),
        )
    except ServiceError:
        raise
    except (DamagedRecord, GameDataError, ValueError) as exc:
        log.error("game %s cannot be read for its analysis: %s", game_id, exc)
        raise ServiceError(words.CANNOT_ANALYSE) from None


async def stored_analysis(store: Store, game_id: int) -> GameAnalysis | None:
    """The stored analysis of ``game_id``, if there is one in this code's format that can be read (an
    unreadable one is logged, and analysed again)."""
    try:
        stored = await store.analysis(game_id)
        if stored is None or stored.format != FORMAT_VERSION:
            return None
        return GameAnalysis.from_json(stored.data)
    except (DamagedRecord, GameDataError) as exc:
        log.warning("the stored analysis of game %s is unreadable; analysing again: %s", game_id, exc)
        return None


__all__ = ["FinishedGame", "read_finished_game", "stored_analysis"]
