"""The move-by-move picker (a roll with more than 25 plays): one picker per decision, each pick a new
state of it under a new number; a click on an older picker, or on this one before its last pick, is
refused as out of date and changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import Action, Core, Reply, ServiceError
from bot.texts import PICKER_OUT_OF_DATE
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    actions,
    boards,
    game_by_id,
    match_id_in,
    menu,
    play,
    start_challenge_match,
)

BG_DICE = [6, 5, 2, 2, 3, 1]  # Alice opens 6-5 and plays 24/13; Bob rolls 2-2: 75 legal plays


async def _backgammon_doubles(make_core) -> tuple[Core, int, int]:
    core = make_core(BG_DICE)
    await start_challenge_match(core, "backgammon")
    match_id = match_id_in(core, CHANNEL)
    (board,) = boards(await play(core, ALICE, "24/13"))
    if game_by_id(core, match_id).dice is None:  # Bob may double: he rolls
        (board,) = boards(await core.matches.act(match_id, board.version, BOB, Action.ROLL))
    return core, match_id, board.version


def number(picker: Reply) -> str:
    """The picker's number, as its controls carry it."""
    (found,) = {c.argument for c in picker.controls}
    assert found
    return found


async def _first(core: Core, match_id: int, version: int, move: str) -> Reply:
    (picker,) = (await core.matches.act(match_id, version, BOB, Action.FIRST, move)).notices
    assert isinstance(picker, Reply)
    return picker


async def _step(core: Core, match_id: int, version: int, picker: Reply, move: str):
    return await core.matches.act(match_id, version, BOB, Action.STEP, f"{number(picker)} {move}")


async def test_picking_move_by_move_plays_when_the_turn_is_complete(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)

    picker = await _first(core, match_id, version, "6/4")
    assert picker.text.startswith("Your play so far: `6/4`.")
    assert actions(picker) == ["step", "undo"]
    assert "6/4" in menu(picker)
    for move in ("6/4", "8/6"):
        (picker,) = (await _step(core, match_id, version, picker, move)).notices
    done = await _step(core, match_id, version, picker, "8/6")

    (new_board,) = boards(done)
    assert new_board.text.startswith("Bob played `")
    game = game_by_id(core, match_id)
    # Bob moves down the absolute points: 6/4(2) 8/6(2) leaves his 6-point at 5, makes his 4-point and
    # leaves one checker on his 8-point.
    assert game.position.point(6) == (1, 5)
    assert game.position.point(4) == (1, 2)
    assert game.position.point(8) == (1, 1)


async def test_each_pick_is_a_new_state_of_the_picker_under_a_new_number(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)

    first = await _first(core, match_id, version, "6/4")
    (second,) = (await _step(core, match_id, version, first, "24/22")).notices

    assert second.text.startswith("Your play so far: `24/22 6/4`") or second.text.startswith(
        "Your play so far: `6/4 24/22`"
    )
    assert number(second) != number(first)
    assert (second.match_id, second.version) == (first.match_id, first.version)


async def test_a_pick_in_an_older_picker_is_refused_as_out_of_date(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)
    older = await _first(core, match_id, version, "24/22")
    await _step(core, match_id, version, older, "24/22")
    newer = await _first(core, match_id, version, "6/4")  # the board's menu again: a new picker

    with pytest.raises(ServiceError) as refused:
        await _step(core, match_id, version, older, "13/11")

    assert str(refused.value) == PICKER_OUT_OF_DATE
    (after,) = (await _step(core, match_id, version, newer, "13/11")).notices
    assert after.text.startswith("Your play so far: `")
    assert "24/22" not in after.text  # the older picker's moves are not in it


async def test_undo_and_done_in_an_older_picker_are_refused(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)
    older = await _first(core, match_id, version, "24/22")
    await _first(core, match_id, version, "6/4")

    for action in (Action.UNDO, Action.DONE):
        with pytest.raises(ServiceError, match="out of date"):
            await core.matches.act(match_id, version, BOB, action, number(older))
    assert game_by_id(core, match_id).dice is not None  # nothing played


async def test_a_second_click_on_a_picker_before_it_showed_the_first_is_out_of_date(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)
    picker = await _first(core, match_id, version, "6/4")

    # Two picks in the same picker, the second queued behind the first on the match's lock.
    live = core.ctx.live.get(match_id)
    async with live.lock:
        one = asyncio.create_task(_step(core, match_id, version, picker, "6/4"))
        two = asyncio.create_task(_step(core, match_id, version, picker, "8/6"))
        await asyncio.sleep(0)
    (shown,) = (await one).notices
    with pytest.raises(ServiceError, match="out of date"):
        await two
    assert shown.text.startswith("Your play so far: `6/4(2)`")


async def test_a_picker_from_before_the_play_is_out_of_date_at_the_next_turn(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)
    picker = await _first(core, match_id, version, "6/4")
    await core.matches.act(match_id, version, BOB, Action.PLAY, "6/4(2) 8/6(2)")

    with pytest.raises(ServiceError, match="out of date"):
        await _step(core, match_id, version, picker, "6/4")


async def test_undo_and_an_early_done(make_core) -> None:
    core, match_id, version = await _backgammon_doubles(make_core)
    picker = await _first(core, match_id, version, "24/22")

    (undone,) = (await core.matches.act(match_id, version, BOB, Action.UNDO, number(picker))).notices

    assert undone.text == "Choose your first move."
    assert actions(undone) == ["step"]
    assert set(menu(undone)) == {"24/22", "13/11", "8/6", "6/4"}
    with pytest.raises(ServiceError, match="Your play isn't complete"):
        await core.matches.act(match_id, version, BOB, Action.DONE, number(undone))
    with pytest.raises(ServiceError, match="isn't one of the moves"):
        await _step(core, match_id, version, undone, "24/20")
    with pytest.raises(ServiceError, match="not your turn"):
        await core.matches.act(match_id, version, ALICE, Action.STEP, f"{number(undone)} 24/22")
