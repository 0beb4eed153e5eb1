"""Four-player games on Discord: ``/minigam multigam [level]`` and its lobby message, ``/minigam leave``.

The lobby message (posted and edited by :mod:`bot.app.publisher`) lists the seats and has Join, Leave,
Start and Close buttons whose custom ids carry the lobby and the version they were drawn for,
``mgl:<lobby>:<version>:<action>``: a :class:`LobbyButton` (a ``DynamicItem``, registered at start-up)
works after a restart. A click goes to :meth:`bot.core.lobbies.Lobbies.act`, the one way in; the message
is edited to the lobby's new state. ``/minigam leave`` asks first, then hands the seat to the computer
through the match's one way in (:class:`~bot.core.actions.Action` ``LEAVE``).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from bot.app.protocol import App
from bot.app.venue import InteractionVenue
from bot.core import Result
from bot.core.catalogue import DEFAULT_LEVEL
from bot.core.checks import seat_number
from bot.core.lobbies import LobbyAction
from bot.core.multigam import leave_question
from bot.models import PlayerRef
from bot.texts.refusals import RESTARTING
from engine.ai import levels_for

log = logging.getLogger(__name__)

VARIANT = "multigam"
LOBBY_TEMPLATE = (
    r"mgl:(?P<lobby_id>\d+):(?P<version>\d+):(?P<action>" + "|".join(a.value for a in LobbyAction) + ")"
)
LABELS = {
    LobbyAction.JOIN: ("Join", discord.ButtonStyle.success),
    LobbyAction.LEAVE: ("Leave", discord.ButtonStyle.secondary),
    LobbyAction.START: ("Start", discord.ButtonStyle.primary),
    LobbyAction.CLOSE: ("Close", discord.ButtonStyle.danger),
}
ACKS = {
    LobbyAction.JOIN: "You joined.",
    LobbyAction.LEAVE: "You left the lobby.",
    LobbyAction.START: "The game is on: good luck!",
    LobbyAction.CLOSE: "Lobby closed.",
}


def person(user: discord.abc.User, *, moderator: bool = False) -> PlayerRef:
    return PlayerRef(user.id, user.display_name, bool(user.bot), moderator)


def lobby_custom_id(lobby_id: int, version: int, action: LobbyAction) -> str:
    return f"mgl:{lobby_id}:{version}:{action.value}"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=LOBBY_TEMPLATE):
    """One of a lobby's buttons; anyone may click it, the core says who may do what."""

    def __init__(self, lobby_id: int, version: int, action: LobbyAction) -> None:
        self.lobby_id = lobby_id
        self.version = version
        self.action = action
        label, style = LABELS[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=lobby_custom_id(lobby_id, version, action))
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["lobby_id"]), int(match["version"]), LobbyAction(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        app: App = interaction.client  # type: ignore[assignment]
        try:
            if getattr(app, "closing", False):
                await interaction.response.send_message(RESTARTING, ephemeral=True)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            moderator = bool(interaction.permissions.manage_guild)
            async with app.runner.busy():
                result = await app.core.lobbies.act(
                    self.lobby_id,
                    self.version,
                    person(interaction.user, moderator=moderator),
                    self.action,
                    venue=InteractionVenue(interaction),
                )
                await app.deliver(result, interaction, ack=ACKS[self.action])
        except Exception as exc:  # every click gets an answer
            await app.report_error(interaction, exc, f"{self.action} on lobby {self.lobby_id}")


LOBBY_ITEMS = (LobbyButton,)


def lobby_view(lobby_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LobbyAction:
        view.add_item(LobbyButton(lobby_id, version, action))
    return view


def commands(app: App) -> list[app_commands.Command]:
    """``/minigam multigam`` and ``/minigam leave``, for the ``/minigam`` group."""
    levels = levels_for(VARIANT)

    @app_commands.command(name="multigam", description="Open a four-player Multigam lobby in this channel")
    @app_commands.describe(level="How strong the computer plays the empty seats (default: medium)")
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in levels])
    async def multigam(interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = interaction.guild
        async with app.runner.busy():
            result = await app.core.lobbies.open(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                person(interaction.user),
                level,
                VARIANT,
                guild_name=guild.name if guild else "",
                venue=InteractionVenue(interaction),
            )
            await app.deliver(result, interaction)

    @app_commands.command(name="leave", description="Leave a four-player game: the computer plays your seat")
    async def leave(interaction: discord.Interaction) -> None:
        core = app.core
        match_id, _version = await core.matches.to_act_on(
            interaction.channel_id or 0, interaction.user.id, guild_id=interaction.guild_id
        )
        live = core.matches.get(match_id)
        question = await leave_question(core.ctx, live, seat_number(live, interaction.user.id))
        await app.deliver(Result([question]), interaction)

    return [multigam, leave]


__all__ = ["LOBBY_ITEMS", "LobbyButton", "commands", "lobby_view"]
