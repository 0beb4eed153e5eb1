"""Fixtures for the bot's tests: a real SQLite file per test, a fake clock, scripted dice; and helpers that
act as a person would (through the core's one way in, at the version they saw)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.core import Action, Board, Core, HouseRules, Result
from bot.core.live import LiveMatch
from bot.models import PlayerRef
from bot.store import Store, open_store
from engine import Game, Play, ScriptedDice
from engine.ai import Player

GUILD = 1
CHANNEL = 100
ALICE = PlayerRef(11, "Alice")
BOB = PlayerRef(22, "Bob")
CAROL = PlayerRef(33, "Carol")
ROBOT = PlayerRef(44, "Robo", is_bot=True)
MODERATOR = PlayerRef(55, "Mod", moderator=True)


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
async def storage(db_path: Path) -> AsyncIterator[Store]:
    s = await open_store(db_path)
    yield s
    await s.close()


@pytest.fixture
def make_core(storage: Store, clock: FakeClock) -> Callable[..., Core]:
    def make(dice: Sequence[int] | object = (), **kwargs) -> Core:
        source = ScriptedDice(dice) if isinstance(dice, list | tuple) else dice
        kwargs.setdefault("computer", first_play_factory)
        limits = {
            k: kwargs.pop(k) for k in ("challenge_timeout", "turn_timeout", "think_limit") if k in kwargs
        }
        if limits:
            kwargs["rules"] = HouseRules(**limits)
        return Core(storage, clock=clock, dice=source, **kwargs)

    return make


# ---------------------------------------------------------------------- acting as people do


def live(core: Core, channel: int = CHANNEL) -> LiveMatch:
    """The match in play in ``channel`` (the test fails if there is none)."""
    found = core.ctx.table.in_channel(channel)
    assert found is not None, f"no match in channel {channel}"
    return found


def match_id_in(core: Core, channel: int = CHANNEL) -> int | None:
    found = core.ctx.table.in_channel(channel)
    return found.match_id if found is not None else None


def game_of(core: Core, channel: int = CHANNEL) -> Game:
    return live(core, channel).game


async def act(
    core: Core, user: PlayerRef, action: Action, argument: str = "", *, channel: int = CHANNEL
) -> Result:
    """``user`` acts on the match in ``channel`` as it stands now (a typed command)."""
    match_id, version = core.matches.current(channel)
    return await core.matches.act(match_id, version, user, action, argument)


async def play(core: Core, user: PlayerRef, text: str, *, channel: int = CHANNEL) -> Result:
    return await act(core, user, Action.PLAY, text, channel=channel)


async def resign(core: Core, user: PlayerRef, *, channel: int = CHANNEL) -> Result:
    return await act(core, user, Action.RESIGN, channel=channel)


async def start_challenge_match(
    core: Core, variant: str = "minigam", points: int = 1, channel: int = CHANNEL
) -> Result:
    """Alice challenges Bob in ``channel`` and Bob accepts; returns the acceptance's result."""
    sent = await core.challenges.challenge(GUILD, channel, ALICE, BOB, variant, points)
    challenge_id = sent.notices[0].challenge_id
    return await core.challenges.answer(challenge_id, BOB, accept=True)


def boards(result: Result) -> list[Board]:
    return result.boards


def menu(notice) -> tuple[str, ...]:
    """The options of the first menu under a board or reply (``()`` if it has none)."""
    return next((c.options for c in notice.controls if c.options), ())


def actions(notice) -> list[str]:
    """The controls under a board or reply, by their tokens."""
    return [c.action.value for c in notice.controls]


def game_by_id(core: Core, match_id: int) -> Game | None:
    found = core.ctx.table.get(match_id)
    return found.game if found is not None else None


def version_of(core: Core, match_id: int) -> int | None:
    found = core.ctx.table.get(match_id)
    return found.version if found is not None else None
