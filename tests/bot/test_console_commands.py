"""The console's commands, driven in process: a :class:`Console` on a real core and database, one line at a
time through :meth:`Console.handle`, as the session does."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.console.commands import YOU, friend
from bot.console.console import CHANNEL_ID, Console
from bot.console.session import completions
from bot.core import Core
from engine import Game, SeededDice

WRONG_GRAMMAR = re.compile(
    r"\bYou (starts|wins|resigns|accepts|declines|takes|drops|doubles|offers|has|forfeits|bears|finishes|"
    r"leaves)\b|\bYou's\b"
)


class Session:
    """A console and everything it printed."""

    def __init__(self, core: Core, boards: Path) -> None:
        self.out = io.StringIO()
        self.console = Console(core, out=self.out, output_dir=boards)
        self.core = core

    async def type(self, *lines: str) -> str:
        """Run ``lines``; what they printed."""
        start = len(self.out.getvalue())
        for line in lines:
            assert await self.console.handle(line)
        return self.out.getvalue()[start:]

    async def play_out(self, choose: Callable[[Game], str]) -> str:
        """Type ``choose(game)`` for whoever is to act until the match is over; what it printed."""
        start = len(self.out.getvalue())
        while (live := self.core.ctx.live.played_in(CHANNEL_ID)) is not None:
            game = live.game
            if game.awaiting == "play":
                line = f"move {choose(game)}"
            else:
                line = {"roll": "roll", "double-answer": "take", "resign-answer": "accept"}[game.awaiting]
            await self.console.handle(line)
        return self.out.getvalue()[start:]

    @property
    def text(self) -> str:
        return self.out.getvalue()


def last_play(game: Game) -> str:
    return game.position.format_play(game.legal_plays()[-1])


@pytest.fixture
def session(make_core, tmp_path: Path) -> Callable[..., Session]:
    def make(seed: int = 5) -> Session:
        return Session(make_core(SeededDice(seed)), tmp_path / "boards")

    return make


def pictures(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.png"))


async def test_a_whole_game_against_the_computer_speaks_to_you_as_you(session, tmp_path: Path) -> None:
    s = session()

    await s.type("/minigam vs-bot minigam easy")
    await s.play_out(last_play)

    text = s.text
    assert "Minigam: You vs Computer (easy), one game. Unrated." in text
    assert "Computer (easy) played " in text
    assert ("You win, 1 point." in text) != ("Computer (easy) wins, 1 point." in text)
    assert re.search(r"Opening roll: .*\. (You start|Computer \(easy\) starts)\.", text)
    assert "Your turn: you rolled " in text
    assert not WRONG_GRAMMAR.search(text), WRONG_GRAMMAR.search(text)
    assert "! " not in text


async def test_every_board_keeps_its_own_numbered_picture(session, tmp_path: Path) -> None:
    s = session()
    await s.type("challenge @Bob")
    await s.play_out(last_play)

    shown = re.findall(r"\(board picture: .*/(match-1-\d{3}\.png)\)", s.text)
    assert shown == [f"match-1-{n:03d}.png" for n in range(1, len(shown) + 1)]
    assert len(shown) > 5
    assert pictures(tmp_path / "boards") == shown
    assert len({(tmp_path / "boards" / name).read_bytes() for name in shown}) == len(shown)


async def test_the_same_board_shown_again_is_not_saved_again(session, make_core, tmp_path: Path) -> None:
    s = session()
    await s.type("challenge @Bob", "board", "board")
    assert pictures(tmp_path / "boards") == ["match-1-001.png"]

    again = Session(make_core(SeededDice(6)), tmp_path / "boards")  # the next session's greeting
    await again.console.greet()
    await again.type("board")

    assert pictures(tmp_path / "boards") == ["match-1-001.png"]
    assert "(board picture: " in again.text


async def test_board_after_the_match_shows_its_final_board(session, tmp_path: Path) -> None:
    s = session()
    await s.type("challenge @Bob")
    await s.play_out(last_play)
    final = sorted((tmp_path / "boards").glob("*.png"))[-1]

    text = await s.type("board")

    winner = "You win" if "You win, 1 point." in s.text else "Bob wins"
    assert f"The last match here, Minigam (You vs Bob), is over. {winner}, 1 point." in text
    assert f"Minigam | {winner}, 1 point" in text  # the text board, final position
    assert f"(board picture: {final})" in text  # the final board's picture, not saved twice


async def test_board_with_no_match_ever_says_how_to_start_one(session) -> None:
    text = await session().type("board")

    assert text == "! You have no match in play here. Start one with vs-bot, challenge or multigam.\n"


async def test_resign_asks_and_yes_resigns(session) -> None:
    s = session()
    await s.type("challenge @Bob")

    text = await s.type("resign", "yes")

    assert re.search(r"Resign this game\? (You win|Bob wins) 1 point\. Type yes to resign; anything", text)
    assert re.search(r"\n(You resign|Bob resigns)\.\n", text)
    assert s.core.ctx.live.played_in(CHANNEL_ID) is None


async def test_resign_then_no_plays_on(session) -> None:
    s = session()
    await s.type("challenge @Bob")

    text = await s.type("resign", "No")

    assert text.rstrip().endswith("Not resigned: play on.")
    assert s.core.ctx.live.played_in(CHANNEL_ID) is not None


async def test_a_command_after_the_resign_question_is_run_not_swallowed(session) -> None:
    s = session()
    await s.type("challenge @Bob")
    game = s.core.ctx.live.played_in(CHANNEL_ID).game
    play = last_play(game)

    text = await s.type("resign", f"move {play}")

    assert "Not resigned: play on." in text
    assert re.search(rf"(You|Bob) played {re.escape(play)} with ", text)
    assert s.core.ctx.live.played_in(CHANNEL_ID).game is not game


async def test_resigning_backgammon_offers_a_single_game_gammon_or_backgammon_by_name(session) -> None:
    s = session()
    await s.type("challenge @Bob backgammon 3")  # a match: no Jacoby rule, a gammon counts

    question = await s.type("resign")
    text = await s.type("gammon")

    assert "a gammon (2 points), a backgammon (3 points, the match); they accept or decline." in question
    assert "Type single, gammon or backgammon to offer that much; anything else plays on." in question
    assert re.search(r"(You offer|Bob offers) to resign a gammon \(2 points\)\.", text)
    assert s.core.ctx.live.played_in(CHANNEL_ID).game.resign_offer is not None


async def test_stats_at_a_friend_shows_the_friends_stats(session) -> None:
    s = session()
    await s.type("challenge @Bob", "resign", "yes")
    loser = "Bob" if "Bob resigns." in s.text else "You"

    bob = await s.type("stats @Bob")
    mine = await s.type("stats")

    assert bob.startswith("Bob in this server")
    assert mine.startswith("You in this server")
    assert ("0 won, 1 lost" in bob) == (loser == "Bob")
    assert ("0 won, 1 lost" in mine) == (loser == "You")


def test_a_friend_is_the_same_player_whatever_the_case_and_you_is_you() -> None:
    assert friend("@Bob", "usage").user_id == friend("bob", "usage").user_id != YOU.user_id
    assert friend("@Bob", "usage").user_id != friend("@Carol", "usage").user_id
    assert friend("@you", "usage") == YOU
    assert friend("me", "usage") == YOU


@pytest.mark.parametrize(
    ("line", "header"),
    [
        ("vs-bot", "Minigam: You vs Computer (medium)"),
        ("vs-bot HARD", "Minigam: You vs Computer (hard)"),
        ("vs-bot Backgammon", "Backgammon: You vs Computer (medium)"),
        ("/minigam vs-bot easy MINIGAM-STRICT", "Minigam Strict: You vs Computer (easy)"),
        ("VS-BOT backgammon-mulligan Hard", "Backgammon Mulligan: You vs Computer (hard)"),
    ],
)
async def test_vs_bot_takes_a_variant_and_a_level_in_any_order_and_case(session, line, header) -> None:
    text = await session().type(line)

    assert header in text


@pytest.mark.parametrize("name", ["minigam-strict", "MINIGAM-STRICT", "Minigam Strict", "minigam_strict"])
async def test_rules_take_a_variant_in_any_case(session, name: str) -> None:
    text = await session().type(f"rules {name}")

    assert text.startswith("Minigam Strict (minigam-strict) — ")


async def test_settings_are_shown_and_changed_at_the_console(session) -> None:
    s = session()

    shown = await s.type("settings")
    changed = await s.type("settings jacoby=off")

    assert "Jacoby rule in money play (gammons count single while the cube is centred) (jacoby): on" in shown
    assert changed.startswith("Settings saved.")
    assert "(jacoby): off" in changed
    assert (await s.core.settings.of(0)).jacoby is False


async def test_the_cube_at_the_console(session) -> None:
    s = session(seed=3)
    await s.type("challenge @Bob backgammon 3")
    live = s.core.ctx.live.played_in(CHANNEL_ID)
    while live.game.awaiting != "roll":
        await s.type(f"move {last_play(live.game)}")

    text = await s.type("double", "take")

    assert re.search(r"(You double|Bob doubles) to 2\.", text)
    assert re.search(r"(You take|Bob takes): the cube is on 2, (yours|theirs)\.", text)
    assert live.game.cube == 2


async def test_tab_completes_commands_options_and_the_moves_of_legal_plays(session) -> None:
    s = session()
    console = s.console

    assert completions(console, "", "vs") == ["vs-bot"]
    assert completions(console, "/minigam ", "res") == ["resign"]
    assert completions(console, "vs-bot ", "back") == ["backgammon", "backgammon-mulligan"]
    assert completions(console, "vs-bot minigam ", "h") == ["hard"]
    assert completions(console, "move ", "") == []  # no match yet
    await s.type("challenge @Bob")
    game = s.core.ctx.live.played_in(CHANNEL_ID).game
    plays = [game.position.format_play(p).split() for p in game.legal_plays()]

    firsts = completions(console, "move ", "")
    assert firsts == sorted({p[0] for p in plays})
    seconds = completions(console, f"move {firsts[0]} ", "")
    assert seconds == sorted({p[1] for p in plays if len(p) > 1 and p[0] == firsts[0]})


async def test_greeting_says_where_the_pictures_are(session, tmp_path: Path) -> None:
    s = session()

    await s.console.greet()

    assert f"Board pictures are saved in {tmp_path / 'boards'}/" in s.text


async def test_a_finished_game_leaves_the_console_running(session) -> None:
    s = session()
    await s.type("challenge @Bob", "resign", "yes")

    assert await s.console.handle("history")
    assert not await s.console.handle("quit")
    assert "Recent games" in s.text


async def test_a_four_player_game_against_three_computer_seats(session) -> None:
    s = session(seed=8)

    await s.type("/minigam multigam hard")
    await s.play_out(last_play)

    assert "1. You, 2. Computer 2 (hard), 3. Computer 3 (hard), 4. Computer 4 (hard). Unrated." in s.text
    assert "Final places: 1st" in s.text
    assert "! " not in s.text
    assert not WRONG_GRAMMAR.search(s.text), WRONG_GRAMMAR.search(s.text)
