"""What every area of the stand-in shares: :class:`State`, the records of the world and of every request
(each area reads and writes them, and tests read them), waiting for them to change, and the helpers of
the REST handlers (:func:`route`, :func:`json_response`, :func:`error_response`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from tests.e2e.standin.constants import RESPONSE_DEADLINE, TOKEN_LIFETIME
from tests.e2e.standin.records import (
    Channel,
    Guild,
    Interaction,
    Message,
    Snowflakes,
    StandInError,
    User,
)

if TYPE_CHECKING:
    from tests.e2e.standin.gateway import Gateway

log = logging.getLogger(__name__)

Handler = TypeVar("Handler", bound=Callable[..., Any])


def route(method: str, pattern: str) -> Callable[[Handler], Handler]:
    """Marks a REST handler as the stand-in's answer to ``method`` on the paths ``pattern`` matches (a
    regular expression of the path under ``/api/v10``; its named groups are the handler's arguments). A
    handler may answer several routes."""

    def mark(handler: Handler) -> Handler:
        handler.__dict__.setdefault("routes", []).append((method, pattern))
        return handler

    return mark


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly application/json.
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def error_response(status: int, message: str, code: int = 0) -> web.Response:
    return json_response({"message": message, "code": code}, status)


class BadRequest(Exception):
    """What the bot sent breaks one of Discord's rules: a 400 for it."""


class State:
    """The stand-in's records. Each area of Discord's is a class built on this and on the areas it uses
    (:class:`~.files.Files`; :class:`~.guilds.Guilds` on files; :class:`~.messages.Messages` on guilds;
    :class:`~.threads.Threads` on messages; :class:`~.applications.Applications` on guilds;
    :class:`~.interactions.Interactions` on messages and applications), and
    :class:`~tests.e2e.standin.FakeDiscord` joins them all: they share these records."""

    gateway: Gateway
    guild: Guild  # the first guild

    def __init__(self, token: str) -> None:
        self.snowflake = Snowflakes()
        self.token = token
        self.application_id = self.snowflake()
        self.bot_user = User(self.application_id, "minigam-bot", bot=True)

        # the world
        self.guilds: dict[int, Guild] = {}
        self.members: dict[int, User] = {}  # every person in any guild, by id
        self.channels: dict[int, Channel] = {}  # text channels, threads and DMs, by id
        self.bot_channel_permissions: dict[int, int] = {}  # the bot's permissions where not BOT_PERMISSIONS

        # what the bot did and was sent
        self.messages: dict[int, Message] = {}
        self._channel_index: dict[int, list[Message]] = {}  # a channel's messages, oldest first
        self.typing: list[tuple[int, float]] = []  # (channel, perf_counter) of every typing indicator
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict]] = {}  # guild id (None: global) -> synced commands
        self.response_deadline = RESPONSE_DEADLINE
        self.token_lifetime = TOKEN_LIFETIME  # seconds an interaction's token works for its webhook routes

        # every REST request
        self.requests: list[tuple[str, str]] = []  # (method, path)
        self.route_counts: Counter[str] = Counter()  # per route: "POST /channels/{channel_id}/..."
        self.global_times: list[float] = []  # perf_counter of each call under the global limit
        self.unknown_routes: list[tuple[str, str]] = []
        self.violations: list[str] = []  # protocol rules the bot broke
        self.forbidden: list[tuple[str, str]] = []  # REST calls refused for missing permissions

        self._changed = asyncio.Event()
        self._channel_changed: dict[int, asyncio.Event] = {}
        self.port = 0  # where it listens, once started

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

    async def dispatch(self, event: str, data: dict) -> None:
        """Send any gateway event to the sessions that get it: its guild's shard (``data["guild_id"]``), or
        shard 0 for an event of no guild."""
        if not await self.gateway.dispatch(event, data):
            log.info("fake Discord: no session gets %s of guild %s", event, data.get("guild_id"))

    # -------------------------------------------------------------- waiting for a change
    def _notify(self, channel_id: int | None = None) -> None:
        """Something was recorded (in ``channel_id``): wake whoever waits for it."""
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

    # -------------------------------------------------------------- refusals
    def _bad_request(self, request: web.Request, why: str) -> web.Response:
        self.violations.append(f"{request.method} {request.path}: {why}")
        log.error("fake Discord: 400 for %s %s: %s", request.method, request.path, why)
        return error_response(400, f"Invalid Form Body: {why}", 50035)

    def _forbidden(self, request: web.Request) -> web.Response:
        self.forbidden.append((request.method, request.path.removeprefix("/api/v10")))  # as in requests
        return error_response(403, "Missing Permissions", 50013)
