"""Messages: what the bot posts, edits and deletes in channels and threads (each kept with its edits, as
people see it), the typing indicator, and finding or waiting for a message."""

from __future__ import annotations

import time
from collections.abc import Callable

from aiohttp import web

from tests.e2e.standin import rules
from tests.e2e.standin.base import BadRequest, error_response, json_response, route
from tests.e2e.standin.constants import DM, EPHEMERAL, LOADING, SEND_MESSAGES, SEND_MESSAGES_IN_THREADS
from tests.e2e.standin.files import kept_attachments
from tests.e2e.standin.guilds import Guilds
from tests.e2e.standin.records import Attachment, Channel, Message, StandInError, now_iso


class Messages(Guilds):
    """Every message, by id and per channel."""

    # -------------------------------------------------------------- reading, for tests
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

    def typing_in(self, channel: Channel | int) -> list[float]:
        cid = channel if isinstance(channel, int) else channel.id
        return [at for where, at in self.typing if where == cid]

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

    # -------------------------------------------------------------- recording what the bot sent
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
            attachments=kept_attachments(payload, files, None) or [],
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
        before: :mod:`tests.e2e.standin.rules`); breaking one is a 400 for the bot."""
        if message.type not in (0, 19, 20):
            return
        state = {"content": message.content, "embeds": message.embeds, "components": message.components}
        state["flags"] = message.flags
        files = [a.filename for a in message.attachments]
        found = rules.message_state_problems(state, files, f"message {message.id}")
        if found:
            raise BadRequest("; ".join(str(v) for v in found))

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
        attachments = kept_attachments(payload, files, message.attachments)
        if attachments is not None:
            message.attachments = attachments
        self._check_message(message)
        message.versions.append(before)
        message.edited = time.perf_counter()
        message.edited_timestamp = now_iso()
        self._notify(message.channel_id)

    def _message_json(self, message: Message) -> web.Response:
        return json_response(message.payload(self.base, self.application_id))

    # -------------------------------------------------------------- REST
    @route("POST", r"/channels/(?P<cid>\d+)/messages")
    async def _post_message(self, request: web.Request, cid: str) -> web.Response:
        channel = self.channels.get(int(cid))
        if channel is None:
            return error_response(404, "Unknown Channel", 10003)
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if channel.type != DM and not self.bot_permissions(channel) & needed:
            return self._forbidden(request)
        if channel.is_thread and channel.archived:
            if channel.locked:
                return error_response(400, "Thread is locked", 50083)
            await self._set_archived(channel, False)  # writing in an archived thread brings it back
        payload, files = await self._read_message_body(request)
        try:
            message = self._new_message(channel.id, payload, files, None)
        except BadRequest as exc:
            return self._bad_request(request, str(exc))
        return self._message_json(message)

    @route("GET", r"/channels/(?P<cid>\d+)/messages")
    async def _list_messages(self, request: web.Request, cid: str) -> web.Response:
        limit = int(request.query.get("limit", 50))
        found = [m for m in self.channel_messages(int(cid)) if not m.ephemeral][-limit:]
        return json_response([m.payload(self.base, self.application_id) for m in reversed(found)])

    def _channel_message(self, cid: str, mid: str) -> Message | None:
        message = self.messages.get(int(mid))
        if message is None or message.deleted or message.channel_id != int(cid) or message.ephemeral:
            return None
        return message

    @route("GET", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)")
    async def _get_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        message = self._channel_message(cid, mid)
        if message is None:
            return error_response(404, "Unknown Message", 10008)
        return self._message_json(message)

    @route("PATCH", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)")
    async def _edit_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        message = self._channel_message(cid, mid)
        if message is None:
            return error_response(404, "Unknown Message", 10008)
        channel = self.channels.get(int(cid))
        if channel is not None and channel.is_thread and channel.archived:
            return error_response(400, "Thread is archived", 50083)
        return await self._edited(request, message)

    async def _edited(self, request: web.Request, message: Message) -> web.Response:
        """Apply an edit request's body to ``message``: the edited message, or Discord's 400."""
        payload, files = await self._read_message_body(request)
        try:
            self._edit(message, payload, files)
        except (BadRequest, ValueError) as exc:
            return self._bad_request(request, str(exc))
        return self._message_json(message)

    @route("DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)")
    async def _delete_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        message = self._channel_message(cid, mid)
        if message is None:
            return error_response(404, "Unknown Message", 10008)
        message.deleted = True
        self._notify(message.channel_id)
        return web.Response(status=204)

    @route("POST", r"/channels/(?P<cid>\d+)/typing")
    async def _typing(self, request: web.Request, cid: str) -> web.Response:
        channel = self.channels.get(int(cid))
        if channel is None:
            return error_response(404, "Unknown Channel", 10003)
        self.typing.append((channel.id, time.perf_counter()))
        self._notify(channel.id)
        return web.Response(status=204)
