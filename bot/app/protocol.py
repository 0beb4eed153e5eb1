"""What the Discord glue's modules (commands, buttons, lobbies, settings, analyses, leaderboards) need of
the bot: :class:`bot.app.lifecycle.MinigamBot` provides it."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.app.responder import Responder
from bot.core import Core, Result, Runner


class App(Protocol):
    """The bot, as the commands and components see it."""

    @property
    def core(self) -> Core: ...

    @property
    def runner(self) -> Runner: ...

    async def deliver(
        self,
        result: Result,
        interaction: discord.Interaction | Responder | None = None,
        *,
        ack: str | None = None,
    ) -> None: ...

    async def report_error(
        self, interaction: discord.Interaction, error: BaseException, context: str
    ) -> None: ...
