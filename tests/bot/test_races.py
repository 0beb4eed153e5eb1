"""Races at the core: cancels and resignations against moves, a typed move sent many times, two processes
on one database, a stuck computer, and rating farming. Each race is forced into the order that used to
break, through the match's own lock, never by sleeping."""

from __future__ import annotations

import asyncio

import pytest

from bot.clock import FakeClock
from bot.core import Action, Core, ServiceError
from bot.core.context import DAY
from bot.models import MatchStatus, PlayerRef
from bot.ratings import fibs
from bot.ratings.fibs import Rating
from bot.store import open_store
from bot.workers.thinking import Thinker
from engine import Game, ScriptedDice
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MODERATOR,
    boards,
    game_of,
    live,
    match_id_in,
    play,
    resign,
    start_challenge_match,
)

# Opening: Alice 2, Bob 1 -> Alice plays 2-1. Then Bob 2-1, Alice 1-1, Bob 6-6 (blocked), Alice 1-1 again.
DICE = [2, 1, 2, 1, 1, 1, 6, 6, 1, 1, 4, 1]


class _WatchedLock(asyncio.Lock):
    """A match's lock that tells who watches it each time someone asks for it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: asyncio.Queue[None] = asyncio.Queue()

    async def acquire(self) -> bool:
        self.asked.put_nowait(None)  # then queued for the lock before anyone else runs
        return await super().acquire()


async def _both_wait_for_the_lock(core: Core, *actions) -> list[asyncio.Task]:
    """Start ``actions`` while the match's lock is held, each once the one before waits for the lock, so
    they run in the order given, one after another."""
    lock = live(core).lock = _WatchedLock()
    async with lock:
        await lock.asked.get()  # this one's
        tasks = []
        for action in actions:
            tasks.append(asyncio.create_task(action))
            await asyncio.wait_for(lock.asked.get(), 10)  # it waits for the lock now
    return tasks


async def test_a_move_queued_behind_a_cancel_is_refused_and_the_match_stays_cancelled(
    make_core, storage, clock
) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)
    match_id, version = await core.matches.to_act_on(CHANNEL)

    cancel, move = await _both_wait_for_the_lock(
        core,
        core.cancel(CHANNEL, MODERATOR),
        core.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2 bar/1"),
    )
    await cancel
    with pytest.raises(ServiceError, match="cancelled; nothing was done"):
        await move

    stored = await storage.match(match_id)
    assert stored.status is MatchStatus.CANCELLED
    assert [e.kind for e in await storage.game_events(stored.current_game_id)] == ["opening"]
    # after a restart nothing comes back, and the channel takes a new match
    again = Core(storage, clock=clock, dice=ScriptedDice([3, 1]))
    assert await again.load() == 0
    await again.challenges.vs_bot(GUILD, CHANNEL, ALICE)
    assert match_id_in(again) != match_id


async def test_a_cancel_after_a_resignation_ended_the_match_changes_nothing(make_core, storage) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, BOB, "bar/5/4")
    match_id, version = await core.matches.to_act_on(CHANNEL)

    resigned, cancel = await _both_wait_for_the_lock(
        core,
        core.matches.act(match_id, version, BOB, Action.RESIGN),
        core.cancel(CHANNEL, MODERATOR),
    )
    await resigned
    with pytest.raises(ServiceError, match="This match is over"):
        await cancel

    stored = await storage.match(match_id)
    assert (stored.status, stored.winner_seat) == (MatchStatus.FINISHED, 0)
    assert (await storage.rating(GUILD, "minigam", ALICE.user_id)).wins == 1
    with pytest.raises(ServiceError, match="no match or challenge to cancel"):
        await core.cancel(CHANNEL, MODERATOR)


async def test_the_same_typed_move_sent_twenty_times_applies_once_even_when_the_roll_comes_back(
    make_core, storage
) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, BOB, "bar/5/4")
    match_id = match_id_in(core)

    # Alice 1-1: bar/1(2); Bob's 6-6 cannot move; Alice rolls 1-1 again, so bar/1(2) is legal once more.
    outcomes = await asyncio.gather(
        *(play(core, ALICE, "bar/1(2)") for _ in range(20)), return_exceptions=True
    )

    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert (len(applied), len(refused)) == (1, 19)
    assert all("out of date" in str(r) for r in refused)
    game = game_of(core)
    assert [e.moves for e in game.events if e.kind == "play" and e.player == 0] == [
        ("bar/2", "bar/1"),
        ("bar/1", "bar/1"),
    ]
    assert str(game.dice) == "1-1"
    stored = await storage.game_events((await storage.match(match_id)).current_game_id)
    assert len(stored) == len(game.events)


async def test_a_move_queued_behind_a_resignation_never_reaches_the_next_game(make_core) -> None:
    # Game 1 opens Alice 2, Bob 1; game 2 opens the same way: the same move would be legal there too.
    core = make_core([2, 1, 2, 1])
    await start_challenge_match(core, points=3)
    match_id, version = await core.matches.to_act_on(CHANNEL)

    resigned, move = await _both_wait_for_the_lock(
        core,
        core.matches.act(match_id, version, ALICE, Action.RESIGN),
        core.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2 bar/1"),
    )
    await resigned
    with pytest.raises(ServiceError, match="out of date"):
        await move

    game = game_of(core)
    assert game.match.score == (0, 1)
    assert [e.kind for e in game.events] == ["opening"]


async def test_two_processes_on_one_database_never_both_apply_an_action(database, clock) -> None:
    first_store = await open_store(database.url)
    second_store = await open_store(database.url)
    try:
        first = Core(first_store, clock=clock, dice=ScriptedDice(DICE))
        await start_challenge_match(first)
        second = Core(second_store, clock=clock, dice=ScriptedDice(DICE[2:]))
        assert await second.load() == 1
        match_id, version = await first.matches.to_act_on(CHANNEL)

        await first.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2 bar/1")
        with pytest.raises(ServiceError, match="moved on at the same moment"):
            await second.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2/3")

        events = await second_store.game_events((await second_store.match(match_id)).current_game_id)
        assert [e.moves for e in events if e.kind == "play"] == [("bar/2", "bar/1")]
        # the second process read the match back: it now plays on from where the first left it
        assert game_of(second).to_json() == game_of(first).to_json()
        await second.matches.act(match_id, version + 1, BOB, Action.PLAY, "bar/5/4")
    finally:
        await first_store.close()
        await second_store.close()


async def test_one_move_delivered_to_two_sessions_is_applied_once_and_the_second_says_so(
    database, clock
) -> None:
    """A redeploy: two sessions of one shard, and Discord delivers the same command to both."""
    first_store, second_store = await open_store(database.url), await open_store(database.url)
    try:
        first = Core(first_store, clock=clock, dice=ScriptedDice(DICE))
        await start_challenge_match(first)
        second = Core(second_store, clock=clock, dice=ScriptedDice(DICE[2:]))
        await second.load()
        match_id, version = await first.matches.to_act_on(CHANNEL)

        await first.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2 bar/1")
        with pytest.raises(ServiceError, match="That was already done"):
            await second.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2 bar/1")

        events = await second_store.game_events((await second_store.match(match_id)).current_game_id)
        assert [e.moves for e in events if e.kind == "play"] == [("bar/2", "bar/1")]
    finally:
        await first_store.close()
        await second_store.close()


# ---------------------------------------------------------------------- the computer and the clock


class StuckThinker(Thinker):
    """A computer whose thought never ends until released (a stuck worker)."""

    def __init__(self) -> None:
        super().__init__(workers=0)
        self.release = asyncio.Event()
        self.started = asyncio.Event()

    async def _decide(self, kind: str, game: Game, level: str):
        self.started.set()
        await self.release.wait()
        return game.legal_plays()[0]


async def test_the_clock_never_waits_for_a_thinking_computer(make_core, clock) -> None:
    thinker = StuckThinker()
    core = make_core([1, 2, *DICE], computer=None, thinker=thinker, turn_timeout=100, think_limit=3600)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)  # the computer opens
    await start_challenge_match(core, channel=CHANNEL + 1)
    thinking = asyncio.create_task(core.matches.computer_turn(match_id_in(core)))
    await thinker.started.wait()

    clock.advance(60)
    swept = await asyncio.wait_for(core.timeouts.sweep(), 10)  # a hang here fails the test, not a slow clock

    (reminder,) = swept.notices
    assert "it's still your turn" in reminder.text
    thinker.release.set()
    assert boards(await thinking)  # the thought, once done, is played


async def test_a_thought_past_its_limit_is_answered_by_the_quick_level(make_core, caplog) -> None:
    thinker = StuckThinker()
    core = make_core([1, 2, 3, 1], computer=None, thinker=thinker, think_limit=0.05)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "hard")

    (board,) = boards(await core.matches.computer_turn(match_id_in(core)))

    assert any(line.startswith("Computer (hard) played `") for line in board.text.splitlines())
    assert "the easy level answers" in caplog.text
    assert game_of(core).turn == 0


# ---------------------------------------------------------------------- rating farming


async def test_resigning_at_once_again_and_again_farms_nothing(make_core, storage) -> None:
    core = make_core([2, 1] * 20)
    for _ in range(20):
        sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
        await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
        (board,) = boards(await resign(core, BOB))
        *said, seed = board.text.splitlines()  # the match's last line: its dice's seed
        assert said[-1] == "Unrated: the match ended before both players had made a play."
        assert seed.startswith("🎲 Dice seed revealed: ")

    assert await storage.leaderboard(GUILD, "minigam") == []


async def rated_match(core: Core, clock: FakeClock) -> list[str]:
    """Alice beats Bob in a rated 1-point match: Bob resigns after one play each; the last board's lines."""
    clock.advance(60)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, BOB, "bar/5/4")
    *lines, seed = boards(await resign(core, BOB))[0].text.splitlines()
    assert seed.startswith("🎲 Dice seed revealed: ")  # the match's last line: its dice's seed
    return lines


async def test_the_same_pair_counts_for_the_ratings_three_times_a_day(make_core, storage, clock) -> None:
    core = make_core([2, 1, 2, 1, 3, 2] * 5)
    said = []
    for day in (0, 0, 0, 0, 1):
        clock.advance(day * DAY)
        said.append([line.split(":")[0] for line in await rated_match(core, clock)])

    assert ["Ratings" in lines for lines in said] == [True, True, True, False, True]
    assert "Unrated" in said[3]
    assert (await storage.rating(GUILD, "minigam", ALICE.user_id)).wins == 4


async def test_the_same_pair_counts_less_the_more_often_it_meets(make_core, storage, clock) -> None:
    core = make_core([2, 1, 2, 1, 3, 2] * 6)
    gains, said = [], []
    for _ in range(5):
        before = (await storage.rating(GUILD, "minigam", ALICE.user_id)).rating
        lines = await rated_match(core, clock)
        gains.append((await storage.rating(GUILD, "minigam", ALICE.user_id)).rating - before)
        said.append(lines[-1])
        clock.advance(DAY)  # a match a day: under the daily limit

    expected, winner, loser = [], Rating(), Rating()
    for weight in (1, 1, 1, 3 / 4, 3 / 5):  # the first three in full, then 3/n
        after, loser = fibs.after_match(winner, loser, 1, weight)
        expected.append(after.rating - winner.rating)
        winner = after
    assert gains == pytest.approx(expected)
    assert said[3] == (
        "Counted at 75% for the ratings: the 4th rated match of these two players in 30 days"
        " (the more often the same two meet, the less each match counts)."
    )
    clock.advance(30 * DAY)  # a month later the window is empty again: counted in full
    before = (await storage.rating(GUILD, "minigam", ALICE.user_id)).rating
    assert not (await rated_match(core, clock))[-1].startswith("Counted at")
    assert (await storage.rating(GUILD, "minigam", ALICE.user_id)).rating - before > gains[-1]


async def test_a_patient_farmer_gains_little_over_two_months(make_core, storage, clock) -> None:
    """Three rated wins a day for 67 days over a partner who resigns after one play each time: without the
    guard over time this took the winner from 1500 to 2315."""
    core = make_core([2, 1, 2, 1, 3, 2] * 201)
    for _day in range(67):
        for _ in range(3):
            await rated_match(core, clock)
        clock.advance(DAY)  # past the daily limit's 24 hours

    alice = await storage.rating(GUILD, "minigam", ALICE.user_id)
    assert alice.wins == 201
    assert 1500 < alice.rating < 1700


# ---------------------------------------------------------------------- bookkeeping


async def test_the_channel_locks_are_dropped_when_unused(make_core) -> None:
    core = make_core([2, 1] * 60)
    for channel in range(1000, 1050):
        await core.challenges.challenge(GUILD, channel, ALICE, PlayerRef(700 + channel, "Someone"))
        await core.challenges.vs_bot(GUILD, channel + 100, PlayerRef(800 + channel, "Player"))

    assert len(core.ctx.channel_locks) == 0


# ---------------------------------------------------------------------- lobbies


async def test_a_start_and_a_leave_at_the_same_moment_agree_on_who_plays(make_core, storage) -> None:
    """The host starts as Bob leaves, both on the lobby as it was: the one first to the lobby wins, and the
    match's seats are the lobby's people at that moment, whichever it was."""
    from bot.core.lobbies import LobbyAction
    from tests.bot.conftest import CAROL, open_lobby

    core = make_core(ScriptedDice(DICE * 4))
    lobby_id = await open_lobby(core, ALICE, BOB, CAROL)
    version = (await storage.lobby(lobby_id)).version

    start, leave = await asyncio.gather(
        core.lobbies.act(lobby_id, version, ALICE, LobbyAction.START),
        core.lobbies.act(lobby_id, version, BOB, LobbyAction.LEAVE),
        return_exceptions=True,
    )

    lobby = await storage.lobby(lobby_id)
    record = await storage.match(lobby.match_id) if lobby.match_id is not None else None
    people = [m.user_id for m in lobby.members]
    if isinstance(leave, Exception):  # the start came first: Bob plays
        assert not isinstance(start, Exception)
        assert isinstance(leave, ServiceError)
        assert BOB.user_id in people
    else:  # the leave came first: the start was on a lobby that changed since, and is refused
        assert isinstance(start, ServiceError)
        assert BOB.user_id not in people
    if record is not None:
        assert [s.user_id for s in record.seats if s.level is None] == people
