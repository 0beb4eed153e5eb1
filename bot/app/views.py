"""Buttons and menus that survive restarts, built from the core's action set.

A :class:`~bot.core.actions.Control` becomes a component whose custom id carries what it acts on:

- ``mg:<match_id>:<version>:<token>`` — a match control: a menu (``play``, ``first``, ``step``: the tokens of
  the actions chosen from a menu) or a button (every other action, and the prompts ``resign`` and ``keep``);
  a button with an argument adds ``:<argument>``, and so does the move picker's menu (``:<number>``, the
  picker's: the click hands the core ``"<number> <move chosen>"``);
- ``mgc:<challenge_id>:accept|decline`` — a challenge's buttons;
- ``mgr:<match_id>`` — Rematch, under a finished match's last board.

The templates are generated from :class:`~bot.core.actions.Action`, so a new action needs no change here.
The items only check who clicked and hand over to the bot (``interaction.client``, a
:class:`ComponentHandler`); the rules are in the core.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot import texts
from bot.app.analysis import AnalyseButton, is_analyse_item
from bot.core import Action, Control, Prompt
from bot.core.actions import LEGACY_TOKENS, parse_token
from bot.core.boards import MAX_CHOICES
from bot.models import AfterMatch

LABEL_LIMIT = 100  # Discord's limit for a select option's label and value


def _alternatives(tokens: Sequence[str]) -> str:
    return "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))


MENU_TOKENS = tuple(a.value for a in Action if a.has_menu)
BUTTON_TOKENS = (*(a.value for a in Action if not a.has_menu), *(p.value for p in Prompt), *LEGACY_TOKENS)
MATCH_SELECT_TEMPLATE = (
    rf"mg:(?P<match_id>\d+):(?P<version>\d+):(?P<token>{_alternatives(MENU_TOKENS)})(?::(?P<argument>\d+))?"
)
MATCH_BUTTON_TEMPLATE = (
    rf"mg:(?P<match_id>\d+):(?P<version>\d+):(?P<token>{_alternatives(BUTTON_TOKENS)})"
    r"(?::(?P<argument>[\w-]+))?"
)
CHALLENGE_TEMPLATE = r"mgc:(?P<challenge_id>\d+):(?P<action>accept|decline)"
REMATCH_TEMPLATE = r"mgr:(?P<match_id>\d+)"

STYLES: dict[Action | Prompt, discord.ButtonStyle] = {
    Prompt.RESIGN: discord.ButtonStyle.danger,
    Action.RESIGN: discord.ButtonStyle.danger,
    Action.DONE: discord.ButtonStyle.success,
    Action.ACCEPT: discord.ButtonStyle.success,
    Action.TAKE: discord.ButtonStyle.success,
    Action.ROLL: discord.ButtonStyle.primary,
    Action.DOUBLE: discord.ButtonStyle.primary,
    Action.DROP: discord.ButtonStyle.danger,
}


class ComponentHandler(Protocol):
    """What the views hand a click to (the bot)."""

    async def check_component(
        self, interaction: discord.Interaction, match_id: int, version: int, control: Action | Prompt
    ) -> bool: ...

    async def on_match_component(
        self,
        interaction: discord.Interaction,
        match_id: int,
        version: int,
        control: Action | Prompt,
        value: str,
    ) -> None: ...

    async def on_challenge_component(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None: ...

    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None: ...


def match_custom_id(match_id: int, version: int, token: str, argument: str = "") -> str:
    return f"mg:{match_id}:{version}:{token}" + (f":{argument}" if argument else "")


def challenge_custom_id(challenge_id: int, action: str) -> str:
    return f"mgc:{challenge_id}:{action}"


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


def _handler(interaction: discord.Interaction) -> ComponentHandler:
    return interaction.client  # type: ignore[return-value]


class MatchSelect(discord.ui.DynamicItem[discord.ui.Select], template=MATCH_SELECT_TEMPLATE):
    """A match menu: whole plays, first moves, or next moves (``argument``: the move picker's number, which
    the choice is handed over with)."""

    def __init__(
        self,
        match_id: int,
        version: int,
        action: Action,
        options: Sequence[discord.SelectOption] = (),
        *,
        row: int | None = None,
        argument: str = "",
    ) -> None:
        self.match_id = match_id
        self.version = version
        self.action = action
        self.argument = argument
        super().__init__(
            discord.ui.Select(
                custom_id=match_custom_id(match_id, version, action.value, argument),
                options=list(options),
                placeholder=texts.label(action),
                min_values=1,
                max_values=1,
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MatchSelect:
        action = parse_token(match["token"])
        assert isinstance(action, Action)
        options = getattr(item, "options", [])
        return cls(
            int(match["match_id"]), int(match["version"]), action, options, argument=match["argument"] or ""
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _handler(interaction).check_component(
            interaction, self.match_id, self.version, self.action
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        if self.argument:
            value = f"{self.argument} {value}"
        await _handler(interaction).on_match_component(
            interaction, self.match_id, self.version, self.action, value
        )


class MatchButton(discord.ui.DynamicItem[discord.ui.Button], template=MATCH_BUTTON_TEMPLATE):
    """A match button: an action (with its argument, if any) or a prompt."""

    def __init__(
        self,
        match_id: int,
        version: int,
        control: Action | Prompt,
        argument: str = "",
        *,
        row: int | None = None,
    ) -> None:
        self.match_id = match_id
        self.version = version
        self.control = control
        self.argument = argument
        super().__init__(
            discord.ui.Button(
                label=texts.label(control, argument),
                style=STYLES.get(control, discord.ButtonStyle.secondary),
                custom_id=match_custom_id(match_id, version, control.value, argument),
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MatchButton:
        control = parse_token(match["token"])
        assert control is not None
        return cls(int(match["match_id"]), int(match["version"]), control, match["argument"] or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _handler(interaction).check_component(
            interaction, self.match_id, self.version, self.control
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).on_match_component(
            interaction, self.match_id, self.version, self.control, self.argument
        )


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button], template=CHALLENGE_TEMPLATE):
    """Accept or Decline, for the challenged member only (the core says so to anyone else)."""

    def __init__(self, challenge_id: int, action: str) -> None:
        self.challenge_id = challenge_id
        self.action = action
        accept = action == "accept"
        super().__init__(
            discord.ui.Button(
                label=texts.challenge_label(accept),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=challenge_custom_id(challenge_id, action),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChallengeButton:
        return cls(int(match["challenge_id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).on_challenge_component(
            interaction, self.challenge_id, self.action == "accept"
        )


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=REMATCH_TEMPLATE):
    """Rematch, under a finished match's last board; the core says who may use it."""

    def __init__(self, match_id: int, row: int | None = None) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=texts.label(AfterMatch.REMATCH),
                style=discord.ButtonStyle.primary,
                custom_id=f"mgr:{match_id}",
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["match_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).on_rematch(interaction, self.match_id)


DYNAMIC_ITEMS = (MatchSelect, MatchButton, ChallengeButton, RematchButton, AnalyseButton)


# ---------------------------------------------------------------------- views for notices


def controls_view(match_id: int, version: int, controls: Sequence[Control]) -> discord.ui.View | None:
    """The components for ``controls``: a menu per control with options (one row each), the buttons after."""
    view = discord.ui.View(timeout=None)
    menus = [c for c in controls if c.options]
    for row, control in enumerate(menus):
        assert isinstance(control.action, Action)
        view.add_item(
            MatchSelect(
                match_id,
                version,
                control.action,
                select_options(control.options),
                row=row,
                argument=control.argument,
            )
        )
    for control in controls:
        if isinstance(control.action, AfterMatch):
            view.add_item(RematchButton(match_id, row=len(menus)))
        elif control.action is Prompt.ANALYSE:
            view.add_item(AnalyseButton(int(control.argument), row=len(menus)))
        elif not control.options and not (isinstance(control.action, Action) and control.action.has_menu):
            view.add_item(MatchButton(match_id, version, control.action, control.argument, row=len(menus)))
    return view if view.children else None


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept"))
    view.add_item(ChallengeButton(challenge_id, "decline"))
    return view


def disabled_copy(message: discord.Message) -> discord.ui.View | None:
    """The components of ``message``, all disabled but Analyse (the view is finished, so it is not
    stored: a click on Analyse reaches its registered dynamic item)."""
    if not message.components:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.walk_children():
        if is_analyse_item(getattr(item, "custom_id", None) or ""):
            continue
        if hasattr(item, "disabled"):
            item.disabled = True  # type: ignore[attr-defined]
    view.stop()
    return view


__all__ = [
    "DYNAMIC_ITEMS",
    "ChallengeButton",
    "ComponentHandler",
    "MatchButton",
    "MatchSelect",
    "RematchButton",
    "challenge_view",
    "controls_view",
    "disabled_copy",
    "mention_prefix",
    "select_options",
]
