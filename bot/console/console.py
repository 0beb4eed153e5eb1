"""The local console: the bot's commands in a terminal, on the same core and database.

:class:`Console` runs one command line at a time (:meth:`Console.handle`) and prints what the bot would
post: the sentences, a text board after every turn, and where the board's picture was saved (one numbered
picture per board, ``data/boards/match-3-007.png``). Commands are those of Discord, with or without the
``/minigam`` prefix; ``/minigam`` alone shows the help. The computer's turns run through the same
:class:`~bot.core.Runner` as on Discord, published here. Reading the lines (a terminal with line editing
and history, or piped input) is :mod:`bot.console.session`'s.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TextIO

from bot import texts
from bot.console import dice, puzzles, tournaments
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
    clock_option,
    friend,
    game_number,
    idle_note,
    match_in_play,
    one_player,
    pref_changes,
    setting_changes,
    unknown_command,
    vs_bot_options,
    words,
)
from bot.console.output import Output
from bot.core import (
    Action,
    Core,
    Info,
    LobbyBoard,
    Result,
    Runner,
    ServiceError,
)
from bot.core.catalogue import ALL_VARIANTS, DEFAULT_LEVEL, DEFAULT_VARIANT, known_variant
from bot.core.lobbies import LobbyAction
from bot.core.prefs import PlayerPrefs
from bot.core.venue import SameChannel
from bot.models import PlayerRef
from bot.store import Unavailable
from engine import EngineError

log = logging.getLogger(__name__)

GUILD_ID = 0
CHANNEL_ID = 0
CONSOLE_VENUE = SameChannel(frozenset({CHANNEL_ID}))
"""The console's server: one channel, where every match is played."""
FINISHED_GAMES_OFFERED = 50


class Console:
    """One console session; :meth:`handle` runs one command line."""

    def __init__(self, core: Core, *, out: TextIO, output_dir: Path, delay: float = 0.0) -> None:
        self.core = core
        self.out = out
        self.output_dir = Path(output_dir)
        self.output = Output(core, out, self.output_dir)
        self.runner = Runner(core, self.show, move_delay=delay, thinking=self.output.thinking)
        self.question: ResignQuestion | None = None
        self.finished_games: list[int] = []  # the games ``analyse`` can name, newest first (Tab offers them)

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        self.output.say(text)

    async def show(self, result: Result) -> None:
        await self.output.show(result)

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
        go_on = await self._handle(line)
        if go_on:
            await self._note_finished_games()
        return go_on

    async def _handle(self, line: str) -> bool:
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

    async def _note_finished_games(self) -> None:
        """The finished games, for Tab after ``analyse`` (read between commands: Tab cannot wait)."""
        try:
            games = await self.core.records.recent_games(GUILD_ID, FINISHED_GAMES_OFFERED)
        except Unavailable as exc:
            log.warning("the finished games could not be read: %s", exc)
            return
        self.finished_games = [game.game_id for game in games]

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
                args, clock = clock_option(rest.split())
                variant, level, points = vs_bot_options(args)
                self._check_free()
                result = await core.challenges.vs_bot(
                    GUILD_ID, CHANNEL_ID, YOU, variant, level, points, guild_name="console", clock=clock
                )
                idle = (await core.settings.of(GUILD_ID)).bot_idle
                result.notices.insert(1, Info(idle_note(idle)))
                return result
            case "challenge":
                self._check_free()
                return await self._challenge(rest)
            case "multigam":
                self._check_free()
                return await self._multigam(rest)
            case "leave":
                match_id, version = await core.matches.to_act_on(CHANNEL_ID)
                return await core.matches.act(match_id, version, self._acting(), Action.LEAVE)
            case "export":
                return await core.exports.mat(CHANNEL_ID)
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
            case _ if any(command in part.COMMANDS for part in (puzzles, tournaments, dice)):
                part = next(part for part in (puzzles, tournaments, dice) if command in part.COMMANDS)
                return await part.run(core, self._acting(), command, rest)
        raise ServiceError(unknown_command(command))

    def _check_free(self) -> None:
        """One match at a time here: a new one waits for the one in play to end."""
        live = self.core.ctx.live.played_in(CHANNEL_ID)
        if live is not None:
            raise ServiceError(match_in_play(live.names))

    async def _challenge(self, rest: str) -> Result:
        args, clock = clock_option(words(rest))
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
            GUILD_ID,
            CHANNEL_ID,
            YOU,
            opponent,
            variant,
            points,
            rated=False,
            guild_name="console",
            clock=clock,
        )
        challenge_id = sent.notices[0].challenge_id  # type: ignore[union-attr]
        self.say(f"{opponent.name} is right here and accepts: you are player 1, {opponent.name} player 2.")
        return await self.core.challenges.answer(challenge_id, opponent, accept=True)

    async def _multigam(self, rest: str) -> Result:
        """A lobby opened by you, joined by the ``@name``s typed (each seat played here) and started at once:
        the computer takes the seats left."""
        args = words(rest)
        names = [a for a in args if a.startswith("@")]
        levels = [a for a in args if not a.startswith("@")]
        if len(levels) > 1 or len(names) > 3:
            raise ServiceError(USAGE["multigam"])
        friends = [friend(name, USAGE["multigam"]) for name in names]
        if YOU in friends or len({f.user_id for f in friends}) < len(friends):
            raise ServiceError(USAGE["multigam"])
        lobbies = self.core.lobbies
        opened = await lobbies.open(
            GUILD_ID, CHANNEL_ID, YOU, levels[0] if levels else DEFAULT_LEVEL, guild_name="console"
        )
        board = opened.notices[0]
        assert isinstance(board, LobbyBoard)
        for player in friends:
            joined = await lobbies.act(board.lobby_id, board.version, player, LobbyAction.JOIN)
            board = next(n for n in joined.notices if isinstance(n, LobbyBoard))
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
        await self._note_finished_games()
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


__all__ = ["CHANNEL_ID", "GUILD_ID", "Console"]
