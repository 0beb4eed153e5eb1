"""BoardLinks: which interaction can edit a board, for as long as its token works, and no longer."""

from __future__ import annotations

import discord
import pytest

from bot.app.links import BoardLinks


class FakeInteraction:
    """The two edits BoardLinks makes, recorded; ``refuse`` makes Discord answer 401."""

    def __init__(self, refuse: bool = False, channel_id: int = 7) -> None:
        self.refuse = refuse
        self.channel_id = channel_id
        self.id = id(self)
        self.edits: list[tuple[object, dict]] = []
        self.sent: list[dict] = []
        self.followup = self

    async def send(self, wait: bool = False, **fields) -> _Sent:
        assert wait  # the message's id is needed
        if self.refuse:
            raise discord.HTTPException(_Response(401), {"message": "Invalid Webhook Token", "code": 50027})
        self.sent.append(fields)
        return _Sent(1000 + len(self.sent))

    async def edit_original_response(self, **fields) -> None:
        self._edit("@original", fields)

    async def edit_message(self, message_id: int, **fields) -> None:
        self._edit(message_id, fields)

    def _edit(self, which: object, fields: dict) -> None:
        if self.refuse:
            raise discord.HTTPException(_Response(401), {"message": "Invalid Webhook Token", "code": 50027})
        self.edits.append((which, fields))


class _Sent:
    def __init__(self, message_id: int) -> None:
        self.id = message_id


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Unauthorized"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_an_original_response_and_a_followup_are_edited_through_their_interaction() -> None:
    links = BoardLinks(lifetime=840.0, clock=Clock())
    reply, click = FakeInteraction(), FakeInteraction()
    links.remember(1, reply)
    links.remember(2, click, original=False)

    assert await links.edit(1, content="record")
    assert await links.edit(2, content="record 2")
    assert await links.edit(1, content="again")  # a board edited in place keeps its link

    assert reply.edits == [("@original", {"content": "record"}), ("@original", {"content": "again"})]
    assert click.edits == [(2, {"content": "record 2"})]
    assert await links.edit(3, content="x") is False  # never posted through an interaction


async def test_a_link_is_not_used_once_its_token_is_too_old_and_old_links_are_dropped() -> None:
    clock = Clock()
    links = BoardLinks(lifetime=840.0, clock=clock)
    old = FakeInteraction()
    links.remember(1, old)
    clock.now += 840.0

    assert await links.edit(1, content="record") is False
    assert old.edits == []
    assert 1 not in links

    for message_id in range(10, 20):
        links.remember(message_id, FakeInteraction())
        clock.now += 100.0
    # each new link drops the ones whose token is spent: only the last 9 (840 s / 100 s) remain
    assert len(links) == 9
    assert 10 not in links
    assert 19 in links


async def test_a_refused_token_is_forgotten() -> None:
    links = BoardLinks(clock=Clock())
    refused = FakeInteraction(refuse=True)
    links.remember(1, refused)

    assert await links.edit(1, content="record") is False
    assert 1 not in links
    refused.refuse = False
    assert await links.edit(1, content="record") is False  # not tried again: the channel's turn
    assert refused.edits == []


@pytest.mark.parametrize("message_id", [1, 2])
async def test_forget(message_id: int) -> None:
    links = BoardLinks(clock=Clock())
    links.remember(1, FakeInteraction())
    links.forget(message_id)
    assert (1 in links) is (message_id != 1)


async def test_a_board_follows_the_interaction_of_the_board_it_replaces_else_of_the_action_it_answers() -> (
    None
):
    clock = Clock()
    links = BoardLinks(lifetime=840.0, clock=clock)
    reply, action = FakeInteraction(), FakeInteraction()
    links.remember(1, reply)
    links.answered(5, action)

    first = await links.follow(7, 5, 1, content="board")  # the replaced board's interaction first
    assert first == 1001
    assert reply.sent == [{"content": "board"}]
    assert await links.edit(first, content="record")  # and it can be retired through it
    assert reply.edits == [(first, {"content": "record"})]

    second = await links.follow(7, 5, None, content="computer")  # else the action the board answers
    assert second == 1001
    assert action.sent == [{"content": "computer"}]
    assert await links.follow(7, 5, None, content="again") is None  # each action is answered once

    links.answered(6, FakeInteraction(channel_id=8))
    assert await links.follow(7, 6, None, content="elsewhere") is None  # made in another channel

    links.answered(9, action)
    clock.now += 840.0
    assert await links.follow(7, 9, first, content="late") is None  # both tokens too old
