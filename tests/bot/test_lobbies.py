"""Multigam lobbies through the core: opening, joining in order, leaving, starting with the computer in the
empty seats, closing, expiring; refusals that change nothing; a restart in the middle."""

from __future__ import annotations

import pytest

from bot.core import Core, LobbyBoard, ServiceError
from bot.core.lobbies import LobbyAction
from bot.models import COMPUTER_ID, LobbyStatus
from engine import SeededDice
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAN,
    GUILD,
    MODERATOR,
    ROBOT,
    lobby_action,
    open_lobby,
    start_challenge_match,
)

DICE = SeededDice(3)


def lobby_board(result) -> LobbyBoard:
    found = [n for n in result.notices if isinstance(n, LobbyBoard)]
    assert len(found) == 1, result.notices
    return found[0]


async def members(core: Core, lobby_id: int) -> list[str]:
    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    return [m.name for m in lobby.members]


async def test_opening_a_lobby_posts_it_with_the_host_in_seat_one(make_core) -> None:
    core = make_core(DICE)

    result = await core.lobbies.open(GUILD, CHANNEL, ALICE, "hard")

    board = lobby_board(result)
    assert board.new
    assert board.open
    assert board.message_id is None
    assert "hosted by Alice" in board.text
    assert "1. Alice (host)\n2. *open*\n3. *open*\n4. *open*" in board.text
    assert "at **hard**" in board.text
    assert "expires in 15 minutes" in board.text
    lobby = await core.store.lobby(board.lobby_id)
    assert lobby is not None
    assert (lobby.status, lobby.level, lobby.version) == (LobbyStatus.OPEN, "hard", 1)


async def test_people_join_in_order_and_the_message_lists_them(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE)

    result = await lobby_action(core, lobby_id, BOB, "join")
    await lobby_action(core, lobby_id, CAROL, "join")

    assert "2. Bob" in lobby_board(result).text
    assert result.replies[0].text == "You joined: seat 2."
    assert await members(core, lobby_id) == ["Alice", "Bob", "Carol"]


@pytest.mark.parametrize(
    ("who", "message"),
    [(BOB, "You're already in this lobby."), (ROBOT, "Bot accounts can't take a seat")],
)
async def test_joining_twice_or_as_a_bot_is_refused_and_changes_nothing(make_core, who, message) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE, BOB)
    before = await core.store.lobby(lobby_id)

    with pytest.raises(ServiceError, match=message):
        await lobby_action(core, lobby_id, who, "join")

    assert await core.store.lobby(lobby_id) == before


async def test_a_fifth_player_is_refused(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE, BOB, CAROL, DAN)
    before = await core.store.lobby(lobby_id)

    with pytest.raises(ServiceError, match=r"The lobby is full \(4 players\)"):
        await lobby_action(core, lobby_id, MODERATOR, "join")

    assert await core.store.lobby(lobby_id) == before


async def test_when_the_host_leaves_the_next_member_hosts_and_the_last_one_closes_it(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE, BOB)

    result = await lobby_action(core, lobby_id, ALICE, "leave")
    assert "hosted by Bob" in lobby_board(result).text
    assert await members(core, lobby_id) == ["Bob"]
    with pytest.raises(ServiceError, match="Only the host"):
        await lobby_action(core, lobby_id, ALICE, "start")

    last = await lobby_action(core, lobby_id, BOB, "leave")
    assert not lobby_board(last).open
    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.CLOSED


async def test_leaving_a_lobby_you_are_not_in_is_refused(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE)

    with pytest.raises(ServiceError, match=r"You're not in this lobby\."):
        await lobby_action(core, lobby_id, BOB, "leave")


async def test_the_host_starts_and_the_computer_fills_the_empty_seats(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE, BOB, level="hard")

    result = await lobby_action(core, lobby_id, ALICE, "start")

    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.STARTED
    assert lobby.match_id is not None
    record = await core.store.match(lobby.match_id)
    assert record is not None
    assert [(s.user_id, s.name, s.level) for s in record.seats] == [
        (ALICE.user_id, "Alice", None),
        (BOB.user_id, "Bob", None),
        (COMPUTER_ID, "Computer 3 (hard)", "hard"),
        (COMPUTER_ID, "Computer 4 (hard)", "hard"),
    ]
    assert record.variant == "multigam"
    assert record.rated
    board = lobby_board(result)
    assert not board.open
    assert "started with Alice, Bob, Computer 3 (hard), Computer 4 (hard)" in board.text
    # the first board of the game is posted, or the computer, to play first, is asked to (its board follows)
    first = record.seats[core.matches.get(lobby.match_id).game.actor]
    if first.user_id == COMPUTER_ID:
        assert (result.boards, result.computer_matches) == ([], (lobby.match_id,))
    else:
        assert result.boards, "the first board of the game is posted"


async def test_a_lobby_of_one_person_starts_an_unrated_game(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE)

    await lobby_action(core, lobby_id, ALICE, "start")

    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.match_id is not None
    record = await core.store.match(lobby.match_id)
    assert record is not None
    assert not record.rated
    assert [s.is_computer for s in record.seats] == [False, True, True, True]


async def test_only_the_host_or_a_moderator_starts_or_closes(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE, BOB)
    before = await core.store.lobby(lobby_id)

    for action in ("start", "close"):
        with pytest.raises(ServiceError, match="Only the host"):
            await lobby_action(core, lobby_id, BOB, action)
    assert await core.store.lobby(lobby_id) == before

    await lobby_action(core, lobby_id, MODERATOR, "close")
    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.CLOSED


async def test_starting_a_table_that_changed_since_the_host_saw_it_is_refused(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE)
    seen = await core.store.lobby(lobby_id)
    assert seen is not None
    await lobby_action(core, lobby_id, BOB, "join")

    with pytest.raises(ServiceError, match="The lobby changed since you saw it"):
        await core.lobbies.act(lobby_id, seen.version, ALICE, LobbyAction.START)

    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.OPEN
    assert lobby.match_id is None
    assert core.ctx.live.played_in(CHANNEL) is None


async def test_a_join_on_an_older_version_of_the_message_still_seats_the_clicker(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, ALICE)
    seen = await core.store.lobby(lobby_id)
    assert seen is not None
    await lobby_action(core, lobby_id, BOB, "join")

    await core.lobbies.act(lobby_id, seen.version, CAROL, LobbyAction.JOIN)

    assert await members(core, lobby_id) == ["Alice", "Bob", "Carol"]


async def test_a_channel_holds_one_lobby_and_none_beside_a_match(make_core) -> None:
    core = make_core(DICE)
    await open_lobby(core, ALICE)
    with pytest.raises(ServiceError, match="Alice's lobby is already open in this channel"):
        await core.lobbies.open(GUILD, CHANNEL, BOB)

    await start_challenge_match(core, channel=CHANNEL + 1)
    with pytest.raises(ServiceError, match="already has a match in progress"):
        await core.lobbies.open(GUILD, CHANNEL + 1, CAROL)


async def test_a_lobby_cannot_start_once_a_match_took_its_channel(make_core) -> None:
    core = make_core(DICE)
    lobby_id = await open_lobby(core, CAROL, DAN)
    await start_challenge_match(core)

    with pytest.raises(ServiceError, match="already has a match in progress"):
        await lobby_action(core, lobby_id, CAROL, "start")

    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.OPEN


async def test_an_unknown_level_is_refused(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(
        ServiceError, match="The computer plays Multigam at easy, medium, hard, not 'godlike'"
    ):
        await core.lobbies.open(GUILD, CHANNEL, ALICE, "godlike")

    assert await core.store.open_lobbies() == []


async def test_a_lobby_nobody_starts_expires(make_core, clock) -> None:
    core = make_core(DICE, lobby_timeout=600)
    lobby_id = await open_lobby(core, ALICE, BOB)

    clock.advance(599)
    assert (await core.timeouts.sweep()).notices == []

    clock.advance(1)
    swept = await core.timeouts.sweep()

    board = lobby_board(swept)
    assert board.lobby_id == lobby_id
    assert not board.open
    assert "expired" in board.text
    with pytest.raises(ServiceError, match=r"This lobby has expired\."):
        await lobby_action(core, lobby_id, CAROL, "join")
    # the channel is free for another lobby
    await core.lobbies.open(GUILD, CHANNEL, CAROL)


async def test_a_click_after_the_time_is_up_expires_the_lobby_instead(make_core, clock) -> None:
    core = make_core(DICE, lobby_timeout=600)
    lobby_id = await open_lobby(core, ALICE, BOB)
    clock.advance(601)

    result = await lobby_action(core, lobby_id, ALICE, "start")

    assert result.replies[0].text == "This lobby has expired."
    lobby = await core.store.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.EXPIRED
    assert core.ctx.live.played_in(CHANNEL) is None


async def test_a_lobby_survives_a_restart(make_core, storage, clock) -> None:
    first = make_core(DICE)
    lobby_id = await open_lobby(first, ALICE, BOB)

    again = Core(storage, clock=clock, dice=SeededDice(5))
    await again.load()
    await lobby_action(again, lobby_id, CAROL, "join")
    await lobby_action(again, lobby_id, ALICE, "start")

    lobby = await storage.lobby(lobby_id)
    assert lobby is not None
    assert lobby.status is LobbyStatus.STARTED
    live = again.ctx.live.played_in(CHANNEL)
    assert live is not None
    assert [s.name for s in live.record.seats][:3] == ["Alice", "Bob", "Carol"]
