"""The stand-in's records of Discord's world: people, guilds, channels and threads, messages with their
attachments and edits, and the interactions sent to the bot with what it answered. Each turns itself into
the JSON Discord sends (``payload()``); tests read them to see what a person would see."""

from __future__ import annotations

import asyncio
import datetime
import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.standin.constants import (
    AUTOCOMPLETE_RESULT,
    DISCORD_EPOCH_MS,
    DM,
    EPHEMERAL,
    GUILD_TEXT,
    HAS_THREAD,
    LOADING,
    PUBLIC_THREAD,
)


class StandInError(AssertionError):
    """A test asked the stand-in for something it cannot do, or waited in vain."""


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


class Snowflakes:
    """Discord-shaped ids: milliseconds since the Discord epoch, shifted, plus a counter. Each id carries
    the time the fake Discord made it (an interaction's: when it received it), from ``now``: the system's
    clock, or a test's fake clock (``fake.snowflake.now = world.clock.now``)."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self._counter = itertools.count()
        self.now = now

    def __call__(self) -> int:
        ms = int(self.now() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """An id whose events Discord sends to shard ``shard_id`` of ``shard_count``
        (:func:`~tests.e2e.standin.gateway.shard_of`): its milliseconds moved back to the nearest that fit."""
        ms = int(self.now() * 1000) - DISCORD_EPOCH_MS
        ms -= (ms - shard_id) % shard_count
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


@dataclass(slots=True)
class User:
    id: int
    name: str
    bot: bool = False
    roles: tuple[int, ...] = ()

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(slots=True)
class Channel:
    """A guild text channel, a DM, or a public thread (``parent_id``: its channel)."""

    id: int
    name: str
    guild_id: int | None
    type: int = GUILD_TEXT
    recipient: User | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 4320
    archive_timestamp: str = field(default_factory=now_iso)
    members: set[int] = field(default_factory=set)
    message_count: int = 0

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    def payload(self) -> dict:
        if self.type == DM:
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.recipient.payload()] if self.recipient else [],
            }
        if self.is_thread:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": self.message_count,
                "total_message_sent": self.message_count,
                "member_count": min(50, len(self.members)),
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.archive_timestamp,
                    "locked": self.locked,
                    "create_timestamp": self.archive_timestamp,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "default_auto_archive_duration": 4320,
        }


@dataclass(slots=True)
class Guild:
    """A server: ``@everyone`` (the guild's own id) and an "Admin" role (Manage Server), its people and its
    text channels (``general`` first). ``alice`` and ``bob`` are two players, ``carol`` a third member and
    ``dana`` the owner, an admin; ``members`` has them, the ``extra_members`` and anyone who joined."""

    id: int
    name: str
    admin_role: int
    alice: User
    bob: User
    carol: User
    dana: User
    general: Channel
    extra_channels: list[Channel]
    extra_members: list[User]
    members: dict[int, User]

    @property
    def everyone_role(self) -> int:
        return self.id

    def roles_of(self, user: User) -> list[int]:
        """``user``'s roles in this guild (a person's roles elsewhere are not this guild's)."""
        return [r for r in user.roles if r == self.admin_role]

    def __repr__(self) -> str:
        return f"<Guild {self.id} {self.name!r} members={len(self.members)}>"


@dataclass(slots=True)
class Attachment:
    id: int
    filename: str
    content_type: str | None
    data: bytes
    description: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def payload(self, base: str) -> dict:
        out = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": f"{base}/attachments/{self.id}/{self.filename}",
            "proxy_url": f"{base}/attachments/{self.id}/{self.filename}",
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description:
            out["description"] = self.description
        return out


@dataclass(slots=True)
class Message:
    """A message as people see it, with its history of edits."""

    id: int
    channel_id: int
    author: User
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: int | None = None  # the interaction whose response or followup this is
    created: float = 0.0  # time.perf_counter()
    edited: float | None = None
    deleted: bool = False
    versions: list[dict] = field(default_factory=list)  # earlier states, oldest first
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    type: int = 0  # 18: "started a thread" (a system message), 0/20 otherwise
    reference: dict | None = None  # message_reference (a "started a thread" message: the thread)
    thread: Channel | None = None  # the thread started from this message

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """Content and every embed's visible text, joined: what a person reads."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for f in embed.get("fields", ()):
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            if (embed.get("footer") or {}).get("text"):
                parts.append(embed["footer"]["text"])
            if (embed.get("author") or {}).get("name"):
                parts.append(embed["author"]["name"])
        return "\n".join(parts)

    @property
    def pngs(self) -> list[Attachment]:
        return [a for a in self.attachments if a.is_png]

    def items(self) -> list[dict]:
        """Every interactive component (buttons, selects), flattened out of the action rows."""
        out: list[dict] = []

        def walk(components: Iterable[dict]) -> None:
            for c in components:
                if c.get("type") in (1, 17, 9) or "components" in c:
                    walk(c.get("components", ()))
                    if c.get("accessory"):
                        walk([c["accessory"]])
                else:
                    out.append(c)

        walk(self.components)
        return [c for c in out if "custom_id" in c]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.items()]

    def buttons(self) -> list[dict]:
        return [c for c in self.items() if c.get("type") == 2]

    def selects(self) -> list[dict]:
        return [c for c in self.items() if c.get("type") in (3, 5, 6, 7, 8)]

    def button(self, label: str) -> dict:
        """The button whose label contains ``label`` (case-insensitive)."""
        found = [b for b in self.buttons() if label.lower() in str(b.get("label", "")).lower()]
        if len(found) != 1:
            labels = [b.get("label") for b in self.buttons()]
            raise StandInError(f"expected one button labelled like {label!r}, the message has {labels}")
        return found[0]

    def select_values(self) -> list[str]:
        """The option values of the message's (first) string select menu."""
        for s in self.selects():
            if s.get("type") == 3:
                return [o["value"] for o in s.get("options", ())]
        return []

    def snapshot(self) -> dict:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
        }

    def payload(self, base: str, application_id: int) -> dict:
        out: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(base) for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": self.type or (20 if self.interaction_id else 0),
            "flags": self.flags | (HAS_THREAD if self.thread is not None else 0),
            "components": self.components,
        }
        if self.reference is not None:
            out["message_reference"] = self.reference
        if self.thread is not None:
            out["thread"] = self.thread.payload()
        if self.interaction_id:
            out["webhook_id"] = str(application_id)
            out["application_id"] = str(application_id)
        return out

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        text = self.text.replace("\n", " | ")
        if len(text) > 80:
            text = text[:77] + "..."
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        return f"<Message {self.id} ch={self.channel_id}{flags} {text!r}{files} ids={self.custom_ids()}>"


@dataclass(slots=True)
class Interaction:
    """One interaction sent to the bot and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    payload: dict
    message_id: int | None = None  # component clicks: the message clicked
    sent: float = 0.0  # perf_counter when dispatched
    responded: float | None = None  # perf_counter of the callback
    response_type: int | None = None
    response: dict | None = None  # the callback's "data"
    original_id: int | None = None  # the response message (types 4/5) or the clicked message (6/7)
    followup_ids: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        return None if self.responded is None else self.responded - self.sent

    @property
    def choices(self) -> list[dict]:
        """Autocomplete: the choices the bot answered."""
        if self.response_type != AUTOCOMPLETE_RESULT:
            raise StandInError(f"interaction {self.id} was not answered with autocomplete choices")
        return list((self.response or {}).get("choices", ()))
