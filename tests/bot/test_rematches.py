"""Rematch, under a finished match's last board: the same match again with the seats swapped, in the same
thread; against the computer at once, between people once the other accepts."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import Action, ChallengePosted, Control, ControlsChanged, LastBoard, Prompt, ServiceError
from bot.models import COMPUTER_ID, MatchStatus
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MODERATOR, Threads, boards


async def finished_vs_bot(core, venue, points: int = 1) -> tuple[int, LastBoard]:
    """A match against the computer that Alice resigned game after game; its last board."""
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "easy", points, venue=venue)
    match_id, _version = await core.matches.to_act_on(901, ALICE.user_id, guild_id=GUILD)
    while core.ctx.live.get(match_id) is not None:  # Alice resigns every game
        result = await core.matches.act(match_id, core.matches.get(match_id).version, ALICE, Action.RESIGN)
    (last,) = [b for b in boards(result) if isinstance(b, LastBoard) and b.match_over]
    return match_id, last


async def finished_between_people(core, venue, points: int = 1) -> int:
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", points, venue=venue)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True, venue=venue)
    match_id, version = await core.matches.to_act_on(901, BOB.user_id, guild_id=GUILD)
    await core.matches.act(match_id, version, BOB, Action.RESIGN)
    return match_id


async def test_against_the_computer_a_rematch_starts_at_once_seats_swapped_in_the_same_thread(
    make_core, storage
) -> None:
    core = make_core([2, 1] + [1, 2] * 30)
    venue = Threads()
    first, last_board = await finished_vs_bot(core, venue, points=3)
    await core.board_posted(last_board, 555)  # its last board, posted
    last = await core.store.match(first)

    result = await core.rematches.rematch(first, ALICE)

    again = core.ctx.live.played_in(901)
    assert again is not None
    assert again.match_id != first
    rec = again.record
    assert [(s.user_id, s.name) for s in rec.seats] == [
        (COMPUTER_ID, "Computer (easy)"),
        (ALICE.user_id, "Alice"),
    ]
    assert (rec.variant, rec.target, rec.rated, rec.rematch_of) == ("minigam", 3, False, first)
    assert rec.home_channel_id == CHANNEL
    assert len(venue.opened) == 1  # no new thread: the same table
    assert boards(result) or result.computer_matches == (again.match_id,)
    analyse = Control(Prompt.ANALYSE, argument=str(last.current_game_id))
    assert ControlsChanged(901, first, 555, (analyse,)) in result.notices  # its Rematch is spent


async def test_a_match_is_rematched_once(make_core) -> None:
    core = make_core([2, 1] + [1, 2] * 30)
    first, _last = await finished_vs_bot(core, Threads())
    await core.rematches.rematch(first, ALICE)

    with pytest.raises(ServiceError, match=r"This match already has its rematch, in <#901>\."):
        await core.rematches.rematch(first, ALICE)


async def test_between_people_the_other_must_accept_and_clicking_rematch_too_accepts(make_core) -> None:
    core = make_core([2, 1, 2, 1] + [1, 2] * 30)
    first = await finished_between_people(core, Threads())

    asked = await core.rematches.rematch(first, ALICE)

    (offer,) = [n for n in asked.notices if isinstance(n, ChallengePosted)]
    assert (offer.channel_id, offer.mention) == (901, BOB.user_id)
    assert offer.text.startswith("**Rematch**, seats swapped.")
    assert core.ctx.live.played_in(901) is None  # nothing starts before Bob says yes
    with pytest.raises(ServiceError, match=r"Your rematch offer is waiting for Bob to accept it\."):
        await core.rematches.rematch(first, ALICE)

    await core.rematches.rematch(first, BOB)  # Bob clicks Rematch too: that is a yes

    again = core.ctx.live.played_in(901)
    assert again is not None
    assert [s.user_id for s in again.record.seats] == [BOB.user_id, ALICE.user_id]
    assert (again.record.rated, again.record.rematch_of) == (True, first)


async def test_both_players_pressing_rematch_at_the_same_moment_start_it(make_core) -> None:
    core = make_core([2, 1, 2, 1] + [1, 2] * 30)
    first = await finished_between_people(core, Threads())

    alices, bobs = await asyncio.gather(
        core.rematches.rematch(first, ALICE), core.rematches.rematch(first, BOB), return_exceptions=True
    )

    assert not isinstance(alices, Exception), alices
    assert not isinstance(bobs, Exception), bobs  # the second press is the first one's acceptance
    again = core.ctx.live.played_in(901)
    assert again is not None
    assert again.record.rematch_of == first
    assert await core.store.pending_challenges() == []


async def test_only_the_players_of_a_finished_match_may_ask_for_its_rematch(make_core) -> None:
    core = make_core([2, 1, 2, 1, 2, 1])
    venue = Threads()
    first = await finished_between_people(core, venue)

    with pytest.raises(ServiceError, match=r"Only Alice and Bob can ask for a rematch of this match\."):
        await core.rematches.rematch(first, CAROL)

    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, CAROL, venue=venue)
    await core.challenges.answer(sent.notices[0].challenge_id, CAROL, accept=True, venue=venue)
    with pytest.raises(ServiceError, match=r"That match isn't over yet: play it to the end first\."):
        await core.rematches.rematch(2, ALICE)
    await core.cancel(902, MODERATOR)
    assert (await core.store.match(2)).status is MatchStatus.CANCELLED
    with pytest.raises(ServiceError, match="That match was cancelled, so there's nothing to play again"):
        await core.rematches.rematch(2, ALICE)
