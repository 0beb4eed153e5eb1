"""Guilds, their people and channels: the world the bot is in. Making guilds (:meth:`Guilds.add_guild` on
chosen shards) and letting people join them, permissions (the bot's per channel), the JSON of a guild and
of a member, and the REST look-ups of users, members, guilds, channels and DMs."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.e2e.standin.base import error_response, json_response, route
from tests.e2e.standin.constants import (
    BOT_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    MANAGE_GUILD,
)
from tests.e2e.standin.files import Files
from tests.e2e.standin.records import Channel, Guild, StandInError, User, now_iso


class Guilds(Files):
    """The world's guilds, people and channels."""

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

    def channel_payload(self, channel: Channel) -> dict:
        """A channel as Discord sends it, with the bot's permissions there as a member overwrite where they
        differ from what it has everywhere else (as a server's channel overwrites would)."""
        out = channel.payload()
        if channel.type == GUILD_TEXT and channel.guild_id is not None:
            allowed = self.bot_permissions(channel)
            deny, allow = BOT_PERMISSIONS & ~allowed, allowed & ~BOT_PERMISSIONS
            if deny or allow:
                overwrite = {"id": str(self.bot_user.id), "type": 1, "allow": str(allow), "deny": str(deny)}
                out["permission_overwrites"] = [overwrite]
        return out

    async def set_bot_permissions(self, channel: Channel, permissions: int) -> None:
        """A moderator changes the bot's permissions in ``channel``: Discord enforces them from now on and
        tells the bot (``CHANNEL_UPDATE``, with the channel's overwrites)."""
        self.bot_channel_permissions[channel.id] = permissions
        if self.gateway.live():
            await self.dispatch("CHANNEL_UPDATE", self.channel_payload(channel))

    def bot_permissions(self, channel: Channel | int) -> int:
        """The bot's permissions in a channel (a thread has its channel's)."""
        found = self.channels.get(channel if isinstance(channel, int) else channel.id)
        if found is not None and found.is_thread and found.parent_id is not None:
            found = self.channels.get(found.parent_id, found)
        key = found.id if found is not None else channel
        return self.bot_channel_permissions.get(key, BOT_PERMISSIONS)  # type: ignore[arg-type]

    async def _set_archived(self, thread: Channel, archived: bool, *, dispatch: bool = True) -> None:
        """Archive a thread, or bring it back (as writing in it does), and tell the gateway."""
        thread.archived = archived
        thread.archive_timestamp = now_iso()
        if dispatch:
            await self.dispatch("THREAD_UPDATE", thread.payload())
        self._notify(thread.id)

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
                self.channel_payload(c)
                for c in self.channels.values()
                if c.type == GUILD_TEXT and c.guild_id == guild.id
            ],
            "threads": [
                c.payload()
                for c in self.channels.values()
                if c.is_thread and not c.archived and c.guild_id == guild.id
            ],
            "members": [self.member_payload(u, guild=guild) for u in members],
            "member_count": len(members),
            "voice_states": [],
            "presences": [],
            "large": False,
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
        }

        # -------------------------------------------------------------- REST: look-ups
        return web.Response(status=204)

    @route("GET", r"/channels/(?P<cid>\d+)")
    async def _get_channel(self, request: web.Request, cid: str) -> web.Response:
        channel = self.channels.get(int(cid))
        if channel is None:
            return error_response(404, "Unknown Channel", 10003)
        return json_response(self.channel_payload(channel))

    @route("GET", r"/users/(?P<uid>\d+)")
    async def _get_user(self, request: web.Request, uid: str) -> web.Response:
        user = self.members.get(int(uid)) or (self.bot_user if int(uid) == self.bot_user.id else None)
        if user is None:
            return error_response(404, "Unknown User", 10013)
        return json_response(user.payload())

    @route("POST", r"/users/@me/channels")
    async def _create_dm(self, request: web.Request) -> web.Response:
        body = await self._json_body(request)
        user = self.members.get(int(body["recipient_id"]))
        if user is None:
            return error_response(400, "Invalid Recipient(s)", 50033)
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return json_response(channel.payload())
        channel = Channel(self.snowflake(), f"dm-{user.name}", None, type=DM, recipient=user)
        self.channels[channel.id] = channel
        return json_response(channel.payload())

    @route("GET", r"/guilds/(?P<guild>\d+)")
    async def _get_guild(self, request: web.Request, guild: str) -> web.Response:
        found = self.guilds.get(int(guild))
        if found is None:
            return error_response(404, "Unknown Guild", 10004)
        payload = self.guild_payload(found)
        for key in ("channels", "members", "threads", "voice_states", "presences"):
            payload.pop(key)
        return json_response(payload)

    @route("GET", r"/guilds/(?P<guild>\d+)/members/(?P<uid>\d+)")
    async def _get_member(self, request: web.Request, guild: str, uid: str) -> web.Response:
        found = self.guilds.get(int(guild))
        user = self.bot_user if int(uid) == self.bot_user.id else found and found.members.get(int(uid))
        if found is None or user is None:
            return error_response(404, "Unknown Member", 10007)
        return json_response(self.member_payload(user, guild=found))

    @route("GET", r"/guilds/(?P<guild>\d+)/channels")
    async def _get_guild_channels(self, request: web.Request, guild: str) -> web.Response:
        return json_response([c.payload() for c in self.channels.values() if c.guild_id == int(guild)])

    # -------------------------------------------------------------- REST handlers: interactions
