"""The local console as a person starts it: ``python -m bot`` with no token, its commands piped in (the
terminal, with line editing and Ctrl-C, is tests/bot/test_console_terminal.py)."""

from __future__ import annotations

import io
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.config import Config
from bot.console.session import console_main
from engine import Match, SeededDice
from engine.dice import DiceSource, repeatable_seeds

ROOT = Path(__file__).resolve().parents[2]

SENTENCE = re.compile(r"[A-Z].*[.?]")
"""A refusal: a full sentence, a capital letter first and a full stop (or a question mark) last."""


def hot_seat_moves(
    seed: int, variant: str = "minigam", dice: DiceSource | None = None
) -> tuple[list[str], int]:
    """The moves of a whole hot-seat game with ``SeededDice(seed)`` (or ``dice``), each side taking its first
    legal play, worked out with the engine alone (the console rolls the same dice in the same order: the
    opening, then one roll per turn, passing turns that have no legal play). Returns the moves and the
    winner."""
    dice = dice or SeededDice(seed)
    game = Match.new(variant, 1).start_game(dice)
    moves = []
    while game.outcome is None:
        if game.awaiting == "roll":
            game = game.roll(dice)
        plays = game.legal_plays()
        if not plays[0].moves:
            game = game.play(plays[0])
            continue
        moves.append(game.position.format_play(plays[0]))
        game = game.play(plays[0])
    return moves, game.outcome.winner


def console_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env.update(
        {
            "DATABASE_PATH": str(tmp_path / "console.sqlite3"),
            "LOCAL_OUTPUT_DIR": str(tmp_path / "boards"),
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
    )
    return env


def run_console(tmp_path: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input="\n".join(lines) + "\n",
        cwd=tmp_path,
        env=console_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_whole_hot_seat_game_through_python_m_bot_with_piped_input(tmp_path: Path) -> None:
    moves, winner = hot_seat_moves(seed=11, dice=repeatable_seeds(11)().dice())  # the first match's seed
    script = ["/minigam challenge @Bob"]
    script += [f"/minigam move {m}" if i % 2 else f"move {m}" for i, m in enumerate(moves)]
    script += ["/minigam history"]

    done = run_console(tmp_path, script, "--seed", "11")  # no quit: the end of the input ends the session

    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert "!" not in "".join(line[:1] for line in out.splitlines())  # no command was refused
    announced = [line for line in out.splitlines() if line.startswith(("You played ", "Bob played "))]
    assert [line.split(" ")[2] for line in announced] == [m.split(" ")[0] for m in moves]
    assert ("You win, 1 point." if winner == 0 else "Bob wins, 1 point.") in out
    assert "Bob accepted your challenge to Minigam." in out
    assert "Recent games" in out
    assert out.rstrip().endswith("Bye.")
    assert "point   1   2   3   4   5   6" in out  # the text board
    shown = re.findall(r"\(board picture: (.*)\)", out)
    assert shown == [str(tmp_path / "boards" / f"match-1-{n:03d}.png") for n in range(1, len(shown) + 1)]
    assert len(shown) == len(moves) + 1  # the first board, then one after each play
    assert all(Path(path).read_bytes().startswith(b"\x89PNG") for path in shown)


def test_every_refusal_is_a_full_sentence_and_the_session_carries_on(tmp_path: Path) -> None:
    script = [
        "/minigam move bar/3",
        "/minigam dance",
        "vs-bot chess",
        "rules chess",
        "leaderboard chess",
        "vs-bot minigam grandmaster",
        "vs-bot minigam hard easy",
        "vs-bot multigam",
        "multigam easy hard",
        "/minigam challenge friend",
        "challenge @Bob minigam lots",
        "challenge @Bob minigam 1000",
        "challenge @You",
        "stats @Bob @Carol",
        "settings jacoby",
        "settings jacoby maybe",
        "settings colour red",
        "board",
        "hint",
        "resign",
        "roll",
        "cancel",
        "move \x1b[A",
        "/minigam rules MINIGAM",
        "quit",
        "/minigam vs-bot",  # never read
    ]

    done = run_console(tmp_path, script)

    assert done.returncode == 0, done.stderr
    refusals = [line[2:] for line in done.stdout.splitlines() if line.startswith("! ")]
    assert len(refusals) == len(script) - 3  # all but the rules, the quit and what follows it
    for refusal in refusals:
        assert SENTENCE.fullmatch(refusal), refusal
    assert refusals[0] == "There's no match here. Start one with vs-bot, challenge or multigam."
    assert "There's no command 'dance' here. Type help for the commands." in refusals
    unknown = "There's no game called 'chess'. The games are: "
    assert [r[: len(unknown)] for r in refusals[2:5]] == [unknown] * 3  # vs-bot, rules, leaderboard alike
    assert refusals[5].startswith("The computer plays Minigam at easy, medium, hard")
    assert refusals[7] == "Multigam is for 4 players: open a lobby for it with multigam."
    assert "Minigam (minigam) — " in done.stdout  # rules, any case
    assert "Unrated" not in done.stdout  # the vs-bot after quit never ran


def test_minigam_alone_shows_the_help(tmp_path: Path) -> None:
    done = run_console(tmp_path, ["/minigam", "minigam", "help"], "--local")

    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Commands (as on Discord, with or without /minigam") == 3
    assert "! " not in done.stdout


def test_an_unfinished_console_match_carries_on_next_time(tmp_path: Path) -> None:
    settings = Config(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", local_output_dir=tmp_path / "boards"
    )
    typed = io.StringIO("challenge @Bob\n")
    assert console_main(settings, dice=SeededDice(2), stdin=typed, stdout=io.StringIO()) == 0

    again = io.StringIO()
    assert console_main(settings, dice=SeededDice(3), stdin=io.StringIO("board\n"), stdout=again) == 0

    assert "Your unfinished match carries on:" in again.getvalue()
    assert re.search(r"(Your|Bob, your) turn: you rolled", again.getvalue())
    assert again.getvalue().rstrip().endswith("Bye.")


def test_a_database_locked_by_another_program_is_one_clear_line_and_exit_status_2(tmp_path: Path) -> None:
    env = console_env(tmp_path)
    path = Path(env["DATABASE_PATH"])
    subprocess.run(
        [sys.executable, "-m", "bot"], input="quit\n", env=env, text=True, check=True, capture_output=True
    )
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bot"],
            input="quit\n",
            env=env,
            text=True,
            capture_output=True,
            timeout=60,
            check=False,
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"minigam: the database {path} is locked by another program (is another bot running on it?)"
    ]


def test_a_finished_game_is_analysed_in_the_console(tmp_path: Path) -> None:
    moves, _winner = hot_seat_moves(seed=11)
    settings = Config(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", local_output_dir=tmp_path / "boards"
    )
    script = [
        "challenge @Bob",
        *(f"move {m}" for m in moves),
        "analyse",
        "analyse #1",
        "analyse 99",
        "analyse x",
    ]
    out = io.StringIO()

    assert console_main(settings, dice=SeededDice(11), stdin=io.StringIO("\n".join(script)), stdout=out) == 0

    text = out.getvalue()
    assert text.count("Analysis of game #1 · Minigam") == 2  # the last game here, then by its number
    assert "Exact numbers from the solved game, in winning chances." in text
    assert re.search(r"^You: Loses \d+\.\d\d% per decision \(\d+ decisions\)", text, re.M)
    assert "There is no game #99 in this server." in text
    assert "Give at most a game's number (from history), for example: analyse 12." in text


def test_output_to_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """``python -m bot | head``: once the reader is gone, the next line ends the session, no traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=console_env(tmp_path),
    )
    assert process.stdout.readline().startswith(b"Minigam local console.")
    process.stdout.close()  # as head does after its lines

    _, errors = process.communicate(b"help\nrules\n", timeout=120)  # printed to nobody

    assert process.returncode == 0
    assert errors.decode() == ""


def test_the_quick_start_shows_the_install_and_how_to_start_again() -> None:
    quick = (ROOT / "README.md").read_text().split("## Quick start")[1].split("\n## ")[0]
    first = re.search(r"```sh\n(.*?)\n```", quick, re.S).group(1)

    assert "pip install -e . &&" in first  # not -q: pip shows what it fetches for the minute it takes
    assert "start it again without reinstalling: `.venv/bin/python -m bot`" in quick
