"""Answering a command or a click that acts through the core: run the action, publish what it leads to as
the answer, a refusal privately; while the bot stops, say so and do nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.app.protocol import App
from bot.app.responder import HOLD, Responder
from bot.core.notices import Result
from bot.texts.refusals import RESTARTING


async def run(
    app: App,
    interaction: discord.Interaction,
    act: Callable[[], Awaitable[Result]],
    context: str,
    ack: str | None = None,
    *,
    public: bool = False,
) -> None:
    """Run ``act`` and publish its result, answering ``interaction`` (privately ``ack`` when nothing else
    did); a refusal privately. ``public``: an answer for everyone (the standings), deferred so if it
    takes a moment (a bracket is drawn)."""
    if getattr(app, "closing", False):
        await interaction.response.send_message(RESTARTING, ephemeral=True)
        return
    responder = Responder(interaction, hold=HOLD, private=not public)
    try:
        async with app.runner.busy():
            await app.deliver(await act(), responder, ack=ack)
    except Exception as exc:  # every request gets an answer
        await responder.stop()
        await app.report_error(interaction, exc, context)
    finally:
        await responder.stop()


__all__ = ["run"]
