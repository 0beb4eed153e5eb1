"""Start times as organisers type them, and a tournament's clock duties done only by the process that
serves its server (the shards)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.tournaments.service import TournamentAction
from bot.core.tournaments.when import StartTimeError, read_start
from bot.models import PlayerRef, Shards
from engine import SeededDice
from tests.bot.conftest import MODERATOR, Threads

NOW = datetime(2026, 11, 27, 19, 40, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in 2h", NOW + 7200),
        ("in 1h30m", NOW + 5400),
        ("IN 2 days", NOW + 2 * 86400),
        ("2026-11-28 18:00", datetime(2026, 11, 28, 18, 0, tzinfo=UTC).timestamp()),
        ("2026-11-28T18:00 UTC", datetime(2026, 11, 28, 18, 0, tzinfo=UTC).timestamp()),
        ("21:15", datetime(2026, 11, 27, 21, 15, tzinfo=UTC).timestamp()),  # later today
        ("08:00", datetime(2026, 11, 28, 8, 0, tzinfo=UTC).timestamp()),  # past today: tomorrow
        (f"<t:{int(NOW) + 3600}:R>", NOW + 3600),
    ],
)
def test_start_times_read_as_typed(text: str, expected: float) -> None:
    assert read_start(text, NOW) == expected


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("tomorrow", "unreadable"),
        ("in soon", "unreadable"),
        ("2026-02-30 18:00", "unreadable"),
        ("25:00", "unreadable"),
        ("2026-11-27 10:00", "past"),
        ("in 0m", "past"),
        ("in 31d", "too far"),
    ],
)
def test_bad_start_times_say_why(text: str, why: str) -> None:
    with pytest.raises(StartTimeError, match=why):
        read_start(text, NOW)


async def test_only_the_process_serving_the_server_starts_its_tournament(make_core, clock) -> None:
    guild = 5 << 22  # shard 1 of 2
    other = make_core(SeededDice(1), shards=Shards(2, frozenset({0})))
    mine = make_core(SeededDice(1), shards=Shards(2, frozenset({1})))
    mine.tournaments.venue = Threads()
    created = await mine.tournaments.create(guild, 100, MODERATOR, name="Cup", starts="in 10m", points=1)
    tournament_id = created.notices[0].tournament_id
    for n in range(4):
        await mine.tournaments.act(tournament_id, 0, PlayerRef(500 + n, f"P{n}"), TournamentAction.JOIN)
    clock.advance(601)
    await other.timeouts.sweep()
    t = await other.store.tournament(tournament_id)
    assert t is not None
    assert t.is_open  # not this process's server
    await mine.timeouts.sweep()
    t = await mine.store.tournament(tournament_id)
    assert t is not None
    assert t.is_running
    assert len(mine.ctx.live) == 2
    assert len(other.ctx.live) == 0
