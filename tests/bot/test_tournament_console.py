"""A tournament at the console: created, joined by hot-seat friends (@name), started, its matches played
here one after the other to the champion; the organiser's actions confirmed with yes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store.protocol_tournaments import TournamentStatus
from engine import SeededDice
from tests.bot.test_console_commands import Session, last_play


@pytest.fixture
def session(make_core, tmp_path: Path) -> Callable[..., Session]:
    def make(seed: int = 5) -> Session:
        return Session(make_core(SeededDice(seed)), tmp_path / "boards")

    return make


async def test_a_knockout_of_four_is_played_here_to_its_champion(session) -> None:
    s = session()
    shown = await s.type('tournament create "Console cup" knockout minigam 1')
    assert "🏆 Console cup (#1) · knockout · Minigam, 1-point matches" in shown
    assert "Organiser: You" in shown
    shown = await s.type("tournament join @me @Bob @Carol @Dan")
    assert "Players (4/16):" in shown
    shown = await s.type("tournament start")
    assert "Console cup starts: 4 players" in shown
    assert "Semi-finals:" in shown
    assert "<@" not in shown  # names, not Discord's mentions
    for _ in range(3):  # two semi-finals, one after the other at the one table, then the final
        await s.play_out(last_play)
    t = await s.core.store.tournament(1)
    assert t is not None
    assert t.status is TournamentStatus.FINISHED
    assert f"🏆 {t.name_of(t.champion_id)} wins Console cup!" in s.text
    shown = await s.type("tournament show 1")
    assert "Final:" in shown
    saved = s.console.output.folder / "bracket-console-cup.png"  # the picture Discord shows, kept here
    assert f"(bracket picture: {saved})" in shown
    assert saved.read_bytes().startswith(b"\x89PNG")
    shown = await s.type("tournament list")
    assert "Finished" in shown


async def test_the_organisers_actions_wait_for_yes(session) -> None:
    s = session()
    await s.type(
        'tournament create "Cup" round-robin', "tournament join @Bob @Carol @Dan", "tournament start"
    )
    asked = await s.type("tournament cancel")
    assert "Cancel Cup for everyone?" in asked
    t = await s.core.store.tournament(1)
    assert t is not None
    assert t.is_running
    await s.type("tournament cancel yes")
    t = await s.core.store.tournament(1)
    assert t is not None
    assert t.status is TournamentStatus.CANCELLED
    assert s.core.ctx.live.played_in(0) is None


async def test_bad_lines_are_refused_with_the_usage(session) -> None:
    s = session()
    usage = await s.type("tournament")
    assert "tournament create <name>" in usage
    assert "[players N]" in usage  # the most players, as on Discord
    await s.type('tournament create "Small" players 4')
    assert "Players (0/4)" in await s.type("tournament show")
    await s.type("tournament cancel yes")
    assert "No tournament is going on" in await s.type("tournament start")
    await s.type('tournament create "Cup"')
    assert "Name one player" in await s.type("tournament award yes")
    assert "at least 4 players" in await s.type("tournament start")
