"""Interactions: people acting (a slash command, autocomplete, a click on a button or a pick in a menu)
sent to the bot over the gateway, and the bot's answers through the interaction routes: the callback
(once, within 3 seconds), followups, and ``@original`` edits, with a token that works for 15 minutes."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from aiohttp import web

from tests.e2e.standin import rules
from tests.e2e.standin.applications import Applications
from tests.e2e.standin.base import BadRequest, error_response, json_response, route
from tests.e2e.standin.constants import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL,
    UPDATE_MESSAGE,
)
from tests.e2e.standin.messages import Messages
from tests.e2e.standin.records import Channel, Guild, Interaction, Message, StandInError, User

WEBHOOK_MESSAGE = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)"


class Interactions(Messages, Applications):
    """Every interaction sent to the bot, by id (and by token), with what the bot answered."""

    # -------------------------------------------------------------- acting as people
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

    def replies_to(self, interaction: Interaction) -> list[Message]:
        """The messages the bot created in answer to ``interaction`` (response and followups)."""
        ids = (
            [interaction.original_id]
            if interaction.response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
            else []
        )
        ids += interaction.followup_ids
        return [self.messages[i] for i in ids if i is not None and i in self.messages]

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
            "attachment_size_limit": rules.FILE_SIZE.most,  # the server has no boost
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

    # -------------------------------------------------------------- REST: the bot's answers
    def _interaction(self, token: str) -> Interaction | None:
        return self._by_token.get(token)

    @route("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback")
    async def _callback(self, request: web.Request, iid: str, token: str) -> web.Response:
        record = self.interactions.get(int(iid))
        if record is None or record.token != token:
            return error_response(404, "Unknown interaction", 10062)
        payload, files = await self._read_message_body(request)
        now = time.perf_counter()
        if record.responded is not None:
            self.violations.append(f"interaction {iid} answered twice")
            return error_response(400, "Interaction has already been acknowledged.", 40060)
        if now - record.sent > self.response_deadline:
            self.violations.append(f"interaction {iid} answered after {now - record.sent:.2f} s")
            return error_response(404, "Unknown interaction", 10062)
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
        except (BadRequest, ValueError) as exc:
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
        return json_response(body)

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
            return error_response(401, "Invalid Webhook Token", 50027)
        return None

    @route("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)")
    async def _followup(self, request: web.Request, app: str, token: str) -> web.Response:
        if (expired := self._expired(token)) is not None:
            return expired
        record = self._token_record(app, token)
        if record is None:
            return error_response(404, "Unknown Webhook", 10015)
        if record.responded is None:
            self.violations.append(f"followup to interaction {record.id} before any response")
            return error_response(404, "Unknown Webhook", 10015)
        payload, files = await self._read_message_body(request)
        try:
            message = self._new_message(record.channel_id, payload, files, record.id)
        except BadRequest as exc:
            return self._bad_request(request, str(exc))
        record.followup_ids.append(message.id)
        return self._message_json(message)

    def _webhook_message(
        self, app: str, token: str, mid: str
    ) -> tuple[Interaction | None, Message | web.Response]:
        """The interaction of ``token`` and its message ``mid`` (``@original`` or a followup), or Discord's
        answer when the token has expired or the message is not one it reaches."""
        if (expired := self._expired(token)) is not None:
            return None, expired
        record = self._token_record(app, token)
        message = record and self._resolve_webhook_message(record, mid)
        if not message or message.deleted:
            return record, error_response(404, "Unknown Message", 10008)
        return record, message

    @route("GET", WEBHOOK_MESSAGE)
    async def _wh_get(self, request: web.Request, app: str, token: str, mid: str) -> web.Response:
        _record, message = self._webhook_message(app, token, mid)
        return message if isinstance(message, web.Response) else self._message_json(message)

    @route("PATCH", WEBHOOK_MESSAGE)
    async def _wh_edit(self, request: web.Request, app: str, token: str, mid: str) -> web.Response:
        record, message = self._webhook_message(app, token, mid)
        if record is not None and record.responded is None:
            self.violations.append(f"edit of interaction {record.id}'s response before any response")
        if isinstance(message, web.Response):
            return message
        return await self._edited(request, message)

    @route("DELETE", WEBHOOK_MESSAGE)
    async def _wh_delete(self, request: web.Request, app: str, token: str, mid: str) -> web.Response:
        _record, message = self._webhook_message(app, token, mid)
        if isinstance(message, web.Response):
            return message
        message.deleted = True
        self._notify(message.channel_id)
        return web.Response(status=204)
