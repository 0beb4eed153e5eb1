"""The scenarios' world: the stand-in, the real bot (in this process, or as ``python -m bot`` in another),
its database, its clock, and the moves people make.

Waiting is always for something observable: a stored version, a message, a reply; never a sleep.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.clock import FakeClock
from bot.config import Config
from engine import Game, Play, SeededDice
from tests.e2e.db import Database, StoredMatch
from tests.e2e.harness import LogCapture, pointed_at, running
from tests.e2e.standin import Channel, FakeDiscord, Interaction, Message, StandInError, User

ROOT = Path(__file__).resolve().parents[2]

BOT_LOGGERS = ("bot", "discord", "engine", "images")


# discord.py says once per process, at the first client's creation, that voice is unavailable. The bot has
# no voice features; these two lines are the library's, not a fault of the bot.
def board_version(message: Message) -> tuple[int, int] | None:
    """``(match_id, version)`` from a board message's component ids ``mg:<match>:<version>:<action>``."""
    for custom_id in message.custom_ids():
        m = re.match(r"mg:(\d+):(\d+):", custom_id)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def is_board(message: Message) -> bool:
    """A public message with the board picture."""
    return not message.ephemeral and bool(message.pngs)


def choose_play(game: Game) -> Play:
    """A quick, deterministic way to finish games: the play that leaves the mover the fewest pips (then
    the most checkers off, then the first in the engine's order)."""
    mover = game.turn
    plays = game.legal_plays()
    return min(
        plays,
        key=lambda p: (p.result.pip_count(mover), -p.result.off[mover]),
    )


class OpeningThenSeeded:
    """Dice given in advance (e.g. the opening roll), then repeatable seeded dice."""

    def __init__(self, first: list[int], seed: int = 1) -> None:
        self._first = list(first)
        self._rest = SeededDice(seed)

    def roll_die(self) -> int:
        if self._first:
            return self._first.pop(0)
        return self._rest.roll_die()


class World:
    """One scenario's world. ``await world.start()`` runs the bot in this process."""

    def __init__(
        self,
        fake: FakeDiscord,
        tmp_path: Path,
        *,
        seed: int = 1,
        dice: Any = None,
        challenge_timeout: float = 600.0,
        turn_timeout: float = 86400.0,
        sweep_interval: float = 3600.0,
        ai_workers: int = 1,
        analysis_workers: int = 0,
        database_url: str | None = None,
    ) -> None:
        self.fake = fake
        self.tmp_path = tmp_path
        self.clock = FakeClock()
        self.dice = dice or SeededDice(seed)
        self.settings = Config(
            token=fake.token,
            database_url=database_url or f"sqlite:///{tmp_path / 'minigam.sqlite3'}",
            dev_guild_id=None,
            log_level="INFO",
            api_base=fake.api_base,
            gateway_url=fake.gateway_url,
            challenge_timeout=challenge_timeout,
            turn_timeout=turn_timeout,
            bot_move_delay=0.0,
            local_output_dir=tmp_path / "boards",
            sweep_interval=sweep_interval,
            ai_workers=ai_workers,
            analysis_workers=analysis_workers,
        )
        self.db = Database(self.settings.database_url)
        self.log = LogCapture(logging.WARNING)
        self.bot: Any = None
        self._running: contextlib.AsyncExitStack | None = None

    # ------------------------------------------------------------------ the bot in this process
    async def start(self) -> Any:
        from bot.app import create_bot

        self.db.open()  # before the bot: see tests.e2e.db
        stack = contextlib.AsyncExitStack()
        try:
            stack.enter_context(self.log.attached("", *BOT_LOGGERS))
            stack.enter_context(pointed_at(self.fake))
            self.bot = create_bot(self.settings, clock=self.clock, dice=self.dice)
            await stack.enter_async_context(running(self.bot, self.fake))
            await self.fake.wait_for_commands()
        except BaseException:
            await stack.aclose()
            raise
        self._running = stack
        return self.bot

    async def stop(self) -> None:
        """Stop the bot in this process (the database stays readable: :attr:`db`)."""
        if self._running is not None:
            stack, self._running = self._running, None
            await stack.aclose()

    async def close(self) -> None:
        """The end of the world: the bot stopped, the database's reader closed."""
        try:
            await self.stop()
        finally:
            self.db.close()

    @property
    def service(self) -> Any:
        return self.bot.core

    def warnings(self) -> list[str]:
        """WARNING-or-worse lines the bot's side logged (the stand-in's own loggers excluded)."""
        seen: set[int] = set()
        out = []
        for r in self.log.records:
            if id(r) in seen or r.name.startswith("tests."):
                continue
            seen.add(id(r))
            line = f"{r.levelname} {r.name}: {r.getMessage()}"
            if r.exc_info and r.exc_info[1] is not None:
                line += f" [{type(r.exc_info[1]).__name__}: {r.exc_info[1]}]"
            out.append(line)
        return out

    async def sweep(self) -> None:
        """Run the bot's sweep now (challenge expiry, reminders, turn timeouts), as its timer would."""
        await self.bot.run_sweep()

    # ------------------------------------------------------------------ people
    def user(self, user_id: int) -> User:
        return self.fake.members[user_id]

    async def slash(self, user: User, command: str, **kwargs: Any) -> Interaction:
        return await self.fake.slash(user, f"minigam {command}", **kwargs)

    def replies(self, interaction: Interaction) -> list[Message]:
        return self.fake.replies_to(interaction)

    def reply_text(self, interaction: Interaction) -> str:
        """Everything the bot said in answer to ``interaction`` (its own messages), joined."""
        return "\n".join(m.text for m in self.replies(interaction))

    async def answer_text(self, interaction: Interaction, *, within: float = 10.0) -> str:
        """What the bot answered ``interaction``, once its answer is filled in (not "thinking…")."""

        def done() -> str | None:
            replies = self.replies(interaction)
            if not replies or any(m.loading for m in replies):
                return None
            return "\n".join(m.text for m in replies) or None

        return await self.fake.wait_for(done, within=within, what=f"the answer to {interaction.id}")

    async def ephemeral_reply(self, interaction: Interaction, *, within: float = 5.0) -> Message:
        """The (first) ephemeral message the bot answered ``interaction`` with."""

        def find() -> Message | None:
            eph = [m for m in self.replies(interaction) if m.ephemeral and not m.loading and m.text]
            return eph[0] if eph else None

        return await self.fake.wait_for(find, within=within, what=f"an ephemeral reply to {interaction.id}")

    # ------------------------------------------------------------------ matches
    async def challenge(
        self,
        challenger: User,
        opponent: User,
        *,
        channel: Channel | None = None,
        **options: Any,
    ) -> Message:
        """``challenger`` challenges ``opponent``; returns the public challenge message with its buttons."""
        channel = channel or self.fake.general
        started = time.perf_counter()
        await self.slash(challenger, "challenge", channel=channel, opponent=opponent, **options)
        return await self.fake.wait_for_message(
            lambda m: (
                not m.ephemeral and any("accept" in str(b.get("label", "")).lower() for b in m.buttons())
            ),
            channel=channel,
            after=started,
        )

    async def start_match(
        self, first: User, second: User, *, channel: Channel | None = None, **options: Any
    ) -> StoredMatch:
        """A challenge accepted: the match is stored and its first board posted."""
        channel = channel or self.fake.general
        before = self.db.newest_match_id(channel.id)
        invite = await self.challenge(first, second, channel=channel, **options)
        await self.fake.click(second, invite, invite.button("accept"))
        await self.fake.wait_for(
            lambda: self.db.newest_match_id(channel.id) != before, what="the match to start"
        )
        return await self.settled(channel)

    async def vs_bot(self, user: User, *, channel: Channel | None = None, **options: Any) -> StoredMatch:
        channel = channel or self.fake.general
        before = self.db.newest_match_id(channel.id)
        await self.slash(user, "vs-bot", channel=channel, **options)
        await self.fake.wait_for(
            lambda: self.db.newest_match_id(channel.id) != before, what="the match to start"
        )
        return await self.settled(channel)

    def stored(self, channel: Channel) -> StoredMatch:
        """The latest match played in ``channel`` or started from it (played in its thread)."""
        return self.db.match_in(channel.id)

    def table(self, channel: Channel) -> Channel:
        """Where the latest match of ``channel`` is played: its thread, or ``channel`` itself."""
        return self.fake.channels[self.stored(channel).channel_id]

    def board(self, channel: Channel) -> Message:
        """The newest board message of the latest match of ``channel`` (in its thread)."""
        return self.fake.last_message(self.table(channel), is_board)

    def board_for(self, match: StoredMatch) -> Message | None:
        """The board message drawn for ``match``'s current version (with its menu), if posted."""
        for m in reversed(self.fake.channel_messages(match.channel_id)):
            if is_board(m) and board_version(m) == (match.match_id, match.version):
                return m
        return None

    async def settled(self, channel: Channel, *, within: float = 15.0) -> StoredMatch:
        """Wait until the match in ``channel`` waits for a person, with their board posted, or is over
        with its last board posted. Returns the stored match."""

        def check() -> StoredMatch | None:
            try:
                match = self.stored(channel)
            except LookupError:
                return None
            if match.status != "active":  # its last board posted and recorded, the boards before it retired
                messages = self.fake.channel_messages(match.channel_id)
                boards = [m for m in messages if is_board(m)]
                last = boards[-1] if boards else None
                final = last is not None and board_version(last) is None and last.id == match.board_message_id
                live = [  # public boards of the match that still have their controls
                    m for m in messages if not m.ephemeral and (board_version(m) or (0,))[0] == match.match_id
                ]
                return match if final and not live else None
            game = match.game
            if game.actor is None or match.seats[game.actor].is_computer:
                return None  # the computer is to act
            board = self.board_for(match)
            # Settled once the board is posted and stored as the match's board (the next board retires it).
            return match if board is not None and board.id == match.board_message_id else None

        return await self.fake.wait_for(check, within=within, what=f"the match in #{channel.name} to settle")

    def actor(self, match: StoredMatch) -> User:
        game = match.game
        assert game.actor is not None, "the game is over"
        return self.user(match.user_at(game.actor))

    def other(self, match: StoredMatch) -> User:
        game = match.game
        assert game.actor is not None
        return self.user(match.user_at(1 - game.actor))

    def pick(self, match: StoredMatch) -> str:
        game = match.game
        return game.position.format_play(choose_play(game))

    async def play_by_command(self, channel: Channel, text: str | None = None) -> Interaction:
        """The player to move types their play (default: :func:`choose_play`) with ``/minigam move``."""
        match = await self.settled(channel)
        table = self.fake.channels[match.channel_id]  # typed in the match's thread
        interaction = await self.slash(
            self.actor(match), "move", channel=table, play=text or self.pick(match)
        )
        await self.fake.wait_for(
            lambda: self.stored(channel).version > match.version, what="the play to be stored"
        )
        return interaction

    async def play_by_menu(self, channel: Channel) -> list[Interaction]:
        """The player to move picks their play (:func:`choose_play`) from the board's menu: the whole
        play when the menu lists plays, else move by move in the ephemeral picker, then Done if needed."""
        match = await self.settled(channel)
        board = self.board_for(match)
        assert board is not None
        game = match.game
        user = self.actor(match)
        play = choose_play(game)
        whole = game.position.format_play(play)
        steps = [game.position.format_move(m) for m in play.moves]
        interactions: list[Interaction] = []

        def moved() -> bool:
            return self.stored(channel).version > match.version

        labels = _select_labels(board)
        if whole in labels.values():
            value = next(v for v, label in labels.items() if label == whole)
            interactions.append(await self.fake.click(user, board, _string_select(board), values=[value]))
            await self.fake.wait_for(moved, what="the play to be stored")
            return interactions
        menu = board
        for step in steps:
            labels = _select_labels(menu)
            value = next((v for v, label in labels.items() if label == step), None)
            if value is None:
                raise StandInError(
                    f"the move menu offers {list(labels.values())}, not {step!r} (of {whole!r})"
                )
            edits = len(menu.versions)
            interaction = await self.fake.click(user, menu, _string_select(menu), values=[value])
            interactions.append(interaction)
            # the board's menu opens the picker (a private reply); each pick in it edits it in place
            picker = menu if menu.ephemeral else None
            menu = await self.fake.wait_for(
                lambda i=interaction, p=picker, n=edits: (
                    moved()
                    or (p if p is not None and len(p.versions) > n and p.items() else None)
                    or next((m for m in self.replies(i) if m.ephemeral and m.items()), None)
                ),
                what="the next step of the move picker",
            )
            if menu is True:
                return interactions
        done = menu.button("done")
        interactions.append(await self.fake.click(user, menu, done))
        await self.fake.wait_for(moved, what="the play to be stored")
        return interactions

    async def play_to_end(
        self, channel: Channel, how: Callable[[Channel], Any] | None = None, *, max_turns: int = 400
    ) -> StoredMatch:
        how = how or self.play_by_command
        for _ in range(max_turns):
            match = await self.settled(channel)
            if match.status != "active":
                return match
            await how(channel)
        raise StandInError(f"the match did not end in {max_turns} turns")

    # ------------------------------------------------------------------ the bot as a process
    def process_env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_"))}
        env.update(
            {
                "DISCORD_TOKEN": self.fake.token,
                "DATABASE_URL": self.settings.database_url,
                "DISCORD_API_BASE": self.fake.api_base,
                "DISCORD_GATEWAY_URL": self.fake.gateway_url,
                "BOT_MOVE_DELAY_SECONDS": "0",
                "LOG_LEVEL": "INFO",
                "LOCAL_OUTPUT_DIR": str(self.tmp_path / "boards"),
                "PYTHONPATH": str(ROOT),
                "PYTHONUNBUFFERED": "1",
            }
        )
        return env


class BotProcess:
    """``python -m bot`` in a child process, its output collected."""

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.env = env
        self.cwd = cwd
        self.python = sys.executable  # the interpreter that runs it
        self.proc: asyncio.subprocess.Process | None = None
        self.output: list[str] = []
        self._reader: asyncio.Task | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            self.python,
            "-m",
            "bot",
            cwd=self.cwd,
            env=self.env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # its workers in its own process group, to be ended with it
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None
        assert self.proc.stdout is not None
        async for raw in self.proc.stdout:
            self.output.append(raw.decode(errors="replace").rstrip())

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def stop(self, *, within: float = 15.0, sig: int = signal.SIGINT) -> int:
        """Ask it to stop (SIGINT, as Ctrl+C would, or ``sig``), and kill it if it doesn't. Waiting for
        it waits for its output to close too: if workers it left behind (a killed bot's) still hold it,
        they are killed with it (its process group)."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
        try:
            await asyncio.wait_for(self.proc.wait(), within)
        except TimeoutError:
            if self.proc.returncode is None:
                self.output.append("<killed: did not stop within the time allowed>")
            else:
                self.output.append("<killed: what it left behind still held its output>")
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            await self.proc.wait()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 5)
        return self.proc.returncode

    async def kill(self) -> int:
        """``kill -9`` of the bot and its worker processes at once (its process group), as a crash or an
        out-of-memory kill ends it: no goodbye to the gateway, nothing finished. Returns -9."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        await asyncio.wait_for(self.proc.wait(), 15)
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 5)
        return self.proc.returncode

    def problems(self) -> list[str]:
        bad = re.compile(r"\b(WARNING|ERROR|CRITICAL|Traceback)\b")
        return [line for line in self.output if bad.search(line)]


def _select_labels(message: Message) -> dict[str, str]:
    for s in message.selects():
        if s.get("type") == 3:
            return {o["value"]: str(o.get("label", o["value"])) for o in s.get("options", ())}
    return {}


def _string_select(message: Message) -> dict:
    return next(s for s in message.selects() if s.get("type") == 3)
