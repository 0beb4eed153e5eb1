"""Post-game analysis: ``/minigam analyse`` and the Analyse button of every game's last board.

:meth:`Analyses.report` finds a finished game of the server (by its number, or the last one finished in
a channel), and answers with an :class:`~bot.core.notices.AnalysisReport` for whoever asked. The analysis
is computed once per game and stored with the engine's analysis format: asking again reads it back, and a
stored analysis of an older format is computed again. Anyone may ask: the games of a server are played in
its channels, in public.

An analysis that is not stored is asked for through the database: a job row (one per game, however many
ask, in however many processes), which the analysis workers of any process take
(:mod:`bot.core.analysis.jobs`; this process's are :attr:`Analyses.jobs`); the asker waits for the
analysis to be stored, looking every ``POLL`` seconds (at once when this process's workers finish a job),
for ``WAIT`` seconds at most. Two people asking at once in one process share one wait.

The last game of a backgammon match of several games covers the whole match too: every game of it is
analysed (side by side, each once and stored like any other), and the report adds each player's totals over
the match: the loss per decision, gnubg's rating, the performance rating (PR) and the luck.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging

from bot import texts
from bot.core.actions import Control
from bot.core.analysis.games import FinishedGame, read_finished_game, stored_analysis
from bot.core.analysis.jobs import AnalysisJobs
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import AnalysisReport, LastBoard, Result
from bot.models import GameRecord, MatchStatus, Prompt
from bot.store.protocol_analysis import JobStatus
from bot.texts import analysis as words
from bot.workers.analysing import Analyst
from engine import find_variant
from engine.analysis import GameAnalysis, PlayerSummary
from engine.analysis.totals import match_totals

log = logging.getLogger(__name__)

CHOICES = 25
"""Autocomplete offers at most 25 of a player's recent games."""
WAIT = 300.0
"""Seconds an asker waits for an analysis (Discord lets a deferred answer come for 15 minutes)."""
POLL = 0.5
"""Seconds between an asker's looks at the store while another process analyses."""


class Analyses:
    """Finding a finished game, having it analysed once, and reporting it. ``analyst`` runs this process's
    analyses, for the jobs :attr:`jobs` takes (whoever runs the core starts and closes them)."""

    def __init__(self, ctx: Context, analyst: Analyst, *, wait: float = WAIT, poll: float = POLL) -> None:
        self.ctx = ctx
        self.jobs = AnalysisJobs(ctx.store, analyst, ctx.clock, slots=analyst.at_once)
        self.wait = wait
        self.poll = poll
        self._asking: dict[int, asyncio.Task[GameAnalysis]] = {}  # game id -> this process's one wait

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
                live = self.ctx.live.played_in(channel_id)
                raise ServiceError(words.GAME_STILL_PLAYED_HERE if live else words.NOTHING_ANALYSED_HERE)
        game = await self.finished_game(guild_id, game_id)
        analysis = await self.analysis(game)
        earlier = await self._rest_of_match(game)
        if not earlier:
            return Result([self._report(game, analysis)])
        analyses = await asyncio.gather(*(self.analysis(g) for g in earlier))  # analysed side by side
        totals = match_totals([*analyses, analysis])
        return Result([self._report(game, analysis, totals, len(earlier) + 1)])

    async def _rest_of_match(self, game: FinishedGame) -> list[FinishedGame]:
        """The earlier games of ``game``'s match when ``game`` ends a backgammon match of several games (its
        analysis then covers the whole match); none otherwise."""
        record = game.match
        if not find_variant(record.variant).is_backgammon or record.target <= 0:
            return []
        if record.status is MatchStatus.ACTIVE:
            return []
        games = await self.ctx.store.games(record.match_id)
        finished = [g for g in games if g.outcome is not None]
        if len(finished) < 2 or finished[-1].game_id != game.game_id or len(finished) != len(games):
            return []
        guild_id = record.guild_id
        return [await read_finished_game(self.ctx.store, g.game_id, guild_id) for g in finished[:-1]]

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
        return await read_finished_game(self.ctx.store, game_id, guild_id)

    async def analysis(self, game: FinishedGame) -> GameAnalysis:
        """The game's analysis: the stored one, else asked for (once, however many ask) and waited for."""
        stored = await self._stored(game.game_id)
        if stored is not None:
            return stored
        task = self._asking.get(game.game_id)
        if task is None:
            task = asyncio.create_task(self._ask(game.game_id), name=f"analysis-of-game-{game.game_id}")
            self._asking[game.game_id] = task
            task.add_done_callback(lambda done: self._answered(game.game_id, done))
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
        return await stored_analysis(self.ctx.store, game_id)

    async def _ask(self, game_id: int) -> GameAnalysis:
        """Ask for the analysis of ``game_id`` (a job, or the one already asked for) and wait for it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.wait
        job_id = await self._request(game_id)
        if not self.jobs.started:
            log.info("game %s: waiting for the analysis workers of another process", game_id)
        while True:
            analysis = await self._stored(game_id)
            if analysis is not None:
                return analysis
            job = await self.ctx.store.analysis_job(job_id)
            if job is None or job.status is JobStatus.FAILED:
                log.error(
                    "game %s could not be analysed: %s", game_id, job.error if job else "its job is gone"
                )
                raise ServiceError(words.CANNOT_ANALYSE)
            if job.status is JobStatus.DONE:
                analysis = await self._stored(game_id)  # stored since the look above
                if analysis is not None:
                    return analysis
                job_id = await self._request(game_id)  # done, yet not in this code's format: again
            left = deadline - loop.time()
            if left <= 0:
                log.warning(
                    "game %s: no analysis after %s s (job %s %s)", game_id, self.wait, job_id, job.status
                )
                raise ServiceError(words.ANALYSIS_TOO_SLOW)
            await self.jobs.ended(min(self.poll, left))

    async def _request(self, game_id: int) -> int:
        async with self.ctx.store.transaction(durable=False) as tx:
            job_id = await tx.request_analysis_job(game_id, self.ctx.clock.now())
        self.jobs.wake()
        return job_id

    def _answered(self, game_id: int, task: asyncio.Task[GameAnalysis]) -> None:
        if self._asking.get(game_id) is task:
            del self._asking[game_id]
        if not task.cancelled():
            task.exception()  # retrieved here: everyone who asked may have given up

    def _report(
        self,
        game: FinishedGame,
        analysis: GameAnalysis,
        totals: tuple[PlayerSummary, ...] = (),
        games: int = 0,
    ) -> AnalysisReport:
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
            words.summary_text(heading, outcome, analysis, names, totals, games),
            totals,
            games,
        )


def offer_analysis(board: LastBoard, game_id: int | None) -> LastBoard:
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
