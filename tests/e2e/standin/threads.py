"""Threads: opened by the bot under a text channel (from one of its messages, or on their own with a
"started a thread" message), joined, renamed, archived and locked, and brought back when written in."""

from __future__ import annotations

import time

from aiohttp import web

from tests.e2e.standin.base import error_response, json_response, route
from tests.e2e.standin.constants import (
    CREATE_PUBLIC_THREADS,
    GUILD_TEXT,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    THREAD_CREATED,
)
from tests.e2e.standin.messages import Messages
from tests.e2e.standin.records import Channel, Message


class Threads(Messages):
    """The bot's threads (they are :class:`~tests.e2e.standin.records.Channel` records too)."""

    def threads(self, parent: Channel | int | None = None) -> list[Channel]:
        """The threads (of ``parent``, when given), oldest first."""
        pid = parent if parent is None or isinstance(parent, int) else parent.id
        return [c for c in self.channels.values() if c.is_thread and (pid is None or c.parent_id == pid)]

    @route("POST", r"/channels/(?P<cid>\d+)/threads")
    @route("POST", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)/threads")
    async def _start_thread(self, request: web.Request, cid: str, mid: str | None = None) -> web.Response:
        """A public thread under a text channel: from one of its messages (the thread takes the message's
        id) or on its own (a "started a thread" message appears in the channel)."""
        parent = self.channels.get(int(cid))
        if parent is None:
            return error_response(404, "Unknown Channel", 10003)
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
                return error_response(404, "Unknown Message", 10008)
            if starter.thread is not None:
                return error_response(400, "A thread has already been created for this message", 160004)
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
        return json_response(thread.payload())

    @route("PUT", r"/channels/(?P<cid>\d+)/thread-members/(?P<uid>\d+|@me)")
    async def _join_thread(self, request: web.Request, cid: str, uid: str) -> web.Response:
        thread = self.channels.get(int(cid))
        if thread is None or not thread.is_thread:
            return error_response(404, "Unknown Channel", 10003)
        if thread.archived:
            return error_response(400, "Thread is archived", 50083)
        if not self.bot_permissions(thread) & SEND_MESSAGES_IN_THREADS:
            return self._forbidden(request)
        user_id = self.bot_user.id if uid == "@me" else int(uid)
        guild = self.guild_of(thread)
        if (guild is None or user_id not in guild.members) and user_id != self.bot_user.id:
            return error_response(404, "Unknown Member", 10007)
        thread.members.add(user_id)
        return web.Response(status=204)

    @route("PATCH", r"/channels/(?P<cid>\d+)")
    async def _edit_channel(self, request: web.Request, cid: str) -> web.Response:
        """Modify a thread: archive or bring it back (the rest of a channel's settings is not the bot's)."""
        channel = self.channels.get(int(cid))
        if channel is None:
            return error_response(404, "Unknown Channel", 10003)
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
        return json_response(channel.payload())
