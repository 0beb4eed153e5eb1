"""The computer's thinking off the event loop.

The computer players' searches are pure Python (a ``hard`` move is tens to hundreds of milliseconds of
CPU), so in a thread they hold the interpreter lock and slow the bot's replies. :class:`Thinker` runs them
(:mod:`bot.workers.pool`) in worker processes when it has any, in a thread otherwise, and in a thread again if
the workers ever break. Each process keeps one player per variant and level (:func:`player`); a worker
warms up at start (:func:`warm_up`) so that the first move does not pay for the race tables and the
network weights.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Literal

from bot.timing import timed
from bot.workers.pool import Workers
from engine import VARIANTS, Awaiting, Game, Play, SeededDice
from engine import ai as engine_ai

log = logging.getLogger(__name__)

PlayerFactory = Callable[[str, str], engine_ai.Player]
Hinter = Callable[[Game, int | None], list[engine_ai.Hint]]
Decision = Literal["choose_play", "wants_to_double", "accepts_double", "accepts_resignation"]

DECISIONS: dict[Awaiting, Decision] = {
    Awaiting.PLAY: "choose_play",
    Awaiting.ROLL: "wants_to_double",
    Awaiting.DOUBLE_ANSWER: "accepts_double",
    Awaiting.RESIGN_ANSWER: "accepts_resignation",
}
"""What the computer is asked, by what the game waits for."""

QUICK_LEVEL = "easy"
"""The level that answers when a thought takes longer than its limit: one ply, milliseconds."""

_players: dict[tuple[str, str], engine_ai.Player] = {}  # this process's players, by (variant, level)


def player(variant: str, level: str) -> engine_ai.Player:
    """This process's computer player of ``level`` for ``variant``, made on first use."""
    key = (variant, level)
    found = _players.get(key)
    if found is None:
        found = _players[key] = engine_ai.get_player(variant, level)
    return found


def decide(kind: Decision, game: Game, level: str) -> Any:
    """The computer's ``kind`` of answer (a play, take or drop, accept or reject) for ``game``."""
    return ask(player(game.variant.name, level), kind, game)


def ask(computer: engine_ai.Player, kind: Decision, game: Game) -> Any:
    """Ask ``computer`` for its ``kind`` of answer for ``game``."""
    match kind:
        case "choose_play":
            return computer.choose_play(game)
        case "wants_to_double":
            return computer.wants_to_double(game)
        case "accepts_double":
            return computer.accepts_double(game)
        case "accepts_resignation":
            return computer.accepts_resignation(game)
    raise ValueError(f"no such decision: {kind!r}")


def warm_up() -> None:
    """Load what a first move would otherwise pay for: every variant's ``hard`` player (race tables,
    the backgammon network) and one evaluation with it; the other levels share those. Changes no answer."""
    for name in VARIANTS:
        try:
            game = Game.start(name, SeededDice(1))
            for level in engine_ai.LEVELS:
                player(name, level)
            engine_ai.hint(game, 1)
        except Exception:
            log.exception("warming up the %s players failed; they load on first use", name)


class Thinker:
    """Runs the computer's decisions and hints off the event loop, in ``workers`` processes (0: in a
    thread). ``computer`` and ``hinter`` replace the engine's players and hints (tests, the seeded
    console); they run in a thread, in this process."""

    def __init__(
        self, workers: int = 0, *, computer: PlayerFactory | None = None, hinter: Hinter | None = None
    ) -> None:
        self.workers = Workers(workers, initializer=warm_up, name="thinking")
        self._computer = computer
        self._hinter = hinter
        self._own_players: dict[tuple[str, str], engine_ai.Player] = {}

    def start(self) -> None:
        """Start the worker processes; they warm up in the background."""
        self.workers.start()

    def close(self) -> None:
        self.workers.close()

    @timed("think")
    async def decide(self, game: Game, level: str, limit: float | None = None) -> Play | bool:
        """The computer's answer to what ``game`` waits for: a play, or yes / no (double, take, accept).
        A thought that takes longer than ``limit`` seconds is left behind and the quick level answers, in
        this process, so one stuck worker can never stall a match."""
        kind = DECISIONS[game.awaiting]
        try:
            return await asyncio.wait_for(self._decide(kind, game, level), limit)
        except TimeoutError:
            log.warning(
                "the %s computer took more than %s s for %s; the %s level answers",
                level,
                limit,
                kind,
                QUICK_LEVEL,
            )
        return await asyncio.to_thread(ask, engine_ai.get_player(game.variant, QUICK_LEVEL), kind, game)

    async def choose_play(self, game: Game, level: str) -> Play:
        return await self._decide("choose_play", game, level)

    async def accepts_double(self, game: Game, level: str) -> bool:
        return await self._decide("accepts_double", game, level)

    async def accepts_resignation(self, game: Game, level: str) -> bool:
        return await self._decide("accepts_resignation", game, level)

    async def hint(self, game: Game, count: int | None = 3) -> list[engine_ai.Hint]:
        """The best ``count`` plays for the player to move (``None``: every play; see
        :func:`engine.ai.hint`)."""
        if self._hinter is not None:
            return await asyncio.to_thread(self._hinter, game, count)
        return await self.workers.run(engine_ai.hint, game, count)

    async def cube_hint(self, game: Game) -> engine_ai.CubeHint | None:
        """Backgammon's cube advice for the player who must act (see :func:`engine.ai.cube_hint`)."""
        return await self.workers.run(engine_ai.cube_hint, game)

    async def _decide(self, kind: Decision, game: Game, level: str) -> Any:
        if self._computer is None:
            return await self.workers.run(decide, kind, game, level)
        key = (game.variant.name, level)
        own = self._own_players.get(key)
        if own is None:
            own = self._own_players[key] = self._computer(*key)
        return await asyncio.to_thread(ask, own, kind, game)
