"""A console session: the lines come in, :class:`~bot.console.console.Console` runs them, until the end.

Lines are read in the main thread, while no event loop runs: nothing else is under way between two
commands (each command waits for the computer's replies before the next line is read), and the terminal
then behaves as any command line does. At a terminal the standard library's :mod:`readline` edits the line
and keeps a history, saved across sessions in the data folder, with Tab completing commands, variants,
levels and the moves of the legal plays. Ctrl-D (the end of the input) and Ctrl-C stop at once, while
typing or while a command runs: the computer's turn in flight is dropped, the database closed, "Bye."
and exit status 0. Piped input is read line by line, without a prompt, to its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TextIO

from bot.config import Config
from bot.console.commands import COMMANDS, MULTIGAM_LEVELS, PROMPT
from bot.console.console import CHANNEL_ID, Console
from bot.core import Core, HouseRules
from bot.core.analysis.jobs import AnalysisJobs
from bot.core.catalogue import LEVELS, TWO_PLAYER_VARIANTS
from bot.core.settings import SETTINGS
from bot.store import StoreError, open_store
from bot.workers.thinking import Thinker
from engine import MAX_MATCH_POINTS, VARIANTS, Awaiting
from engine import ai as engine_ai
from engine.ai import levels_for
from engine.dice import DiceSource, repeatable_seeds

log = logging.getLogger(__name__)

HISTORY_FILE = "console-history"
"""The terminal's history, next to the database."""
HISTORY_LENGTH = 1000

ReadLine = Callable[[], str | None]
"""The next line, or ``None`` at the end of the input."""


def run_session(loop: asyncio.Runner, console: Console, read_line: ReadLine) -> None:
    """Greet, then run each line until ``quit``, the end of the input or Ctrl-C; always stop cleanly."""
    try:
        loop.run(console.greet())
        while True:
            line = read_line()
            if line is None or not loop.run(console.handle(line)):
                break
    except KeyboardInterrupt:  # Ctrl-C: while typing (from input()) or while a command ran (asyncio.Runner)
        console.say()
    finally:
        loop.run(console.close())
    console.say("Bye.")


def piped_lines(stdin: TextIO) -> ReadLine:
    def read_line() -> str | None:
        return stdin.readline() or None

    return read_line


class TerminalLines:
    """Lines typed at a terminal, through :mod:`readline` when the platform has it: line editing, history
    (``history``: the file kept across sessions) and Tab completion from ``console``."""

    def __init__(self, console: Console, history: Path | None) -> None:
        self.console = console
        self.history = history
        try:
            import readline  # only at a terminal: importing it changes how input() reads
        except ImportError:  # no readline on this platform: plain lines, still no thread
            self.readline = None
            return
        self.readline = readline
        if "libedit" in (readline.__doc__ or ""):  # macOS's readline
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_completer_delims(" \t\n")
        readline.set_completer(self._complete)
        readline.set_history_length(HISTORY_LENGTH)
        if history is not None and history.is_file():
            with contextlib.suppress(OSError):
                readline.read_history_file(history)

    def __call__(self) -> str | None:
        try:
            return input(PROMPT)
        except EOFError:  # Ctrl-D
            self.console.say()
            return None

    def _complete(self, word: str, state: int) -> str | None:
        try:
            before = self.readline.get_line_buffer()[: self.readline.get_begidx()]
            found = completions(self.console, before, word)
        except Exception:  # a completer's error would be swallowed by readline: log it instead
            log.exception("completing %r failed", word)
            return None
        return found[state] + " " if state < len(found) else None

    def close(self) -> None:
        """Save the history."""
        if self.readline is None or self.history is None:
            return
        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(self.history)
        except OSError as exc:
            log.warning("the console's history could not be saved in %s: %s", self.history, exc)


def completions(console: Console, before: str, word: str) -> list[str]:
    """What Tab offers for ``word``, the word being typed after ``before``: a command first, then the
    command's options (variants, levels, settings), and for ``move`` the next move of a legal play."""
    words = before.split()
    if words and words[0].lower() in ("/minigam", "minigam"):
        words = words[1:]
    if not words:
        options: list[str] = [*COMMANDS, "/minigam"]
    else:
        options = _options(console, words[0].lower().lstrip("/"), words[1:])
    return [o for o in options if o.lower().startswith(word.lower())]


LENGTHS = tuple(str(n) for n in (1, 3, 5, 7, 9, 11, 13, 15) if n <= MAX_MATCH_POINTS)
"""The match lengths Tab offers (any other is typed)."""


def _options(console: Console, command: str, typed: list[str]) -> list[str]:
    if command in ("rules", "leaderboard") and not typed:
        return list(VARIANTS)
    if command == "multigam" and all(t.startswith("@") for t in typed):
        return list(MULTIGAM_LEVELS)
    if command == "vs-bot":
        return _vs_bot_options(typed)
    if command == "challenge" and len(typed) == 1:
        return list(TWO_PLAYER_VARIANTS)
    if command == "settings" and not typed:
        return list(SETTINGS)
    if command == "analyse" and not typed:
        return [str(game_id) for game_id in console.finished_games]
    if command == "move":
        live = console.core.ctx.live.played_in(CHANNEL_ID)
        if live is None or live.game.awaiting is not Awaiting.PLAY:
            return []
        game = live.game
        plays = [game.position.format_play(p).split() for p in game.legal_plays()]
        k = len(typed)
        return sorted({p[k] for p in plays if len(p) > k and p[:k] == typed})
    return []


def _vs_bot_options(typed: list[str]) -> list[str]:
    """A variant, then that variant's levels and match lengths (each until it is typed)."""
    named = [t.lower() for t in typed]
    variant = next((VARIANTS[t] for t in named if t in TWO_PLAYER_VARIANTS), None)
    options: list[str] = []
    if variant is None and len(typed) < 3:
        options += TWO_PLAYER_VARIANTS
    if not any(t in LEVELS for t in named):
        options += levels_for(variant.name) if variant is not None else LEVELS
    if variant is not None and variant.fixed_target is None and not any(t.isdecimal() for t in named):
        options += LENGTHS
    return options


def _leave_interrupts_to_the_main_thread() -> None:
    """Block Ctrl-C's SIGINT in the calling thread (a helper thread), so that the kernel delivers it to the
    main thread. There it interrupts the line being read: readline (and a piped read) wait in a system call
    that only a signal caught by their own thread ends; caught by another thread, Ctrl-C would wait for
    the next key."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _threads_without_interrupts() -> Iterator[None]:
    """Threads started meanwhile from this thread (the database's) inherit a mask that blocks SIGINT."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def console_main(
    settings: Config,
    *,
    dice: DiceSource | None = None,
    seed: int | None = None,
    delay: float = 0.0,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run a console session on ``settings``' database, reading ``stdin`` (default: the terminal or
    whatever is piped in). Returns the exit status."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    # The computer thinks in a thread, not a worker process: one person plays and waits for its move anyway,
    # a worker would first warm up every variant (seconds) when this game needs one, and seeded players keep
    # ``--seed`` games repeatable.
    thinker = Thinker(0, computer=lambda variant, level: engine_ai.get_player(variant, level, seed=seed))
    with asyncio.Runner() as loop:
        helpers = ThreadPoolExecutor(initializer=_leave_interrupts_to_the_main_thread)
        loop.get_loop().set_default_executor(helpers)
        with _threads_without_interrupts():
            store = loop.run(open_store(settings.database_url))
        jobs: AnalysisJobs | None = None
        try:
            rules = HouseRules(
                challenge_timeout=settings.challenge_timeout,
                turn_timeout=settings.turn_timeout,
                lobby_timeout=settings.lobby_timeout,
            )
            core = Core(store, dice=dice, rules=rules, thinker=thinker)  # no dice: each match's own seed
            if seed is not None:  # --seed: repeatable seeds, so each match's dice still follow its seed
                core.ctx.seeds = repeatable_seeds(seed)
            jobs = core.analyses.jobs
            loop.run(_begin(core))
            console = Console(core, out=stdout, output_dir=settings.local_output_dir, delay=delay)
            if stdin is sys.stdin and stdin.isatty():
                lines = TerminalLines(console, settings.data_dir / HISTORY_FILE)
                try:
                    run_session(loop, console, lines)
                finally:
                    lines.close()
            else:
                run_session(loop, console, piped_lines(stdin))
        finally:
            if jobs is not None:
                loop.run(jobs.close())
            loop.run(store.close())
    return 0


async def _begin(core: Core) -> None:
    """Start the analysis workers (on the session's loop) and load the matches in play."""
    core.analyses.jobs.start()
    await core.load()


def run_console(settings: Config, *, seed: int | None = None, delay: float = 0.0) -> int:
    """The ``python -m bot`` entry for the console."""
    # The console is for playing: only warnings reach the terminal, unless LOG_LEVEL asks for DEBUG.
    configured = getattr(logging, settings.log_level)
    level = configured if configured == logging.DEBUG else max(configured, logging.WARNING)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    try:
        return console_main(settings, seed=seed, delay=delay)
    except StoreError as exc:
        print(f"minigam: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        print("\nBye.")
        return 0


__all__ = ["TerminalLines", "completions", "console_main", "piped_lines", "run_console", "run_session"]
