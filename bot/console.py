"""The local console: the bot's commands in a terminal, on the same core and database.

Reads commands line by line (a terminal or piped input; at the end of input it stops cleanly), prints
what the bot would post, a text board after every turn, and writes the board picture to a folder.
Commands are those of Discord, with or without the ``/minigam`` prefix:
``vs-bot [variant] [level]``, ``challenge @friend [variant] [points]`` (a hot-seat game: the console plays
whoever is to move), ``move <play>``, ``board``, ``hint``, ``resign``, ``rules [variant]``, ``help``,
``leaderboard [variant]``, ``stats``, ``history``, ``cancel`` and ``quit``. The computer's turns run through
the same :class:`~bot.core.Runner` as on Discord, published here.
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TextIO

from bot import boards, texts
from bot.config import Settings
from bot.core import (
    Action,
    Board,
    Core,
    HouseRules,
    LobbyBoard,
    Notice,
    Reply,
    Result,
    RetireBoard,
    Runner,
    ServiceError,
)
from bot.core.catalogue import ALL_VARIANTS, DEFAULT_LEVEL, DEFAULT_VARIANT, LEVELS, TWO_PLAYER_VARIANTS
from bot.core.lobbies import LobbyAction
from bot.models import PlayerRef
from bot.store import StoreError, open_store
from bot.thinking import Thinker
from engine import SecretDice, SeededDice
from engine import ai as engine_ai
from engine.dice import DiceSource

log = logging.getLogger(__name__)

GUILD_ID = 0
CHANNEL_ID = 0
YOU = PlayerRef(1, "You", moderator=True)
FRIEND_ID = 2

CONSOLE_HELP = f"""\
Commands (the /minigam prefix is optional):
  /minigam vs-bot [variant] [level]        play the computer (levels: {", ".join(LEVELS)})
  /minigam challenge @friend [variant] [points]
                                           a hot-seat game: you type the moves of whoever is to move
  /minigam multigam [level]                a four-player game: you and three computer seats
  /minigam move <play>                     e.g. /minigam move bar/3 5/off
  /minigam board | hint | resign | cancel
  /minigam roll | double | take | drop | accept | decline   (backgammon's cube and resignation offers)
  /minigam rules [variant] | leaderboard [variant] | stats | history | help
  quit
Variants: {", ".join(TWO_PLAYER_VARIANTS)}"""


ANSWERS = {
    a.value: a for a in (Action.ROLL, Action.DOUBLE, Action.TAKE, Action.DROP, Action.ACCEPT, Action.DECLINE)
}
"""Commands that answer what the game waits for, by their action's name."""


class Console:
    """One console session; :meth:`handle` runs one command line."""

    def __init__(
        self,
        core: Core,
        *,
        out: TextIO,
        output_dir: Path,
        delay: float = 0.0,
        read_line: Callable[[], Awaitable[str]] | None = None,
    ) -> None:
        self.core = core
        self.out = out
        self.output_dir = Path(output_dir)
        self.read_line = read_line
        self.friend = PlayerRef(FRIEND_ID, "Friend")
        self.runner = Runner(core, self.show, move_delay=delay)

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        self.out.write(_plain(text) + "\n")
        self.out.flush()

    async def show(self, result: Result) -> None:
        for notice in result.notices:
            await self._show_notice(notice)

    async def _show_notice(self, notice: Notice) -> None:
        match notice:
            case RetireBoard():
                return
            case Board() | Reply() if notice.picture is not None:
                p = notice.picture
                self.say(notice.text)
                self.say(await asyncio.to_thread(boards.board_text, p.game, p.names, p.score, p.footer))
                path = await self._write_png(notice)
                self.say(f"(board picture: {path})")
                for control in notice.controls:
                    if control.action is Action.PLAY:
                        self.say("Legal plays: " + " | ".join(control.options))
                    elif control.action is Action.FIRST:
                        firsts = ", ".join(control.options)
                        self.say(f"Type your whole play with /minigam move (first moves: {firsts}).")
            case _ if getattr(notice, "text", ""):
                self.say(notice.text)

    async def _write_png(self, notice: Board | Reply) -> Path:
        picture = notice.picture
        assert picture is not None
        png = await asyncio.to_thread(
            boards.board_png, picture.game, picture.names, picture.perspective, picture.score, picture.footer
        )
        self.output_dir.mkdir(parents=True, exist_ok=True)
        path = self.output_dir / f"match-{notice.match_id}.png"
        await asyncio.to_thread(path.write_bytes, png)
        return path

    # ------------------------------------------------------------------ commands
    def _acting(self) -> PlayerRef:
        """The console plays whoever is to act (in a hot-seat game both seats are typed here)."""
        live = self.core.ctx.table.in_channel(CHANNEL_ID)
        if live is not None:
            actor = live.game.actor
            if actor is not None and not live.record.seats[actor].is_computer:
                seat = live.record.seats[actor]
                return PlayerRef(seat.user_id, seat.name, moderator=True)
        return YOU

    async def handle(self, line: str) -> bool:
        """Run one command line; ``False`` means quit."""
        text = line.strip()
        if not text or text.startswith("#"):
            return True
        for prefix in ("/minigam ", "minigam "):
            if text.lower().startswith(prefix):
                text = text[len(prefix) :].strip()
                break
        command, _, rest = text.partition(" ")
        command = command.lower().lstrip("/")
        rest = rest.strip()
        if command in ("quit", "exit", "q"):
            return False
        await self.runner.sweep()
        try:
            result = await self._run(command, rest)
        except ValueError as exc:  # ServiceError, and the engine's errors
            self.say(f"! {exc}")
            return True
        if result is not None:
            await self.runner.handle(result)
            await self.runner.idle()
        return True

    async def _run(self, command: str, rest: str) -> Result | None:
        core = self.core
        if command == "help":
            self.say(texts.help_text(LEVELS))
            self.say()
            self.say(CONSOLE_HELP)
            return None
        if command == "rules":
            self.say(texts.rules_text(rest) if rest else texts.all_rules_text(ALL_VARIANTS))
            return None
        if command == "vs-bot":
            args = rest.split()
            if len(args) > 2:
                raise ServiceError("Usage: /minigam vs-bot [variant] [level]")
            variant = args[0] if args else DEFAULT_VARIANT
            level = args[1] if len(args) > 1 else DEFAULT_LEVEL
            return await core.challenges.vs_bot(
                GUILD_ID, CHANNEL_ID, YOU, variant, level, guild_name="console"
            )
        if command == "challenge":
            return await self._challenge(rest)
        if command == "multigam":
            return await self._multigam(rest)
        if command == "move":
            if not rest:
                raise ServiceError("Type your play after move, for example: /minigam move bar/3 5/off")
            match_id, version = core.matches.current(CHANNEL_ID)
            return await core.matches.act(match_id, version, self._acting(), Action.PLAY, rest)
        if command == "board":
            return core.matches.board(CHANNEL_ID, self._acting())
        if command == "hint":
            return await core.matches.hint(CHANNEL_ID, self._acting())
        if command == "resign":
            return await self._resign()
        if command == "cancel":
            return await core.cancel(CHANNEL_ID, YOU)
        if command in ANSWERS:
            return await self._answer(ANSWERS[command])
        if command == "leaderboard":
            return await core.records.leaderboard(GUILD_ID, rest or None)
        if command == "stats":
            return await core.records.stats(GUILD_ID, YOU)
        if command == "history":
            return await core.records.history(GUILD_ID)
        raise ServiceError(f"Unknown command {command!r}. Type help for the commands.")

    async def _challenge(self, rest: str) -> Result:
        try:
            args = shlex.split(rest)
        except ValueError:
            args = rest.split()
        if not args or not args[0].startswith("@"):
            raise ServiceError("Usage: /minigam challenge @friend [variant] [points]")
        name = args[0].lstrip("@") or "Friend"
        variant = args[1] if len(args) > 1 else DEFAULT_VARIANT
        try:
            points = int(args[2]) if len(args) > 2 else 1
        except ValueError:
            raise ServiceError(texts.match_length(repr(args[2]))) from None
        self.friend = PlayerRef(FRIEND_ID, name[:32])
        sent = await self.core.challenges.challenge(
            GUILD_ID, CHANNEL_ID, YOU, self.friend, variant, points, rated=False, guild_name="console"
        )
        challenge_id = sent.notices[0].challenge_id  # type: ignore[union-attr]
        self.say(
            f"{self.friend.name} is right here and accepts. You are player 1, {self.friend.name} player 2."
        )
        return await self.core.challenges.answer(challenge_id, self.friend, accept=True)

    async def _multigam(self, rest: str) -> Result:
        """A lobby opened by you and started at once: the computer takes the three other seats."""
        if len(rest.split()) > 1:
            raise ServiceError("Usage: /minigam multigam [level]")
        lobbies = self.core.lobbies
        opened = await lobbies.open(GUILD_ID, CHANNEL_ID, YOU, rest or DEFAULT_LEVEL, guild_name="console")
        board = opened.notices[0]
        assert isinstance(board, LobbyBoard)
        return await lobbies.act(board.lobby_id, board.version, YOU, LobbyAction.START)

    async def _resign(self) -> Result | None:
        who = self._acting()
        match_id, version = self.core.matches.current(CHANNEL_ID)
        question = self.core.matches.resign_question(match_id, who.user_id)
        offers = [c.argument for c in question.controls if c.action is Action.RESIGN]
        if offers == [""]:
            self.say(question.text + " Type yes to confirm.")
        else:
            self.say(question.text + f" Type {', '.join(offers[:-1])} or {offers[-1]} to offer that much.")
        answer = ((await self.read_line()) if self.read_line else "").strip().lower()
        if offers == [""] and answer in ("yes", "y"):
            return await self.core.matches.act(match_id, version, who, Action.RESIGN)
        if answer in offers and answer:
            return await self.core.matches.act(match_id, version, who, Action.RESIGN, answer)
        self.say("Not resigned; play on.")
        return None

    async def _answer(self, action: Action) -> Result:
        """Roll, double, take, drop, accept or decline, for whoever is to act."""
        match_id, version = self.core.matches.current(CHANNEL_ID)
        return await self.core.matches.act(match_id, version, self._acting(), action)

    # ------------------------------------------------------------------ the session
    async def greet(self) -> None:
        self.say("Minigam local console. Type help for the commands, quit to leave.")
        if self.core.ctx.table.in_channel(CHANNEL_ID) is not None:
            self.say("Your unfinished match carries on:")
            await self.show(self.core.matches.board(CHANNEL_ID, self._acting()))
            await self.runner.handle(Result(computer_matches=tuple(self.core.pending_computer_turns())))
            await self.runner.idle()
        else:
            self.say("Start with: /minigam vs-bot   (or /minigam vs-bot backgammon hard)")

    async def run(self) -> None:
        """Read and run commands until ``quit`` or the end of the input."""
        assert self.read_line is not None
        await self.greet()
        try:
            while True:
                line = await self.read_line()
                if line == "":  # end of input
                    break
                if not await self.handle(line):
                    break
        finally:
            await self.runner.close()
        self.say("Bye.")


async def console_main(
    settings: Settings,
    *,
    dice: DiceSource | None = None,
    seed: int | None = None,
    delay: float = 0.0,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    interactive = stdin.isatty()

    async def read_line() -> str:
        if interactive:
            stdout.write("> ")
            stdout.flush()
        return await asyncio.to_thread(stdin.readline)

    # The computer thinks in a thread, not a worker process: one person plays and waits for its move anyway,
    # a worker would first warm up every variant (seconds) when this game needs one, and seeded players keep
    # ``--seed`` games repeatable.
    thinker = Thinker(0, computer=lambda variant, level: engine_ai.get_player(variant, level, seed=seed))
    store = await open_store(settings.database_path)
    try:
        rules = HouseRules(
            challenge_timeout=settings.challenge_timeout,
            turn_timeout=settings.turn_timeout,
            lobby_timeout=settings.lobby_timeout,
        )
        core = Core(store, dice=dice or SecretDice(), rules=rules, thinker=thinker)
        await core.load()
        console = Console(
            core, out=stdout, output_dir=settings.local_output_dir, delay=delay, read_line=read_line
        )
        await console.run()
    finally:
        await store.close()
    return 0


def run_console(settings: Settings, *, seed: int | None = None, delay: float = 0.0) -> int:
    """The ``python -m bot`` entry for the console."""
    # The console is for playing: only warnings reach the terminal, unless LOG_LEVEL asks for DEBUG.
    configured = getattr(logging, settings.log_level)
    level = configured if configured == logging.DEBUG else max(configured, logging.WARNING)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    dice = SeededDice(seed) if seed is not None else None
    try:
        return asyncio.run(console_main(settings, dice=dice, seed=seed, delay=delay))
    except StoreError as exc:
        print(f"minigam: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nBye.")
        return 0


def _plain(text: str) -> str:
    """Discord markdown a terminal does not need."""
    return text.replace("**", "").replace("`", "")


__all__ = ["CONSOLE_HELP", "Console", "console_main", "run_console"]
