"""The console at a terminal: ``python -m bot`` on a pseudo-terminal, typed at as a person types. Line
editing and history come from readline; Ctrl-C and Ctrl-D stop at once. Skipped where there is no
pseudo-terminal or no readline."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Match, SeededDice
from tests.bot.test_console import console_env

pty = pytest.importorskip("pty")
pytest.importorskip("readline")
termios = pytest.importorskip("termios")
fcntl = pytest.importorskip("fcntl")
select = pytest.importorskip("select")

UP = b"\x1b[A"
CTRL_C = b"\x03"
CTRL_D = b"\x04"
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")
WAIT = 60.0  # seconds; only ever reached when something is wrong


def _take_the_terminal() -> None:
    """In the child: a session of its own with the pseudo-terminal as its controlling terminal, so that
    Ctrl-C typed there is a SIGINT for it, as in a real terminal."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``python -m bot`` on a pseudo-terminal: :meth:`type` keys, :meth:`prompt` waits for the next prompt."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        if sys.platform == "win32":  # pragma: no cover
            pytest.skip("no pseudo-terminals on Windows")
        try:
            self.master, slave = pty.openpty()
        except OSError as exc:  # pragma: no cover (a sandbox without /dev/ptmx)
            pytest.skip(f"no pseudo-terminal here: {exc}")
        env = console_env(tmp_path) | {"TERM": "xterm", "INPUTRC": os.devnull}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "--local", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=tmp_path,
            env=env,
            preexec_fn=_take_the_terminal,  # noqa: PLW1509 (the test is single-threaded here)
        )
        os.close(slave)
        self.output = b""
        self._mark = 0  # how much of the text was shown up to the last prompt

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the child closed the terminal
            return False
        self.output += data
        return bool(data)

    @property
    def text(self) -> str:
        return ESCAPES.sub(b"", self.output).replace(b"\r", b"").decode(errors="replace")

    def prompt(self) -> str:
        """Wait for the next prompt at the start of a line; what was printed since the last one."""
        deadline = time.monotonic() + WAIT
        while not ((text := self.text).endswith("\n> ") and len(text) > self._mark):
            if time.monotonic() > deadline or (not self._read(1.0) and self.process.poll() is not None):
                raise AssertionError(f"no prompt; the terminal shows:\n{self.text}")
        shown, self._mark = text[self._mark :], len(text)
        return shown

    def until(self, words: str) -> None:
        deadline = time.monotonic() + WAIT
        while words not in self.text:
            if time.monotonic() > deadline or (not self._read(1.0) and self.process.poll() is not None):
                raise AssertionError(f"no {words!r}; the terminal shows:\n{self.text}")

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def waits(self) -> None:
        """Wait until the program waits for something to happen: its main thread asleep in ``select``,
        ``poll`` or ``epoll`` (CPython's readline waits for a key in ``select``, the event loop for its next
        event in ``epoll``), as Linux shows in ``/proc``. A SIGINT that lands while readline still draws
        the key just echoed is noticed only at the next key (CPython's readline notices a signal only while
        it waits; the same in Python's own prompt), so Ctrl-C is typed once the program waits, as a
        person's would be. Where there is no ``/proc``, a person's pause instead."""
        deadline = time.monotonic() + WAIT
        while not (waiting := asleep_waiting(self.process.pid)):
            if waiting is None:
                time.sleep(0.2)  # no /proc (not Linux): as a person would, not within microseconds
                return
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"the program never waited; the terminal shows:\n{self.text}")
            time.sleep(0.005)  # a look at /proc every 5 ms

    def end(self) -> int:
        """Wait for the program to stop, reading what it prints meanwhile; its exit status."""
        deadline = time.monotonic() + WAIT
        try:
            while self.process.poll() is None and time.monotonic() < deadline:
                self._read(0.2)
            while self._read(0.2):
                pass
        finally:
            os.close(self.master)
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"still running after {WAIT} s; the terminal shows:\n{self.text}")
        return self.process.returncode


def asleep_waiting(pid: int) -> bool | None:
    """Whether process ``pid``'s main thread is asleep in a wait for input or events (``select``,
    ``poll``, ``epoll``); ``None`` where ``/proc`` does not tell (not Linux)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return None
    state = stat.rsplit(")", 1)[1].split()[0]  # after the command's name, which may hold anything
    # the kernel function it sleeps in; "0" or nothing where the kernel does not say: asleep will do
    waits = wchan in ("", "0") or any(word in wchan for word in ("select", "poll"))
    return state == "S" and waits


def database_closed(path: Path) -> bool:
    """Whether nobody holds the database: an exclusive lock is granted at once."""
    db = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        db.execute("BEGIN EXCLUSIVE")
        db.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        db.close()


def test_up_recalls_the_last_line_and_the_history_outlives_the_session(tmp_path: Path) -> None:
    first = Terminal(tmp_path)
    first.prompt()
    first.type(b"rules minigam\r")
    first.prompt()
    first.type(UP + b"\r")  # the same command again, not "\x1b[A"
    shown = first.prompt()
    first.type(CTRL_D)
    status = first.end()

    assert status == 0
    assert shown.startswith("rules minigam\nMinigam (minigam) — ")  # recalled, run again
    assert "!" not in first.text
    assert first.text.rstrip().endswith("Bye.")
    assert (tmp_path / "console-history").read_text().splitlines()[-1] == "rules minigam"

    second = Terminal(tmp_path)
    second.prompt()
    second.type(UP + b"\r")
    shown = second.prompt()
    second.type(b"quit\r")

    assert second.end() == 0
    assert shown.startswith("rules minigam\nMinigam (minigam) — ")


def test_tab_completes_a_command(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.prompt()
    term.type(b"rul\t minigam-str\t\r")
    shown = term.prompt()
    term.type(CTRL_D)

    assert term.end() == 0
    assert "Minigam Strict (minigam-strict) — " in shown


def test_ctrl_c_while_typing_stops_at_once_and_closes_the_database(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.prompt()
    term.type(b"challenge @Bo")
    term.until("challenge @Bo")
    term.waits()  # for the next key (see Terminal.waits)
    term.type(CTRL_C)

    assert term.end() == 0
    assert term.text.rstrip().endswith("Bye.")
    assert "Traceback" not in term.text
    assert database_closed(tmp_path / "console.sqlite3")


def test_ctrl_c_while_the_computer_is_to_move_stops_at_once(tmp_path: Path) -> None:
    seed = next(s for s in range(100) if Match.new("minigam", 1).start_game(SeededDice(s)).turn == 1)
    term = Terminal(tmp_path, "--seed", str(seed), "--delay", str(10 * WAIT))  # the computer waits long
    term.prompt()
    term.type(b"vs-bot\r")
    term.until("is thinking")
    term.waits()  # the event loop waits again
    term.type(CTRL_C)

    assert term.end() == 0  # within WAIT: long before the computer's move
    assert term.text.rstrip().endswith("Bye.")
    assert "Traceback" not in term.text
    assert database_closed(tmp_path / "console.sqlite3")
