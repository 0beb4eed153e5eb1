"""Challenges at the match-service level: every refusal, answers, and who may answer."""

from __future__ import annotations

import pytest

from bot.service import MatchService, ServiceError
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, ROBOT, boards, start_challenge_match

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]


async def test_a_challenge_mentions_the_opponent_and_offers_buttons(make_service) -> None:
    service: MatchService = make_service(DICE)

    result = await service.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", 3)

    notice = result.notices[0]
    assert notice.kind == "challenge"
    assert notice.mention == BOB.user_id
    assert notice.channel_id == CHANNEL
    assert "Alice challenges you to **Minigam** (a match to 3 points)" in notice.text
    assert "10 minutes" in notice.text
    assert result.replies[0].text == "Challenge sent to Bob."


async def test_challenging_yourself_is_refused(make_service) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match="You can't challenge yourself"):
        await service.challenge(GUILD, CHANNEL, ALICE, ALICE)


async def test_challenging_a_bot_account_is_refused(make_service) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match="Robo is a bot account"):
        await service.challenge(GUILD, CHANNEL, ALICE, ROBOT)


async def test_a_channel_with_a_match_refuses_and_suggests_a_thread(make_service) -> None:
    service = make_service(DICE)
    await start_challenge_match(service)

    with pytest.raises(ServiceError, match="already has a match in progress") as info:
        await service.challenge(GUILD, CHANNEL, CAROL, ALICE)
    assert "thread" in str(info.value)


async def test_a_player_in_the_channels_match_cannot_start_another_here(make_service) -> None:
    service = make_service(DICE)
    await start_challenge_match(service)

    with pytest.raises(ServiceError, match="already has a match in progress"):
        await service.vs_bot(GUILD, CHANNEL, ALICE)


async def test_a_thread_of_the_same_server_can_hold_another_match(make_service) -> None:
    service = make_service([*DICE, 5, 3])
    await start_challenge_match(service)

    result = await service.challenge(GUILD, CHANNEL + 1, CAROL, ALICE)

    assert result.notices[0].kind == "challenge"


async def test_a_player_with_a_waiting_challenge_here_cannot_be_challenged_again(make_service) -> None:
    service = make_service(DICE)
    await service.challenge(GUILD, CHANNEL, ALICE, BOB)

    with pytest.raises(ServiceError, match="Bob already has a challenge waiting in this channel"):
        await service.challenge(GUILD, CHANNEL, CAROL, BOB)
    with pytest.raises(ServiceError, match="Alice already has a challenge waiting"):
        await service.challenge(GUILD, CHANNEL, ALICE, CAROL)


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("chess", "There's no game called 'chess'"),
        ("multigam", "Multi-Gam needs 4 players"),
    ],
)
async def test_only_two_player_variants_can_be_challenged(make_service, variant: str, message: str) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match=message):
        await service.challenge(GUILD, CHANNEL, ALICE, BOB, variant)


@pytest.mark.parametrize("points", [0, 26, -1])
async def test_match_length_is_1_to_25_points(make_service, points: int) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match="A match is from 1 to 25 points"):
        await service.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", points)


async def test_a_mulligan_match_is_always_to_three_points(make_service) -> None:
    service = make_service([6, 5])

    sent = await service.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon-mulligan", 7)

    assert "a match to 3 points" in sent.notices[0].text


async def test_only_the_challenged_player_can_answer(make_service) -> None:
    service = make_service(DICE)
    sent = await service.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id

    for someone in (ALICE, CAROL):
        with pytest.raises(ServiceError, match="This isn't your challenge: only Bob can answer it"):
            await service.answer_challenge(challenge_id, someone, accept=True)
    assert service.match_in_channel(CHANNEL) is None


async def test_accepting_starts_the_match_with_the_challenger_as_player_one(make_service) -> None:
    service = make_service(DICE)

    result = await start_challenge_match(service)

    edit, board = result.notices
    assert edit.kind == "edit"
    assert edit.text == "Bob accepted Alice's challenge to Minigam."
    assert board.kind == "board"
    match_id = service.match_in_channel(CHANNEL)
    assert [s.name for s in service.seats(match_id)] == ["Alice", "Bob"]
    # the opening roll: Alice 2, Bob 1, so Alice starts with 2-1
    assert "Opening roll: Alice 2, Bob 1. Alice starts." in board.text
    assert board.text.endswith("Alice, your turn: you rolled **2-1**.")
    assert board.mention == ALICE.user_id
    assert set(board.choices) == {"bar/2 bar/1", "bar/2/3"}
    assert board.can_resign


async def test_declining_closes_the_challenge(make_service) -> None:
    service = make_service(DICE)
    sent = await service.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id

    result = await service.answer_challenge(challenge_id, BOB, accept=False)

    assert result.notices[0].kind == "edit"
    assert result.notices[0].text == "Bob declined Alice's challenge to Minigam."
    assert service.match_in_channel(CHANNEL) is None
    with pytest.raises(ServiceError, match="already been declined"):
        await service.answer_challenge(challenge_id, BOB, accept=True)


async def test_a_second_accept_does_nothing(make_service) -> None:
    service = make_service(DICE)
    sent = await service.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id
    await service.answer_challenge(challenge_id, BOB, accept=True)
    version = service.version(service.match_in_channel(CHANNEL))

    with pytest.raises(ServiceError, match="already been accepted"):
        await service.answer_challenge(challenge_id, BOB, accept=True)
    assert service.version(service.match_in_channel(CHANNEL)) == version


async def test_an_unknown_challenge_is_refused(make_service) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match="doesn't exist"):
        await service.answer_challenge(12345, BOB, accept=True)


async def test_cancel_ends_waiting_challenges_when_there_is_no_match(make_service) -> None:
    service = make_service(DICE)
    await service.challenge(GUILD, CHANNEL, ALICE, BOB)

    result = await service.cancel(CHANNEL, CAROL)

    assert [n.kind for n in result.notices] == ["edit", "reply"]
    assert "was cancelled" in result.notices[0].text
    await service.challenge(GUILD, CHANNEL, ALICE, BOB)  # the pair is free again


async def test_cancel_with_nothing_to_cancel_is_refused(make_service) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match="no match or challenge to cancel"):
        await service.cancel(CHANNEL, CAROL)


async def test_first_board_of_a_match_is_a_single_board(make_service) -> None:
    service = make_service(DICE)

    result = await start_challenge_match(service, points=3)

    (board,) = boards(result)
    assert board.text.startswith("**Minigam**: Alice vs Bob, a match to 3 points.")


async def test_two_vs_bot_starts_at_once_in_one_channel_make_one_match(make_service) -> None:
    import asyncio

    service: MatchService = make_service(DICE * 4)
    outcomes = await asyncio.gather(
        service.vs_bot(GUILD, CHANNEL, ALICE, "minigam"),
        service.vs_bot(GUILD, CHANNEL, BOB, "minigam"),
        return_exceptions=True,
    )

    started = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(started) == 1
    assert len(refused) == 1
    assert "already has a match" in str(refused[0])
    assert service.match_in_channel(CHANNEL) is not None


async def test_matches_in_different_channels_start_independently(make_service) -> None:
    import asyncio

    service: MatchService = make_service(DICE * 4)
    await asyncio.gather(
        service.vs_bot(GUILD, CHANNEL, ALICE, "minigam"),
        service.vs_bot(GUILD, CHANNEL + 1, BOB, "minigam"),
    )

    first, second = service.match_in_channel(CHANNEL), service.match_in_channel(CHANNEL + 1)
    assert first is not None
    assert second is not None
    assert first != second
