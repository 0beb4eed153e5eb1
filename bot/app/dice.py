"""/minigam dice: a match's dice and the seed behind them, once it is over (issue 33)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app import options
from bot.app.protocol import App

MatchNumber = options.integer(1)  # a match's id: any the store gives, up to Discord's largest integer


def commands(app: App) -> list[app_commands.Command | app_commands.Group]:
    """``/minigam dice``, for the ``/minigam`` group."""

    @app_commands.command(name="dice", description="A finished match's dice and seed")
    @app_commands.describe(match="Its number (default: this channel's match)")
    async def dice(interaction: discord.Interaction, match: MatchNumber | None = None) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with app.runner.busy():
                result = await app.core.dice_listings.listing(
                    interaction.channel_id or 0, interaction.user.id, match, guild_id=interaction.guild_id
                )
                await app.deliver(result, interaction)
        except Exception as exc:  # every request gets an answer
            await app.report_error(interaction, exc, f"the dice of match {match}")

    return [dice]


__all__ = ["commands"]
