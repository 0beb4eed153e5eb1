"""Running a discord.py client against the stand-in: pointing discord.py at it and starting/stopping
the client so that a crash during start-up is seen (``client.start()`` dies silently otherwise)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator

import discord
import discord.gateway
import discord.http
import yarl

from tests.e2e.standin import FakeDiscord


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """discord.py's REST base and gateway URL aimed at ``fake`` for the duration (class attributes)."""
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


@contextlib.asynccontextmanager
async def running(
    client: discord.Client, fake: FakeDiscord, *, token: str | None = None, within: float = 20.0
) -> AsyncIterator[None]:
    """Start ``client`` against ``fake``, wait until it is ready, and close it afterwards.

    If the client's task dies (bad token, a malformed gateway payload, an exception in setup_hook) the
    error is raised here instead of hanging.
    """
    # Discord waits for more GUILD_CREATEs for 2 s by default before READY; one guild comes at once here.
    client._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(client.start(token or fake.token), name="bot.start")
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=within, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # raises what killed it
            raise RuntimeError("the client stopped before it was ready")
        if ready not in done:
            raise TimeoutError(f"the client was not ready within {within} s")
        yield
        if task.done():
            task.result()
    finally:
        ready.cancel()
        if not client.is_closed():
            await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)


class LogCapture(logging.Handler):
    """Collects the log records of the given loggers (and their children) at ``level`` and above."""

    def __init__(self, level: int = logging.WARNING) -> None:
        super().__init__(level)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [f"{r.levelname} {r.name}: {r.getMessage()}" for r in self.records]

    @contextlib.contextmanager
    def attached(self, *names: str) -> Iterator[LogCapture]:
        loggers = [logging.getLogger(n) for n in names]
        for lg in loggers:
            lg.addHandler(self)
        try:
            yield self
        finally:
            for lg in loggers:
                lg.removeHandler(self)
