"""``/minigam settings``: a server's settings, shown to anyone and changed by members with Manage Server.

Each option is a setting of the core's registry (:data:`bot.core.settings.SETTINGS`); the core reads and
checks the values, and refuses a bad one whole. ``default`` puts a setting back.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.protocol import App
from bot.app.venue import InteractionVenue
from bot.core.settings import SETTINGS
from bot.models import PlayerRef

DURATION = "a duration: 30m, 2h, 1d (or default)"


def settings_command(app: App) -> app_commands.Command:
    @app_commands.command(
        name="settings", description="This server's settings (Manage Server to change them)"
    )
    @app_commands.describe(
        jacoby="Money play: gammons count single while the cube is centred (default: on)",
        rated="Matches between people change their ratings (default: on)",
        variants="The games offered: all, or names such as minigam, backgammon",
        channels="Where matches may start: anywhere, or #channels (threads of them too)",
        turn_limit=f"Time for a turn before forfeiting: {DURATION}",
        bot_idle=f"A game against the computer left idle this long is closed: {DURATION}",
        archive_after="A match's thread is archived this long after it ends: 10m to 7d, e.g. 1h (or default)",
        challenge_expiry=f"A challenge not answered this long expires: {DURATION}",
        lobby_expiry=f"A four-player lobby not started this long closes: {DURATION}",
        puzzle_channel="Daily puzzle: #channel or off",
        puzzle_hour="Daily puzzle hour, UTC (0-23)",
        tournament_role="Tournament organisers",
        tournament_round=f"Tournament match limit: {DURATION}",
    )
    async def settings(
        interaction: discord.Interaction,
        jacoby: bool | None = None,
        rated: bool | None = None,
        variants: app_commands.Range[str, 1, 200] | None = None,
        channels: app_commands.Range[str, 1, 1000] | None = None,
        turn_limit: app_commands.Range[str, 1, 40] | None = None,
        bot_idle: app_commands.Range[str, 1, 40] | None = None,
        archive_after: app_commands.Range[str, 1, 40] | None = None,
        challenge_expiry: app_commands.Range[str, 1, 40] | None = None,
        lobby_expiry: app_commands.Range[str, 1, 40] | None = None,
        puzzle_channel: app_commands.Range[str, 1, 100] | None = None,
        puzzle_hour: app_commands.Range[int, 0, 23] | None = None,
        tournament_role: discord.Role | None = None,
        tournament_round: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        given = {
            "jacoby": jacoby,
            "rated": rated,
            "variants": variants,
            "channels": channels,
            "turn_limit": turn_limit,
            "bot_idle": bot_idle,
            "archive_after": archive_after,
            "challenge_expiry": challenge_expiry,
            "lobby_expiry": lobby_expiry,
            "puzzle_channel": puzzle_channel,
            "puzzle_hour": None if puzzle_hour is None else str(puzzle_hour),
            "tournament_role": None if tournament_role is None else str(tournament_role.id),
            "tournament_round": tournament_round,
        }
        assert set(given) == set(SETTINGS)  # every setting has its option
        changes = {
            key: ("on" if value else "off") if isinstance(value, bool) else value
            for key, value in given.items()
            if value is not None
        }
        user = interaction.user
        moderator = bool(interaction.permissions and interaction.permissions.manage_guild)
        by = PlayerRef(user.id, user.display_name, bool(user.bot), moderator)
        guild = interaction.guild
        async with app.runner.busy():
            result = await app.core.settings.change(
                interaction.guild_id or 0,
                by,
                changes,
                guild_name=guild.name if guild else "",
                venue=InteractionVenue(interaction),
            )
            await app.deliver(result, interaction)

    return settings


__all__ = ["settings_command"]
