"""Challenges at the match-core level: every refusal, answers, and who may answer."""

from __future__ import annotations

import pytest

from bot.core import ChallengeClosed, ChallengePosted, Core, NewBoard, Reply, ServiceError
from bot.models import COMPUTER_ID, MAX_USER_ID, PlayerRef
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    MODERATOR,
    ROBOT,
    actions,
    boards,
    match_id_in,
    menu,
    start_challenge_match,
    version_of,
)

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]


async def test_a_challenge_mentions_the_opponent_and_offers_buttons(make_core) -> None:
    core: Core = make_core(DICE)

    result = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", 3)

    notice = result.notices[0]
    assert isinstance(notice, ChallengePosted)
    assert notice.mention == BOB.user_id
    assert notice.channel_id == CHANNEL
    assert "Alice challenges you to **Minigam** (a match to 3 points)" in notice.text
    assert "10 minutes" in notice.text
    assert result.replies[0].text == "Challenge sent to Bob."


async def test_challenging_yourself_is_refused(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="You can't challenge yourself"):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, ALICE)


async def test_challenging_a_bot_account_is_refused(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="Robo is a bot account"):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, ROBOT)


@pytest.mark.parametrize(
    "user_id", [COMPUTER_ID, -5, MAX_USER_ID + 1, 2**70], ids=["computer", "negative", "past-64-bit", "huge"]
)
async def test_a_challenge_to_the_computer_or_an_impossible_id_is_refused_and_stores_nothing(
    make_core, storage, user_id: int
) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="isn't a member you can challenge"):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, PlayerRef(user_id, "Ghost"))

    assert await storage.pending_challenges() == []


async def test_a_channel_with_a_match_refuses_and_suggests_a_thread(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)

    with pytest.raises(ServiceError, match="already has a match in progress") as info:
        await core.challenges.challenge(GUILD, CHANNEL, CAROL, ALICE)
    assert "thread" in str(info.value)


async def test_a_player_in_the_channels_match_cannot_start_another_here(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)

    with pytest.raises(ServiceError, match="already has a match in progress"):
        await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)


async def test_a_thread_of_the_same_server_can_hold_another_match(make_core) -> None:
    core = make_core([*DICE, 5, 3])
    await start_challenge_match(core)

    result = await core.challenges.challenge(GUILD, CHANNEL + 1, CAROL, ALICE)

    assert isinstance(result.notices[0], ChallengePosted)


async def test_a_player_with_a_waiting_challenge_here_cannot_be_challenged_again(make_core) -> None:
    core = make_core(DICE)
    await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)

    with pytest.raises(ServiceError, match="Bob already has a challenge waiting in this channel"):
        await core.challenges.challenge(GUILD, CHANNEL, CAROL, BOB)
    with pytest.raises(ServiceError, match="Alice already has a challenge waiting"):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, CAROL)


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("chess", "There's no game called 'chess'"),
        ("multigam", "Multigam is for 4 players: open a lobby for it with `/minigam multigam`"),
    ],
)
async def test_only_two_player_variants_can_be_challenged(make_core, variant: str, message: str) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match=message):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, variant)


@pytest.mark.parametrize("points", [26, -1, 2**40, True])
async def test_match_length_is_1_to_25_points(make_core, points: int) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="A match is from 1 to 25 points"):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", points)


async def test_money_play_is_for_the_cube_only(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="Minigam has no doubling cube, so no money play"):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", 0)


@pytest.mark.parametrize(
    ("points", "said"), [(None, "a money game"), (0, "a money game"), (5, "a match to 5")]
)
async def test_backgammon_is_money_play_unless_a_length_is_chosen(make_core, points, said: str) -> None:
    core = make_core(DICE)

    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon", points)

    assert f"to **Backgammon** ({said}" in sent.notices[0].text


async def test_a_mulligan_match_is_always_to_three_points(make_core) -> None:
    core = make_core([6, 5])

    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon-mulligan", 7)

    assert "a match to 3 points" in sent.notices[0].text


async def test_only_the_challenged_player_can_answer(make_core) -> None:
    core = make_core(DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id

    for someone in (ALICE, CAROL):
        with pytest.raises(ServiceError, match="This isn't your challenge: only Bob can answer it"):
            await core.challenges.answer(challenge_id, someone, accept=True)
    assert match_id_in(core, CHANNEL) is None


async def test_accepting_starts_the_match_with_the_challenger_as_player_one(make_core) -> None:
    core = make_core(DICE)

    result = await start_challenge_match(core)

    edit, board, opened = result.notices
    assert opened.text == "The match is on, here: good luck!"  # no thread here: the core opens none
    assert isinstance(edit, ChallengeClosed)
    assert edit.text == "Bob accepted Alice's challenge to Minigam."
    assert isinstance(board, NewBoard)
    match_id = match_id_in(core, CHANNEL)
    assert [s.name for s in core.matches.get(match_id).record.seats] == ["Alice", "Bob"]
    # the opening roll: Alice 2, Bob 1, so Alice starts with 2-1
    assert "Opening roll: Alice 2, Bob 1. Alice starts." in board.text
    assert board.text.endswith("Alice, your turn: you rolled **2-1**.")
    assert board.mention == ALICE.user_id
    assert set(menu(board)) == {"bar/2 bar/1", "bar/2/3"}
    assert actions(board) == ["play", "resign"]


async def test_declining_closes_the_challenge(make_core) -> None:
    core = make_core(DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id

    result = await core.challenges.answer(challenge_id, BOB, accept=False)

    assert isinstance(result.notices[0], ChallengeClosed)
    assert result.notices[0].text == "Bob declined Alice's challenge to Minigam."
    assert match_id_in(core, CHANNEL) is None
    with pytest.raises(ServiceError, match="already been declined"):
        await core.challenges.answer(challenge_id, BOB, accept=True)


async def test_a_second_accept_does_nothing(make_core) -> None:
    core = make_core(DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    challenge_id = sent.notices[0].challenge_id
    await core.challenges.answer(challenge_id, BOB, accept=True)
    version = version_of(core, match_id_in(core, CHANNEL))

    with pytest.raises(ServiceError, match="already been accepted"):
        await core.challenges.answer(challenge_id, BOB, accept=True)
    assert version_of(core, match_id_in(core, CHANNEL)) == version


async def test_an_unknown_challenge_is_refused(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="doesn't exist"):
        await core.challenges.answer(12345, BOB, accept=True)


async def test_cancel_ends_waiting_challenges_when_there_is_no_match(make_core) -> None:
    core = make_core(DICE)
    await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)

    result = await core.cancel(CHANNEL, MODERATOR)

    assert [type(n) for n in result.notices] == [ChallengeClosed, Reply]
    assert "was cancelled" in result.notices[0].text
    await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)  # the pair is free again


async def test_cancel_with_nothing_to_cancel_is_refused(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="no match or challenge to cancel"):
        await core.cancel(CHANNEL, MODERATOR)


async def test_first_board_of_a_match_is_a_single_board(make_core) -> None:
    core = make_core(DICE)

    result = await start_challenge_match(core, points=3)

    (board,) = boards(result)
    assert board.text.startswith("**Minigam**: Alice vs Bob, a match to 3 points.")


async def test_two_vs_bot_starts_at_once_in_one_channel_make_one_match(make_core) -> None:
    import asyncio

    core: Core = make_core(DICE * 4)
    outcomes = await asyncio.gather(
        core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam"),
        core.challenges.vs_bot(GUILD, CHANNEL, BOB, "minigam"),
        return_exceptions=True,
    )

    started = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(started) == 1
    assert len(refused) == 1
    assert "already has a match" in str(refused[0])
    assert match_id_in(core, CHANNEL) is not None


async def test_matches_in_different_channels_start_independently(make_core) -> None:
    import asyncio

    core: Core = make_core(DICE * 4)
    await asyncio.gather(
        core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam"),
        core.challenges.vs_bot(GUILD, CHANNEL + 1, BOB, "minigam"),
    )

    first, second = match_id_in(core, CHANNEL), match_id_in(core, CHANNEL + 1)
    assert first is not None
    assert second is not None
    assert first != second
