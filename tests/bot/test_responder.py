"""The responder's answer held back: whatever answers first is the only response, and an interaction is
never left unanswered."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

import discord
import pytest

from bot.app.responder import Responder

WAIT = 10.0  # seconds; only ever reached when something is wrong


@dataclass
class FakeCallback:
    message_id: int


@dataclass
class FakeResponse:
    """What Discord was sent, in order. With ``slow``, each request waits for Discord's answer until the
    test opens ``gate``; ``sent`` is set once a request is on its way, ``answered`` once it is answered."""

    slow: bool = False
    calls: list[str] = field(default_factory=list)
    type: discord.InteractionResponseType | None = None
    sent: asyncio.Event = field(default_factory=asyncio.Event)
    gate: asyncio.Event = field(default_factory=asyncio.Event)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    def is_done(self) -> bool:
        return self.type is not None

    async def _request(self, name: str, kind: discord.InteractionResponseType) -> None:
        if self.is_done():
            raise AssertionError(f"{name} after the interaction was answered ({self.calls})")
        self.sent.set()
        if self.slow:
            await self.gate.wait()
        self.calls.append(name)
        self.type = kind
        self.answered.set()

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        kind = discord.InteractionResponseType
        await self._request(
            "defer thinking" if thinking else "defer update",
            kind.deferred_channel_message if thinking else kind.deferred_message_update,
        )

    async def send_message(self, content: str, **_) -> FakeCallback:
        await self._request(f"message {content}", discord.InteractionResponseType.channel_message)
        return FakeCallback(99)

    async def edit_message(self, **fields) -> None:
        await self._request(f"update {fields.get('content')}", discord.InteractionResponseType.message_update)


@dataclass
class FakeInteraction:
    type: discord.InteractionType
    response: FakeResponse
    channel_id: int = 1
    message: object | None = None
    id: int = 7
    edits: list[str] = field(default_factory=list)

    async def edit_original_response(self, *, content: str, **_) -> None:
        self.edits.append(content)


def slash(*, slow: bool = False) -> FakeInteraction:
    return FakeInteraction(discord.InteractionType.application_command, FakeResponse(slow))


def click(message_id: int) -> FakeInteraction:
    return FakeInteraction(
        discord.InteractionType.component, FakeResponse(), message=discord.Object(message_id)
    )


class Hold:
    """The responder's hold, run out by the test rather than the clock: the guard a :class:`Responder` sets
    with its loop's ``call_later`` is kept here, and fires when the test calls :meth:`run_out` (unless the
    responder cancelled it)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.delays: list[float] = []
        self._set: list[tuple[asyncio.Handle, Callable[..., object], tuple]] = []

    def call_later(self, delay: float, callback: Callable[..., object], *args: object, context=None):
        handle = asyncio.Handle(callback, args, self.loop, context)
        self.delays.append(delay)
        self._set.append((handle, callback, args))
        return handle

    def run_out(self) -> None:
        """The hold's time has passed: every guard still set fires."""
        for handle, callback, args in self._set:
            if not handle.cancelled():
                callback(*args)


@pytest.fixture
async def hold(monkeypatch: pytest.MonkeyPatch) -> Hold:
    """Timers set with the loop's ``call_later`` during the test wait for :meth:`Hold.run_out` (so the test
    must not sleep for a time, nor use ``asyncio.wait_for``, which set timers the same way; the timers of
    ``asyncio.timeout`` are set with ``call_at``)."""
    loop = asyncio.get_running_loop()
    held = Hold(loop)
    monkeypatch.setattr(loop, "call_later", held.call_later)
    return held


def file() -> discord.File:
    import io

    return discord.File(io.BytesIO(b"png"), filename="board.png")


async def test_the_board_is_the_reply_when_it_is_ready_in_time(hold: Hold) -> None:
    interaction = slash()
    responder = Responder(interaction, hold=0.2)  # type: ignore[arg-type]
    message_id = await responder.post(
        1, "board", file=file(), view=None, allowed_mentions=discord.AllowedMentions.none()
    )
    await responder.finish("Played.")
    hold.run_out()  # the guard would have fired by now
    await responder.stop()  # and a deferral it started would have finished
    assert hold.delays == [0.2]
    assert message_id == 99
    assert interaction.response.calls == ["message board"]  # no deferral, no "Played."


async def test_when_the_hold_runs_out_it_defers_and_the_board_goes_the_long_way(hold: Hold) -> None:
    interaction = slash()
    responder = Responder(interaction, hold=0.01)  # type: ignore[arg-type]
    hold.run_out()
    async with asyncio.timeout(WAIT):  # (a timer of the loop's call_at, which the hold leaves alone)
        await interaction.response.answered.wait()  # deferred
    message_id = await responder.post(
        1, "board", file=file(), view=None, allowed_mentions=discord.AllowedMentions.none()
    )
    await responder.finish("Played.")
    assert message_id is None  # posted in the channel by the caller instead
    assert interaction.response.calls == ["defer thinking"]
    assert interaction.edits == ["Played."]  # the deferral filled in


async def test_a_reply_and_the_guard_at_the_same_moment_answer_once(hold: Hold) -> None:
    interaction = slash(slow=True)  # each request waits for Discord's answer
    responder = Responder(interaction, hold=0.01)  # type: ignore[arg-type]
    posting = asyncio.create_task(
        responder.post(1, "board", file=file(), view=None, allowed_mentions=discord.AllowedMentions.none())
    )
    async with asyncio.timeout(WAIT):
        await interaction.response.sent.wait()
    hold.run_out()  # the guard fires while the reply is on its way
    interaction.response.gate.set()  # Discord answers the reply
    assert await posting == 99
    await responder.finish("Played.")
    assert interaction.response.calls == ["message board"]


async def test_a_board_elsewhere_is_not_the_reply() -> None:
    interaction = slash()
    responder = Responder(interaction, hold=1.0)  # type: ignore[arg-type]
    got = await responder.post(
        2, "board", file=file(), view=None, allowed_mentions=discord.AllowedMentions.none()
    )
    assert got is None
    await responder.finish("Played.")
    assert interaction.response.calls == ["message Played."]


async def test_a_click_is_answered_by_updating_its_own_message_only() -> None:
    interaction = click(message_id=5)
    responder = Responder(interaction, hold=1.0, private=False)  # type: ignore[arg-type]
    assert not await responder.update(6, content="another message")
    assert await responder.update(5, content="record")
    assert not await responder.update(5, content="again")  # answered already
    await responder.finish(None)
    assert interaction.response.calls == ["update record"]


@pytest.mark.parametrize(("private", "expected"), [(True, ["message Done."]), (False, ["defer update"])])
async def test_nothing_answered_still_gets_an_answer(private: bool, expected: list[str]) -> None:
    interaction = click(message_id=5)
    responder = Responder(interaction, hold=1.0, private=private)  # type: ignore[arg-type]
    await responder.finish(None)
    assert interaction.response.calls == expected
