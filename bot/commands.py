"""The ``/minigam`` slash command group: thin handlers that defer, call the match service and publish.

Options come from type hints (``Literal`` choices, ``Range``), descriptions from ``describe``; ``move``
autocompletes the legal plays of the player to move.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot import texts
from bot.models import PlayerRef
from bot.service import MAX_CHOICES, ServiceError
from bot.views import confirm_view

if TYPE_CHECKING:
    from bot.app import MinigamBot

log = logging.getLogger(__name__)

VariantName = Literal["minigam", "minigam-full-entry", "minigam-strict", "backgammon", "backgammon-mulligan"]
Level = Literal["easy", "medium", "hard"]


def player_ref(user: discord.abc.User) -> PlayerRef:
    return PlayerRef(user.id, user.display_name, bool(user.bot))


def autocomplete_choices(suggestions: list[str]) -> list[app_commands.Choice[str]]:
    """At most 25 choices, each 1 to 100 characters, name and value alike."""
    out = []
    for text in suggestions:
        value = text[:100]
        if value:
            out.append(app_commands.Choice(name=value, value=value))
        if len(out) == MAX_CHOICES:
            break
    return out


@app_commands.guild_only()
class MinigamGroup(app_commands.Group, name="minigam", description="Play Minigam and backgammon games"):
    def __init__(self, bot: MinigamBot) -> None:
        super().__init__()
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    # ------------------------------------------------------------------ starting matches
    @app_commands.command(name="challenge", description="Challenge a member to a match")
    @app_commands.describe(
        opponent="Who you challenge",
        variant="The game (default: minigam)",
        points="Match length in points (default: 1)",
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member,
        variant: VariantName = "minigam",
        points: app_commands.Range[int, 1, 25] = 1,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.busy():
            result = await self.service.challenge(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                player_ref(interaction.user),
                player_ref(opponent),
                variant,
                points,
                guild_name=interaction.guild.name if interaction.guild else "",
            )
            await self.bot.publish(result, interaction, ack="Challenge sent.")

    @app_commands.command(name="vs-bot", description="Play the computer (unrated)")
    @app_commands.describe(variant="The game (default: minigam)", level="How strong the computer plays")
    async def vs_bot(
        self, interaction: discord.Interaction, variant: VariantName = "minigam", level: Level = "medium"
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.busy():
            result = await self.service.vs_bot(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                player_ref(interaction.user),
                variant,
                level,
                guild_name=interaction.guild.name if interaction.guild else "",
            )
            await self.bot.publish(result, interaction, ack="Match started: good luck!")

    # ------------------------------------------------------------------ playing
    @app_commands.command(name="move", description="Play your whole turn, e.g. bar/3 5/off")
    @app_commands.describe(play="Your moves in notation; the suggestions are the legal plays")
    async def move(self, interaction: discord.Interaction, play: app_commands.Range[str, 1, 200]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.busy():
            result = await self.service.move(interaction.channel_id, player_ref(interaction.user), play)
            await self.bot.publish(result, interaction, ack="Played.")

    @move.autocomplete("play")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            found = self.service.suggestions(interaction.channel_id or 0, interaction.user.id, current)
            return autocomplete_choices(found)
        except Exception:
            log.exception("autocomplete failed")
            return []

    @app_commands.command(name="hint", description="The computer's best plays for your roll (unrated games)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.busy():
            result = await self.service.hint(interaction.channel_id or 0, player_ref(interaction.user))
            await self.bot.publish(result, interaction)

    @app_commands.command(name="board", description="Show the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.busy():
            result = await self.service.board(interaction.channel_id or 0, player_ref(interaction.user))
            await self.bot.publish(result, interaction)

    @app_commands.command(name="resign", description="Give up the current game (asks to confirm)")
    async def resign(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id or 0
        terms = self.service.resign_terms(channel_id, interaction.user.id)
        match_id = self.service.match_in_channel(channel_id)
        version = self.service.version(match_id)
        await interaction.response.send_message(terms, view=confirm_view(match_id, version), ephemeral=True)

    @app_commands.command(name="cancel", description="Cancel the match in this channel (Manage Server)")
    # Discord applies default permissions to whole top-level commands only, so for this subcommand it is a
    # note; the check below is what enforces it.
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def cancel(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.busy():
            result = await self.service.cancel(interaction.channel_id or 0, player_ref(interaction.user))
            await self.bot.publish(result, interaction)

    # ------------------------------------------------------------------ information
    @app_commands.command(name="rules", description="The rules of a game")
    @app_commands.describe(variant="Which game (default: an overview of all)")
    async def rules(self, interaction: discord.Interaction, variant: VariantName | None = None) -> None:
        text = texts.rules_text(variant) if variant else texts.all_rules_text()
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="help", description="How to play with the bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(texts.HELP, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The server's ratings")
    @app_commands.describe(variant="Which game (default: every game with rated matches)")
    async def leaderboard(self, interaction: discord.Interaction, variant: VariantName | None = None) -> None:
        await interaction.response.defer(thinking=True)
        async with self.bot.busy():
            result = await self.service.leaderboard(interaction.guild_id or 0, variant)
            await self.bot.publish(result, interaction)

    @app_commands.command(name="stats", description="A player's record and ratings")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        await interaction.response.defer(thinking=True)
        async with self.bot.busy():
            who = player_ref(user or interaction.user)
            result = await self.service.stats(interaction.guild_id or 0, who)
            await self.bot.publish(result, interaction)

    @app_commands.command(name="history", description="Recent games in this server")
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        async with self.bot.busy():
            result = await self.service.history(interaction.guild_id or 0)
            await self.bot.publish(result, interaction)


__all__ = ["MinigamGroup", "ServiceError", "autocomplete_choices", "player_ref"]
