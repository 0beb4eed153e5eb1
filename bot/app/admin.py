"""``/minigam settings [setting] [value]``: a server's settings, shown to anyone and changed one at a time
by members with Manage Server.

The setting is named by its key in the core's registry (:data:`bot.core.settings.SETTINGS`), offered by
autocomplete with its current value; the value is typed as text, with each kind's examples offered (and,
for a role or a channel, the server's), and the core reads and checks it. ``default`` puts a setting back.
Two options rather than one per setting: Discord counts every option's name and description against the
4,000 characters a whole command may have, and ``/minigam`` holds every command of the bot.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.app.protocol import App
from bot.app.venue import InteractionVenue
from bot.core import setting_kinds as kinds
from bot.core.boards import MAX_CHOICES
from bot.core.settings import SETTINGS
from bot.models import PlayerRef
from bot.texts import venue as words

log = logging.getLogger(__name__)

CHOICE_TEXT = 100  # an autocomplete choice's name and value, at most


def _choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=name[:CHOICE_TEXT], value=value[:CHOICE_TEXT])


def setting_choices(typed: str, shown: dict[str, str]) -> list[app_commands.Choice[str]]:
    """The settings whose key contains what was typed, each with its current value (``shown``)."""
    key = typed.strip().lower()
    found = [name for name in SETTINGS if key in name]
    return [
        _choice(f"{name}: {shown.get(name, '')} ({words.setting_description(name)})", name) for name in found
    ][:MAX_CHOICES]


def value_choices(setting: str, typed: str, guild: discord.Guild | None) -> list[app_commands.Choice[str]]:
    """Values for ``setting`` that start with what was typed: the kind's examples and ``default``, and for
    a role or a channel those of the server (their mentions, as Discord would have typed them)."""
    kind = SETTINGS.get(setting)
    if kind is None:
        return []
    offered = [(text, text) for text in (*kind.examples, "default")]
    if guild is not None and kind is kinds.ROLE:
        offered += [(f"@{role.name}", role.mention) for role in guild.roles if not role.is_default()]
    if guild is not None and kind in (kinds.CHANNEL, kinds.CHANNEL_SET):
        offered += [(f"#{channel.name}", channel.mention) for channel in guild.text_channels]
    key = typed.strip().lower().lstrip("@#")
    return [_choice(name, value) for name, value in offered if name.lower().lstrip("@#").startswith(key)][
        :MAX_CHOICES
    ]


def settings_command(app: App) -> app_commands.Command:
    @app_commands.command(name="settings", description="This server's settings (Manage Server to change one)")
    @app_commands.describe(
        setting="The setting to change (none: show them)", value="Its new value, or default"
    )
    async def settings(
        interaction: discord.Interaction,
        setting: app_commands.Range[str, 1, 40] | None = None,
        value: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        changes = {} if setting is None and value is None else {(setting or "").strip(): value or ""}
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

    @settings.autocomplete("setting")
    async def setting_autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            shown = await app.core.settings.shown(interaction.guild_id or 0)
            return setting_choices(current, shown)
        except Exception:
            log.exception("settings autocomplete failed")
            return []

    @settings.autocomplete("value")
    async def value_autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        setting = str(getattr(interaction.namespace, "setting", "") or "").strip()
        return value_choices(setting, current, interaction.guild)

    return settings


__all__ = ["setting_choices", "settings_command", "value_choices"]
