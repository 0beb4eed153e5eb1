"""The console does what Discord's commands do (a match against the computer, export, leave, multigam
with people in any seats, the analysis's pictures), in the console's own words: nothing about threads,
permissions or a slash command's options, and lines in the order things happened."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.config import Config
from bot.console.commands import CONSOLE_HELP
from bot.console.console import CHANNEL_ID
from bot.console.session import completions, console_main
from bot.core import Result
from bot.core.catalogue import LEVELS
from engine import Game, SeededDice
from engine.ai import levels_for
from engine.dice import repeatable_seeds
from tests.bot.test_console import hot_seat_moves
from tests.bot.test_console_commands import WRONG_GRAMMAR, Session, last_play

DISCORD_ONLY = re.compile(r"thread|permission|game:|/minigam|Manage Server|button", re.IGNORECASE)


@pytest.fixture
def session(make_core, tmp_path: Path) -> Callable[..., Session]:
    def make(seed: int = 5) -> Session:
        return Session(make_core(SeededDice(seed)), tmp_path / "boards")

    return make


def is_png(path: str) -> bool:
    return Path(path).read_bytes().startswith(b"\x89PNG")


def first_play(game: Game) -> str:
    return game.position.format_play(game.legal_plays()[0])


async def test_vs_bot_takes_a_match_length(session) -> None:
    s = session()

    text = await s.type("vs-bot backgammon hard 3")

    assert "Backgammon: You vs Computer (hard), a match to 3 points. Unrated." in text
    assert s.core.ctx.live.played_in(CHANNEL_ID).record.target == 3


@pytest.mark.parametrize("line", ["vs-bot backgammon 3 5", "vs-bot backgammon hard easy", "vs-bot a b c d"])
async def test_vs_bot_with_two_lengths_or_levels_is_refused_and_starts_nothing(session, line: str) -> None:
    s = session()

    text = await s.type(line)

    assert (
        text
        == "! Give at most a variant, a level and a match length, for example: vs-bot backgammon hard 3.\n"
    )
    assert s.core.ctx.live.played_in(CHANNEL_ID) is None


async def test_export_writes_the_mat_file_and_prints_its_path(session, tmp_path: Path) -> None:
    s = session()
    await s.type("vs-bot backgammon 3")

    text = await s.type("export")

    path = tmp_path / "boards" / "minigam-match-1.mat"
    assert f"(saved: {path})" in text
    assert " 3 point match" in path.read_text()
    assert '[Player 1 "You"]' in path.read_text()


async def test_export_of_a_minigam_match_is_refused(session, tmp_path: Path) -> None:
    s = session()
    await s.type("vs-bot")

    text = await s.type("export")

    assert text.startswith("! ")
    assert not list((tmp_path / "boards").glob("*.mat"))


async def test_leave_hands_the_seat_to_the_computer_in_multigam(session) -> None:
    s = session(seed=8)
    await s.type("multigam hard @Bob")
    live = s.core.ctx.live.played_in(CHANNEL_ID)
    acting = live.game.actor

    text = await s.type("leave")

    assert live.record.seats[acting].replaced
    assert re.search(r"(You leave|Bob leaves) the table; the computer \(hard\) plays (your|their) seat", text)
    assert not WRONG_GRAMMAR.search(text), WRONG_GRAMMAR.search(text)
    assert not re.search(r"^You rolled .* is thinking", text, re.M)
    assert "You left the game" not in text  # said to whoever clicked Leave on Discord: Bob, maybe


async def test_leave_in_a_two_player_game_is_refused(session) -> None:
    s = session()
    await s.type("vs-bot")
    version = s.core.ctx.live.played_in(CHANNEL_ID).version

    text = await s.type("leave")

    assert text.startswith("! Leaving hands your seat to the computer, and only four-player games have that.")
    assert s.core.ctx.live.played_in(CHANNEL_ID).version == version


async def test_multigam_with_three_friends_plays_every_seat_here(session) -> None:
    s = session(seed=8)

    await s.type("multigam @Bob @Carol @Dan")
    await s.play_out(first_play)

    assert "1. You, 2. Bob, 3. Carol, 4. Dan." in s.text
    assert "Computer" not in s.text
    assert "Final places: 1st" in s.text
    assert "! " not in s.text


async def test_multigam_with_one_friend_fills_the_other_seats_with_the_computer(session) -> None:
    s = session(seed=8)

    text = await s.type("multigam easy @Bob")

    assert "1. You, 2. Bob, 3. Computer 3 (easy), 4. Computer 4 (easy)." in text


@pytest.mark.parametrize(
    "line", ["multigam @Bob @Bob", "multigam @You", "multigam easy hard", "multigam @a @b @c @d"]
)
async def test_multigam_with_a_seat_twice_or_too_many_is_refused(session, line: str) -> None:
    s = session()

    text = await s.type(line)

    assert text.startswith("! Give at most the computer's level and up to three other players after multigam")
    assert s.core.ctx.live.played_in(CHANNEL_ID) is None


def test_help_says_how_to_play_multigam_with_people_or_the_computer() -> None:
    assert "multigam [level] [@name ...]" in CONSOLE_HELP
    assert "multigam @Bob @Carol @Dan: every seat" in CONSOLE_HELP
    assert "computer in the seats left" in CONSOLE_HELP
    assert "\n  leave " in CONSOLE_HELP
    assert "\n  export " in CONSOLE_HELP


def test_analyse_saves_the_chart_and_each_worst_plays_board(tmp_path: Path) -> None:
    moves, _winner = hot_seat_moves(seed=11)
    settings = Config(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", local_output_dir=tmp_path / "boards"
    )
    script = "\n".join(["challenge @Bob", *(f"move {m}" for m in moves), "analyse"])
    out = io.StringIO()

    assert console_main(settings, dice=SeededDice(11), stdin=io.StringIO(script), stdout=out) == 0

    saved = re.findall(r"\(analysis picture: (.*)\)", out.getvalue())
    assert saved[0] == str(tmp_path / "boards" / "analysis-1-chances.png")
    worst = [Path(p).name for p in saved[1:]]
    assert worst
    assert all(re.fullmatch(r"analysis-1-worst-[12]-[123]\.png", name) for name in worst)
    assert all(is_png(p) for p in saved)


async def test_the_console_speaks_of_its_own_commands_only(session) -> None:
    s = session()
    lines = ["analyse", "board", "move 1/2", "vs-bot", "analyse", "vs-bot", "challenge @Bob", "multigam"]
    lines += ["resign", "yes", "history", "board", "cancel"]

    text = await s.type(*lines)

    assert not DISCORD_ONLY.search(text), DISCORD_ONLY.search(text)
    assert "A match is in play here (You vs Computer (medium)): one at a time at the console." in text
    assert "No game has finished here yet. Pick one with analyse and its number" in text


async def test_a_game_against_the_computer_says_it_closes_when_left_idle(session) -> None:
    text = await session().type("vs-bot")

    assert "A game against the computer left idle for 1 hour is closed, as on Discord" in text


async def test_the_idle_game_closing_speaks_to_you_as_you(session, clock) -> None:
    s = session()
    await s.type("vs-bot")
    clock.advance(2 * 3600)

    text = await s.type("history")

    assert "Your game against the computer was left idle for 1 hour and is closed." in text
    assert not WRONG_GRAMMAR.search(text), WRONG_GRAMMAR.search(text)


async def test_your_play_is_printed_before_the_computer_thinks(session) -> None:
    s = session(seed=2)
    start = await s.type("vs-bot")
    game = s.core.ctx.live.played_in(CHANNEL_ID).game
    play = last_play(game)

    text = await s.type(f"move {play}")

    assert start.index("Opening roll:") < start.index("is thinking")
    assert (
        text.index(f"You played {play}") < text.index("is thinking") < text.index("Computer (medium) played")
    )
    assert text.count(f"You played {play}") == 1  # not again with the computer's board


async def test_tab_after_multigam_offers_its_levels_only(session) -> None:
    console = session().console

    assert completions(console, "multigam ", "") == list(levels_for("multigam"))
    assert completions(console, "multigam @Bob ", "") == list(levels_for("multigam"))
    assert completions(console, "multigam hard ", "") == []


async def test_tab_after_vs_bot_and_a_variant_offers_its_levels_and_lengths(session) -> None:
    console = session().console

    offered = completions(console, "vs-bot backgammon ", "")

    assert offered[:4] == list(levels_for("backgammon"))
    assert "3" in offered
    assert "backgammon" not in offered
    assert completions(console, "vs-bot backgammon hard ", "") == offered[4:]
    assert completions(console, "vs-bot backgammon-mulligan ", "") == list(levels_for("backgammon-mulligan"))
    assert completions(console, "vs-bot ", "h") == [lv for lv in LEVELS if lv.startswith("h")]


async def test_tab_after_analyse_offers_the_finished_games(session) -> None:
    s = session()
    assert completions(s.console, "analyse ", "") == []
    await s.type("challenge @Bob", "resign", "yes", "challenge @Bob", "resign", "yes")

    assert completions(s.console, "analyse ", "") == ["2", "1"]


async def test_the_text_board_is_numbered_as_the_picture_is(make_core, tmp_path: Path) -> None:
    """The console prints each board's text from the side its picture is drawn from (the person's)."""
    from bot.console.output import Output
    from bot.core.notices import NewBoard, Picture
    from bot.workers import drawing

    game = Game.start("backgammon", SeededDice(3))
    out = io.StringIO()
    for side in (0, 1):
        picture = Picture(game, ("You", "Computer (hard)"), perspective=side)
        board = NewBoard(channel_id=CHANNEL_ID, match_id=1, version=1, text="", picture=picture)
        await Output(make_core([]), out, tmp_path).show(Result([board]))
        assert drawing.board_text(game, picture.names, perspective=side) in out.getvalue()
    assert drawing.board_text(game, picture.names, perspective=0) != drawing.board_text(
        game, picture.names, perspective=1
    )


def test_a_seeded_console_repeats_its_matches_and_commits_to_the_seeds_it_throws(tmp_path: Path) -> None:
    """``--seed``: the same session twice gives the same dice, and they come from the seed the match
    commits to (no dice that ignore it)."""
    outputs = []
    for run in (1, 2):
        settings = Config(
            database_url=f"sqlite:///{tmp_path / f'db{run}.sqlite3'}", local_output_dir=tmp_path / "boards"
        )
        out = io.StringIO()
        assert console_main(settings, seed=5, stdin=io.StringIO("vs-bot minigam easy\n"), stdout=out) == 0
        outputs.append(out.getvalue())

    first_seed = repeatable_seeds(5)()
    assert outputs[0] == outputs[1]
    assert f"Dice committed: SHA-256 {first_seed.commitment}." in outputs[0]
    stream = first_seed.dice()
    opening = re.search(r"Opening roll: [^,]+ (\d), .+ (\d)\.", outputs[0])
    assert opening is not None  # each player's die, in seat order, the first two of the stream
    assert [int(opening.group(1)), int(opening.group(2))] == [stream.roll_die(), stream.roll_die()]
