""":class:`FakeDiscord`, the stand-in itself: the aiohttp server that answers the bot's REST requests (each
checked first by :mod:`tests.e2e.standin.rules`, then handed to the area whose :func:`route` it is) and
its gateway (:mod:`tests.e2e.standin.gateway`); and the accounting of requests against Discord's global
limit."""

from __future__ import annotations

import json
import logging
import os
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

from aiohttp import web

from tests.e2e.standin import openapi, rules
from tests.e2e.standin.base import error_response
from tests.e2e.standin.constants import ROUTES_FILE
from tests.e2e.standin.gateway import Gateway, Session
from tests.e2e.standin.interactions import Interactions
from tests.e2e.standin.threads import Threads

log = logging.getLogger(__name__)

RestHandler = Callable[..., Awaitable[web.StreamResponse]]


class FakeDiscord(Interactions, Threads):
    """The stand-in. Use ``async with FakeDiscord() as fake:`` or ``await fake.start()`` / ``close()``.

    The world: the bot user and one guild (:class:`~tests.e2e.standin.records.Guild`, also :attr:`guild`)
    with ``@everyone`` and an "Admin" role (Manage Server), text channels (``general`` first, then
    ``extra_channels`` more), and members ``alice`` and ``bob`` (two players), ``carol`` (a third member)
    and ``dana`` (an admin), plus ``extra_members`` more; the first guild's are the stand-in's own
    attributes too (``fake.alice``, ``fake.general``). :meth:`add_guild` adds guilds on chosen shards,
    :meth:`join` puts a person in several. Each guild's events go to its shard's sessions
    (:attr:`gateway`).

    Each of Discord's areas is a class of its own, which this one joins: :class:`~.guilds.Guilds`,
    :class:`~.messages.Messages`, :class:`~.threads.Threads`, :class:`~.applications.Applications`,
    :class:`~.interactions.Interactions` and :class:`~.files.Files`, sharing the records of
    :class:`~.base.State`.
    """

    def __init__(self, *, extra_channels: int = 3, extra_members: int = 0, token: str = "fake-token") -> None:
        super().__init__(token)
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

        self.gateway = Gateway(self)
        self._runner: web.AppRunner | None = None
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

    # -------------------------------------------------------------- the gateway's sessions
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

    # -------------------------------------------------------------- REST dispatch
    def _build_routes(self) -> list[tuple[str, re.Pattern[str], RestHandler]]:
        """Every area's handlers, by the :func:`~tests.e2e.standin.base.route` each is marked with."""
        table = []
        for klass in type(self).__mro__:
            for name, member in vars(klass).items():
                for method, pattern in getattr(member, "routes", ()):
                    table.append((method, re.compile(pattern + r"/?\Z"), getattr(self, name)))
        return table

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.requests.append((request.method, path))
        self.route_counts[rules.route_of(request.method, path)] += 1
        if under_global_limit(path):
            self.global_times.append(time.perf_counter())
        if (refused := await self._check_request(request, path)) is not None:
            return refused
        for method, pattern, handler in self._routes:
            if method == request.method and (match := pattern.match(path)):
                if not self._authorised(request, path):
                    return error_response(401, "401: Unauthorized", 0)
                try:
                    return await handler(request, **match.groupdict())
                except web.HTTPException:
                    raise
                except Exception:
                    log.exception("fake Discord: handler for %s %s failed", request.method, path)
                    self.violations.append(f"stand-in crashed on {request.method} {path}")
                    return error_response(500, "500: stand-in error")
        return self._unknown(request, path)

    async def _check_request(self, request: web.Request, path: str) -> web.Response | None:
        """Discord's answer to a request that breaks one of its rules (:mod:`tests.e2e.standin.rules`),
        each broken rule recorded in :attr:`violations`; None when the request keeps them all."""
        body = await self._read_body(request)
        checked = rules.Request(
            request.method, path, dict(request.query), body.content_type, body.payload, body.uploads
        )
        found = [str(v) for v in rules.check_request(checked)] + body.problems
        if not found:
            return None
        for problem in found:
            log.error("fake Discord: %s", problem)
        self.violations.extend(found)
        if not openapi.operation(request.method, path):
            if openapi.methods_of(path):
                return error_response(405, "405: Method Not Allowed", 0)
            return error_response(404, "404: Not Found", 0)
        return error_response(400, f"Invalid Form Body: {found[0]}", 50035)

    def _authorised(self, request: web.Request, path: str) -> bool:
        if interaction_route(path):
            return True  # interaction tokens authorise these
        return request.headers.get("Authorization") == f"Bot {self.token}"

    async def _unknown_root(self, request: web.Request) -> web.StreamResponse:
        return self._unknown(request, request.path)

    def _unknown(self, request: web.Request, path: str) -> web.Response:
        log.error("fake Discord: UNKNOWN ROUTE %s %s (answered 404)", request.method, path)
        self.unknown_routes.append((request.method, path))
        return error_response(404, "404: Not Found", 0)


def add_route_counts(path: Path, counts: Counter[str]) -> None:
    """Add ``counts`` (requests per route) to the JSON object in ``path`` (see :data:`ROUTES_FILE`)."""
    total: Counter[str] = Counter(json.loads(path.read_text()) if path.exists() else {})
    total.update(counts)
    path.write_text(json.dumps(dict(total.most_common()), indent=1) + "\n")


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
