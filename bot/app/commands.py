"""The ``/minigam`` slash command group: thin handlers that defer, call the core and publish.

The choices of the ``variant`` and ``level`` options and the range of ``points`` come from the core's
catalogue and the engine, so they never drift from what the core accepts. ``move`` autocompletes the legal
plays of the player to move, and acts on the turn that was current when the command arrived.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot import texts
from bot.app import admin, analysis, dice, lobby, options, prefs, puzzles, tournaments
from bot.app.protocol import App
from bot.app.responder import HOLD, Responder
from bot.app.venue import InteractionVenue
from bot.core import Action, Core, Result
from bot.core.boards import MAX_CHOICES
from bot.core.catalogue import ALL_VARIANTS, DEFAULT_LEVEL, DEFAULT_VARIANT, LEVELS, TWO_PLAYER_VARIANTS
from bot.core.clocks import CLOCK_NAMES, NO_CLOCK
from bot.models import PlayerRef
from bot.texts.clocks import CLOCK_HELP
from engine import MAX_MATCH_POINTS

log = logging.getLogger(__name__)

POINTS_HELP = "Match length in points (default: 1; backgammon: a money game, or 0)"
VARIANT_CHOICES = [app_commands.Choice(name=name, value=name) for name in TWO_PLAYER_VARIANTS]
ALL_VARIANT_CHOICES = [app_commands.Choice(name=name, value=name) for name in ALL_VARIANTS]  # rules, ratings
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
CLOCK_CHOICES = [app_commands.Choice(name=name, value=name) for name in CLOCK_NAMES]
Points = options.integer(0, MAX_MATCH_POINTS)


def player_ref(user: discord.abc.User, *, moderator: bool = False) -> PlayerRef:
    return PlayerRef(user.id, user.display_name, bool(user.bot), moderator)


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


def received(interaction: discord.Interaction) -> float:
    """When Discord received ``interaction`` (its id's own time), up to which a match clock charges."""
    return interaction.created_at.timestamp()


def _where(interaction: discord.Interaction) -> tuple[int, int, str]:
    guild = interaction.guild
    return interaction.guild_id or 0, interaction.channel_id or 0, guild.name if guild else ""


async def located(core: Core, interaction: discord.Interaction) -> tuple[int, int]:
    """``(match, version)`` of the match a command is about: its thread's, else the member's only one."""
    user_id, channel_id = interaction.user.id, interaction.channel_id or 0
    return await core.matches.to_act_on(channel_id, user_id, guild_id=interaction.guild_id)


@app_commands.guild_only()
class MinigamGroup(app_commands.Group, name="minigam", description="Play Minigam and backgammon games"):
    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app
        for command in lobby.commands(app):  # four-player games: /minigam multigam, /minigam leave
            self.add_command(command)
        for command in analysis.commands(app):  # /minigam analyse
            self.add_command(command)
        self.add_command(admin.settings_command(app))
        self.add_command(prefs.prefs_command(app))  # a person's own: /minigam prefs
        for part in (puzzles, tournaments, dice):  # /minigam puzzle, train, tournament, dice
            for command in part.commands(app):
                self.add_command(command)

    @property
    def core(self) -> Core:
        return self.app.core

    async def _held(
        self, interaction: discord.Interaction, act: Callable[[], Awaitable[Result]], ack: str
    ) -> None:
        """Run ``act`` and publish its result, the answer held back so that its first effect can be it (a
        new board or challenge as the reply); a private deferral if that takes too long, ``ack`` if
        nothing else answered."""
        responder = Responder(interaction, hold=HOLD)
        try:
            async with self.app.runner.busy():
                await self.app.deliver(await act(), responder, ack=ack)
        finally:
            await responder.stop()

    # ------------------------------------------------------------------ starting matches
    @app_commands.command(name="challenge", description="Challenge a member to a match")
    @app_commands.describe(
        opponent="Who you challenge",
        variant=f"The game (default: {DEFAULT_VARIANT})",
        points=POINTS_HELP,
        clock=CLOCK_HELP,
    )
    @app_commands.choices(variant=VARIANT_CHOICES, clock=CLOCK_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member,
        variant: str = DEFAULT_VARIANT,
        points: Points | None = None,
        clock: str = NO_CLOCK,
    ) -> None:
        guild_id, channel_id, guild_name = _where(interaction)
        act = functools.partial(
            self.core.challenges.challenge,
            guild_id,
            channel_id,
            player_ref(interaction.user),
            player_ref(opponent),
            variant,
            points,
            guild_name=guild_name,
            venue=InteractionVenue(interaction),
            clock=clock,
        )
        await self._held(interaction, act, "Challenge sent.")  # the reply: the challenge's message

    @app_commands.command(name="vs-bot", description="Play the computer (unrated)")
    @app_commands.describe(
        variant=f"The game (default: {DEFAULT_VARIANT})",
        level="How strong the computer plays",
        points=POINTS_HELP,
        clock=CLOCK_HELP,
    )
    @app_commands.choices(variant=VARIANT_CHOICES, level=LEVEL_CHOICES, clock=CLOCK_CHOICES)
    async def vs_bot(
        self,
        interaction: discord.Interaction,
        variant: str = DEFAULT_VARIANT,
        level: str = DEFAULT_LEVEL,
        points: Points | None = None,
        clock: str = NO_CLOCK,
    ) -> None:
        guild_id, channel_id, guild_name = _where(interaction)
        act = functools.partial(
            self.core.challenges.vs_bot,
            guild_id,
            channel_id,
            player_ref(interaction.user),
            variant,
            level,
            points,
            guild_name=guild_name,
            venue=InteractionVenue(interaction),
            clock=clock,
        )
        await self._held(interaction, act, "Match started: good luck!")  # played here: the first board

    # ------------------------------------------------------------------ playing
    @app_commands.command(name="move", description="Play your whole turn, e.g. bar/3 5/off")
    @app_commands.describe(play="Your moves in notation; the suggestions are the legal plays")
    async def move(self, interaction: discord.Interaction, play: app_commands.Range[str, 1, 200]) -> None:
        match_id, version = await located(self.core, interaction)  # the turn this was typed for
        act = functools.partial(
            self.core.matches.act,
            match_id,
            version,
            player_ref(interaction.user),
            Action.PLAY,
            play,
            at=received(interaction),
        )
        await self._held(interaction, act, "Played.")  # the reply: the new board

    @move.autocomplete("play")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            found = self.core.matches.suggestions(
                interaction.channel_id or 0, interaction.user.id, current, guild_id=interaction.guild_id
            )
            return autocomplete_choices(found)
        except Exception:
            log.exception("autocomplete failed")
            return []

    @app_commands.command(name="hint", description="The computer's best plays for your roll (unrated games)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.app.runner.busy():
            result = await self.core.matches.hint(
                interaction.channel_id or 0, player_ref(interaction.user), guild_id=interaction.guild_id
            )
            await self.app.deliver(result, interaction)

    @app_commands.command(name="board", description="Show the board again (after the end: how it ended)")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.app.runner.busy():
            result = await self.core.matches.last_board(
                interaction.channel_id or 0, player_ref(interaction.user), guild_id=interaction.guild_id
            )
            await self.app.deliver(result, interaction)

    @app_commands.command(name="resign", description="Give up the current game (asks to confirm)")
    async def resign(self, interaction: discord.Interaction) -> None:
        match_id, _version = await located(self.core, interaction)
        question = self.core.matches.resign_question(match_id, interaction.user.id)
        await self.app.deliver(Result([question]), interaction)

    @app_commands.command(
        name="cancel", description="Cancel the match in this channel or thread (Manage Server)"
    )
    # Discord applies default permissions to whole top-level commands only, so for this subcommand it is a
    # note; the check below is what enforces it.
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def cancel(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.app.runner.busy():
            moderator = player_ref(interaction.user, moderator=True)
            result = await self.core.cancel(interaction.channel_id or 0, moderator)
            await self.app.deliver(result, interaction)

    # ------------------------------------------------------------------ information
    @app_commands.command(name="export", description="The match in this channel as a .mat file (gnubg, XG)")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.app.runner.busy():
            result = await self.core.exports.mat(
                interaction.channel_id or 0, interaction.user.id, guild_id=interaction.guild_id
            )
            await self.app.deliver(result, interaction)

    @app_commands.command(name="rules", description="The rules of a game")
    @app_commands.describe(variant="Which game (default: an overview of all)")
    @app_commands.choices(variant=ALL_VARIANT_CHOICES)
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        text = texts.rules_text(variant) if variant else texts.all_rules_text(ALL_VARIANTS)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="help", description="How to play with the bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(texts.help_text(LEVELS), ephemeral=True)

    @app_commands.command(name="leaderboard", description="The server's ratings")
    @app_commands.describe(variant="Which game (default: every game with rated matches)")
    @app_commands.choices(variant=ALL_VARIANT_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        await interaction.response.defer(thinking=True)
        async with self.app.runner.busy():
            result = await self.core.records.leaderboard(interaction.guild_id or 0, variant)
            await self.app.deliver(result, interaction)

    @app_commands.command(name="stats", description="A player's record and ratings")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        await interaction.response.defer(thinking=True)
        async with self.app.runner.busy():
            who = player_ref(user or interaction.user)
            result = await self.core.records.stats(interaction.guild_id or 0, who)
            await self.app.deliver(result, interaction)

    @app_commands.command(name="history", description="Recent games in this server")
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        async with self.app.runner.busy():
            result = await self.core.records.history(interaction.guild_id or 0)
            await self.app.deliver(result, interaction)


__all__ = ["MinigamGroup", "autocomplete_choices", "player_ref"]
