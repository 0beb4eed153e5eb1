"""The actions the bot takes at once for a person who asked (``/minigam prefs``): a forced play, the roll,
bearing off. Taken by the runner like the computer's turns, through the same commit as a click, at the
version they were decided for; never for someone who did not ask; never racing the person's own click; and
resumed after a restart."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from bot.core import Action, Core, Result, Runner, ServiceError
from bot.core.automatic import bearing_off, wanted
from bot.core.autoplay import automatic_turn
from bot.core.prefs import AutoRoll, PlayerPrefs, Prefs
from bot.store import Unavailable
from bot.texts import OUT_OF_DATE
from bot.workers.thinking import Thinker
from engine import Dice, Game, Position
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MODERATOR,
    actions,
    boards,
    game_by_id,
    match_id_in,
    play,
    start_challenge_match,
    version_of,
)

# Minigam: Alice opens 3-2 and plays bar/3 bar/2; Bob rolls 6-4, whose only play is bar/3* bar/1.
FORCED_DICE = [3, 2, 4, 6, 1, 1, 5, 1, 2, 6, 1, 2, 1, 3, 4, 2, 4, 5, 1, 5]
BOBS_ONLY_PLAY = "bar/3* bar/1"
# Backgammon: Alice opens 6-5 and plays 24/13; Bob, who may double, rolls 2-2 (then more rolls).
CUBE_DICE = [6, 5, 2, 2, 3, 1, 4, 2, 5, 3]


async def _prefs(core: Core, user, **changes: str) -> None:
    await PlayerPrefs(core.ctx).change(user, dict(changes))


async def _auto(core: Core, match_id: int) -> Result:
    return await automatic_turn(core.ctx, match_id, core.matches.reload)


async def _forced(make_core, *, bob: bool, alice: bool = False) -> tuple[Core, int, Result]:
    """Alice has played her opening; Bob's only play is next. ``bob``, ``alice``: who asked for forced
    plays at once."""
    core = make_core(FORCED_DICE)
    if bob:
        await _prefs(core, BOB, forced="on")
    if alice:
        await _prefs(core, ALICE, forced="on")
    await start_challenge_match(core)
    match_id = match_id_in(core, CHANNEL)
    result = await play(core, ALICE, "bar/3 bar/2")
    return core, match_id, result


# ------------------------------------------------------------------ forced plays


async def test_a_forced_play_is_made_at_once_for_whoever_asked(make_core) -> None:
    core, match_id, after_alice = await _forced(make_core, bob=True)
    version = version_of(core, match_id)

    assert boards(after_alice) == []  # Bob's board is held back for the automatic play
    assert after_alice.computer_matches == (match_id,)
    result = await _auto(core, match_id)

    (board,) = boards(result)
    automatic = f"Bob played `{BOBS_ONLY_PLAY}` with 6-4 (automatic: the only play)."
    assert board.text.startswith(f"Alice played `bar/3 bar/2` with 3-2.\n{automatic}")
    assert board.mention == ALICE.user_id
    assert version_of(core, match_id) == version + 1
    assert game_by_id(core, match_id).turn == 0


async def test_the_bot_never_plays_for_someone_who_did_not_ask(make_core) -> None:
    core, match_id, after_alice = await _forced(make_core, bob=False, alice=True)  # Alice asked, not Bob
    version = version_of(core, match_id)

    (board,) = boards(after_alice)
    assert board.mention == BOB.user_id
    assert actions(board) == ["play", "resign"]
    assert after_alice.computer_matches == ()
    assert (await _auto(core, match_id)).notices == []  # even when the runner looks
    assert version_of(core, match_id) == version


async def test_turning_forced_plays_on_plays_the_one_waiting(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=False)

    changed = await PlayerPrefs(core.ctx).change(BOB, {"forced": "on"})

    assert changed.computer_matches == (match_id,)
    (board,) = boards(await _auto(core, match_id))
    assert f"Bob played `{BOBS_ONLY_PLAY}` with 6-4 (automatic: the only play)." in board.text


# ------------------------------------------------------------------ races


async def test_the_persons_own_play_first_drops_the_automatic_one(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)
    version = version_of(core, match_id)

    mine = await core.matches.act(match_id, version, BOB, Action.PLAY, BOBS_ONLY_PLAY)  # typed meanwhile

    (board,) = boards(mine)
    assert board.text.startswith("Alice played `bar/3 bar/2` with 3-2.\nBob played")  # the held lines too
    assert (await _auto(core, match_id)).notices == []
    assert version_of(core, match_id) == version + 1


async def test_a_click_after_the_automatic_play_is_out_of_date(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)
    version = version_of(core, match_id)
    await _auto(core, match_id)

    with pytest.raises(ServiceError) as refused:
        await core.matches.act(match_id, version, BOB, Action.PLAY, BOBS_ONLY_PLAY)

    assert str(refused.value) == OUT_OF_DATE
    assert version_of(core, match_id) == version + 1


async def test_a_click_and_the_automatic_play_at_once_make_one_play(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)
    version = version_of(core, match_id)
    live = core.ctx.live.get(match_id)

    async with live.lock:  # both queue on the match's lock: the automatic action first
        automatic = asyncio.create_task(_auto(core, match_id))
        await asyncio.sleep(0)
        click = asyncio.create_task(core.matches.act(match_id, version, BOB, Action.PLAY, BOBS_ONLY_PLAY))
        await asyncio.sleep(0)
    outcomes = await asyncio.gather(automatic, click, return_exceptions=True)

    played = [o for o in outcomes if isinstance(o, Result) and boards(o)]
    assert len(played) == 1
    assert version_of(core, match_id) == version + 1
    game = game_by_id(core, match_id)
    assert [e.player for e in game.events if e.kind == "play"].count(1) == 1


# ------------------------------------------------------------------ the roll


async def _cube_game(make_core, *, rated: bool = True, advice: str | None = None, **bob: str):
    """Backgammon: Alice has played her opening, Bob may double; ``bob``: his preferences."""
    thinker = _Advice(advice) if advice is not None else None
    core = make_core(CUBE_DICE, **({"thinker": thinker, "computer": None} if thinker else {}))
    if not rated:
        await core.settings.change(GUILD, MODERATOR, {"rated": "off"})
    await _prefs(core, BOB, **bob)
    await start_challenge_match(core, "backgammon", points=5)  # a match: rated unless the server says not
    match_id = match_id_in(core, CHANNEL)
    result = await play(core, ALICE, "24/13")
    assert game_by_id(core, match_id).may_double()
    return core, match_id, result, thinker


class _Advice(Thinker):
    """The thinking workers' cube advice, as given (and who asked)."""

    def __init__(self, advice: str) -> None:
        super().__init__()
        self.advice = advice
        self.asked: list[Game] = []

    async def cube_hint(self, game: Game):
        self.asked.append(game)
        return SimpleNamespace(advice=self.advice)


async def test_roll_always_rolls_at_once_when_the_player_could_double(make_core) -> None:
    core, match_id, after_alice, _ = await _cube_game(make_core, roll="always")

    assert boards(after_alice) == []
    (board,) = boards(await _auto(core, match_id))

    assert "Rolled at once for Bob (automatic roll: as asked)." in board.text
    assert game_by_id(core, match_id).dice == Dice(2, 2)
    assert actions(board)[0] == "first"  # his play, move by move: 2-2 has many


async def test_roll_ask_offers_roll_and_double(make_core) -> None:
    _core, _match_id, after_alice, _ = await _cube_game(make_core, roll="ask")

    (board,) = boards(after_alice)
    assert actions(board) == ["roll", "double", "resign"]


async def test_no_double_rolls_when_the_cube_advice_says_so(make_core) -> None:
    core, match_id, after_alice, thinker = await _cube_game(
        make_core, rated=False, advice="no double", roll="no-double"
    )

    assert boards(after_alice) == []
    (board,) = boards(await _auto(core, match_id))

    assert "Rolled at once for Bob (automatic roll: no double, by the cube advice)." in board.text
    assert len(thinker.asked) == 1  # asked of the thinking workers


async def test_no_double_shows_the_board_when_the_advice_is_to_double(make_core) -> None:
    core, match_id, _, _thinker = await _cube_game(
        make_core, rated=False, advice="double / take", roll="no-double"
    )
    version = version_of(core, match_id)

    (board,) = boards(await _auto(core, match_id))

    assert actions(board) == ["roll", "double", "resign"]
    assert board.mention == BOB.user_id
    assert version_of(core, match_id) == version  # nothing done for him


async def test_no_double_asks_in_a_rated_match_where_it_would_be_a_hint(make_core) -> None:
    _core, _match_id, after_alice, thinker = await _cube_game(
        make_core, rated=True, advice="no double", roll="no-double"
    )

    (board,) = boards(after_alice)
    assert actions(board) == ["roll", "double", "resign"]
    assert thinker.asked == []


# ------------------------------------------------------------------ bearing off


def test_bearing_off_is_automatic_in_a_race_when_every_die_bears_off() -> None:
    # Player 0 (moving up) has two checkers on 23 and one on 20; player 1's last three are on 1 and 2.
    race = Position.from_points("backgammon", points={23: (0, 2), 20: (0, 1), 1: (1, 2), 2: (1, 1)})
    game = Game(race, dice=Dice(5, 2))

    step = wanted(game, Prefs(bear_off=True), rated=True)

    assert step is not None
    assert step.bear_off
    assert race.format_play(step.play) in ("5/off 2/off", "2/off 5/off")
    assert wanted(game, Prefs(), rated=True) is None  # not asked for


def test_no_bearing_off_at_once_while_there_is_contact_or_a_die_cannot_bear_off() -> None:
    contact = Position.from_points("backgammon", points={23: (0, 2), 24: (1, 1), 1: (1, 2)})
    short = Position.from_points("backgammon", points={20: (0, 2), 1: (1, 2)})

    assert bearing_off(Game(contact, dice=Dice(2, 1))) is None
    assert bearing_off(Game(short, dice=Dice(2, 1))) is None  # 2-1 from the 5-point: no checker off


def test_roll_choices_when_the_player_cannot_double_are_left_to_the_game() -> None:
    # the opponent's cube: nothing to decide, the commit rolls for everyone (no preference involved)
    game = Game(Position.initial("backgammon", 0), cube=2, cube_owner=1)
    assert wanted(game, Prefs(roll=AutoRoll.ALWAYS), rated=False) is None


# ------------------------------------------------------------------ the runner, and a restart


async def test_the_runner_takes_the_automatic_action(make_core) -> None:
    core, match_id, after_alice = await _forced(make_core, bob=True)
    published: list[Result] = []

    async def publish(result: Result) -> None:
        published.append(result)

    runner = Runner(core, publish, move_delay=0)
    await runner.handle(after_alice)
    await runner.idle()

    texts = [b.text for r in published for b in boards(r)]
    assert any("(automatic: the only play)" in t for t in texts)
    assert game_by_id(core, match_id).turn == 0


async def test_an_automatic_action_held_at_a_stop_is_taken_after_the_restart(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)  # held, and the process stops
    version = version_of(core, match_id)
    restarted = make_core(FORCED_DICE[8:])
    assert await restarted.load() == 1
    published: list[Result] = []

    async def publish(result: Result) -> None:
        published.append(result)

    runner = Runner(restarted, publish, move_delay=0, sweep_interval=3600)
    runner.start()
    await runner.idle()
    await runner.close()

    assert version_of(restarted, match_id) == version + 1
    assert game_by_id(restarted, match_id).turn == 0
    assert any("(automatic: the only play)" in b.text for r in published for b in boards(r))


async def test_preferences_that_cannot_be_read_leave_the_held_board_to_the_person(make_core, storage) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)
    version = version_of(core, match_id)

    async def unreadable(user_id: int) -> dict[str, str]:
        raise Unavailable("the database is locked")

    storage.player_prefs = unreadable  # type: ignore[method-assign]
    (board,) = boards(await _auto(core, match_id))

    assert board.mention == BOB.user_id
    assert actions(board) == ["play", "resign"]
    assert version_of(core, match_id) == version


async def test_a_cancel_while_the_automatic_action_is_held_leaves_nothing_to_do(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)

    await core.cancel(CHANNEL, MODERATOR)

    assert (await _auto(core, match_id)).notices == []
    stored = await core.store.match(match_id)
    assert stored.status == "cancelled"


async def test_turning_forced_plays_off_while_held_shows_the_board_after_all(make_core) -> None:
    core, match_id, _ = await _forced(make_core, bob=True)
    version = version_of(core, match_id)

    await PlayerPrefs(core.ctx).change(BOB, {"forced": "off"})
    (board,) = boards(await _auto(core, match_id))

    assert board.text.startswith("Alice played `bar/3 bar/2` with 3-2.")  # what waited for this board
    assert actions(board) == ["play", "resign"]
    assert version_of(core, match_id) == version


async def test_the_computers_turn_named_while_an_automatic_look_runs_is_taken(make_core, storage) -> None:
    # Against the computer, Alice opens 5-3: her only play, bar/5 bar/3; she did not ask for it at once.
    core = make_core([5, 3, 2, 1, 4, 2, 6, 1, 3, 3, 5, 2])
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "easy", None)
    match_id = match_id_in(core, CHANNEL)
    version = version_of(core, match_id)
    reading, go_on = asyncio.Event(), asyncio.Event()
    read = storage.player_prefs

    async def slow_read(user_id: int) -> dict[str, str]:
        reading.set()
        await go_on.wait()
        return await read(user_id)

    storage.player_prefs = slow_read  # type: ignore[method-assign]
    runner = Runner(core, _ignore, move_delay=0, sweep_interval=3600)
    runner.start()  # looks at Alice's forced play: it reads her preferences...
    await reading.wait()
    mine = await core.matches.act(match_id, version, ALICE, Action.PLAY, "bar/5 bar/3")  # ...as she plays
    await runner.handle(mine)  # the computer's turn, named while that look is still running
    go_on.set()
    await runner.idle()
    await runner.close()

    assert version_of(core, match_id) > version + 1  # the computer played too
    assert game_by_id(core, match_id).turn == 0


async def _ignore(result: Result) -> None:
    return None
