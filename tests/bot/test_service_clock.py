"""The clock at the match-service level: challenge expiry, turn reminders at half time, forfeits."""

from __future__ import annotations

import pytest

from bot.clock import FakeClock
from bot.service import MatchService, ServiceError
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, boards, start_challenge_match

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]


async def test_a_challenge_expires_after_the_timeout(make_service, clock: FakeClock) -> None:
    service: MatchService = make_service(DICE, challenge_timeout=600)
    sent = await service.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id
    await service.set_challenge_message(challenge_id, 777)

    clock.advance(599)
    assert (await service.sweep()).notices == []
    clock.advance(1)
    result = await service.sweep()

    (edit,) = result.notices
    assert edit.kind == "edit"
    assert edit.message_id == 777
    assert edit.text == "Alice's challenge to Bob (Minigam) expired unanswered."
    with pytest.raises(ServiceError, match="already been expired"):
        await service.answer_challenge(challenge_id, BOB, accept=True)
    assert (await service.sweep()).notices == []  # expired once


async def test_a_late_answer_finds_the_challenge_expired_even_before_a_sweep(make_service, clock) -> None:
    service = make_service(DICE, challenge_timeout=60)
    sent = await service.challenge(GUILD, CHANNEL, ALICE, BOB)
    clock.advance(61)

    result = await service.answer_challenge(sent.notices[0].challenge_id, BOB, accept=True)

    assert [n.kind for n in result.notices] == ["edit", "reply"]
    assert result.notices[1].text == "This challenge has expired."
    assert service.match_in_channel(CHANNEL) is None
    await service.challenge(GUILD, CHANNEL, ALICE, BOB)  # both are free again


async def test_the_player_to_move_is_reminded_once_at_half_time(make_service, clock) -> None:
    service = make_service(DICE, turn_timeout=100)
    await start_challenge_match(service)
    match_id = service.match_in_channel(CHANNEL)

    clock.advance(49)
    assert (await service.sweep()).notices == []
    clock.advance(1)
    (reminder,) = (await service.sweep()).notices
    clock.advance(10)
    again = await service.sweep()

    assert reminder.kind == "message"
    assert reminder.mention == ALICE.user_id
    assert reminder.text == (
        "Alice, it's still your turn in this match: play within 50 seconds or you forfeit the match."
    )
    assert again.notices == []
    assert service.match_in_channel(CHANNEL) == match_id


async def test_the_player_to_move_forfeits_at_the_limit(make_service, clock, storage) -> None:
    service = make_service(DICE, turn_timeout=100)
    await start_challenge_match(service, points=5)
    await service.move(CHANNEL, ALICE, "bar/2 bar/1")

    clock.advance(100)
    result = await service.sweep()

    (board,) = boards(result)
    assert board.text.splitlines() == [
        "Bob didn't play within 1 minute 40 seconds and forfeits the match.",
        "Alice wins, 1 point (forfeit).",
        "Score: Alice 5, Bob 0 (match to 5).",
        "**Alice wins the match.**",
        # a 5-point match between newcomers: 4 * sqrt(5) * 0.5 * 5 = 22.36
        "Ratings: Alice 1500.0 → 1522.4, Bob 1500.0 → 1477.6.",
    ]
    assert service.match_in_channel(CHANNEL) is None
    assert (await storage.match(board.match_id)).winner_seat == 0


async def test_a_move_restarts_the_turn_clock(make_service, clock) -> None:
    service = make_service(DICE, turn_timeout=100)
    await start_challenge_match(service)
    clock.advance(90)
    await service.sweep()  # Alice is reminded

    await service.move(CHANNEL, ALICE, "bar/2 bar/1")
    clock.advance(49)
    assert (await service.sweep()).notices == []
    clock.advance(1)
    (reminder,) = (await service.sweep()).notices

    assert reminder.mention == BOB.user_id


async def test_the_computer_never_times_out_and_is_listed_for_its_turn(make_service, clock) -> None:
    service = make_service([1, 2, 3, 1], turn_timeout=100)
    await service.vs_bot(GUILD, CHANNEL, ALICE)  # the computer opens
    match_id = service.match_in_channel(CHANNEL)

    clock.advance(1000)
    result = await service.sweep()

    assert result.notices == []
    assert result.computer_matches == (match_id,)
    assert service.pending_computer_turns() == [match_id]
