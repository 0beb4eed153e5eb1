"""How the console reads a command line: its commands and their help, the options they take, who
``@name`` is, and the answers to the resign question. :class:`~bot.console.console.Console` runs them."""

from __future__ import annotations

import re
import shlex
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from bot import texts
from bot.core import Action, ServiceError
from bot.core.catalogue import ALL_VARIANTS, DEFAULT_LEVEL, DEFAULT_VARIANT, LEVELS
from bot.core.clocks import CLOCK_NAMES, NO_CLOCK, PRESETS
from bot.models import PlayerRef
from engine import VARIANTS
from engine.ai import levels_for

YOU = PlayerRef(1, texts.YOU, moderator=True)
FRIENDS = 1000
"""A friend's id is this plus a checksum of their name, so the same name is the same player every time."""

PROMPT = "> "
MULTIGAM_LEVELS = levels_for("multigam")

CONSOLE_HELP = f"""\
Commands (as on Discord, with or without /minigam; Tab completes, Up and Down recall earlier lines):
  vs-bot [variant] [level] [points]   play the computer: a match to points, else one game
                                      (backgammon: a money game); levels: {texts.either(LEVELS)}
  challenge @name [variant] [points]  a hot-seat game: you type the moves of both sides
    ... [clock]                       either one on a match clock: {texts.either(tuple(PRESETS))} (a delay
                                      a decision, then a reserve), e.g. vs-bot backgammon 5 live
  multigam [level] [@name ...]        a four-player game: you, up to three friends whose moves you
                                      type too (multigam @Bob @Carol @Dan: every seat), and the
                                      computer in the seats left (levels: {texts.either(MULTIGAM_LEVELS)})
  move <play>                         play your roll, e.g. move bar/3 5/off
  roll | double | take | drop         backgammon's doubling cube
  accept | decline                    answer an offer to resign
  board | hint | resign | cancel      the board again (the last one after a match), a hint, give up, stop
  leave                               multigam: the computer takes the seat of the player to move
  export                              save the backgammon match here as a .mat file (gnubg, XG...)
  dice [match]                        a finished match's dice and seed, saved as a file to check
  tournament create <name> [format]   a knockout, swiss or round-robin tournament; then tournament
                                      join @Bob @Carol (@me: you), start, show, list, award, remove,
                                      cancel (those three confirmed with yes); its matches are played
                                      here one after another
  rules [variant] | leaderboard [variant] | stats [@name] | history | settings [name value]
  prefs [name value]                  your own: roll (ask, no-double, always), forced, bear_off,
                                      puzzles (on, off)
  puzzle [family] | puzzle answer <play> | puzzle stats [@name] | puzzle leaderboard [family]
                                      a position to solve, graded at once; train: your own worst ones
  analyse [game]                      a finished game's analysis (default: the last one here), its
                                      chart and worst plays saved as pictures
  help | quit (or Ctrl-D)
Games: {", ".join(f"{VARIANTS[n].title} ({n})" for n in ALL_VARIANTS)}.
{texts.WRITING_MOVES.replace("`", "")}"""

COMMANDS = (
    "vs-bot",
    "challenge",
    "multigam",
    "move",
    "roll",
    "double",
    "take",
    "drop",
    "accept",
    "decline",
    "board",
    "hint",
    "resign",
    "cancel",
    "leave",
    "export",
    "dice",
    "tournament",
    "rules",
    "leaderboard",
    "stats",
    "history",
    "analyse",
    "settings",
    "prefs",
    "help",
    "quit",
)
"""What the console understands, in the order the help lists it (Tab completes them)."""

ANSWERS = {
    a.value: a for a in (Action.ROLL, Action.DOUBLE, Action.TAKE, Action.DROP, Action.ACCEPT, Action.DECLINE)
}
"""Commands that answer what the game waits for, by their action's name."""

QUIT = frozenset({"quit", "exit", "q"})
YES = frozenset({"yes", "y"})
NO = frozenset({"no", "n"})
RESIGN_WORDS = {"single": "1", "gammon": "2", "backgammon": "3"}
"""A backgammon resignation's offer, by name or by its level."""
CONTROL_KEYS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def friend(name: str, usage: str) -> PlayerRef:
    """The player ``@name`` at the console: "You" (or "me") is you; anyone else a hot-seat friend whose id
    follows from the name (any case), so their matches and stats add up across sessions. ``usage``: the
    refusal for an empty name."""
    name = name.strip().lstrip("@").strip()[:32]
    if not name:
        raise ServiceError(usage)
    if name.casefold() in ("you", "me"):
        return YOU
    return PlayerRef(FRIENDS + zlib.crc32(name.casefold().encode()), name)


USAGE = {
    "vs-bot": "Give at most a variant, a level and a match length, for example: vs-bot backgammon hard 3.",
    "challenge": "Name who you play after challenge, for example: challenge @Bob minigam 3.",
    "move": "Type your play after move, for example: move bar/3 5/off.",
    "multigam": "Give at most the computer's level and up to three other players after multigam, for "
    "example: multigam hard @Bob.",
    "settings": "Give each setting as a name and a value, for example: settings jacoby off.",
    "prefs": "Give each preference as a name and a value, for example: prefs roll always forced on.",
    "stats": "Name one player after stats, for example: stats @Bob.",
    "analyse": "Give at most a game's number (from history), for example: analyse 12.",
}
"""How to type a command, said when it was typed otherwise."""


@dataclass(frozen=True, slots=True)
class ResignQuestion:
    """The question ``resign`` asked, answered by the next line: ``offers`` are the arguments of the
    resignations it offers (``("",)``: just yes)."""

    match_id: int
    version: int
    who: PlayerRef
    offers: tuple[str, ...]

    def answer(self, text: str) -> str | None:
        """The resignation ``text`` asks for (its argument), or ``None`` if it asks for none."""
        word = RESIGN_WORDS.get(text, text)
        if self.offers == ("",):
            return "" if text in YES else None
        if text in YES and len(self.offers) == 1:
            return self.offers[0]
        return word if word in self.offers else None


UNREADABLE = "That line holds a key the console can't read (an arrow key?). Type a command, for example help."


def match_in_play(names: Sequence[str]) -> str:
    return (
        f"A match is in play here ({' vs '.join(names)}): one at a time at the console. Finish it, resign "
        "or cancel it first."
    )


def idle_note(limit: float) -> str:
    """Said when a game against the computer starts: the sweep closes it when left idle, as on Discord."""
    return (
        f"A game against the computer left idle for {texts.duration(limit)} is closed, as on Discord "
        "(settings bot_idle changes it)."
    )


def unknown_command(command: str) -> str:
    return f"There's no command {command!r} here. Type help for the commands."


def vs_bot_options(args: list[str]) -> tuple[str, str, int | None]:
    """``vs-bot``'s variant, level and match length, in any order: a number is the length (``None``: not
    chosen), one of the computer's levels the level, anything else the variant."""
    if len(args) > 3:
        raise ServiceError(USAGE["vs-bot"])
    variant, level, points = DEFAULT_VARIANT, DEFAULT_LEVEL, None
    numbers = [a for a in args if a.isdecimal() and a.isascii()]
    levels = [a for a in args if a.lower() in LEVELS]
    others = [a for a in args if a not in numbers and a not in levels]
    if len(others) == 2 and not levels:  # "vs-bot minigam grandmaster": the second is meant as a level
        others, levels = others[:1], others[1:]
    if len(numbers) > 1 or len(others) > 1 or len(levels) > 1:
        raise ServiceError(USAGE["vs-bot"])
    if others:
        variant = others[0]
    if levels:
        level = levels[0]
    if numbers:
        points = int(numbers[0])
    return variant, level, points


def clock_option(args: list[str]) -> tuple[list[str], str]:
    """The words of ``vs-bot`` or ``challenge`` but the match clock, and the clock: a word that names one
    (``live``, ``clock=live``), anywhere; ``none`` if no word does."""
    clocks = [a for a in args if a.lower().removeprefix("clock=").removeprefix("clock:") in CLOCK_NAMES]
    if len(clocks) > 1:
        raise ServiceError(f"Give one clock at most: {texts.either(CLOCK_NAMES)}.")
    if not clocks:
        return args, NO_CLOCK
    rest = list(args)
    rest.remove(clocks[0])
    return rest, clocks[0].lower().removeprefix("clock=").removeprefix("clock:")


def game_number(rest: str) -> int | None:
    """The game ``analyse`` names (``12`` or ``#12``); ``None``: the last one finished here."""
    text = rest.strip().removeprefix("#")
    if not text:
        return None
    if not text.isdecimal() or not text.isascii():
        raise ServiceError(USAGE["analyse"])
    return int(text)


def words(rest: str) -> list[str]:
    """The words of ``rest``; quotes keep a name with spaces together (``@"Mary Jane"``)."""
    try:
        return shlex.split(rest)
    except ValueError:  # an unclosed quote
        return rest.split()


def one_player(rest: str) -> PlayerRef:
    names = words(rest)
    if len(names) > 1:
        raise ServiceError(USAGE["stats"])
    return friend(names[0], USAGE["stats"]) if names else YOU


def pref_changes(rest: str) -> dict[str, str]:
    """``forced on`` or ``forced=on``, any number of them (none: show them)."""
    pairs = rest.replace("=", " ").split()
    if len(pairs) % 2:
        raise ServiceError(USAGE["prefs"])
    return {pairs[i].lower(): pairs[i + 1] for i in range(0, len(pairs), 2)}


def setting_changes(rest: str) -> dict[str, str]:
    """``jacoby off`` or ``jacoby=off``, any number of them."""
    words = rest.replace("=", " ").split()
    if len(words) % 2:
        raise ServiceError(USAGE["settings"])
    return {words[i].lower(): words[i + 1] for i in range(0, len(words), 2)}


__all__ = [
    "ANSWERS",
    "COMMANDS",
    "CONSOLE_HELP",
    "CONTROL_KEYS",
    "MULTIGAM_LEVELS",
    "NO",
    "PROMPT",
    "QUIT",
    "RESIGN_WORDS",
    "UNREADABLE",
    "USAGE",
    "YES",
    "YOU",
    "ResignQuestion",
    "clock_option",
    "friend",
    "game_number",
    "idle_note",
    "match_in_play",
    "one_player",
    "pref_changes",
    "setting_changes",
    "unknown_command",
    "vs_bot_options",
    "words",
]
