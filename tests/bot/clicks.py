"""A click on one of the bot's components as discord.py hands it over, for the app's handlers: what it was
answered is kept (with whether only the clicker saw it). The bot is the real one, on the test's store,
with its core and runner made as ``setup_hook`` makes them (nothing is sent to Discord)."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

import discord

from bot.app import MinigamBot
from bot.clock import FakeClock
from bot.config import Config
from bot.core import Core, Result, Runner
from bot.store import Store


@dataclass
class Answer:
    text: str
    ephemeral: bool


@dataclass
class FakeResponse:
    answers: list[Answer] = field(default_factory=list)
    updates: list[dict] = field(default_factory=list)
    type: discord.InteractionResponseType | None = None

    def is_done(self) -> bool:
        return self.type is not None

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        kind = discord.InteractionResponseType
        self.type = kind.deferred_channel_message if thinking else kind.deferred_message_update

    async def send_message(self, content: str, *, ephemeral: bool = False, **_) -> None:
        assert not self.is_done(), "answered twice"
        self.answers.append(Answer(content, ephemeral))
        self.type = discord.InteractionResponseType.channel_message

    async def edit_message(self, **fields) -> None:
        """The clicked message updated (a leaderboard's next page): kept as its fields."""
        assert not self.is_done(), "answered twice"
        self.updates.append(fields)
        self.type = discord.InteractionResponseType.message_update


@dataclass
class FakeUser:
    id: int
    display_name: str
    bot: bool = False


@dataclass
class FakeClick:
    """A click by ``user`` in ``channel_id`` (no message: the handlers answer it anew)."""

    client: MinigamBot
    user: FakeUser
    channel_id: int
    guild_id: int = 1
    id: int = 7
    type: discord.InteractionType = discord.InteractionType.component
    message: object | None = None
    channel: object | None = None
    permissions: discord.Permissions = field(default_factory=discord.Permissions.none)
    response: FakeResponse = field(default_factory=FakeResponse)
    edits: list[str] = field(default_factory=list)

    async def edit_original_response(self, *, content: str, **_) -> None:
        self.edits.append(content)

    @property
    def created_at(self) -> datetime.datetime:
        """When Discord received the click, read from its id (a snowflake) as discord.py does."""
        return discord.utils.snowflake_time(self.id)

    @property
    def answers(self) -> list[str]:
        """Everything the clicker was told, in order (the deferral filled in, too)."""
        return [a.text for a in self.response.answers] + self.edits


class Bot(MinigamBot):
    """The bot, keeping what it would publish (``delivered``) instead of posting it on Discord."""

    delivered: list[Result]

    async def deliver(self, result: Result, interaction=None, *, ack: str | None = None) -> None:
        self.delivered.append(result)


def bot_on(storage: Store, clock: FakeClock, tmp_path: Path, **core) -> Bot:
    """The bot over ``storage``, ready for clicks; ``core``: the core's own arguments (dice, say)."""

    async def publish(result: Result) -> None:
        return None

    bot = Bot(Config(database_url=f"sqlite:///{tmp_path / 'unused.sqlite3'}"), clock=clock)
    bot.delivered = []
    bot.storage = storage
    bot._core = Core(storage, clock=clock, **core)
    bot._runner = Runner(bot._core, publish)
    return bot


async def click(
    bot: MinigamBot, item_class: type[discord.ui.DynamicItem], custom_id: str, who: FakeClick
) -> None:
    """Hand ``who``'s click on a component with ``custom_id`` to ``item_class`` as discord.py does: the
    item made from the id, then its callback."""
    found = re.fullmatch(item_class.__discord_ui_compiled_template__, custom_id)
    assert found is not None, f"{custom_id!r} is not one of {item_class.__name__}'s"
    item = await item_class.from_custom_id(who, None, found)  # type: ignore[arg-type]
    if await item.interaction_check(who):  # type: ignore[arg-type]
        await item.callback(who)  # type: ignore[arg-type]
