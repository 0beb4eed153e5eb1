"""Match clocks at the local console: ``vs-bot`` and ``challenge`` take a clock's name, every board prints
both reserves, and a flag that fell while the console waited for a line falls before that line runs."""

from __future__ import annotations

import pytest

from bot.clock import FakeClock
from bot.console.commands import clock_option
from bot.console.console import CHANNEL_ID
from bot.core import ServiceError
from engine import SeededDice
from tests.bot.test_console_commands import Session


@pytest.fixture
async def session(make_core, tmp_path):
    made = Session(make_core(SeededDice(5)), tmp_path / "boards")
    yield made
    await made.console.close()


def test_a_clock_is_a_word_anywhere_among_the_others() -> None:
    assert clock_option(["backgammon", "Live", "5"]) == (["backgammon", "5"], "live")
    assert clock_option(["clock=blitz", "@Bob"]) == (["@Bob"], "blitz")
    assert clock_option(["minigam", "3"]) == (["minigam", "3"], "none")
    with pytest.raises(ServiceError, match="one clock at most"):
        clock_option(["blitz", "live"])


async def test_a_hot_seat_match_on_a_clock_prints_both_reserves(session: Session) -> None:
    out = await session.type("challenge @Bob minigam 3 live")

    assert "On the **live** clock" not in out  # the challenge is accepted at once: its board speaks
    assert "⏱ live clock, 12 s a decision: You 6:00 (to act) · Bob 6:00" in out


async def test_a_flag_fallen_while_the_console_waited_falls_before_the_next_line(
    session: Session, clock: FakeClock
) -> None:
    await session.type("vs-bot minigam 1 blitz")  # 20 s, after 8 s a decision
    live = session.core.ctx.live.played_in(CHANNEL_ID)
    assert live is not None

    clock.advance(29)
    out = await session.type("board")

    assert "⏱ Your time ran out: You lose the match." in out
    assert session.core.ctx.live.played_in(CHANNEL_ID) is None
