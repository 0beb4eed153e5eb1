"""The local console: the bot's commands in a terminal, on the same core and database.

:class:`Console` runs one command line at a time (:meth:`Console.handle`) and prints what the bot would
post: the sentences, a text board after every turn, and where the board's picture was saved (one numbered
picture per board, ``data/boards/match-3-007.png``). Commands are those of Discord, with or without the
``/minigam`` prefix; ``/minigam`` alone shows the help. The computer's turns run through the same
:class:`~bot.core.Runner` as on Discord, published here. Reading the lines (a terminal with line editing
and history, or piped input) is :mod:`bot.console.session`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TextIO

from bot import texts
from bot.console.commands import (
    ANSWERS,
    CONSOLE_HELP,
    CONTROL_KEYS,
    NO,
    QUIT,
    RESIGN_WORDS,
    UNREADABLE,
    USAGE,
    YOU,
    ResignQuestion,
    friend,
    game_number,
    one_player,
    pref_changes,
    setting_changes,
    unknown_command,
    vs_bot_options,
    words,
)
from bot.core import (
    Action,
    Board,
    Core,
    LobbyBoard,
    Notice,
    Picture,
    Reply,
    Result,
    RetireBoard,
    Runner,
    ServiceError,
)
from bot.core.boards import actor_seat
from bot.core.catalogue import ALL_VARIANTS, DEFAULT_LEVEL, DEFAULT_VARIANT, known_variant
from bot.core.lobbies import LobbyAction
from bot.core.prefs import PlayerPrefs
from bot.core.venue import SameChannel
from bot.models import PlayerRef
from bot.store import Unavailable
from bot.workers import drawing
from engine import EngineError

log = logging.getLogger(__name__)

GUILD_ID = 0
CHANNEL_ID = 0
CONSOLE_VENUE = SameChannel(frozenset({CHANNEL_ID}))
"""The console's server: one channel, where every match is played."""


class Console:
    """One console session; :meth:`handle` runs one command line."""

    def __init__(self, core: Core, *, out: TextIO, output_dir: Path, delay: float = 0.0) -> None:
        self.core = core
        self.out = out
        self.output_dir = Path(output_dir)
        self.runner = Runner(core, self.show, move_delay=delay, thinking=self.thinking)
        self.question: ResignQuestion | None = None
        self._pictures: dict[int, tuple[int, Picture | None]] = {}  # match -> last number, last picture

    # ------------------------------------------------------------------ output
    @contextlib.asynccontextmanager
    async def thinking(self, match_id: int) -> AsyncIterator[None]:
        """A line while the computer thinks (its board comes after: the core posts none before)."""
        live = self.core.ctx.live.get(match_id)
        seat = actor_seat(live) if live is not None else None
        if live is not None and seat is not None and seat.is_computer:
            self.say(texts.waiting_line(seat.name, live.game, computer=True))
        yield

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
                self.say(await asyncio.to_thread(drawing.board_text, p.game, p.names, p.score, p.footer))
                path = await self._write_png(notice.match_id, p)
                self.say(f"(board picture: {path})")
                for control in notice.controls:
                    if control.action is Action.PLAY:
                        self.say("Legal plays: " + " | ".join(control.options))
                    elif control.action is Action.FIRST:
                        firsts = ", ".join(control.options)
                        self.say(f"Type your whole play with move (first moves: {firsts}).")
            case _ if getattr(notice, "text", ""):
                self.say(notice.text)

    async def _write_png(self, match_id: int | None, picture: Picture) -> Path:
        """Save the picture as the match's next numbered one (``match-3-007.png``): every board is kept.
        The board shown again (``board``, or the next session's greeting) is not saved twice."""
        key = match_id or 0
        if key not in self._pictures:
            self._pictures[key] = (self._last_number(key), None)
        number, last = self._pictures[key]
        if picture == last:
            return self._picture_path(key, number)
        p = picture
        png = await asyncio.to_thread(drawing.board_png, p.game, p.names, p.perspective, p.score, p.footer)
        newest = self._picture_path(key, number)
        if last is not None or number == 0 or not await asyncio.to_thread(_holds, newest, png):
            number += 1
            self.output_dir.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(self._picture_path(key, number).write_bytes, png)
        self._pictures[key] = (number, picture)
        return self._picture_path(key, number)

    def _picture_path(self, match_id: int, number: int) -> Path:
        return self.output_dir / f"match-{match_id}-{number:03d}.png"

    def _last_number(self, match_id: int) -> int:
        """The highest number saved for ``match_id`` so far, in this session or an earlier one."""
        pattern = re.compile(rf"match-{match_id}-(\d+)\.png")
        found = (pattern.fullmatch(p.name) for p in self.output_dir.glob(f"match-{match_id}-*.png"))
        return max((int(m.group(1)) for m in found if m), default=0)

    # ------------------------------------------------------------------ commands
    def _acting(self) -> PlayerRef:
        """The console plays whoever is to act (in a hot-seat game both seats are typed here)."""
        live = self.core.ctx.live.played_in(CHANNEL_ID)
        if live is not None:
            actor = live.game.actor
            if actor is not None and not live.record.seats[actor].is_computer:
                seat = live.record.seats[actor]
                return PlayerRef(seat.user_id, seat.name, moderator=True)
        return YOU

    async def handle(self, line: str) -> bool:
        """Run one command line; ``False`` means quit. A refusal is printed, and the session goes on."""
        text = line.strip()
        question, self.question = self.question, None
        if question is not None and await self._answer_question(question, text.lower()):
            return True
        if not text or text.startswith("#"):
            return True
        words = text.split(maxsplit=1)
        if words[0].lower() in ("/minigam", "minigam"):
            words = words[1].split(maxsplit=1) if len(words) > 1 else ["help"]
        command = words[0].lower().lstrip("/")
        rest = words[1].strip() if len(words) > 1 else ""
        if command in QUIT:
            return False
        try:
            if CONTROL_KEYS.search(text):
                raise ServiceError(UNREADABLE)
            await self.runner.sweep()
            result = await self._run(command, rest)
        except ServiceError as exc:
            self.say(f"! {exc}")
            return True
        except EngineError as exc:  # the core turns the engine's errors into refusals; this is the net
            self.say(f"! {texts.cannot_act(exc)}")
            return True
        except Unavailable as exc:
            self._not_saved(exc)
            return True
        if result is not None:
            await self.runner.handle(result)
            await self.runner.idle()
        return True

    async def _run(self, command: str, rest: str) -> Result | None:
        core = self.core
        match command:
            case "help" | "?":
                self.say(CONSOLE_HELP)
                return None
            case "rules":
                v = known_variant(rest) if rest else None
                self.say(texts.rules_text(v) if v else texts.all_rules_text(ALL_VARIANTS))
                return None
            case "vs-bot":
                variant, level = vs_bot_options(rest.split())
                return await core.challenges.vs_bot(
                    GUILD_ID, CHANNEL_ID, YOU, variant, level, guild_name="console"
                )
            case "challenge":
                return await self._challenge(rest)
            case "multigam":
                return await self._multigam(rest)
            case "move":
                if not rest:
                    raise ServiceError(USAGE["move"])
                match_id, version = await core.matches.to_act_on(CHANNEL_ID)
                return await core.matches.act(match_id, version, self._acting(), Action.PLAY, rest)
            case "board":
                return await core.matches.last_board(CHANNEL_ID, self._acting())
            case "hint":
                return await core.matches.hint(CHANNEL_ID, self._acting())
            case "resign":
                self._ask_to_resign()
                return None
            case "cancel":
                return await core.cancel(CHANNEL_ID, YOU)
            case _ if command in ANSWERS:
                match_id, version = await core.matches.to_act_on(CHANNEL_ID)
                return await core.matches.act(match_id, version, self._acting(), ANSWERS[command])
            case "leaderboard":
                return await core.records.leaderboard(GUILD_ID, rest or None)
            case "stats":
                return await core.records.stats(GUILD_ID, one_player(rest))
            case "history":
                return await core.records.history(GUILD_ID)
            case "analyse":
                return await core.analyses.report(GUILD_ID, CHANNEL_ID, game_number(rest))
            case "settings":
                return await core.settings.change(
                    GUILD_ID, YOU, setting_changes(rest), guild_name="console", venue=CONSOLE_VENUE
                )
            case "prefs":
                return await PlayerPrefs(core.ctx).change(YOU, pref_changes(rest))
        raise ServiceError(unknown_command(command))

    async def _challenge(self, rest: str) -> Result:
        args = words(rest)
        if not args or not args[0].startswith("@"):
            raise ServiceError(USAGE["challenge"])
        opponent = friend(args[0], USAGE["challenge"])
        variant = args[1] if len(args) > 1 else DEFAULT_VARIANT
        if len(args) > 3:
            raise ServiceError(USAGE["challenge"])
        points = None
        if len(args) > 2:
            try:
                points = int(args[2])
            except ValueError:
                raise ServiceError(texts.match_length(repr(args[2]))) from None
        sent = await self.core.challenges.challenge(
            GUILD_ID, CHANNEL_ID, YOU, opponent, variant, points, rated=False, guild_name="console"
        )
        challenge_id = sent.notices[0].challenge_id  # type: ignore[union-attr]
        self.say(f"{opponent.name} is right here and accepts: you are player 1, {opponent.name} player 2.")
        return await self.core.challenges.answer(challenge_id, opponent, accept=True)

    async def _multigam(self, rest: str) -> Result:
        """A lobby opened by you and started at once: the computer takes the three other seats."""
        if len(rest.split()) > 1:
            raise ServiceError(USAGE["multigam"])
        lobbies = self.core.lobbies
        opened = await lobbies.open(GUILD_ID, CHANNEL_ID, YOU, rest or DEFAULT_LEVEL, guild_name="console")
        board = opened.notices[0]
        assert isinstance(board, LobbyBoard)
        return await lobbies.act(board.lobby_id, board.version, YOU, LobbyAction.START)

    def _ask_to_resign(self) -> None:
        """Ask the question; the next line answers it (:meth:`_answer_question`)."""
        who = self._acting()
        live = self.core.matches.in_play(CHANNEL_ID)
        question = self.core.matches.resign_question(live.match_id, who.user_id)
        offers = tuple(c.argument for c in question.controls if c.action is Action.RESIGN)
        if offers == ("",):
            how = "Type yes to resign; anything else plays on."
        else:
            named = [next(w for w, level in RESIGN_WORDS.items() if level == offer) for offer in offers]
            how = f"Type {texts.either(named)} to offer that much; anything else plays on."
        self.say(f"{question.text} {how}")
        self.question = ResignQuestion(live.match_id, live.version, who, offers)

    async def _answer_question(self, question: ResignQuestion, text: str) -> bool:
        """Resign as ``text`` asks and return True; else say so, and return whether ``text`` was only a no
        (anything else is then run as a command)."""
        argument = question.answer(text)
        if argument is None:
            self.say(texts.NOT_RESIGNED)
            return text in NO
        try:
            result = await self.core.matches.act(
                question.match_id, question.version, question.who, Action.RESIGN, argument
            )
        except ServiceError as exc:
            self.say(f"! {exc}")
            return True
        except Unavailable as exc:
            self._not_saved(exc)
            return True
        await self.runner.handle(result)
        await self.runner.idle()
        return True

    def _not_saved(self, exc: Unavailable) -> None:
        """The database could not take the action (nothing of it was stored): the same line can be typed
        again, and the session goes on."""
        log.warning("not saved: %s", exc)
        self.say(f"! {texts.NOT_SAVED}")

    # ------------------------------------------------------------------ the session
    async def greet(self) -> None:
        self.say("Minigam local console. Type help for the commands, quit or Ctrl-D to leave.")
        self.say(f"Board pictures are saved in {self.output_dir}/, numbered, one per board.")
        if self.core.ctx.live.played_in(CHANNEL_ID) is not None:
            self.say("Your unfinished match carries on:")
            await self.show(self.core.matches.board(CHANNEL_ID, self._acting()))
            await self.runner.handle(Result(computer_matches=tuple(self.core.pending_computer_turns())))
            await self.runner.idle()
        else:
            self.say("Start with: vs-bot   (or vs-bot backgammon hard, or challenge @Friend)")

    async def close(self) -> None:
        """Stop the computer's turns in flight."""
        await self.runner.close()


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


def _plain(text: str) -> str:
    """Discord markdown a terminal does not need."""
    return text.replace("**", "").replace("`", "")


__all__ = ["CHANNEL_ID", "GUILD_ID", "Console"]
