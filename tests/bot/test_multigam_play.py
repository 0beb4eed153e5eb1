"""A multigam game through the core: the opening among four, turns clockwise with one board each that
mentions only the player to move, places as they are decided, resigning, leaving, running out of time, a
restart in the middle, and the last board's places."""

from __future__ import annotations

import pytest

from bot.core import Action, Core, LastBoard, Message, ServiceError
from bot.core.boards import actor_seat
from bot.models import COMPUTER_ID, MatchStatus
from engine import SeededDice
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAN,
    ScriptThenSeeded,
    act,
    first_play_factory,
    live,
    play_turn,
    play_until,
    resign,
    start_multigam,
)


def seat_of(core: Core, user_id: int) -> int:
    return next(n for n, s in enumerate(live(core).record.seats) if s.user_id == user_id)


async def to_turn_of(core: Core, user_id: int) -> None:
    """Play on until ``user_id``'s seat is to play."""
    match_id = live(core).match_id
    await play_until(
        core, match_id, lambda: (s := actor_seat(live(core))) is not None and s.user_id == user_id
    )


async def test_the_opening_among_four_is_told_with_the_reroll_and_the_first_dice(make_core) -> None:
    # Alice 5, Bob 5, the computers 2 and 1; Alice and Bob roll again: 3 and 6. Bob starts with 6-1.
    core = make_core([5, 5, 2, 1, 3, 6])

    result = await start_multigam(core, ALICE, BOB)

    text = result.boards[0].text
    assert "Opening roll: Alice 5, Bob 5, Computer 3 (easy) 2, Computer 4 (easy) 1." in text
    assert "Alice and Bob tie for highest and roll again. Again: Alice 3, Bob 6." in text
    assert "**Bob** starts with 6-1: the winning 6 and the lowest die of the others, 1." in text
    assert "played clockwise: 1. Alice, 2. Bob, 3. Computer 3 (easy), 4. Computer 4 (easy)" in text
    assert live(core).game.turn == 1
    assert live(core).game.dice == (6, 1)
    assert result.boards[0].mention == BOB.user_id


async def test_a_full_game_of_two_people_and_two_computers_goes_to_the_end(make_core, storage) -> None:
    core = make_core(SeededDice(11))
    await start_multigam(core, ALICE, BOB)
    match_id = live(core).match_id

    results = await play_until(core, match_id, lambda: False)

    boards = [b for r in results for b in r.boards]
    # every turn is one new board that mentions the player to move, and only a person
    for board in boards[:-1]:
        assert board.mention in (None, ALICE.user_id, BOB.user_id)
    assert {b.mention for b in boards} >= {ALICE.user_id, BOB.user_id, None}
    final = boards[-1]
    assert isinstance(final, LastBoard)
    assert final.match_over
    assert [c.action.value for c in final.controls] == ["analyse", "rematch"]  # its analysis, a rematch
    assert "**Final places:** 1st" in final.text
    assert "(5 points)" in final.text
    assert "(1 point)" in final.text
    record = await storage.match(match_id)
    assert record is not None
    assert record.status is MatchStatus.FINISHED
    games = await storage.games(match_id)
    outcome = games[-1].outcome
    assert outcome is not None
    assert sorted(outcome["placings"]) == [0, 1, 2, 3]
    assert sorted(outcome["scores"]) == [1, 2, 3, 5]
    assert record.winner_seat == outcome["placings"][0]
    # both people made plays: both are rated, the computers are not stored
    rated = {p.user_id for p in await storage.placing_leaderboard(1, "multigam")}
    assert rated == {ALICE.user_id, BOB.user_id}
    assert "Ratings (μ − 3σ): " in final.text


async def test_a_player_who_finishes_is_announced_and_skipped(make_core) -> None:
    core = make_core(SeededDice(11))
    await start_multigam(core, ALICE, BOB)
    match_id = live(core).match_id

    results = await play_until(core, match_id, lambda: bool(live(core).game.finished))

    first = live(core).game.finished[0]
    name = live(core).names[first]
    assert f"{name} bears off the last checker and finishes **1st** (5 points)." in shown(core, results[-1])
    # from now on the finished player never moves again
    for _ in range(12):
        if core.ctx.live.get(match_id) is None:
            break
        assert live(core).game.turn != first
        await play_turn(core, match_id)


async def test_moving_out_of_turn_is_refused_and_changes_nothing(make_core) -> None:
    core = make_core([5, 5, 2, 1, 3, 6])  # Bob starts
    await start_multigam(core, ALICE, BOB, CAROL)
    version = live(core).version

    with pytest.raises(ServiceError, match=r"It's not your turn: waiting for Bob\."):
        await act(core, CAROL, Action.PLAY, "bar/1")
    with pytest.raises(ServiceError, match=r"You're watching this match: only Alice, Bob and Carol play"):
        await act(core, DAN, Action.PLAY, "bar/1")

    assert live(core).version == version


async def test_a_resigned_player_takes_the_last_place_and_nobody_plays_their_seat(make_core) -> None:
    core = make_core(ScriptThenSeeded([5, 5, 2, 1, 3, 6]))  # Bob starts
    await start_multigam(core, ALICE, BOB, CAROL)

    result = await resign(core, ALICE)

    text = result.boards[0].text
    assert "Alice resigns and takes 4th place (1 point); the others play on." in text
    seat = live(core).record.seats[0]
    assert not seat.is_computer
    assert not seat.replaced
    assert 0 not in live(core).game.active_players()
    with pytest.raises(ServiceError):
        await resign(core, ALICE)
    # a second resignation takes the next place up
    result = await resign(core, CAROL)
    assert "Carol resigns and takes 3rd place (2 points)" in result.boards[0].text


async def test_the_resign_question_names_the_place(make_core) -> None:
    core = make_core(SeededDice(2))
    await start_multigam(core, ALICE, BOB)
    m = live(core)

    question = core.matches.resign_question(m.match_id, BOB.user_id)

    assert question.text.startswith("Resign this game? You take 4th place (1 point)")
    assert [c.action.value for c in question.controls] == ["offer", "keep"]
    assert question.version == m.version


async def test_leaving_hands_the_seat_to_the_computer_and_the_place_counts_for_the_person(
    make_core, storage
) -> None:
    core = make_core(SeededDice(4))
    await start_multigam(core, ALICE, BOB, level="hard")
    match_id = live(core).match_id
    alice = seat_of(core, ALICE.user_id)

    result = await act(core, ALICE, Action.LEAVE)

    left = "Alice leaves the table; the computer (hard) plays Alice's seat from now on."
    assert left in shown(core, result)
    seat = live(core).record.seats[alice]
    assert seat.is_computer
    assert seat.replaced
    assert seat.level == "hard"
    assert seat.user_id == ALICE.user_id
    with pytest.raises(ServiceError, match=r"You're not playing in this match\."):
        await act(core, ALICE, Action.LEAVE)
    stored = await storage.match(match_id)
    assert stored is not None
    assert stored.seats[alice] == seat
    # the game goes on to the end with the computer in Alice's seat
    await play_until(core, match_id, lambda: False)
    record = await storage.match(match_id)
    assert record is not None
    assert record.status is MatchStatus.FINISHED
    assert record.seats[alice].user_id == ALICE.user_id


async def test_leaving_is_only_for_four_player_games(make_core) -> None:
    from tests.bot.conftest import start_challenge_match

    core = make_core([3, 1, *([2, 1] * 10)])
    await start_challenge_match(core)

    with pytest.raises(ServiceError, match="only four-player games have that"):
        await act(core, ALICE, Action.LEAVE)


async def test_a_player_who_runs_out_of_time_is_replaced_and_the_game_goes_on(make_core, clock) -> None:
    core = make_core(ScriptThenSeeded([5, 5, 2, 1, 3, 6]), turn_timeout=3600)  # Bob starts
    await start_multigam(core, ALICE, BOB)
    match_id = live(core).match_id

    clock.advance(1800)
    reminded = await core.timeouts.sweep()
    [reminder] = [n for n in reminded.notices if isinstance(n, Message)]
    assert reminder.mention == BOB.user_id
    assert "or the computer takes your seat" in reminder.text

    clock.advance(1800)
    swept = await core.timeouts.sweep()

    text = shown(core, swept)
    assert "Bob didn't play within 1 hour; the computer (easy) plays Bob's seat from now on" in text
    assert swept.computer_matches == (match_id,)  # it was Bob's turn: the computer plays it now
    assert live(core).record.seats[1].replaced
    assert live(core).is_live
    await play_turn(core, match_id)
    assert live(core).game.turn != 1


async def test_a_restart_in_the_middle_of_a_game_keeps_seats_and_turns(make_core, storage, clock) -> None:
    core = make_core(SeededDice(6))
    await start_multigam(core, ALICE, BOB, CAROL)
    match_id = live(core).match_id
    await play_until(core, match_id, lambda: len(live(core).game.events) > 12)
    await act(core, CAROL, Action.LEAVE)
    before = live(core)

    again = Core(storage, clock=clock, dice=SeededDice(7), computer=first_play_factory)
    assert await again.load() == 1

    after = live(again)
    assert after.version == before.version
    assert after.record.seats == before.record.seats
    assert after.game == before.game
    assert again.pending_computer_turns() == (
        [match_id] if actor_seat(after) is not None and actor_seat(after).is_computer else []
    )
    await play_until(again, match_id, lambda: False)
    record = await storage.match(match_id)
    assert record is not None
    assert record.status is MatchStatus.FINISHED
    assert [s.user_id for s in record.seats] == [ALICE.user_id, BOB.user_id, CAROL.user_id, COMPUTER_ID]


async def test_hints_are_for_unrated_games(make_core) -> None:
    core = make_core(SeededDice(2))
    await start_multigam(core, ALICE)  # one person: unrated
    await to_turn_of(core, ALICE.user_id)

    hint = await core.matches.hint(CHANNEL, ALICE)

    assert "to finish first" in hint.replies[0].text
    assert "expected points" in hint.replies[0].text


async def test_the_leave_question_names_the_level_and_offers_yes_or_no(make_core) -> None:
    from bot.core.multigam import leave_question

    core = make_core(SeededDice(2))
    await start_multigam(core, ALICE, BOB, level="medium")
    m = live(core)

    question = await leave_question(core.ctx, m, seat_of(core, BOB.user_id))

    assert question.text.startswith("Leave this game? The computer (medium) takes your seat")
    assert [c.action.value for c in question.controls] == ["leave", "keep"]
    assert (question.match_id, question.version) == (m.match_id, m.version)


def shown(core, result) -> str:
    """What ``result`` shows, and what waits for the next board while the computer is to act (it says it
    then: no board is posted before the computer's turn)."""
    found = live(core)
    return "\n".join([b.text for b in result.boards] + list(found.pending if found else ()))
