"""Fixtures for the bot's tests: a real database per test (the ``storage`` fixture runs each test on a
SQLite file and on a fresh database of the real PostgreSQL server), a fake clock, scripted dice; and
helpers that act as a person would (through the core's one way in, at the version they saw)."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.core import Action, Board, Core, HouseRules, Result, RetireBoard
from bot.core.boards import actor_seat, board_notice
from bot.core.live import LiveMatch
from bot.core.lobbies import LobbyAction
from bot.models import PlayerRef
from bot.store import Store, open_store
from engine import Game, Play, ScriptedDice, SeededDice
from engine.ai import Player
from tests.bot.databases import KINDS, Database

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


@pytest.fixture(params=KINDS)
def database(request: pytest.FixtureRequest, db_path: Path) -> Database:
    """The test's database: a SQLite file, or a fresh database on the real PostgreSQL server."""
    if request.param == "sqlite":
        return Database("sqlite", f"sqlite:///{db_path}")
    return Database("postgres", request.getfixturevalue("postgres_url"))


@pytest.fixture
async def storage(database: Database) -> AsyncIterator[Store]:
    s = await open_store(database.url)
    yield s
    await s.close()


@pytest.fixture
async def make_core(storage: Store, clock: FakeClock) -> AsyncIterator[Callable[..., Core]]:
    """Makes cores on the test's store; the analysis workers a test started stop at its end."""
    made: list[Core] = []

    def make(dice: Sequence[int] | object = (), **kwargs) -> Core:
        source = ScriptedDice(dice) if isinstance(dice, list | tuple) else dice
        kwargs.setdefault("computer", first_play_factory)
        limits = {
            k: kwargs.pop(k)
            for k in ("challenge_timeout", "turn_timeout", "think_limit", "lobby_timeout")
            if k in kwargs
        }
        if limits:
            kwargs["rules"] = HouseRules(**limits)
        made.append(Core(storage, clock=clock, dice=source, **kwargs))
        return made[-1]

    yield make
    for core in made:
        await core.analyses.jobs.close()


class Threads:
    """A venue like Discord's where the bot may open threads: each new match gets one, numbered from 901
    (``allowed=False``: a channel where the bot may not, so matches are played in the channel)."""

    def __init__(self, *, allowed: bool = True) -> None:
        self.allowed = allowed
        self.opened: dict[int, tuple[int, str, int | None, tuple[int, ...]]] = {}  # thread -> its start

    def opens_threads(self, channel_id: int) -> bool:
        return self.allowed and channel_id not in self.opened

    def parent_of(self, channel_id: int) -> int | None:
        found = self.opened.get(channel_id)
        return found[0] if found else None

    async def open_thread(
        self, channel_id: int, title: str, *, anchor: int | None, people: tuple[int, ...]
    ) -> int | None:
        thread = 901 + len(self.opened)
        self.opened[thread] = (channel_id, title, anchor, people)
        return thread


# ---------------------------------------------------------------------- acting as people do


def live(core: Core, channel: int = CHANNEL) -> LiveMatch:
    """The match in play in ``channel`` (the test fails if there is none)."""
    found = core.ctx.live.played_in(channel)
    assert found is not None, f"no match in channel {channel}"
    return found


def match_id_in(core: Core, channel: int = CHANNEL) -> int | None:
    found = core.ctx.live.played_in(channel)
    return found.match_id if found is not None else None


def game_of(core: Core, channel: int = CHANNEL) -> Game:
    return live(core, channel).game


async def act(
    core: Core, user: PlayerRef, action: Action, argument: str = "", *, channel: int = CHANNEL
) -> Result:
    """``user`` acts on the match in ``channel`` as it stands now (a typed command)."""
    match_id, version = await core.matches.to_act_on(channel)
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
    found = core.ctx.live.get(match_id)
    return found.game if found is not None else None


async def post_board(core: Core, match_id: int, message_id: int, record: str = "") -> list[RetireBoard]:
    """The board of ``match_id`` as it stands, posted as ``message_id`` (as the Discord app reports it);
    the boards to retire."""
    found = core.ctx.live.get(match_id)
    assert found is not None, "the match is over"
    board = dataclasses.replace(board_notice(found, found.game, []), record=record)
    return await core.board_posted(board, message_id)


def version_of(core: Core, match_id: int) -> int | None:
    found = core.ctx.live.get(match_id)
    return found.version if found is not None else None


# ---------------------------------------------------------------------- four-player games
DAN = PlayerRef(77, "Dan")


async def lobby_action(core: Core, lobby_id: int, user: PlayerRef, action: str) -> Result:
    """``user`` clicks a lobby button (``join``, ``leave``, ``start``, ``close``) on the lobby as it is."""

    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    return await core.lobbies.act(lobby_id, lobby.version, user, LobbyAction(action))


async def open_lobby(
    core: Core, host: PlayerRef, *others: PlayerRef, level: str = "easy", channel: int = CHANNEL
) -> int:
    """``host`` opens a multigam lobby in ``channel`` and ``others`` join, in order; returns its id."""
    opened = await core.lobbies.open(GUILD, channel, host, level)
    lobby_id = opened.notices[0].lobby_id
    for person in others:
        await lobby_action(core, lobby_id, person, "join")
    return lobby_id


async def start_multigam(
    core: Core, host: PlayerRef, *others: PlayerRef, level: str = "easy", channel: int = CHANNEL
) -> Result:
    """A lobby of ``host`` and ``others`` started by the host: the computer takes the empty seats."""
    lobby_id = await open_lobby(core, host, *others, level=level, channel=channel)
    return await lobby_action(core, lobby_id, host, "start")


async def play_turn(core: Core, match_id: int) -> Result:
    """Whoever is to act in ``match_id`` acts: the computer thinks, a person plays their first legal play."""
    found = core.ctx.live.get(match_id)
    assert found is not None, "the match is over"
    seat = actor_seat(found)
    assert seat is not None
    if seat.is_computer:
        return await core.matches.computer_turn(match_id)
    game = found.game
    text = game.position.format_play(game.legal_plays()[0])
    person = PlayerRef(seat.user_id, seat.name)
    return await core.matches.act(match_id, found.version, person, Action.PLAY, text)


async def play_until(core: Core, match_id: int, done: Callable[[], bool], limit: int = 600) -> list[Result]:
    """Turns in ``match_id`` until ``done()`` (or the match is over); every turn's result."""
    results = []
    for _ in range(limit):
        if done() or core.ctx.live.get(match_id) is None:
            return results
        results.append(await play_turn(core, match_id))
    raise AssertionError(f"match {match_id} did not get there in {limit} turns")


class ScriptThenSeeded:
    """Dice given in advance (an opening roll, say), then repeatable seeded dice."""

    def __init__(self, first: Sequence[int], seed: int = 1) -> None:
        self._first = list(first)
        self._rest = SeededDice(seed)

    def roll_die(self) -> int:
        return self._first.pop(0) if self._first else self._rest.roll_die()
