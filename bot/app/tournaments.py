"""/minigam tournament (a group: create, show, list, award, remove, cancel; issue 32) on Discord.

The sign-up message (posted and edited by :func:`publish`) lists the entrants and has Join, Leave, Start
and Cancel buttons whose custom ids carry the tournament and the version they were drawn for,
``mgt:<tournament>:<version>:<action>``; a click goes to the core's one way in
(:meth:`~bot.core.tournaments.service.Tournaments.act`). The organiser's award, removal and cancellation
are asked first, privately, with a button that carries what was asked,
``mgtc:<tournament>:<version>:<what>:<player>``: confirmed on the tournament as the organiser saw it.
Both kinds are ``DynamicItem``\\ s registered at start-up, so they work after a restart.
"""

from __future__ import annotations

import functools
import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.app.acting import run
from bot.app.messages import channel_of, post_or_edit
from bot.app.protocol import App
from bot.app.responder import Responder, clip
from bot.core.catalogue import DEFAULT_VARIANT, TWO_PLAYER_VARIANTS
from bot.core.clocks import CLOCK_NAMES, NO_CLOCK
from bot.core.notices import Result, TournamentBoard, TournamentNews
from bot.core.tournaments.service import TournamentAction
from bot.models import PlayerRef
from bot.store.protocol_tournaments import TournamentFormat
from bot.workers.drawing import Painter
from engine import MAX_MATCH_POINTS

log = logging.getLogger(__name__)

SIGNUP_TEMPLATE = (
    r"mgt:(?P<tournament_id>\d+):(?P<version>\d+):(?P<action>"
    + "|".join(a.value for a in TournamentAction)
    + ")"
)
CONFIRM_TEMPLATE = (
    r"mgtc:(?P<tournament_id>\d+):(?P<version>\d+):(?P<what>award|remove|cancel):(?P<player>\d+)"
)
LABELS = {
    TournamentAction.JOIN: ("Join", discord.ButtonStyle.success),
    TournamentAction.LEAVE: ("Leave", discord.ButtonStyle.secondary),
    TournamentAction.START: ("Start", discord.ButtonStyle.primary),
    TournamentAction.CANCEL: ("Cancel", discord.ButtonStyle.danger),
}
ACKS = {
    TournamentAction.JOIN: "You're in.",
    TournamentAction.LEAVE: "You left the tournament.",
    TournamentAction.START: "The tournament is on!",
}
CONFIRM_LABELS = {"award": "Yes, award it", "remove": "Yes, remove them", "cancel": "Yes, cancel it"}
Offer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


def offer(values: tuple[str, ...]) -> Offer:
    """Autocomplete for a text option: the ``values`` that hold what is typed. (Fixed choices would count
    in the 4,000 characters Discord allows a command with all its options; the core refuses any other
    value in words.)"""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        key = current.strip().lower()
        return [app_commands.Choice(name=v, value=v) for v in values if key in v][:25]

    return complete


def person(user: discord.abc.User, *, moderator: bool = False) -> PlayerRef:
    return PlayerRef(user.id, user.display_name, bool(user.bot), moderator)


def _moderator(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def _app(interaction: discord.Interaction) -> App:
    return interaction.client  # type: ignore[return-value]


# ---------------------------------------------------------------------- the buttons
class SignUpButton(discord.ui.DynamicItem[discord.ui.Button], template=SIGNUP_TEMPLATE):
    """One of the sign-up message's buttons; anyone may click, the core says who may do what."""

    def __init__(self, tournament_id: int, version: int, action: TournamentAction) -> None:
        self.tournament_id, self.version, self.action = tournament_id, version, action
        label, style = LABELS[action]
        custom_id = f"mgt:{tournament_id}:{version}:{action.value}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SignUpButton:
        return cls(int(match["tournament_id"]), int(match["version"]), TournamentAction(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        user = person(interaction.user, moderator=_moderator(interaction))
        if self.action is TournamentAction.CANCEL:  # asked first
            await ask(app, interaction, self.tournament_id, "cancel", None)
            return
        tournaments = app.core.tournaments

        async def act() -> Result:
            return await tournaments.act(self.tournament_id, self.version, user, self.action)

        await run(
            app, interaction, act, f"{self.action} on tournament {self.tournament_id}", ACKS[self.action]
        )


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button], template=CONFIRM_TEMPLATE):
    """The organiser confirms an award, a removal or a cancellation, as asked."""

    def __init__(self, tournament_id: int, version: int, what: str, player: int) -> None:
        self.tournament_id, self.version, self.what, self.player = tournament_id, version, what, player
        custom_id = f"mgtc:{tournament_id}:{version}:{what}:{player}"
        button = discord.ui.Button(
            label=CONFIRM_LABELS[what], style=discord.ButtonStyle.danger, custom_id=custom_id
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(int(match["tournament_id"]), int(match["version"]), match["what"], int(match["player"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        user = person(interaction.user, moderator=_moderator(interaction))
        tournaments = app.core.tournaments

        async def act() -> Result:
            match self.what:
                case "award":
                    return await tournaments.award(self.tournament_id, self.version, user, self.player)
                case "remove":
                    return await tournaments.remove(self.tournament_id, self.version, user, self.player)
            return await tournaments.cancel(self.tournament_id, self.version, user)

        await run(app, interaction, act, f"{self.what} in tournament {self.tournament_id}", "Done.")


TOURNAMENT_ITEMS = (SignUpButton, ConfirmButton)


def signup_view(tournament_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in TournamentAction:
        view.add_item(SignUpButton(tournament_id, version, action))
    return view


async def ask(
    app: App, interaction: discord.Interaction, tournament_id: int, what: str, player: discord.abc.User | None
) -> None:
    """Ask the organiser, privately, to confirm ``what`` (about ``player``)."""
    try:
        user = person(interaction.user, moderator=_moderator(interaction))
        about = person(player) if player is not None else None
        text, version = await app.core.tournaments.question(
            interaction.guild_id or 0, tournament_id, user, what, about
        )
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmButton(tournament_id, version, what, player.id if player is not None else 0))
        await interaction.response.send_message(clip(text), view=view, ephemeral=True)
    except Exception as exc:  # every request gets an answer
        await app.report_error(interaction, exc, f"asking to {what} in tournament {tournament_id}")


# ---------------------------------------------------------------------- publishing
class Publishing(Protocol):
    """What publishing a tournament's messages needs of the publisher."""

    client: discord.Client
    painter: Painter


async def publish(
    notice: TournamentBoard | TournamentNews, responder: Responder | None, by: Publishing
) -> None:
    """Post or edit the sign-up message; post a tournament's news (the answer itself, when it has no
    channel), its bracket drawn in the drawing workers."""
    app: App = by.client  # type: ignore[assignment]
    match notice:
        case TournamentBoard():
            await post_or_edit(
                await channel_of(by.client, notice.channel_id),
                notice.text,
                signup_view(notice.tournament_id, notice.version) if notice.open else None,
                new=notice.new,
                message_id=notice.message_id,
                responder=responder,
                posted=functools.partial(app.core.tournaments.message_posted, notice.tournament_id),
                what=f"tournament {notice.tournament_id}'s sign-up",
                allowed_mentions=discord.AllowedMentions.none(),
            )
        case TournamentNews():
            file = None
            if notice.bracket is not None:
                png = await by.painter.bracket(notice.bracket)
                file = discord.File(io.BytesIO(png), filename="bracket.png", description=notice.bracket.title)
            if notice.channel_id is None:
                if responder is not None:
                    await responder.send(notice.text, ephemeral=False, file=file)
                return
            allowed = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in notice.mentions]
            )
            channel = await channel_of(by.client, notice.channel_id)
            pings = "".join(f"<@{u}> " for u in notice.mentions)
            extra = {"file": file} if file is not None else {}
            await channel.send(clip(pings + notice.text), allowed_mentions=allowed, **extra)


# ---------------------------------------------------------------------- the commands
def commands(app: App) -> list[app_commands.Command | app_commands.Group]:
    """The ``tournament`` group, added to ``/minigam``."""
    group = app_commands.Group(name="tournament", description="Tournaments")

    async def tournament_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        try:
            found = await app.core.tournaments.choices(interaction.guild_id or 0, current)
        except Exception:
            log.exception("tournament choices failed")
            return []
        return [app_commands.Choice(name=label, value=tournament_id) for label, tournament_id in found[:25]]

    @group.command(name="create", description="New tournament")
    @app_commands.describe(
        name="Name",
        variant="Game",
        points="Match length",
        format="Format",
        max_players="Most players",
        start="in 2h, or 2026-11-28 18:00",
        rounds="Swiss rounds",
        clock="Match clock",
    )
    @app_commands.autocomplete(
        variant=offer(TWO_PLAYER_VARIANTS),
        format=offer(tuple(f.value for f in TournamentFormat)),
        clock=offer(CLOCK_NAMES),
    )
    async def create(
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        variant: str = DEFAULT_VARIANT,
        points: app_commands.Range[int, 1, MAX_MATCH_POINTS] | None = None,
        format: str = "knockout",
        max_players: app_commands.Range[int, 3, 128] = 16,
        start: str = "",
        rounds: app_commands.Range[int, 1, 20] | None = None,
        clock: str = NO_CLOCK,
    ) -> None:
        member = interaction.user
        roles = frozenset(r.id for r in getattr(member, "roles", ()))
        guild = interaction.guild
        parent = getattr(interaction.channel, "parent_id", None)

        async def act() -> Result:
            return await app.core.tournaments.create(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                person(member, moderator=_moderator(interaction)),
                name=name,
                variant=variant,
                points=points,
                format=format,
                max_players=max_players,
                starts=start,
                rounds=rounds,
                clock=clock,
                roles=roles,
                guild_name=guild.name if guild else "",
                parent_id=parent,
            )

        await run(app, interaction, act, "tournament create")

    @group.command(name="show", description="Standings")
    @app_commands.describe(tournament="Which")
    @app_commands.autocomplete(tournament=tournament_choices)
    async def show(interaction: discord.Interaction, tournament: int) -> None:
        async def act() -> Result:
            return await app.core.tournaments.show(interaction.guild_id or 0, tournament)

        await run(app, interaction, act, "tournament show", public=True)

    @group.command(name="list", description="All of them")
    async def listing(interaction: discord.Interaction) -> None:
        async def act() -> Result:
            return await app.core.tournaments.listing(interaction.guild_id or 0)

        await run(app, interaction, act, "tournament list", public=True)

    @group.command(name="award", description="Award a match")
    @app_commands.describe(tournament="Which", player="Winner")
    @app_commands.autocomplete(tournament=tournament_choices)
    async def award(interaction: discord.Interaction, tournament: int, player: discord.Member) -> None:
        await ask(app, interaction, tournament, "award", player)

    @group.command(name="remove", description="Remove a player")
    @app_commands.describe(tournament="Which", player="Who")
    @app_commands.autocomplete(tournament=tournament_choices)
    async def remove(interaction: discord.Interaction, tournament: int, player: discord.Member) -> None:
        await ask(app, interaction, tournament, "remove", player)

    @group.command(name="cancel", description="Cancel it")
    @app_commands.describe(tournament="Which")
    @app_commands.autocomplete(tournament=tournament_choices)
    async def cancel(interaction: discord.Interaction, tournament: int) -> None:
        await ask(app, interaction, tournament, "cancel", None)

    return [group]


__all__ = ["TOURNAMENT_ITEMS", "commands", "publish", "signup_view"]
