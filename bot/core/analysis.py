"""Post-game analysis: ``/minigam analyse`` and the Analyse button of every game's last board.

:meth:`Analyses.report` finds a finished game of the server (by its number, or the last one finished in
a channel), and answers with an :class:`~bot.core.notices.AnalysisReport` for whoever asked. The analysis
is computed once per game, in the analysis workers (:class:`~bot.analysing.Analyst`), and stored with
the engine's analysis format: asking again reads it back, and a stored analysis of an older format is
computed again. Two people asking at once share one computation. Anyone may ask: the games of a server
are played in its channels, in public.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from dataclasses import dataclass

from bot import texts
from bot.analysing import Analyst
from bot.core.actions import Control, Prompt
from bot.core.checks import stored
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import AnalysisReport, Board, Result
from bot.models import GameRecord, MatchRecord, MatchStatus
from bot.store import DamagedRecord
from bot.store.protocol_analysis import StoredAnalysis
from bot.texts import analysis as words
from engine import Event, MatchContext, Outcome, find_variant
from engine.analysis import GameAnalysis
from engine.analysis.model import FORMAT_VERSION
from engine.errors import GameDataError

log = logging.getLogger(__name__)

CHOICES = 25
"""Autocomplete offers at most 25 of a player's recent games."""


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


class Analyses:
    """Finding a finished game, analysing it once, and reporting it."""

    def __init__(self, ctx: Context, analyst: Analyst) -> None:
        self.ctx = ctx
        self.analyst = analyst
        self._running: dict[int, asyncio.Task[GameAnalysis]] = {}  # game id -> the one computation

    async def report(
        self, guild_id: int, channel_id: int, game_id: int | None = None, *, user_id: int | None = None
    ) -> Result:
        """The analysis of game ``game_id`` of the server (default: the game that finished last in
        ``channel_id``, or in the last match started from it: ``user_id``'s, if they played one), as a
        report for whoever asked. Refused, changing nothing, for a game of another server or none, and for
        a game still in play."""
        if game_id is None:
            game_id = await self._last_finished_here(channel_id, user_id)
            if game_id is None:
                live = self.ctx.table.in_channel(channel_id)
                raise ServiceError(words.GAME_STILL_PLAYED_HERE if live else words.NOTHING_ANALYSED_HERE)
        game = await self.finished_game(guild_id, game_id)
        analysis = await self.analysis(game)
        return Result([self._report(game, analysis)])

    async def _last_finished_here(self, channel_id: int, user_id: int | None) -> int | None:
        """The game a bare ``analyse`` typed in ``channel_id`` means: the last one finished in the last match
        played there or started from there (in its thread), else the last one finished in the channel."""
        store = self.ctx.store
        match_id = await store.last_match_here(channel_id, user_id) if user_id is not None else None
        if match_id is not None:
            finished = [g for g in await store.games(match_id) if g.outcome is not None]
            if finished:
                return finished[-1].game_id
        return await store.last_finished_game_id(channel_id)

    async def finished_game(self, guild_id: int, game_id: int) -> FinishedGame:
        """Game ``game_id`` of server ``guild_id``, if it is over; a refusal otherwise."""
        store = self.ctx.store
        try:
            match_id = await stored(store.game_match_id(game_id), words.no_such_game(game_id))
            record = await store.match(match_id)
            if record is None or record.guild_id != guild_id:
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

    async def analysis(self, game: FinishedGame) -> GameAnalysis:
        """The game's analysis: the stored one, else computed (once, however many ask) and stored."""
        stored = await self._stored(game.game_id)
        if stored is not None:
            return stored
        task = self._running.get(game.game_id)
        if task is None:
            task = asyncio.create_task(self._compute(game), name=f"analyse-game-{game.game_id}")
            self._running[game.game_id] = task
            task.add_done_callback(lambda done: self._finished(game.game_id, done))
        return await asyncio.shield(task)  # one asker giving up does not stop it for the others

    async def choices(self, guild_id: int, user_id: int, typed: str = "") -> list[tuple[int, str]]:
        """``(game id, label)`` of ``user_id``'s recent finished games in the server whose label holds
        every word typed, for autocomplete. Never raises."""
        try:
            games = await self.ctx.store.player_games(guild_id, user_id, CHOICES)
        except Exception:
            log.exception("the recent games of user %s cannot be listed", user_id)
            return []
        wanted = typed.lower().replace("#", " ").split()
        out = []
        for g in games:
            label = _choice_label(g)
            if all(_fits(w, g.game_id, label) for w in wanted):
                out.append((g.game_id, label))
        return out

    # ------------------------------------------------------------------ inside
    async def _stored(self, game_id: int) -> GameAnalysis | None:
        try:
            stored = await self.ctx.store.analysis(game_id)
        except DamagedRecord as exc:
            log.warning("the stored analysis of game %s is unreadable; analysing again: %s", game_id, exc)
            return None
        if stored is None or stored.format != FORMAT_VERSION:
            return None
        try:
            return GameAnalysis.from_json(stored.data)
        except GameDataError as exc:
            log.warning("the stored analysis of game %s is unreadable; analysing again: %s", game_id, exc)
            return None

    async def _compute(self, game: FinishedGame) -> GameAnalysis:
        variant = game.match.variant
        try:
            data, seconds = await self.analyst.analyse(variant, game.events, game.context)
            analysis = GameAnalysis.from_json(data)
        except (GameDataError, ValueError) as exc:
            log.error("game %s cannot be analysed: %s", game.game_id, exc)
            raise ServiceError(words.CANNOT_ANALYSE) from None
        log.info("game %s (%s) analysed in %.2f s", game.game_id, variant, seconds)
        row = StoredAnalysis(
            game.game_id, int(data["format"]), analysis.source.value, data, seconds, self.ctx.clock.now()
        )
        async with self.ctx.store.transaction() as tx:
            await tx.put_analysis(row)
        return analysis

    def _finished(self, game_id: int, task: asyncio.Task[GameAnalysis]) -> None:
        if self._running.get(game_id) is task:
            del self._running[game_id]
        if not task.cancelled():
            task.exception()  # retrieved here: everyone who asked may have given up

    def _report(self, game: FinishedGame, analysis: GameAnalysis) -> AnalysisReport:
        heading = words.title(game.game_id, game.match.variant, game.number, game.match.target)
        names = game.names
        outcome = f"{words.vs(names)} · {texts.outcome_line(game.outcome, names)}"
        return AnalysisReport(
            game.game_id,
            game.match.variant,
            names,
            game.events,
            game.context,
            analysis,
            heading,
            outcome,
            words.summary_text(heading, outcome, analysis, names),
        )


def offer_analysis(board: Board, game_id: int | None) -> Board:
    """A game's last board, offering that game's analysis first among its controls."""
    if game_id is None:
        return board
    analyse = Control(Prompt.ANALYSE, argument=str(game_id))
    return dataclasses.replace(board, controls=(analyse, *board.controls))


def _fits(word: str, game_id: int, label: str) -> bool:
    """A number typed is the start of a game's number; a word, part of its label (a name, the game)."""
    return str(game_id).startswith(word) if word.isdecimal() else word in label.lower()


def _choice_label(g: GameRecord) -> str:
    return words.game_choice(g.game_id, g.variant, [s.name for s in g.seats], g.finished_at)


__all__ = ["Analyses", "FinishedGame", "offer_analysis"]
