"""The clock at the match-core level: challenge expiry, turn reminders at half time, forfeits."""

from __future__ import annotations

import pytest

from bot.clock import FakeClock
from bot.core import ChallengeClosed, Core, Message, Reply, ServiceError
from bot.texts import dice as dice_words
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, boards, match_id_in, play, start_challenge_match

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]


async def test_a_challenge_expires_after_the_timeout(make_core, clock: FakeClock) -> None:
    core: Core = make_core(DICE, challenge_timeout=600)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id
    await core.challenges.message_posted(challenge_id, 777)

    clock.advance(599)
    assert (await core.timeouts.sweep()).notices == []
    clock.advance(1)
    result = await core.timeouts.sweep()

    (edit,) = result.notices
    assert isinstance(edit, ChallengeClosed)
    assert edit.message_id == 777
    assert edit.text == "Alice's challenge to Bob (Minigam) expired unanswered."
    with pytest.raises(ServiceError, match="already been expired"):
        await core.challenges.answer(challenge_id, BOB, accept=True)
    assert (await core.timeouts.sweep()).notices == []  # expired once


async def test_a_late_answer_finds_the_challenge_expired_even_before_a_sweep(make_core, clock) -> None:
    core = make_core(DICE, challenge_timeout=60)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    clock.advance(61)

    result = await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)

    assert [type(n) for n in result.notices] == [ChallengeClosed, Reply]
    assert result.notices[1].text == "This challenge has expired."
    assert match_id_in(core, CHANNEL) is None
    await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)  # both are free again


async def test_the_player_to_move_is_reminded_once_at_half_time(make_core, clock) -> None:
    core = make_core(DICE, turn_timeout=100)
    await start_challenge_match(core)
    match_id = match_id_in(core, CHANNEL)

    clock.advance(49)
    assert (await core.timeouts.sweep()).notices == []
    clock.advance(1)
    (reminder,) = (await core.timeouts.sweep()).notices
    clock.advance(10)
    again = await core.timeouts.sweep()

    assert isinstance(reminder, Message)
    assert reminder.mention == ALICE.user_id
    assert reminder.text == (
        "Alice, it's still your turn in this match: play within 50 seconds or you forfeit the match."
    )
    assert again.notices == []
    assert match_id_in(core, CHANNEL) == match_id


async def test_the_player_to_move_forfeits_at_the_limit(make_core, clock, storage) -> None:
    core = make_core(DICE, turn_timeout=100)
    await start_challenge_match(core, points=5)
    await play(core, ALICE, "bar/2 bar/1")

    clock.advance(100)
    result = await core.timeouts.sweep()

    (board,) = boards(result)
    assert board.text.splitlines() == [
        "Bob didn't play within 1 minute 40 seconds and forfeits the match.",
        "Alice wins, 1 point (forfeit).",
        "Score: Alice 5, Bob 0 (match to 5).",
        "**Alice wins the match.**",
        "Unrated: the match ended before both players had made a play.",
        dice_words.revealed(await storage.match_seed(board.match_id), board.match_id),
    ]
    assert match_id_in(core, CHANNEL) is None
    assert (await storage.match(board.match_id)).winner_seat == 0
    assert await storage.leaderboard(GUILD, "minigam") == []


async def test_a_forfeit_after_both_played_is_rated(make_core, clock, storage) -> None:
    core = make_core(DICE, turn_timeout=100)
    await start_challenge_match(core, points=5)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, BOB, "bar/5/4")
    await play(core, ALICE, "bar/1(2)")  # Bob's 6-6 cannot move: Alice is to play 3-2

    clock.advance(100)
    (board,) = boards(await core.timeouts.sweep())

    assert board.text.splitlines()[-3:-1] == [  # then the dice's seed
        "**Bob wins the match.**",
        # a 5-point match between newcomers: 4 * sqrt(5) * 0.5 * 5 = 22.36
        "Ratings: Bob 1500.0 → 1522.4, Alice 1500.0 → 1477.6.",
    ]


async def test_a_move_restarts_the_turn_clock(make_core, clock) -> None:
    core = make_core(DICE, turn_timeout=100)
    await start_challenge_match(core)
    clock.advance(90)
    await core.timeouts.sweep()  # Alice is reminded

    await play(core, ALICE, "bar/2 bar/1")
    clock.advance(49)
    assert (await core.timeouts.sweep()).notices == []
    clock.advance(1)
    (reminder,) = (await core.timeouts.sweep()).notices

    assert reminder.mention == BOB.user_id


async def test_the_computer_never_times_out_and_is_listed_for_its_turn(make_core, clock) -> None:
    core = make_core([1, 2, 3, 1], turn_timeout=100)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)  # the computer opens
    match_id = match_id_in(core, CHANNEL)

    clock.advance(1000)
    result = await core.timeouts.sweep()

    assert result.notices == []
    assert result.computer_matches == (match_id,)
    assert core.pending_computer_turns() == [match_id]
