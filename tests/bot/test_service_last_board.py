"""``Matches.last_board``: the board of a channel, the current one while a match is in play, else the final
board of the last match played there, read back from the store (after a restart too)."""

from __future__ import annotations

import pytest

from bot.core import Reply, ServiceError
from bot.models import MatchStatus
from bot.texts import dice as dice_words
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MODERATOR,
    game_of,
    live,
    play,
    resign,
    start_challenge_match,
)

DICE = [3, 1] * 40


async def test_while_a_match_is_in_play_it_is_the_current_board(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)

    shown = (await core.matches.last_board(CHANNEL, ALICE)).notices[0]

    assert shown == core.matches.board(CHANNEL, ALICE).notices[0]


async def test_after_the_match_it_is_the_final_board_with_the_result(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core, points=3)
    await resign(core, ALICE)
    await resign(core, ALICE)
    last_game = game_of(core)
    await resign(core, ALICE)

    fresh = make_core(DICE)  # after a restart: only the store knows
    await fresh.load()
    reply = (await fresh.matches.last_board(CHANNEL, BOB)).notices[0]

    assert isinstance(reply, Reply)
    seed = dice_words.revealed(await fresh.store.match_seed(reply.match_id), reply.match_id)
    assert reply.text == (
        "The last match here, **Minigam** (Alice vs Bob), is over. Bob wins, 1 point (resignation). "
        f"Final score: Alice 0, Bob 3 (match to 3).\n{seed}"
    )
    picture = reply.picture
    assert picture is not None
    assert picture.game.outcome is not None
    assert picture.game.outcome.winner == 1
    assert picture.game.position == last_game.resign(0).position
    assert picture.score == (0, 3)
    assert picture.names == ("Alice", "Bob")
    assert reply.controls == ()


async def test_a_cancelled_match_shows_where_it_stopped(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)
    await play(core, ALICE, "bar/3 bar/1")
    stopped = game_of(core)
    await core.cancel(CHANNEL, MODERATOR)

    reply = (await core.matches.last_board(CHANNEL, ALICE)).notices[0]

    seed = dice_words.revealed(await core.store.match_seed(reply.match_id), reply.match_id)
    assert reply.text == (
        f"The last match here, **Minigam** (Alice vs Bob), was cancelled; this is where it stopped.\n{seed}"
    )
    assert reply.picture.game.position == stopped.position
    assert reply.picture.game.outcome is None


async def test_the_newest_match_of_the_channel_is_shown(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)
    await resign(core, ALICE)
    await start_challenge_match(core, variant="minigam-strict")
    newest = live(core).match_id
    await resign(core, BOB)

    reply = (await core.matches.last_board(CHANNEL, ALICE)).notices[0]

    assert reply.match_id == newest
    assert reply.text.startswith(
        "The last match here, **Minigam Strict** (Alice vs Bob), is over. Alice wins"
    )
    assert await core.store.latest_match_id(CHANNEL + 1) is None


async def test_a_channel_that_never_had_a_match_says_how_to_start_one(make_core) -> None:
    core = make_core(DICE)
    await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)  # a challenge is not a match

    with pytest.raises(ServiceError, match=r"You have no match in play here\. Start one with"):
        await core.matches.last_board(CHANNEL, ALICE)


async def test_the_store_knows_the_last_match_of_each_channel(make_core) -> None:
    core = make_core(DICE)
    await start_challenge_match(core)
    first = live(core).match_id
    await start_challenge_match(core, channel=CHANNEL + 1)

    assert await core.store.latest_match_id(CHANNEL) == first
    assert await core.store.latest_match_id(CHANNEL + 1) == first + 1
    assert (await core.store.match(first)).status is MatchStatus.ACTIVE
