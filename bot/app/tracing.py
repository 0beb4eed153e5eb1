"""The Discord side of :mod:`bot.timing`: a trace per interaction from the moment its gateway event is
parsed, and every REST call to Discord timed as a stage named by what it does.

:func:`install` (from the bot's constructor) wraps the client's ``INTERACTION_CREATE`` parser: the trace
begins before discord.py creates the tasks that handle the interaction, so they carry it. :func:`http_trace`
is the ``aiohttp.TraceConfig`` the client's HTTP session reports to (discord.py's ``http_trace`` option);
interaction responses and followups go through the same session. Both do nothing while timing is off.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord

from bot import timing

# REST calls by method and path (ids and tokens left out), as stage names.
ROUTES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("POST", re.compile(r"/interactions/\d+/[^/]+/callback$"), "http respond"),
    ("PATCH", re.compile(r"/webhooks/\d+/[^/]+/messages/@original$"), "http edit reply"),
    ("POST", re.compile(r"/webhooks/\d+/[^/]+$"), "http followup"),
    ("POST", re.compile(r"/channels/\d+/messages$"), "http post"),
    ("PATCH", re.compile(r"/channels/\d+/messages/\d+$"), "http edit"),
    ("GET", re.compile(r"/channels/\d+/messages/\d+$"), "http fetch"),
    ("POST", re.compile(r"/channels/\d+/typing$"), "http typing"),
)

ANSWERS = frozenset({"http respond", "http followup"})  # the first of these answers the interaction


def route_stage(method: str, path: str) -> str:
    """The stage name of a REST call: ``http post`` for a new channel message, ``http other`` for what
    the bot rarely calls."""
    for m, pattern, name in ROUTES:
        if m == method and pattern.search(path):
            return name
    return "http other"


def interaction_kind(data: dict[str, Any]) -> str:
    """What an ``INTERACTION_CREATE`` event asks: the command (``move``, ``challenge``), ``autocomplete``,
    or the control's token (``play``, ``accept``...)."""
    inner = data.get("data") or {}
    kind = data.get("type")
    if kind == 4:
        return "autocomplete"
    if kind == 2:
        options = inner.get("options") or []
        sub = next((o.get("name") for o in options if o.get("type") in (1, 2)), None)
        return str(sub or inner.get("name", "command"))
    if kind == 3:
        parts = str(inner.get("custom_id", "")).split(":")
        if parts[0] == "mgc" and len(parts) >= 3:
            return parts[2]  # a challenge's accept / decline
        return parts[3] if parts[0] == "mg" and len(parts) >= 4 else "component"
    return "interaction"


def install(client: discord.Client) -> None:
    """Begin a trace for every interaction ``client`` receives (while timing is on)."""
    timing.enable_from_environment()
    # The one place the bot patches discord.py's internals: the gateway reads its parsers from this dict
    # (``DiscordWebSocket._discord_parsers`` is the same object). No supported hook serves, in discord.py
    # 2.7: the trace must be in the context when the parser creates the tasks that handle the interaction
    # (``CommandTree._from_interaction``, ``ViewStore.dispatch_view``), and it must begin before they wait
    # for a busy event loop, which is what the load benchmark measures.
    # - ``on_interaction`` is dispatched after the parser created them, and ``on_socket_event_type`` (and
    #   ``on_socket_raw_receive``, only with ``enable_debug_events``) before, but each listener runs in a
    #   task of its own: a context variable set there reaches no other task.
    # - ``CommandTree.interaction_check`` and the views' ``interaction_check`` run in the handling task,
    #   but only once it has its turn on the loop, and commands and components each need their own.
    # - ``Client.dispatch("socket_event_type")`` runs in the gateway's reading task just before the
    #   parser, but it is no documented override, and the trace would stay in that task's context until
    #   the next event; this wraps exactly the parser's call instead.
    parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
    parse = parsers.get("INTERACTION_CREATE")
    if parse is None:
        return

    def parse_traced(data: Any) -> None:
        if not timing.enabled():
            parse(data)
            return
        with timing.begun(interaction_kind(data), time.perf_counter()):
            parse(data)  # the tasks created here carry the trace

    parsers["INTERACTION_CREATE"] = parse_traced


def http_trace() -> aiohttp.TraceConfig | None:
    """Times every request the client's HTTP session makes as a stage of the trace in progress; None
    while timing is off (aiohttp's trace signals cost a little on every request)."""
    timing.enable_from_environment()
    if not timing.enabled():
        return None
    config = aiohttp.TraceConfig()

    async def start(_session: aiohttp.ClientSession, ctx: SimpleNamespace, params: Any) -> None:
        trace = timing.current()
        ctx.trace = trace
        if trace is not None:
            ctx.stage = route_stage(params.method, params.url.path)
            trace.enter(ctx.stage)

    async def end(_session: aiohttp.ClientSession, ctx: SimpleNamespace, _params: Any) -> None:
        trace = getattr(ctx, "trace", None)
        if trace is not None:
            ctx.trace = None
            trace.leave()
            if ctx.stage in ANSWERS:
                trace.mark(timing.ANSWERED)

    config.on_request_start.append(start)
    config.on_request_end.append(end)
    config.on_request_exception.append(end)
    return config


__all__ = ["http_trace", "install", "interaction_kind", "route_stage"]
