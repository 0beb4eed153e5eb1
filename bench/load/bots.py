"""The bot under load: in the benchmark's own process, or ``python -m bot`` of a checkout in a child
process; and how the players read the match in a channel (the core's table, or the bot's database).

A bot in a process writes its stage timings (:mod:`bot.timing`) to a file when it stops; a checkout from
before the timings writes none, and is measured from the outside only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import sqlite3
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bench.load.report import Stats
from bench.load.stages import read_traces
from bot import timing
from bot.store.postgres.driver import numbered
from bot.store.url import sqlite_path
from engine import Event, Game, MatchContext, replay
from engine.events import EventKind
from engine.replay import apply_event
from tests.e2e.standin import FakeDiscord
from tests.e2e.world import ROOT, BotProcess, World


class ServiceState:
    """The match in a channel, from the in-process bot's core."""

    def __init__(self, world: World) -> None:
        self.core = world.service

    def current(self, channel_id: int) -> tuple[Game, int, list[int]] | None:
        live = self.core.ctx.live.played_in(channel_id)
        if live is None or not live.is_live:
            return None
        return live.game, live.version, [s.user_id for s in live.record.seats]

    def active(self) -> int:
        return sum(1 for _ in self.core.ctx.live)


class DatabaseState:
    """The match in a channel, from the database of a bot in another process: only what every version of
    the schema has (so an older checkout's bot can be measured), and only the current game, replayed.

    It reads the database itself (``sqlite3`` read-only, or :class:`_PostgresReader`), not through the
    bot's store, for two reasons. ``--bot-tree`` and ``--against`` measure another checkout's bot on its own
    database: :func:`bot.store.open_store` would migrate that database to this checkout's schema under the
    running bot (or refuse one newer than this code), where this reader reads the columns every schema has
    and writes nothing. And it reads per turn only the plays made since the last look (``seq >= ?``),
    applied to the game it kept; the store's reads (``match``, ``games``, ``game_events``) return the whole
    match and the whole game each time, a cost that grows with the game and is counted in the load's own
    CPU beside the bot's.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._db: sqlite3.Connection | _PostgresReader | None = None
        # the games replayed so far, by game id: the events seen and the game after them (each turn then
        # replays only its new events: the load's own cost stays small beside the bot's)
        self._games: dict[int, tuple[int, Game]] = {}

    def _query(self, sql: str, params: tuple = ()) -> list[Any]:
        if self._db is None:
            path = sqlite_path(self.url)
            if path is None:
                self._db = _PostgresReader(self.url)
            else:
                self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
                self._db.row_factory = sqlite3.Row
        if isinstance(self._db, _PostgresReader):
            return self._db.query(sql, params)
        return self._db.execute(sql, params).fetchall()

    def current(self, channel_id: int) -> tuple[Game, int, list[int]] | None:
        rows = self._query(
            "SELECT match_id, variant, version, current_game_id FROM matches"
            " WHERE channel_id = ? AND status = 'active' ORDER BY match_id DESC LIMIT 1",
            (channel_id,),
        )
        if not rows or rows[0]["current_game_id"] is None:
            return None
        match = rows[0]
        seats = self._query(
            "SELECT user_id FROM match_players WHERE match_id = ? ORDER BY seat", (match["match_id"],)
        )
        game_id = int(match["current_game_id"])
        seen, game = self._games.get(game_id, (0, None))
        events = self._events(game_id, seen)
        if game is not None and all(e.kind is not EventKind.OPENING for e in events):
            for e in events:
                game = apply_event(game, e)  # what replay does after the opening
        else:
            [context] = self._query("SELECT context FROM games WHERE game_id = ?", (game_id,))
            ctx = json.loads(context["context"])
            score = tuple(ctx.get("score", (0, 0)))
            events = self._events(game_id, 0)
            game = replay(
                match["variant"], events, MatchContext(ctx.get("target", 0), score, bool(ctx.get("crawford")))
            )
            seen = 0
        self._games[game_id] = (seen + len(events), game)
        return game, int(match["version"]), [int(r["user_id"]) for r in seats]

    def _events(self, game_id: int, after: int) -> list[Event]:
        """A game's events from the ``after``-th on."""
        plays = self._query(
            "SELECT kind, player, dice, moves, value FROM plays WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, after),
        )
        return [
            Event(p["kind"], p["player"], _json_tuple(p["dice"]), _json_tuple(p["moves"]), p["value"])
            for p in plays
        ]

    def active(self) -> int:
        return int(self._query("SELECT COUNT(*) FROM matches WHERE status = 'active'")[0][0])

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _json_tuple(text: str) -> tuple:
    return tuple(json.loads(text))


class _PostgresReader:
    """One asyncpg connection on a loop of its own in a thread, read from plainly (like ``sqlite3``); not
    the store's, for the reasons :class:`DatabaseState` gives."""

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="load-reader", daemon=True)
        self._thread.start()
        self._conn = self._run(asyncpg.connect(url))

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def query(self, sql: str, params: tuple) -> list[Any]:
        return self._run(self._conn.fetch(numbered(sql), *params))

    def close(self) -> None:
        self._run(self._conn.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()


@dataclass
class RunningBot:
    """What the load needs of the bot under test: its matches, its processes (none: this one), and its
    traces (read once it has stopped)."""

    state: ServiceState | DatabaseState
    pids: tuple[int, ...]
    label: str
    traces: Callable[[], list[dict]]


class TreeBotProcess(BotProcess):
    """``python -m bot`` of the checkout ``tree``, with that checkout's own virtual environment."""

    def __init__(self, env: dict[str, str], cwd: Path, tree: Path) -> None:
        super().__init__({**env, "PYTHONPATH": str(tree)}, cwd)
        venv_python = tree / ".venv" / "bin" / "python"
        self.python = str(venv_python) if venv_python.exists() else sys.executable


def tree_label(tree: Path) -> str:
    """``this checkout`` or ``DIR @ commit``."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        commit = ""
    name = "this checkout" if tree.resolve() == ROOT else str(tree)
    return f"{name} @ {commit}" if commit else name


@contextlib.asynccontextmanager
async def bot_in_process(
    fake: FakeDiscord, tmp: Path, args: argparse.Namespace, stats: Stats, database_url: str | None
) -> AsyncIterator[RunningBot]:
    was_on = timing.enabled()
    timing.enable()
    timing.clear()
    world = World(fake, tmp, seed=args.seed, ai_workers=args.ai_workers, database_url=database_url)
    world.settings = dataclasses.replace(world.settings, render_workers=args.render_workers)
    kept: list[dict] = []
    await world.start()
    try:
        yield RunningBot(ServiceState(world), (), "in this process", lambda: kept)
    finally:
        await world.close()
        stats.errors.extend(f"bot log: {line}" for line in world.warnings())
        kept.extend(t.to_json() for t in timing.traces())
        if not was_on:
            timing.disable()


@contextlib.asynccontextmanager
async def bot_in_a_process(
    fake: FakeDiscord, tmp: Path, args: argparse.Namespace, stats: Stats, tree: Path, database_url: str | None
) -> AsyncIterator[RunningBot]:
    world = World(fake, tmp, seed=args.seed, database_url=database_url)
    env = world.process_env()
    if world.db.path is not None:
        env["DATABASE_PATH"] = str(world.db.path)  # for a checkout from before DATABASE_URL
    timings = tmp / "timings.json"
    if args.timings:
        env[timing.ENV] = str(timings)
    env["RENDER_WORKERS"] = str(args.render_workers)
    env["AI_WORKERS"] = str(args.ai_workers)
    process = TreeBotProcess(env, tmp, tree)
    state: DatabaseState | None = None
    await process.start()
    try:
        await fake.wait_for_identify(1, within=60)
        await fake.wait_for(
            lambda: any("connected as" in line for line in process.output),
            within=60,
            what="the bot's on_ready",
        )
        state = DatabaseState(world.settings.database_url)
        label = tree_label(tree) + (" on PostgreSQL" if world.db.path is None else "")
        yield RunningBot(state, (process.pid,), label, lambda: read_traces(timings))
    finally:
        if state is not None:
            state.close()
        code = await process.stop()
        if code != 0:
            stats.errors.append(f"the bot process exited with status {code}")
        stats.errors.extend(f"bot log: {line}" for line in process.problems())


def start_bot(
    fake: FakeDiscord,
    tmp: Path,
    args: argparse.Namespace,
    stats: Stats,
    tree: Path | None,
    database_url: str | None = None,
) -> contextlib.AbstractAsyncContextManager[RunningBot]:
    """The bot under load (``database_url``: its database; None: a SQLite file in ``tmp``)."""
    if tree is None:
        return bot_in_process(fake, tmp, args, stats, database_url)
    return bot_in_a_process(fake, tmp, args, stats, tree, database_url)


__all__ = ["DatabaseState", "RunningBot", "ServiceState", "start_bot", "tree_label"]
