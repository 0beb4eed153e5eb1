"""Buttons and menus that survive restarts: ``DynamicItem`` s whose custom ids carry what they act on.

- ``mg:<match_id>:<version>:play`` — the menu of whole legal plays on a board message;
- ``mg:<match_id>:<version>:first`` — a board's menu of first moves (more than 25 plays), then
  ``mg:<match_id>:<version>:step`` — the ephemeral move-by-move menu that follows;
- ``mg:<match_id>:<version>:resign|confirm|keep|undo|done`` — Resign, its confirmation, Undo and Done;
- ``mgc:<challenge_id>:accept|decline`` — a challenge's buttons.

The items only check who clicked and hand over to the bot (``interaction.client``); the rules of play are
in the match service.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.service import MAX_CHOICES, Notice, ServiceError

if TYPE_CHECKING:
    from bot.app import MinigamBot

MATCH_SELECT_TEMPLATE = r"mg:(?P<match_id>\d+):(?P<version>\d+):(?P<action>play|first|step)"
MATCH_BUTTON_TEMPLATE = r"mg:(?P<match_id>\d+):(?P<version>\d+):(?P<action>resign|confirm|keep|undo|done)"
CHALLENGE_TEMPLATE = r"mgc:(?P<challenge_id>\d+):(?P<action>accept|decline)"
LABEL_LIMIT = 100  # Discord's limit for a select option's label and value


@dataclass(frozen=True, slots=True)
class CustomId:
    """A parsed component id: ``kind`` is ``match`` or ``challenge``; ``target`` the match or challenge."""

    kind: str
    target: int
    action: str
    version: int | None = None


def match_custom_id(match_id: int, version: int, action: str) -> str:
    return f"mg:{match_id}:{version}:{action}"


def challenge_custom_id(challenge_id: int, action: str) -> str:
    return f"mgc:{challenge_id}:{action}"


def parse_custom_id(custom_id: str) -> CustomId | None:
    """Read one of the bot's component ids; ``None`` for anything else."""
    for template in (MATCH_SELECT_TEMPLATE, MATCH_BUTTON_TEMPLATE):
        m = re.fullmatch(template, custom_id)
        if m:
            return CustomId("match", int(m["match_id"]), m["action"], int(m["version"]))
    m = re.fullmatch(CHALLENGE_TEMPLATE, custom_id)
    if m:
        return CustomId("challenge", int(m["challenge_id"]), m["action"])
    return None


def select_options(choices: Sequence[str]) -> list[discord.SelectOption]:
    """Menu options for plays or moves in notation: at most 25, each label and value at most 100 chars."""
    out = []
    seen = set()
    for choice in choices:
        value = choice[:LABEL_LIMIT]
        if value in seen:
            continue
        seen.add(value)
        out.append(discord.SelectOption(label=value, value=value))
        if len(out) == MAX_CHOICES:
            break
    return out


def mention_prefix(user_id: int | None) -> str:
    return f"<@{user_id}> " if user_id else ""


def _bot(interaction: discord.Interaction) -> MinigamBot:
    return interaction.client  # type: ignore[return-value]


async def _refuse(interaction: discord.Interaction, message: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


class MatchSelect(discord.ui.DynamicItem[discord.ui.Select], template=MATCH_SELECT_TEMPLATE):
    """A board's menu: whole plays (``play``) or single moves (``step``)."""

    def __init__(
        self,
        match_id: int,
        version: int,
        action: str,
        options: Sequence[discord.SelectOption] = (),
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.match_id = match_id
        self.version = version
        self.action = action
        super().__init__(
            discord.ui.Select(
                custom_id=match_custom_id(match_id, version, action),
                options=list(options),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MatchSelect:
        options = getattr(item, "options", [])
        return cls(int(match["match_id"]), int(match["version"]), match["action"], options)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            _bot(interaction).service.check_actor(self.match_id, interaction.user.id, self.version)
        except ServiceError as exc:
            await _refuse(interaction, str(exc))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await _bot(interaction).on_match_component(
            interaction, self.match_id, self.version, self.action, value
        )


class MatchButton(discord.ui.DynamicItem[discord.ui.Button], template=MATCH_BUTTON_TEMPLATE):
    """Resign (and its confirmation), Undo and Done."""

    LOOKS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "resign": ("Resign", discord.ButtonStyle.danger),
        "confirm": ("Yes, resign", discord.ButtonStyle.danger),
        "keep": ("No, play on", discord.ButtonStyle.secondary),
        "undo": ("Undo", discord.ButtonStyle.secondary),
        "done": ("Done", discord.ButtonStyle.success),
    }

    def __init__(self, match_id: int, version: int, action: str, *, row: int | None = None) -> None:
        self.match_id = match_id
        self.version = version
        self.action = action
        label, style = self.LOOKS[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=match_custom_id(match_id, version, action)),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MatchButton:
        return cls(int(match["match_id"]), int(match["version"]), match["action"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        service = _bot(interaction).service
        try:
            if self.action in ("resign", "confirm", "keep"):
                if interaction.user.id not in {s.user_id for s in service.seats(self.match_id)}:
                    raise ServiceError(
                        "You're not playing in this match."
                        if service.seats(self.match_id)
                        else "This match is over; the board is kept for the record."
                    )
            else:
                service.check_actor(self.match_id, interaction.user.id, self.version)
        except ServiceError as exc:
            await _refuse(interaction, str(exc))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).on_match_component(interaction, self.match_id, self.version, self.action, "")


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button], template=CHALLENGE_TEMPLATE):
    """Accept or Decline, for the challenged member only (the service says so to anyone else)."""

    def __init__(self, challenge_id: int, action: str) -> None:
        self.challenge_id = challenge_id
        self.action = action
        label, style = (
            ("Accept", discord.ButtonStyle.success)
            if action == "accept"
            else ("Decline", discord.ButtonStyle.secondary)
        )
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=challenge_custom_id(challenge_id, action))
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChallengeButton:
        return cls(int(match["challenge_id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).on_challenge_component(
            interaction, self.challenge_id, self.action == "accept"
        )


DYNAMIC_ITEMS = (MatchSelect, MatchButton, ChallengeButton)


# ---------------------------------------------------------------------- views for notices


def board_view(notice: Notice) -> discord.ui.View | None:
    """The components under a board message: the menu for the player to move and Resign."""
    if notice.match_id is None or notice.version is None:
        return None
    view = discord.ui.View(timeout=None)
    if notice.choices:
        action = "first" if notice.stepwise else "play"
        placeholder = "Choose your first move…" if notice.stepwise else "Choose your play…"
        view.add_item(
            MatchSelect(
                notice.match_id,
                notice.version,
                action,
                select_options(notice.choices),
                placeholder=placeholder,
                row=0,
            )
        )
    if notice.can_resign:
        view.add_item(MatchButton(notice.match_id, notice.version, "resign", row=1))
    return view if view.children else None


def picker_view(notice: Notice) -> discord.ui.View | None:
    """The ephemeral move-by-move menu: the next moves, Undo, Done."""
    if notice.match_id is None or notice.version is None:
        return None
    view = discord.ui.View(timeout=None)
    if notice.choices:
        view.add_item(
            MatchSelect(
                notice.match_id,
                notice.version,
                "step",
                select_options(notice.choices),
                placeholder="Choose the next move…",
                row=0,
            )
        )
    if notice.can_undo:
        view.add_item(MatchButton(notice.match_id, notice.version, "undo", row=1))
    if notice.can_finish:
        view.add_item(MatchButton(notice.match_id, notice.version, "done", row=1))
    return view if view.children else None


def confirm_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(MatchButton(match_id, version, "confirm"))
    view.add_item(MatchButton(match_id, version, "keep"))
    return view


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept"))
    view.add_item(ChallengeButton(challenge_id, "decline"))
    return view


def disabled_copy(message: discord.Message) -> discord.ui.View | None:
    """The components of ``message``, all disabled (the view is finished, so it is not stored)."""
    if not message.components:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.walk_children():
        if hasattr(item, "disabled"):
            item.disabled = True  # type: ignore[attr-defined]
    view.stop()
    return view
