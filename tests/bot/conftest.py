"""Fixtures for the bot's tests: a real SQLite file per test, a fake clock, scripted dice."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.models import PlayerRef
from bot.service import MatchService, Result
from bot.storage import Storage
from engine import Game, Play, ScriptedDice
from engine.ai import Player

GUILD = 1
CHANNEL = 100
ALICE = PlayerRef(11, "Alice")
BOB = PlayerRef(22, "Bob")
CAROL = PlayerRef(33, "Carol")
ROBOT = PlayerRef(44, "Robo", is_bot=True)


class FirstPlay(Player):
    """A computer player that always takes the first legal play (repeatable)."""

    level = "first"

    def choose_play(self, game: Game) -> Play:
        return game.legal_plays()[0]


def first_play_factory(variant: str, level: str) -> Player:
    from engine import find_variant

    return FirstPlay(find_variant(variant))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "minigam.sqlite3"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(start=1_750_000_000.0)


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    s = await Storage.open(db_path)
    yield s
    await s.close()


@pytest.fixture
def make_service(storage: Storage, clock: FakeClock) -> Callable[..., MatchService]:
    def make(dice: Sequence[int] | object = (), **kwargs) -> MatchService:
        source = ScriptedDice(dice) if isinstance(dice, list | tuple) else dice
        kwargs.setdefault("computer", first_play_factory)
        return MatchService(storage, clock=clock, dice=source, **kwargs)

    return make


async def start_challenge_match(
    service: MatchService, variant: str = "minigam", points: int = 1, channel: int = CHANNEL
) -> Result:
    """Alice challenges Bob in ``channel`` and Bob accepts; returns the acceptance's result."""
    sent = await service.challenge(GUILD, channel, ALICE, BOB, variant, points)
    challenge_id = sent.notices[0].challenge_id
    assert challenge_id is not None
    return await service.answer_challenge(challenge_id, BOB, accept=True)


def boards(result: Result) -> list:
    return [n for n in result.notices if n.kind == "board"]
