"""``/minigam prefs``: a person's own preferences (:mod:`bot.core.prefs`), shown to them alone and changed
with its options; the same in every server."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.protocol import App
from bot.core.prefs import AutoRoll, PlayerPrefs
from bot.models import PlayerRef

ROLL_CHOICES = [app_commands.Choice(name=str(choice), value=str(choice)) for choice in AutoRoll]


def prefs_command(app: App) -> app_commands.Command:
    @app_commands.command(name="prefs", description="Your own preferences: automatic roll, forced plays")
    @app_commands.describe(
        roll="When your dice are rolled at once while you may double (default: ask)",
        forced="Play a forced play (the only legal play) at once (default: off)",
        bear_off="In a backgammon race, bear off at once with every die when you can (default: off)",
        puzzles="Your positions in others' puzzles (default: on)",
    )
    @app_commands.choices(roll=ROLL_CHOICES)
    async def prefs(
        interaction: discord.Interaction,
        roll: str | None = None,
        forced: bool | None = None,
        bear_off: bool | None = None,
        puzzles: bool | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        given = {"roll": roll, "forced": forced, "bear_off": bear_off, "puzzles": puzzles}
        changes = {
            key: ("on" if value else "off") if isinstance(value, bool) else value
            for key, value in given.items()
            if value is not None
        }
        user = interaction.user
        who = PlayerRef(user.id, user.display_name, bool(user.bot))
        async with app.runner.busy():
            result = await PlayerPrefs(app.core.ctx).change(who, changes)
            await app.deliver(result, interaction)

    return prefs


__all__ = ["prefs_command"]
