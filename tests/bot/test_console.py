"""The local console, driven through whole games by piped input (a real ``python -m bot`` process,
and in-process with a line source that plays whatever is legal)."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings
from bot.console import CHANNEL_ID, Console, console_main
from bot.core import Core
from bot.store import open_store
from engine import Match, SeededDice
from tests.bot.conftest import first_play_factory

ROOT = Path(__file__).resolve().parents[2]


def hot_seat_moves(seed: int, variant: str = "minigam") -> tuple[list[str], int]:
    """The moves of a whole hot-seat game with ``SeededDice(seed)``, each side taking its first legal play,
    worked out with the engine alone (the console rolls the same dice in the same order: the opening,
    then one roll per turn, passing turns that have no legal play). Returns the moves and the winner."""
    dice = SeededDice(seed)
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


def test_a_whole_hot_seat_game_through_python_m_bot_with_piped_input(tmp_path: Path) -> None:
    moves, winner = hot_seat_moves(seed=11)
    script = ["/minigam challenge @Bob"]
    script += [f"/minigam move {m}" if i % 2 else f"move {m}" for i, m in enumerate(moves)]
    script += ["/minigam history"]

    done = subprocess.run(
        [sys.executable, "-m", "bot", "--local", "--seed", "11"],
        input="\n".join(script) + "\n",  # no quit: the end of the input ends the session
        cwd=tmp_path,
        env=console_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert "!" not in "".join(line[:1] for line in out.splitlines())  # no command was refused
    announced = [line for line in out.splitlines() if line.startswith(("You played ", "Bob played "))]
    assert [line.split(" ")[2] for line in announced] == [m.split(" ")[0] for m in moves]
    assert f"{('You', 'Bob')[winner]} wins, 1 point." in out
    assert "Recent games" in out
    assert out.rstrip().endswith("Bye.")
    assert "point   1   2   3   4   5   6" in out  # the text board
    png = tmp_path / "boards" / "match-1.png"
    assert png.read_bytes().startswith(b"\x89PNG")
    assert f"(board picture: {png})" in out


def test_the_console_explains_refusals_and_carries_on(tmp_path: Path) -> None:
    script = "\n".join(
        [
            "/minigam move bar/3",
            "/minigam dance",
            "vs-bot chess",
            "vs-bot minigam grandmaster",
            "/minigam challenge friend",
            "/minigam rules minigam",
            "quit",
            "/minigam vs-bot",  # never read
        ]
    )

    done = subprocess.run(
        [sys.executable, "-m", "bot", "--local"],
        input=script + "\n",
        cwd=tmp_path,
        env=console_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert (
        "! There's no match in this channel. Start one with /minigam challenge or /minigam vs-bot." in lines
    )
    assert "! Unknown command 'dance'. Type help for the commands." in lines
    assert any(line.startswith("! There's no game called 'chess'") for line in lines)
    assert any(line.startswith("! The computer plays Minigam at easy, medium, hard") for line in lines)
    assert "! Usage: /minigam challenge @friend [variant] [points]" in lines
    assert any(line.startswith("Minigam (minigam) — ") for line in lines)
    assert "Unrated" not in done.stdout  # the vs-bot after quit never ran


async def test_a_whole_game_against_the_computer_in_process(tmp_path: Path) -> None:
    storage = await open_store(tmp_path / "db.sqlite3")
    core = Core(storage, dice=SeededDice(5), computer=first_play_factory)
    out = io.StringIO()
    commands = iter(["/minigam vs-bot minigam easy"])
    console: Console

    async def read_line() -> str:
        """Type the next command: the scripted ones, then the last legal play while a match is on."""
        line = next(commands, None)
        if line is not None:
            return line + "\n"
        live = core.ctx.table.in_channel(CHANNEL_ID)
        if live is None:
            return ""
        game = live.game
        return f"move {game.position.format_play(game.legal_plays()[-1])}\n"

    console = Console(core, out=out, output_dir=tmp_path / "boards", read_line=read_line)
    await console.run()
    await storage.close()

    text = out.getvalue()
    assert "You vs Computer (easy), one game. Unrated." in text
    assert "Computer (easy) played " in text
    assert ("You wins, 1 point." in text) != ("Computer (easy) wins, 1 point." in text)
    assert "! " not in text
    assert (tmp_path / "boards" / "match-1.png").is_file()


async def test_an_unfinished_console_match_carries_on_next_time(tmp_path: Path) -> None:
    settings = Settings(database_path=tmp_path / "db.sqlite3", local_output_dir=tmp_path / "boards")
    first = io.StringIO()
    await console_main(
        settings, dice=SeededDice(2), stdin=io.StringIO("/minigam challenge @Bob\n"), stdout=first
    )

    again = io.StringIO()
    await console_main(settings, dice=SeededDice(3), stdin=io.StringIO("board\n"), stdout=again)

    assert "Your unfinished match carries on:" in again.getvalue()
    assert "your turn: you rolled" in again.getvalue()


@pytest.mark.parametrize("answer", ["yes", "no"])
async def test_resigning_asks_for_confirmation(tmp_path: Path, answer: str) -> None:
    settings = Settings(database_path=tmp_path / "db.sqlite3", local_output_dir=tmp_path / "boards")
    out = io.StringIO()
    stdin = io.StringIO(f"challenge @Bob\nresign\n{answer}\n")

    await console_main(settings, dice=SeededDice(2), stdin=stdin, stdout=out)

    text = out.getvalue()
    assert "Resign this game? " in text
    assert ("resigns." in text) == (answer == "yes")
    assert ("Not resigned; play on." in text) == (answer == "no")


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


async def test_a_four_player_game_against_three_computer_seats(tmp_path: Path) -> None:
    storage = await open_store(tmp_path / "db.sqlite3")
    core = Core(storage, dice=SeededDice(8), computer=first_play_factory)
    out = io.StringIO()
    commands = iter(["/minigam multigam hard"])

    async def read_line() -> str:
        line = next(commands, None)
        if line is not None:
            return line + "\n"
        live = core.ctx.table.in_channel(CHANNEL_ID)
        if live is None:
            return ""
        return f"move {live.game.position.format_play(live.game.legal_plays()[-1])}\n"

    console = Console(core, out=out, output_dir=tmp_path / "boards", read_line=read_line)
    await console.run()
    await storage.close()

    text = out.getvalue()
    assert "1. You, 2. Computer 2 (hard), 3. Computer 3 (hard), 4. Computer 4 (hard). Unrated." in text
    assert "Final places: 1st" in text
    assert "! " not in text
