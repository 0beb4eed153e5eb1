"""A local stand-in for Discord: enough of its REST API and gateway for the real bot to run against.

:class:`FakeDiscord` is an aiohttp server on 127.0.0.1 (a free port). It plays Discord's side of the
protocol as discord.py 2.7 speaks it:

- REST under ``/api/v10`` (point ``discord.http.Route.BASE`` at :attr:`FakeDiscord.api_base`):
  ``GET /users/@me``, ``GET /oauth2/applications/@me``, command sync (``PUT .../commands``, global and
  guild), interaction callbacks (JSON or multipart ``payload_json`` + ``files[n]``, answered in the 2.5+
  ``{"interaction": ..., "resource": ...}`` shape), followups and ``@original`` edits through
  ``/webhooks/{app}/{token}``, channel messages, and a few look-ups (users, members, channels, DMs).
  Any other route is logged at ERROR, recorded in :attr:`FakeDiscord.unknown_routes` and answered 404.
- The gateway websocket at :attr:`FakeDiscord.gateway_url` (:mod:`tests.e2e.fake_gateway`): HELLO,
  heartbeat ACKs, IDENTIFY (with a shard or not) -> READY -> GUILD_CREATE (roles, channels, members) for each
  guild of the shard, member chunk requests, and each guild's events (INTERACTION_CREATE...) sent to the
  sessions of its shard, ``(guild_id >> 22) % num_shards``. Several guilds, on chosen shards:
  :meth:`FakeDiscord.add_guild`.

Every REST request is first checked the way Discord checks it (:mod:`tests.e2e.discord_rules`): the
route and method exist in Discord's OpenAPI description, the parameters and the JSON body (or an upload's
``payload_json`` and ``files[n]``) match the operation's schemas, and Discord's documented limits hold.
A broken rule is recorded in :attr:`FakeDiscord.violations`, naming the rule and where it is written, and
answered as Discord would (400 / code 50035; 404 or 405 for a route Discord does not have). Requests are
counted per route in :attr:`FakeDiscord.route_counts` (and added to the JSON file ``$MINIGAM_DISCORD_ROUTES``
names, when it is set). It also keeps Discord's rules about state and time: an interaction is answered once
(a second answer is 400 / code 40060), within 3 seconds (later: 404 / code 10062), a followup or
``@original`` needs an answer first, and its token works for 15 minutes (later: 401 / code 50027); a
message is not empty and its embeds' ``attachment://`` pictures are its files. Each violation is recorded
in :attr:`FakeDiscord.violations`. Calls outside the interaction routes count toward Discord's global limit
of 50 a second (:attr:`FakeDiscord.global_times`); the stand-in does not refuse them, the load reports them.

Everything the bot posts is recorded as a :class:`Message` (content, embeds, components, attachments
with their bytes, the ephemeral flag, every edit), per channel, with timestamps, so tests can assert on
what a person would see. Tests act as people through :meth:`FakeDiscord.slash`,
:meth:`FakeDiscord.autocomplete` and :meth:`FakeDiscord.click`.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import itertools
import json
import logging
import os
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import BodyPartReader, web

from tests.e2e import discord_rules
from tests.e2e.fake_gateway import Gateway, Session

log = logging.getLogger("tests.e2e.fake_discord")

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
RESPONSE_DEADLINE = 3.0  # seconds Discord gives a bot to answer an interaction
TOKEN_LIFETIME = 15 * 60  # seconds an interaction's token works for its followups and their edits
ROUTES_FILE = "MINIGAM_DISCORD_ROUTES"
"""Environment variable: a JSON file to which every stand-in adds its requests per route when it closes."""

# Permission bits (discord.Permissions).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_GUILD = 1 << 5
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_THREADS
"""What the invite link grants the bot (see the README), by default in every channel."""

# Channel and message types.
GUILD_TEXT, DM, PUBLIC_THREAD = 0, 1, 11
THREAD_CREATED, THREAD_STARTER = 18, 21
HAS_THREAD = 1 << 5  # message flag: a thread was started from it

# Interaction and callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    4,
    5,
    6,
    7,
    8,
    9,
)

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
)


class StandInError(AssertionError):
    """A test asked the stand-in for something it cannot do, or waited in vain."""


def _now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


class Snowflakes:
    """Discord-shaped ids: milliseconds since the Discord epoch, shifted, plus a counter."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """An id whose events Discord sends to shard ``shard_id`` of ``shard_count``
        (:func:`~tests.e2e.fake_gateway.shard_of`): its milliseconds moved back to the nearest that fit."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        ms -= (ms - shard_id) % shard_count
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


# ------------------------------------------------------------------------------------------ the world


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
    archive_timestamp: str = field(default_factory=_now_iso)
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
    timestamp: str = field(default_factory=_now_iso)
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


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly application/json.
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def _error(status: int, message: str, code: int = 0) -> web.Response:
    return _json({"message": message, "code": code}, status)


# ------------------------------------------------------------------------------------------ the server


class FakeDiscord:
    """The stand-in. Use ``async with FakeDiscord() as fake:`` or ``await fake.start()`` / ``close()``.

    The world: the bot user and one guild (:class:`Guild`, also :attr:`guild`) with ``@everyone`` and an
    "Admin" role (Manage Server), text channels (``general`` first, then ``extra_channels`` more), and members
    ``alice`` and ``bob`` (two players), ``carol`` (a third member) and ``dana`` (an admin), plus
    ``extra_members`` more; the first guild's are the stand-in's own attributes too (``fake.alice``,
    ``fake.general``). :meth:`add_guild` adds guilds on chosen shards, :meth:`join` puts a person in several.
    Each guild's events go to its shard's sessions (:attr:`gateway`, :mod:`tests.e2e.fake_gateway`).
    """

    def __init__(self, *, extra_channels: int = 3, extra_members: int = 0, token: str = "fake-token") -> None:
        self.snowflake = Snowflakes()
        self.token = token
        self.application_id = self.snowflake()
        self.bot_user = User(self.application_id, "minigam-bot", bot=True)
        self.guilds: dict[int, Guild] = {}
        self.members: dict[int, User] = {}  # every person in any guild, by id
        self.channels: dict[int, Channel] = {}
        # The first guild, whose people and channels are the stand-in's own attributes too.
        self.guild = self._new_guild(
            "Minigam Test Server",
            self.snowflake(),
            extra_channels=extra_channels,
            extra_members=extra_members,
        )
        self.guild_id = self.guild.id
        self.everyone_role = self.guild.everyone_role
        self.admin_role = self.guild.admin_role
        self.alice, self.bob = self.guild.alice, self.guild.bob
        self.carol, self.dana = self.guild.carol, self.guild.dana
        self.extra_members = self.guild.extra_members
        self.general = self.guild.general
        self.extra_channels = self.guild.extra_channels

        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict]] = {}  # guild id (None: global) -> synced commands
        self.requests: list[tuple[str, str]] = []  # every REST call: (method, path)
        self.route_counts: Counter[str] = Counter()  # REST calls per route: "POST /channels/{channel_id}/..."
        self.global_times: list[float] = []  # perf_counter of each call under the global limit
        self.unknown_routes: list[tuple[str, str]] = []
        self.violations: list[str] = []  # protocol rules the bot broke
        self.typing: list[tuple[int, float]] = []  # (channel, perf_counter) of every typing indicator
        self.forbidden: list[tuple[str, str]] = []  # REST calls refused for missing permissions
        self.bot_channel_permissions: dict[int, int] = {}  # the bot's permissions where not BOT_PERMISSIONS
        self.response_deadline = RESPONSE_DEADLINE
        self.token_lifetime = TOKEN_LIFETIME  # seconds an interaction's token works for its webhook routes

        self.gateway = Gateway(self)
        self._changed = asyncio.Event()
        self._channel_changed: dict[int, asyncio.Event] = {}
        self._channel_index: dict[int, list[Message]] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes = self._build_routes()

    # -------------------------------------------------------------- lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_route("*", "/{tail:.*}", self._unknown_root)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.debug("fake Discord listening on port %s", self.port)
        return self

    async def close(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
            if routes := os.environ.get(ROUTES_FILE):
                add_route_counts(Path(routes), self.route_counts)

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` / ``DISCORD_API_BASE`` should be."""
        return f"{self.base}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` / ``DISCORD_GATEWAY_URL`` should be."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -------------------------------------------------------------- world helpers
    def _new_guild(
        self, name: str, guild_id: int, *, extra_channels: int, extra_members: int, suffix: str = ""
    ) -> Guild:
        admin_role = self.snowflake()
        people = [
            User(self.snowflake(), f"alice{suffix}"),
            User(self.snowflake(), f"bob{suffix}"),
            User(self.snowflake(), f"carol{suffix}"),
            User(self.snowflake(), f"dana{suffix}", roles=(admin_role,)),
        ]
        extra = [User(self.snowflake(), f"player{i:04d}{suffix}") for i in range(extra_members)]
        guild = Guild(
            guild_id,
            name,
            admin_role,
            *people,
            general=self._add_channel("general", guild_id),
            extra_channels=[self._add_channel(f"table-{i:04d}", guild_id) for i in range(extra_channels)],
            extra_members=extra,
            members={u.id: u for u in (*people, *extra)},
        )
        self.guilds[guild.id] = guild
        self.members.update(guild.members)
        return guild

    def add_guild(
        self,
        name: str,
        *,
        shard: int = 0,
        of: int = 1,
        extra_channels: int = 1,
        extra_members: int = 0,
    ) -> Guild:
        """Another guild with the bot in it, whose id lands on shard ``shard`` of ``of`` (Discord's formula),
        with its own people (``alice_<name>``...) and channels. Added before the bot connects: the gateway
        tells a session of its guilds when it identifies."""
        if self.gateway.live():
            raise StandInError("add guilds before the bot connects to the gateway")
        guild_id = self.snowflake.on_shard(shard, of)
        return self._new_guild(
            name, guild_id, extra_channels=extra_channels, extra_members=extra_members, suffix=f"_{name}"
        )

    def join(self, guild: Guild, *users: User) -> None:
        """``users`` become members of ``guild`` too (one person, several servers)."""
        if self.gateway.live():
            raise StandInError("people join before the bot connects to the gateway")
        for user in users:
            guild.members[user.id] = user

    def guild_of(self, channel: Channel | int) -> Guild | None:
        """The guild of a channel or thread (None: a DM)."""
        found = self.channels.get(channel if isinstance(channel, int) else channel.id)
        return self.guilds.get(found.guild_id) if found is not None and found.guild_id else None

    def _add_channel(self, name: str, guild_id: int) -> Channel:
        channel = Channel(self.snowflake(), name, guild_id)
        self.channels[channel.id] = channel
        return channel

    def member_payload(
        self, user: User, *, guild: Guild | None = None, with_permissions: bool = False
    ) -> dict:
        guild = guild or self.guild
        out: dict[str, Any] = {
            "user": user.payload(),
            "roles": [str(r) for r in guild.roles_of(user)],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "pending": False,
        }
        if with_permissions:
            out["permissions"] = str(self.permissions(user, guild))
        return out

    def permissions(self, user: User, guild: Guild | None = None) -> int:
        perms = EVERYONE_PERMISSIONS
        if (guild or self.guild).admin_role in user.roles:
            perms |= MANAGE_GUILD
        return perms

    def bot_permissions(self, channel: Channel | int) -> int:
        """The bot's permissions in a channel (a thread has its channel's)."""
        found = self.channels.get(channel if isinstance(channel, int) else channel.id)
        if found is not None and found.is_thread and found.parent_id is not None:
            found = self.channels.get(found.parent_id, found)
        key = found.id if found is not None else channel
        return self.bot_channel_permissions.get(key, BOT_PERMISSIONS)  # type: ignore[arg-type]

    def threads(self, parent: Channel | int | None = None) -> list[Channel]:
        """The threads (of ``parent``, when given), oldest first."""
        pid = parent if parent is None or isinstance(parent, int) else parent.id
        return [c for c in self.channels.values() if c.is_thread and (pid is None or c.parent_id == pid)]

    def typing_in(self, channel: Channel | int) -> list[float]:
        cid = channel if isinstance(channel, int) else channel.id
        return [at for where, at in self.typing if where == cid]

    def guild_payload(self, guild: Guild | None = None) -> dict:
        guild = guild or self.guild
        members = [self.bot_user, *guild.members.values()]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "owner_id": str(guild.dana.id),
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "system_channel_flags": 0,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(guild.everyone_role),
                    "name": "@everyone",
                    "permissions": str(EVERYONE_PERMISSIONS),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                },
                {
                    "id": str(guild.admin_role),
                    "name": "Admin",
                    "permissions": str(EVERYONE_PERMISSIONS | MANAGE_GUILD),
                    "position": 1,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                },
            ],
            "channels": [
                c.payload() for c in self.channels.values() if c.type == GUILD_TEXT and c.guild_id == guild.id
            ],
            "threads": [c.payload() for c in self.threads() if not c.archived and c.guild_id == guild.id],
            "members": [self.member_payload(u, guild=guild) for u in members],
            "member_count": len(members),
            "voice_states": [],
            "presences": [],
            "large": False,
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
        }

    def channel_messages(self, channel: Channel | int, *, include_deleted: bool = False) -> list[Message]:
        cid = channel if isinstance(channel, int) else channel.id
        return [m for m in self._channel_index.get(cid, ()) if include_deleted or not m.deleted]

    def public_messages(self, channel: Channel | int) -> list[Message]:
        return [m for m in self.channel_messages(channel) if not m.ephemeral]

    def last_message(
        self, channel: Channel | int, predicate: Callable[[Message], bool] | None = None
    ) -> Message:
        found = [m for m in self.channel_messages(channel) if predicate is None or predicate(m)]
        if not found:
            raise StandInError("no such message in the channel")
        return found[-1]

    def replies_to(self, interaction: Interaction) -> list[Message]:
        """The messages the bot created in answer to ``interaction`` (response and followups)."""
        ids = [interaction.original_id] if interaction.response_type in (4, 5) else []
        ids += interaction.followup_ids
        return [self.messages[i] for i in ids if i is not None and i in self.messages]

    def _notify(self, channel_id: int | None = None) -> None:
        self._changed.set()
        self._changed = asyncio.Event()
        if channel_id is not None and channel_id in self._channel_changed:
            self._channel_changed.pop(channel_id).set()

    async def wait_for(
        self,
        predicate: Callable[[], Any],
        *,
        within: float = 10.0,
        what: str = "",
        channel: Channel | int | None = None,
    ) -> Any:
        """Wait until ``predicate()`` is truthy, re-checked whenever the stand-in records something (in
        ``channel`` only, when given: cheaper with many waiters) and at least every 0.05 s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        cid = channel if channel is None or isinstance(channel, int) else channel.id
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise StandInError(f"timed out after {within} s waiting for {what or predicate}")
            if cid is None:
                changed = self._changed
            else:
                changed = self._channel_changed.setdefault(cid, asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), min(remaining, 0.05))

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool] | None = None,
        *,
        channel: Channel | int | None = None,
        after: float | None = None,
        within: float = 10.0,
        edited: bool = False,
    ) -> Message:
        """The first (oldest) message matching ``predicate`` in ``channel`` created after ``after`` (a
        ``time.perf_counter()`` value; with ``edited``, created or edited after it), waiting for it if need
        be."""
        cid = channel if channel is None or isinstance(channel, int) else channel.id

        def find() -> Message | None:
            pool = self.messages.values() if cid is None else self._channel_index.get(cid, ())
            for m in list(pool):
                if m.deleted:
                    continue
                changed = max(m.created, m.edited or 0.0) if edited else m.created
                if after is not None and changed < after:
                    continue
                if predicate is None or predicate(m):
                    return m
            return None

        return await self.wait_for(find, within=within, what="a matching message", channel=cid)

    @property
    def identifies(self) -> int:
        """IDENTIFYs the gateway answered with READY, in all."""
        return self.gateway.identifies

    async def wait_for_identify(self, count: int = 1, *, within: float = 15.0) -> None:
        await self.wait_for(lambda: self.identifies >= count, within=within, what="the bot to identify")

    async def wait_for_shard(
        self, shard_id: int, shard_count: int, *, replacing: Session | None = None, within: float = 15.0
    ) -> Session:
        """The live session of shard ``shard_id`` of ``shard_count`` (other than ``replacing``), once it has
        been sent its guilds."""

        def found() -> Session | None:
            sessions = self.gateway.sessions_of(shard_id, shard_count)
            return next((s for s in sessions if s is not replacing), None)

        what = f"shard {shard_id} of {shard_count} to connect"
        return await self.wait_for(found, within=within, what=what)

    async def wait_for_commands(self, *, within: float = 15.0) -> None:
        await self.wait_for(lambda: self.commands, within=within, what="the bot to sync its commands")

    # -------------------------------------------------------------- acting as people
    def find_command(self, path: str, guild: Guild | None = None) -> tuple[dict, int | None]:
        """The synced top-level command for ``path`` ("minigam move" or just "move": the top-level name
        may be left out when a single group holds the subcommand), with the guild it was synced to: one of
        ``guild``'s own or a global one (no ``guild``: of any guild)."""
        words = path.split()
        seen = sorted(
            ((g, cs) for g, cs in self.commands.items() if guild is None or g in (None, guild.id)),
            key=lambda kv: kv[0] is None,
        )
        for guild_id, commands in seen:
            for cmd in commands:
                if cmd["name"] == words[0]:
                    return cmd, guild_id
        if len(words) == 1:
            for guild_id, commands in seen:
                for cmd in commands:
                    for opt in cmd.get("options", ()):
                        if opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) and opt["name"] == words[0]:
                            return cmd, guild_id
        synced = sorted({c["name"] for cs in self.commands.values() for c in cs})
        raise StandInError(f"no synced command {path!r}; the bot synced {synced}")

    def _command_data(
        self, path: str, options: dict[str, Any], focused: str | None, channel: Channel
    ) -> dict:
        words = path.split()
        guild = self.guild_of(channel)
        cmd, guild_id = self.find_command(path, guild)
        if words[0] != cmd["name"]:
            words = [cmd["name"], *words]
        resolved: dict[str, dict] = {}
        # Walk down the subcommand groups.
        node = cmd
        chain: list[dict] = []
        for word in words[1:]:
            sub = next((o for o in node.get("options", ()) if o["name"] == word), None)
            if sub is None or sub.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise StandInError(f"{node['name']!r} has no subcommand {word!r}")
            chain.append(sub)
            node = sub
        declared = {o["name"]: o for o in node.get("options", ())}
        if focused is None:
            _check_options(" ".join(words), declared, options)
        leaf_options = []
        for name, value in options.items():
            if name not in declared:
                raise StandInError(f"/{' '.join(words)} has no option {name!r}; it has {sorted(declared)}")
            opt_type = declared[name]["type"]
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                if guild is not None and value.id in guild.members:
                    member = self.member_payload(value, guild=guild, with_permissions=True)
                    member.pop("user")
                    resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            elif isinstance(value, Channel):
                resolved.setdefault("channels", {})[str(value.id)] = {
                    "id": str(value.id),
                    "type": value.type,
                    "name": value.name,
                    "permissions": str(EVERYONE_PERMISSIONS),
                }
                value = str(value.id)
            entry: dict[str, Any] = {"name": name, "type": opt_type, "value": value}
            if name == focused:
                entry["focused"] = True
                entry["value"] = str(value)
            leaf_options.append(entry)
        # Nest the options under the subcommands, innermost first.
        opts: list[dict] = leaf_options
        for sub in reversed(chain):
            opts = [{"name": sub["name"], "type": sub["type"], "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _acting_in(self, user: User, channel: Channel) -> Guild | None:
        """The guild of ``channel`` (None: a DM), where ``user`` must be a member to act."""
        guild = self.guild_of(channel)
        if guild is not None and user.id not in guild.members:
            raise StandInError(f"{user.name} is not a member of {guild.name!r}")
        return guild

    async def _send_interaction(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict,
        message: Message | None = None,
        *,
        wait: bool = True,
        within: float = 10.0,
    ) -> Interaction:
        guild = self._acting_in(user, channel)
        interaction_id = self.snowflake()
        token = f"itoken-{interaction_id}-{secrets.token_hex(8)}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(self.bot_permissions(channel)),
            "attachment_size_limit": discord_rules.FILE_SIZE.most,  # the server has no boost
            "entitlements": [],
            "authorizing_integration_owners": {"0": str((guild or self.guild).id)},
            "context": 0,
        }
        if guild is None:
            payload["channel"] = channel.payload()
            payload["channel_id"] = str(channel.id)
            payload["user"] = user.payload()
            payload["context"] = 1
        else:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
            payload["channel"] = {
                **channel.payload(),
                "permissions": str(self.permissions(user, guild)),
            }
            payload["channel_id"] = str(channel.id)
            payload["member"] = self.member_payload(user, guild=guild, with_permissions=True)
        if message is not None:
            payload["message"] = message.payload(self.base, self.application_id)
        record = Interaction(
            interaction_id,
            token,
            kind,
            user,
            channel.id,
            payload,
            message_id=message.id if message else None,
        )
        self.interactions[interaction_id] = record
        self._by_token[token] = record
        if not self.gateway.serving(guild and guild.id):
            where = f"{guild.name!r}'s shard" if guild else "shard 0 (a DM)"
            raise StandInError(f"no bot session gets the events of {where}")
        record.sent = time.perf_counter()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        if wait:
            try:
                await asyncio.wait_for(record.answered.wait(), within)
            except TimeoutError:
                what = data.get("custom_id") or data.get("name")
                raise StandInError(
                    f"the bot did not answer interaction {interaction_id} ({what}) within {within} s"
                ) from None
        return record

    async def slash(
        self,
        user: User,
        command: str,
        *,
        channel: Channel | None = None,
        wait: bool = True,
        within: float = 10.0,
        **options: Any,
    ) -> Interaction:
        """``user`` runs a slash command, e.g. ``await fake.slash(alice, "move", play="bar/3 5/off")``
        (``"minigam move"`` works too). Waits for the bot's first answer unless ``wait=False``."""
        channel = channel or self.general
        self._acting_in(user, channel)
        data = self._command_data(command, options, None, channel)
        return await self._send_interaction(
            APPLICATION_COMMAND, user, channel, data, wait=wait, within=within
        )

    async def autocomplete(self, user: User, command: str, value: str = "", **kwargs: Any) -> list[dict]:
        """``user`` types ``value`` into ``option`` (default: the command's first autocomplete option);
        returns the choices the bot offered (``[{"name": ..., "value": ...}, ...]``)."""
        return (await self.complete(user, command, value, **kwargs)).choices

    async def complete(
        self,
        user: User,
        command: str,
        value: str = "",
        *,
        option: str | None = None,
        channel: Channel | None = None,
        within: float = 10.0,
        **other_options: Any,
    ) -> Interaction:
        """:meth:`autocomplete`, returning the whole interaction (its ``choices`` and timings)."""
        channel = channel or self.general
        self._acting_in(user, channel)
        if option is None:
            cmd, _ = self.find_command(command, self.guild_of(channel))
            node = cmd
            words = command.split()
            for word in words[1 if words[0] == cmd["name"] else 0 :]:
                node = next(o for o in node.get("options", ()) if o["name"] == word)
            strings = [o["name"] for o in node.get("options", ()) if o.get("autocomplete")]
            if not strings:
                raise StandInError(f"/{command} has no autocomplete option")
            option = strings[0]
        data = self._command_data(command, {**other_options, option: value}, option, channel)
        return await self._send_interaction(AUTOCOMPLETE, user, channel, data, within=within)

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str | dict,
        values: list[str] | None = None,
        *,
        wait: bool = True,
        within: float = 10.0,
    ) -> Interaction:
        """``user`` presses a button (or picks ``values`` in a select menu) on ``message``."""
        if isinstance(custom_id, dict):
            custom_id = custom_id["custom_id"]
        current = self.messages.get(message.id)
        if current is None or current.deleted:
            raise StandInError(f"message {message.id} does not exist (any more)")
        item = next((c for c in current.items() if c["custom_id"] == custom_id), None)
        if item is None:
            raise StandInError(f"message {message.id} has no component {custom_id!r}: {current.custom_ids()}")
        if item.get("disabled"):
            raise StandInError(f"component {custom_id!r} is disabled; Discord would not let anyone press it")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": item["type"]}
        if item["type"] != 2:
            if values is None:
                raise StandInError("a select menu needs values")
            allowed = {o["value"] for o in item.get("options", ())}
            if item["type"] == 3 and not set(values) <= allowed:
                raise StandInError(f"{values} are not among the menu's options {sorted(allowed)}")
            data["values"] = list(values)
        elif values is not None:
            raise StandInError("a button takes no values")
        channel = self.channels[current.channel_id]
        return await self._send_interaction(
            MESSAGE_COMPONENT, user, channel, data, current, wait=wait, within=within
        )

    async def dispatch(self, event: str, data: dict) -> None:
        """Send any gateway event to the sessions that get it: its guild's shard (``data["guild_id"]``), or
        shard 0 for an event of no guild."""
        if not await self.gateway.dispatch(event, data):
            log.info("fake Discord: no session gets %s of guild %s", event, data.get("guild_id"))

    # -------------------------------------------------------------- REST dispatch
    def _build_routes(self) -> list[tuple[str, re.Pattern[str], Callable[..., Any]]]:
        table = [
            ("GET", r"/users/@me", self._get_me),
            ("GET", r"/oauth2/applications/@me", self._get_application),
            ("GET", r"/applications/@me", self._get_application),
            ("GET", r"/gateway", self._get_gateway),
            ("GET", r"/gateway/bot", self._get_gateway_bot),
            ("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands),
            ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._put_commands),
            ("GET", r"/applications/(?P<app>\d+)/commands", self._get_commands),
            ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._get_commands),
            ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", self._callback),
            ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self._followup),
            ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", self._wh_get),
            (
                "PATCH",
                r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                self._wh_edit,
            ),
            (
                "DELETE",
                r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                self._wh_delete,
            ),
            ("POST", r"/channels/(?P<cid>\d+)/messages", self._post_message),
            ("GET", r"/channels/(?P<cid>\d+)/messages", self._list_messages),
            ("GET", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._get_message),
            ("PATCH", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._edit_message),
            ("DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._delete_message),
            ("POST", r"/channels/(?P<cid>\d+)/typing", self._typing),
            ("POST", r"/channels/(?P<cid>\d+)/threads", self._start_thread),
            ("POST", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)/threads", self._start_thread),
            ("PUT", r"/channels/(?P<cid>\d+)/thread-members/(?P<uid>\d+|@me)", self._join_thread),
            ("GET", r"/channels/(?P<cid>\d+)", self._get_channel),
            ("PATCH", r"/channels/(?P<cid>\d+)", self._edit_channel),
            ("GET", r"/users/(?P<uid>\d+)", self._get_user),
            ("POST", r"/users/@me/channels", self._create_dm),
            ("GET", r"/guilds/(?P<guild>\d+)", self._get_guild),
            ("GET", r"/guilds/(?P<guild>\d+)/members/(?P<uid>\d+)", self._get_member),
            ("GET", r"/guilds/(?P<guild>\d+)/channels", self._get_guild_channels),
        ]
        return [(m, re.compile(p + r"/?\Z"), h) for m, p, h in table]

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.requests.append((request.method, path))
        self.route_counts[discord_rules.route_of(request.method, path)] += 1
        if under_global_limit(path):
            self.global_times.append(time.perf_counter())
        if (refused := await self._check_request(request, path)) is not None:
            return refused
        for method, pattern, handler in self._routes:
            if method == request.method and (match := pattern.match(path)):
                if not self._authorised(request, path):
                    return _error(401, "401: Unauthorized", 0)
                try:
                    return await handler(request, **match.groupdict())
                except web.HTTPException:
                    raise
                except Exception:
                    log.exception("fake Discord: handler for %s %s failed", request.method, path)
                    self.violations.append(f"stand-in crashed on {request.method} {path}")
                    return _error(500, "500: stand-in error")
        return self._unknown(request, path)

    async def _check_request(self, request: web.Request, path: str) -> web.Response | None:
        """Discord's answer to a request that breaks one of its rules (:mod:`tests.e2e.discord_rules`),
        each broken rule recorded in :attr:`violations`; None when the request keeps them all."""
        body = await self._read_body(request)
        checked = discord_rules.Request(
            request.method, path, dict(request.query), body.content_type, body.payload, body.uploads
        )
        found = [str(v) for v in discord_rules.check_request(checked)] + body.problems
        if not found:
            return None
        for problem in found:
            log.error("fake Discord: %s", problem)
        self.violations.extend(found)
        if not discord_rules.discord_api.operation(request.method, path):
            if discord_rules.discord_api.methods_of(path):
                return _error(405, "405: Method Not Allowed", 0)
            return _error(404, "404: Not Found", 0)
        return _error(400, f"Invalid Form Body: {found[0]}", 50035)

    def _authorised(self, request: web.Request, path: str) -> bool:
        if interaction_route(path):
            return True  # interaction tokens authorise these
        return request.headers.get("Authorization") == f"Bot {self.token}"

    async def _unknown_root(self, request: web.Request) -> web.StreamResponse:
        return self._unknown(request, request.path)

    def _unknown(self, request: web.Request, path: str) -> web.Response:
        log.error("fake Discord: UNKNOWN ROUTE %s %s (answered 404)", request.method, path)
        self.unknown_routes.append((request.method, path))
        return _error(404, "404: Not Found", 0)

    # -------------------------------------------------------------- REST handlers: start-up
    async def _get_me(self, request: web.Request) -> web.Response:
        return _json({**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": self.bot_user.payload(),
                "owner": self.dana.payload(),
                "summary": "",
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
            }
        )

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _put_commands(self, request: web.Request, app: str, guild: str | None = None) -> web.Response:
        if int(app) != self.application_id:
            return _error(403, "403: Forbidden: not your application", 50001)
        body = await self._json_body(request)
        guild_id = int(guild) if guild else None
        echoed = []
        old = {c["name"]: c for c in self.commands.get(guild_id, [])}
        for cmd in body:
            out = {
                **cmd,
                "id": old[cmd["name"]]["id"] if cmd["name"] in old else str(self.snowflake()),
                "application_id": str(self.application_id),
                "version": str(self.snowflake()),
                "type": cmd.get("type", 1),
                "default_member_permissions": cmd.get("default_member_permissions"),
                "dm_permission": cmd.get("dm_permission", True),
                "nsfw": cmd.get("nsfw", False),
            }
            if guild_id is not None:
                out["guild_id"] = str(guild_id)
            echoed.append(out)
        self.commands[guild_id] = echoed
        self._notify()
        return _json(echoed)

    async def _get_commands(self, request: web.Request, app: str, guild: str | None = None) -> web.Response:
        return _json(self.commands.get(int(guild) if guild else None, []))

    # -------------------------------------------------------------- REST handlers: messages
    async def _read_body(self, request: web.Request) -> _Body:
        """The request's body, read once (kept on the request for its handler): JSON, or a multipart
        upload's ``payload_json`` and its ``files[n]`` parts (read part by part, in memory:
        ``request.post()`` would spool every file to a temporary file)."""
        if (kept := request.get(_BODY)) is not None:
            return kept
        ctype = request.content_type if request.body_exists else None
        body = _Body(ctype)
        if ctype == "multipart/form-data":
            reader = await request.multipart()
            uploads = []
            while (part := await reader.next()) is not None:
                assert isinstance(part, BodyPartReader)
                data = await part.read()
                if part.name == "payload_json":
                    body.payload = self._parse_json(request, bytes(data), body)
                elif m := re.fullmatch(r"files\[(\d+)\]", part.name or ""):
                    content_type = part.headers.get("Content-Type", "application/octet-stream")
                    body.files[int(m.group(1))] = Attachment(
                        self.snowflake(), part.filename or "", content_type, bytes(data)
                    )
                    uploads.append(discord_rules.Upload(part.name or "", part.filename, len(data)))
                else:
                    body.problems.append(f"{request.method} {request.path}: a multipart part {part.name!r}")
            body.uploads = tuple(uploads)
        elif ctype is not None:
            body.payload = self._parse_json(request, await request.read(), body)
        request[_BODY] = body
        return body

    @staticmethod
    def _parse_json(request: web.Request, data: bytes, body: _Body) -> Any:
        try:
            return json.loads(data or b"null")
        except ValueError as exc:
            body.problems.append(f"{request.method} {request.path}: the body is not JSON: {exc}")
            return None

    async def _read_message_body(self, request: web.Request) -> tuple[dict, dict[int, Attachment]]:
        """The JSON payload and the uploaded files by their index ``n`` of ``files[n]``."""
        body = await self._read_body(request)
        return (body.payload if isinstance(body.payload, dict) else {}), body.files

    async def _json_body(self, request: web.Request) -> Any:
        return (await self._read_body(request)).payload

    def _attachments(
        self, payload: dict, files: dict[int, Attachment], existing: list[Attachment] | None
    ) -> list[Attachment] | None:
        """The attachments a create/edit leaves: new uploads and kept existing ones, or None: unchanged."""
        described = payload.get("attachments")
        if described is None:
            if files:
                return [files[i] for i in sorted(files)]
            return None
        out: list[Attachment] = []
        by_id = {a.id: a for a in existing or ()}
        for entry in described:
            key = int(entry["id"])
            if key in files and key not in by_id:
                att = files.pop(key)
                if entry.get("filename"):
                    att.filename = entry["filename"]
                att.description = entry.get("description")
                out.append(att)
            elif key in by_id:
                out.append(by_id[key])
            else:
                rule = discord_rules.UPLOADED
                raise ValueError(f"attachment {key} is neither uploaded nor kept: {rule} ({rule.source})")
        out.extend(files[i] for i in sorted(files))
        return out

    def _new_message(
        self, channel_id: int, payload: dict, files: dict[int, Attachment], interaction_id: int | None
    ) -> Message:
        message = Message(
            self.snowflake(),
            channel_id,
            self.bot_user,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or ()),
            components=list(payload.get("components") or ()),
            attachments=self._attachments(payload, files, None) or [],
            flags=int(payload.get("flags") or 0),
            interaction_id=interaction_id,
            created=time.perf_counter(),
        )
        self._check_message(message)
        self.messages[message.id] = message
        self._channel_index.setdefault(channel_id, []).append(message)
        channel = self.channels.get(channel_id)
        if channel is not None and channel.is_thread:
            channel.message_count += 1
        self._notify(channel_id)
        return message

    def _check_message(self, message: Message) -> None:
        """Discord's rules on the message a create or edit leaves (those on the request itself were checked
        before: :mod:`tests.e2e.discord_rules`); breaking one is a 400 for the bot."""
        if message.type not in (0, 19, 20):
            return
        state = {"content": message.content, "embeds": message.embeds, "components": message.components}
        state["flags"] = message.flags
        files = [a.filename for a in message.attachments]
        found = discord_rules.message_state_problems(state, files, f"message {message.id}")
        if found:
            raise _BadRequest("; ".join(str(v) for v in found))

    def _edit(self, message: Message, payload: dict, files: dict[int, Attachment]) -> None:
        before = message.snapshot()
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or ())
        if "components" in payload:
            message.components = list(payload["components"] or ())
        if "flags" in payload and payload["flags"] is not None:
            # Only SUPPRESS_EMBEDS may change on an edit; ephemeral and loading stay as they were,
            # except that editing a deferred response ends its loading state.
            message.flags = (message.flags & EPHEMERAL) | (int(payload["flags"]) & ~(EPHEMERAL | LOADING))
        else:
            message.flags &= ~LOADING
        attachments = self._attachments(payload, files, message.attachments)
        if attachments is not None:
            message.attachments = attachments
        self._check_message(message)
        message.versions.append(before)
        message.edited = time.perf_counter()
        message.edited_timestamp = _now_iso()
        self._notify(message.channel_id)

    def _message_json(self, message: Message) -> web.Response:
        return _json(message.payload(self.base, self.application_id))

    async def _post_message(self, request: web.Request, cid: str) -> web.Response:
        channel = self.channels.get(int(cid))
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if channel.type != DM and not self.bot_permissions(channel) & needed:
            return self._forbidden(request)
        if channel.is_thread and channel.archived:
            if channel.locked:
                return _error(400, "Thread is locked", 50083)
            await self._set_archived(channel, False)  # writing in an archived thread brings it back
        payload, files = await self._read_message_body(request)
        try:
            message = self._new_message(channel.id, payload, files, None)
        except _BadRequest as exc:
            return self._bad_request(request, str(exc))
        return self._message_json(message)

    def _forbidden(self, request: web.Request) -> web.Response:
        self.forbidden.append((request.method, request.path.removeprefix("/api/v10")))  # as in requests
        return _error(403, "Missing Permissions", 50013)

    # -------------------------------------------------------------- REST handlers: threads
    async def _start_thread(self, request: web.Request, cid: str, mid: str | None = None) -> web.Response:
        """A public thread under a text channel: from one of its messages (the thread takes the message's
        id) or on its own (a "started a thread" message appears in the channel)."""
        parent = self.channels.get(int(cid))
        if parent is None:
            return _error(404, "Unknown Channel", 10003)
        if parent.type != GUILD_TEXT:
            return self._bad_request(request, "threads can only be started in a text channel")
        if not self.bot_permissions(parent) & CREATE_PUBLIC_THREADS:
            self.violations.append(f"{request.method} {request.path}: thread without Create Public Threads")
            return self._forbidden(request)
        body = await self._json_body(request)
        name = str(body.get("name") or "")
        duration = body.get("auto_archive_duration") or 4320
        starter = None
        if mid is not None:
            starter = self._channel_message(cid, mid)
            if starter is None:
                return _error(404, "Unknown Message", 10008)
            if starter.thread is not None:
                return _error(400, "A thread has already been created for this message", 160004)
            thread_id = starter.id
        else:
            if body.get("type") != PUBLIC_THREAD:
                return self._bad_request(
                    request, f"thread type {body.get('type')!r}: the bot opens public ones"
                )
            thread_id = self.snowflake()
        thread = Channel(
            thread_id,
            name,
            parent.guild_id,
            type=PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=int(duration),
            members={self.bot_user.id},
        )
        self.channels[thread.id] = thread
        if starter is not None:
            starter.thread = thread
        else:
            notice = Message(
                self.snowflake(),
                parent.id,
                self.bot_user,
                content=name,
                type=THREAD_CREATED,
                reference={"channel_id": str(thread.id), "guild_id": str(parent.guild_id)},
                created=time.perf_counter(),
            )
            self.messages[notice.id] = notice
            self._channel_index.setdefault(parent.id, []).append(notice)
        await self.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        self._notify(parent.id)
        return _json(thread.payload())

    async def _join_thread(self, request: web.Request, cid: str, uid: str) -> web.Response:
        thread = self.channels.get(int(cid))
        if thread is None or not thread.is_thread:
            return _error(404, "Unknown Channel", 10003)
        if thread.archived:
            return _error(400, "Thread is archived", 50083)
        if not self.bot_permissions(thread) & SEND_MESSAGES_IN_THREADS:
            return self._forbidden(request)
        user_id = self.bot_user.id if uid == "@me" else int(uid)
        guild = self.guild_of(thread)
        if (guild is None or user_id not in guild.members) and user_id != self.bot_user.id:
            return _error(404, "Unknown Member", 10007)
        thread.members.add(user_id)
        return web.Response(status=204)

    async def _edit_channel(self, request: web.Request, cid: str) -> web.Response:
        """Modify a thread: archive or bring it back (the rest of a channel's settings is not the bot's)."""
        channel = self.channels.get(int(cid))
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        body = await self._json_body(request)
        if not channel.is_thread or set(body) - {"archived", "locked", "auto_archive_duration", "name"}:
            return self._bad_request(request, f"the bot changes {sorted(body)} of channel {cid}")
        if (body.get("archived") or body.get("locked")) and not self.bot_permissions(
            channel
        ) & MANAGE_THREADS:
            return self._forbidden(request)
        if "name" in body:
            channel.name = str(body["name"])
        if "auto_archive_duration" in body:
            channel.auto_archive_duration = int(body["auto_archive_duration"])
        if "locked" in body:
            channel.locked = bool(body["locked"])
        if "archived" in body:
            await self._set_archived(channel, bool(body["archived"]), dispatch=False)
        await self.dispatch("THREAD_UPDATE", channel.payload())
        return _json(channel.payload())

    async def _set_archived(self, thread: Channel, archived: bool, *, dispatch: bool = True) -> None:
        thread.archived = archived
        thread.archive_timestamp = _now_iso()
        if dispatch:
            await self.dispatch("THREAD_UPDATE", thread.payload())
        self._notify(thread.id)

    def _bad_request(self, request: web.Request, why: str) -> web.Response:
        self.violations.append(f"{request.method} {request.path}: {why}")
        log.error("fake Discord: 400 for %s %s: %s", request.method, request.path, why)
        return _error(400, f"Invalid Form Body: {why}", 50035)

    async def _list_messages(self, request: web.Request, cid: str) -> web.Response:
        limit = int(request.query.get("limit", 50))
        found = [m for m in self.channel_messages(int(cid)) if not m.ephemeral][-limit:]
        return _json([m.payload(self.base, self.application_id) for m in reversed(found)])

    def _channel_message(self, cid: str, mid: str) -> Message | None:
        message = self.messages.get(int(mid))
        if message is None or message.deleted or message.channel_id != int(cid) or message.ephemeral:
            return None
        return message

    async def _get_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        message = self._channel_message(cid, mid)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        return self._message_json(message)

    async def _edit_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        message = self._channel_message(cid, mid)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        channel = self.channels.get(int(cid))
        if channel is not None and channel.is_thread and channel.archived:
            return _error(400, "Thread is archived", 50083)
        payload, files = await self._read_message_body(request)
        try:
            self._edit(message, payload, files)
        except (_BadRequest, ValueError) as exc:
            return self._bad_request(request, str(exc))
        return self._message_json(message)

    async def _delete_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        message = self._channel_message(cid, mid)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        message.deleted = True
        self._notify(message.channel_id)
        return web.Response(status=204)

    async def _typing(self, request: web.Request, cid: str) -> web.Response:
        channel = self.channels.get(int(cid))
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        self.typing.append((channel.id, time.perf_counter()))
        self._notify(channel.id)
        return web.Response(status=204)

    async def _get_channel(self, request: web.Request, cid: str) -> web.Response:
        channel = self.channels.get(int(cid))
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        return _json(channel.payload())

    async def _get_user(self, request: web.Request, uid: str) -> web.Response:
        user = self.members.get(int(uid)) or (self.bot_user if int(uid) == self.bot_user.id else None)
        if user is None:
            return _error(404, "Unknown User", 10013)
        return _json(user.payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        body = await self._json_body(request)
        user = self.members.get(int(body["recipient_id"]))
        if user is None:
            return _error(400, "Invalid Recipient(s)", 50033)
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipient is user:
                return _json(channel.payload())
        channel = Channel(self.snowflake(), f"dm-{user.name}", None, type=1, recipient=user)
        self.channels[channel.id] = channel
        return _json(channel.payload())

    async def _get_guild(self, request: web.Request, guild: str) -> web.Response:
        found = self.guilds.get(int(guild))
        if found is None:
            return _error(404, "Unknown Guild", 10004)
        payload = self.guild_payload(found)
        for key in ("channels", "members", "threads", "voice_states", "presences"):
            payload.pop(key)
        return _json(payload)

    async def _get_member(self, request: web.Request, guild: str, uid: str) -> web.Response:
        found = self.guilds.get(int(guild))
        user = self.bot_user if int(uid) == self.bot_user.id else found and found.members.get(int(uid))
        if found is None or user is None:
            return _error(404, "Unknown Member", 10007)
        return _json(self.member_payload(user, guild=found))

    async def _get_guild_channels(self, request: web.Request, guild: str) -> web.Response:
        return _json([c.payload() for c in self.channels.values() if c.guild_id == int(guild)])

    # -------------------------------------------------------------- REST handlers: interactions
    def _interaction(self, token: str) -> Interaction | None:
        return self._by_token.get(token)

    async def _callback(self, request: web.Request, iid: str, token: str) -> web.Response:
        record = self.interactions.get(int(iid))
        if record is None or record.token != token:
            return _error(404, "Unknown interaction", 10062)
        payload, files = await self._read_message_body(request)
        now = time.perf_counter()
        if record.responded is not None:
            self.violations.append(f"interaction {iid} answered twice")
            return _error(400, "Interaction has already been acknowledged.", 40060)
        if now - record.sent > self.response_deadline:
            self.violations.append(f"interaction {iid} answered after {now - record.sent:.2f} s")
            return _error(404, "Unknown interaction", 10062)
        kind = int(payload.get("type", 0))
        data = payload.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
        }[record.type]
        if kind not in allowed:
            return self._bad_request(
                request, f"callback type {kind} is not allowed for interaction type {record.type}"
            )
        resource_message: Message | None = None
        try:
            if kind == CHANNEL_MESSAGE:
                resource_message = self._new_message(record.channel_id, data, files, record.id)
                record.original_id = resource_message.id
            elif kind == DEFERRED_CHANNEL_MESSAGE:
                flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
                resource_message = self._new_message(record.channel_id, {"flags": flags}, {}, record.id)
                record.original_id = resource_message.id
            elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
                record.original_id = record.message_id
                if kind == UPDATE_MESSAGE:
                    resource_message = self.messages[record.message_id]  # type: ignore[index]
                    self._edit(resource_message, data, files)
        except (_BadRequest, ValueError) as exc:
            return self._bad_request(request, str(exc))
        record.responded = now
        record.response_type = kind
        record.response = data
        record.answered.set()
        self._notify(record.channel_id)
        body: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": None,
                "response_message_id": str(record.original_id) if record.original_id else None,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(resource_message and resource_message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if resource_message is not None:
            body["resource"]["message"] = resource_message.payload(self.base, self.application_id)
        return _json(body)

    def _resolve_webhook_message(self, record: Interaction, mid: str) -> Message | None:
        if mid == "@original":
            if record.original_id is None:
                return None
            return self.messages.get(record.original_id)
        message = self.messages.get(int(mid))
        if message is None or (message.id not in record.followup_ids and message.id != record.original_id):
            return None
        return message

    def _token_record(self, app: str, token: str) -> Interaction | None:
        record = self._interaction(token)
        if record is None or int(app) != self.application_id:
            return None
        return record

    def _expired(self, token: str) -> web.Response | None:
        """Discord's answer to an interaction token used after its lifetime, or None while it works."""
        record = self._interaction(token)
        if record is not None and time.perf_counter() - record.sent > self.token_lifetime:
            return _error(401, "Invalid Webhook Token", 50027)
        return None

    async def _followup(self, request: web.Request, app: str, token: str) -> web.Response:
        if (expired := self._expired(token)) is not None:
            return expired
        record = self._token_record(app, token)
        if record is None:
            return _error(404, "Unknown Webhook", 10015)
        if record.responded is None:
            self.violations.append(f"followup to interaction {record.id} before any response")
            return _error(404, "Unknown Webhook", 10015)
        payload, files = await self._read_message_body(request)
        try:
            message = self._new_message(record.channel_id, payload, files, record.id)
        except _BadRequest as exc:
            return self._bad_request(request, str(exc))
        record.followup_ids.append(message.id)
        return self._message_json(message)

    async def _wh_get(self, request: web.Request, app: str, token: str, mid: str) -> web.Response:
        if (expired := self._expired(token)) is not None:
            return expired
        record = self._token_record(app, token)
        message = record and self._resolve_webhook_message(record, mid)
        if not message or message.deleted:
            return _error(404, "Unknown Message", 10008)
        return self._message_json(message)

    async def _wh_edit(self, request: web.Request, app: str, token: str, mid: str) -> web.Response:
        if (expired := self._expired(token)) is not None:
            return expired
        record = self._token_record(app, token)
        if record is not None and record.responded is None:
            self.violations.append(f"edit of interaction {record.id}'s response before any response")
        message = record and self._resolve_webhook_message(record, mid)
        if not message or message.deleted:
            return _error(404, "Unknown Message", 10008)
        payload, files = await self._read_message_body(request)
        try:
            self._edit(message, payload, files)
        except (_BadRequest, ValueError) as exc:
            return self._bad_request(request, str(exc))
        return self._message_json(message)

    async def _wh_delete(self, request: web.Request, app: str, token: str, mid: str) -> web.Response:
        if (expired := self._expired(token)) is not None:
            return expired
        record = self._token_record(app, token)
        message = record and self._resolve_webhook_message(record, mid)
        if not message or message.deleted:
            return _error(404, "Unknown Message", 10008)
        message.deleted = True
        self._notify(message.channel_id)
        return web.Response(status=204)


class _BadRequest(Exception):
    pass


@dataclass(slots=True)
class _Body:
    """A request's body as read: the JSON (or ``payload_json``), the uploads, and what was wrong with it."""

    content_type: str | None
    payload: Any = None
    files: dict[int, Attachment] = field(default_factory=dict)
    uploads: tuple[discord_rules.Upload, ...] = ()
    problems: list[str] = field(default_factory=list)


_BODY = web.RequestKey("fake_discord.body", _Body)  # where _read_body keeps a request's body


def add_route_counts(path: Path, counts: Counter[str]) -> None:
    """Add ``counts`` (requests per route) to the JSON object in ``path`` (see :data:`ROUTES_FILE`)."""
    total: Counter[str] = Counter(json.loads(path.read_text()) if path.exists() else {})
    total.update(counts)
    path.write_text(json.dumps(dict(total.most_common()), indent=1) + "\n")


GLOBAL_LIMIT = 50
"""Requests a second Discord allows a bot on all routes together, but for the interaction routes (an
interaction's response, its followups and their edits), which are exempt."""


def interaction_route(path: str) -> bool:
    """Whether ``path`` is one of an interaction's routes (its answer, its followups and their edits):
    authorised by the interaction's token, not the bot's."""
    return path.startswith(("/interactions/", "/webhooks/"))


def under_global_limit(path: str) -> bool:
    """Whether a REST call to ``path`` counts toward Discord's global limit (:data:`GLOBAL_LIMIT`): all
    but the interaction routes."""
    return not interaction_route(path)


def busiest_second(times: Iterable[float]) -> int:
    """The most of ``times`` (seconds, in order) within any one second."""
    most, start = 0, 0
    ordered = list(times)
    for end, t in enumerate(ordered):
        while t - ordered[start] >= 1.0:
            start += 1
        most = max(most, end - start + 1)
    return most


def _check_options(command: str, declared: dict[str, dict], given: dict[str, Any]) -> None:
    """What Discord's client enforces before a slash command is sent: required options, choices,
    number ranges and string lengths. A test that breaks one asks for something no one can send."""
    for name, opt in declared.items():
        if opt.get("required") and name not in given:
            raise StandInError(f"Discord requires option {name!r} of /{command}")
    for name, value in given.items():
        opt = declared.get(name)
        if opt is None:
            continue  # reported by the caller
        kind = opt["type"]
        if kind == STRING and not isinstance(value, str):
            raise StandInError(f"option {name!r} of /{command} is a string, not {value!r}")
        if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
            raise StandInError(f"option {name!r} of /{command} is an integer, not {value!r}")
        if kind == USER and not isinstance(value, User):
            raise StandInError(f"option {name!r} of /{command} is a member, not {value!r}")
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            offered = [c["value"] for c in choices]
            raise StandInError(f"option {name!r} of /{command} must be one of {offered}, not {value!r}")
        if kind in (INTEGER, NUMBER):
            if "min_value" in opt and value < opt["min_value"]:
                raise StandInError(f"option {name!r} of /{command} is at least {opt['min_value']}")
            if "max_value" in opt and value > opt["max_value"]:
                raise StandInError(f"option {name!r} of /{command} is at most {opt['max_value']}")
        if kind == STRING and not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
            raise StandInError(f"option {name!r} of /{command} breaks its length limits")


__all__ = [
    "GLOBAL_LIMIT",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Interaction",
    "Message",
    "StandInError",
    "User",
    "busiest_second",
    "under_global_limit",
]
