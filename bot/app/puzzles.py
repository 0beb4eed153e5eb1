"""/minigam puzzle (a group: solve, answer, stats, leaderboard) and /minigam train (issue 34) on Discord.

A puzzle is answered privately (ephemeral) with a game's controls: the play menu (as many menus as its
plays need, five at most), a typed answer with autocomplete (``/minigam puzzle answer``), or the cube's
buttons. The answer is graded by the core at once (a look-up), and a click's answer is the puzzle's
message edited into its grading: the best play drawn on the board (in the drawing workers), and a button
to the next puzzle. The daily puzzle is a public post whose button serves it privately to whoever
presses. Every component reads back from its custom id, so it works after a restart:

- ``mgp:<attempt>:menu:<n>`` — the n-th play menu of an attempt;
- ``mgp:<attempt>:cube:<answer>`` — a cube answer (``double``, ``no-double``, ``take``, ``pass``);
- ``mgpn:<family or train>`` — the next puzzle (or the same training position again);
- ``mgpd:<YYYY-MM-DD>`` — the server's daily puzzle of that day.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.app.acting import run
from bot.app.messages import channel_of
from bot.app.protocol import App
from bot.app.responder import Responder, clip
from bot.core.notices import Picture, PuzzleCard
from bot.core.puzzles import TRAIN
from bot.core.puzzles.cards import MENU_SIZE
from bot.core.puzzles.finding import choice_names
from bot.models import PlayerRef
from bot.texts import puzzles as words

log = logging.getLogger(__name__)

MENU_TEMPLATE = r"mgp:(?P<attempt_id>\d+):menu:(?P<page>\d)"
CUBE_TEMPLATE = r"mgp:(?P<attempt_id>\d+):cube:(?P<answer>double|no-double|take|pass)"
NEXT_TEMPLATE = r"mgpn:(?P<which>[a-z-]+)"
DAILY_TEMPLATE = r"mgpd:(?P<day>\d{4}-\d{2}-\d{2})"
LABEL_LIMIT = 100


class Drawing(Protocol):
    """What publishing a puzzle needs of the publisher: its client and its drawing."""

    client: discord.Client

    async def picture_file(self, picture: Picture) -> discord.File: ...


async def family_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games and kinds of puzzle holding what is typed (offered as the option is typed: choices
    would count toward the command's 4,000 characters)."""
    typed = current.strip().lower()
    return [app_commands.Choice(name=n, value=n) for n in choice_names() if typed in n]


def _who(user: discord.abc.User) -> PlayerRef:
    return PlayerRef(user.id, user.display_name, bool(user.bot))


def _app(interaction: discord.Interaction) -> App:
    return interaction.client  # type: ignore[return-value]


# ---------------------------------------------------------------------- the components


class PuzzleMenu(discord.ui.DynamicItem[discord.ui.Select], template=MENU_TEMPLATE):
    """One of a puzzle's play menus."""

    def __init__(
        self,
        attempt_id: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.attempt_id = attempt_id
        super().__init__(
            discord.ui.Select(
                custom_id=f"mgp:{attempt_id}:menu:{page}",
                options=options or [],
                placeholder=placeholder or words.MENU_PLACEHOLDER,
                min_values=1,
                max_values=1,
            ),
            row=page,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PuzzleMenu:
        return cls(int(match["attempt_id"]), int(match["page"]), list(getattr(item, "options", [])))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        app = _app(interaction)
        await run(
            app,
            interaction,
            lambda: app.core.puzzles.answer(self.attempt_id, _who(interaction.user), value),
            f"the answer to puzzle attempt {self.attempt_id}",
        )


class PuzzleCube(discord.ui.DynamicItem[discord.ui.Button], template=CUBE_TEMPLATE):
    """A cube answer to a puzzle."""

    def __init__(self, attempt_id: int, answer: str, label: str = "", *, row: int = 0) -> None:
        self.attempt_id = attempt_id
        self.answer = answer
        primary = answer in ("double", "take")
        super().__init__(
            discord.ui.Button(
                label=label or words.CUBE_LABELS.get(answer.replace("-", " "), answer),
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=f"mgp:{attempt_id}:cube:{answer}",
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PuzzleCube:
        return cls(int(match["attempt_id"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        said = self.answer.replace("-", " ")
        await run(
            app,
            interaction,
            lambda: app.core.puzzles.answer(self.attempt_id, _who(interaction.user), said),
            f"the answer to puzzle attempt {self.attempt_id}",
        )


class NextPuzzle(discord.ui.DynamicItem[discord.ui.Button], template=NEXT_TEMPLATE):
    """The next puzzle of a family (or of one's training), served privately."""

    def __init__(self, which: str, label: str = "") -> None:
        self.which = which
        super().__init__(
            discord.ui.Button(
                label=label or words.NEXT_LABEL, style=discord.ButtonStyle.primary, custom_id=f"mgpn:{which}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NextPuzzle:
        return cls(match["which"])

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        guild_id, who = interaction.guild_id or 0, _who(interaction.user)
        if self.which == TRAIN:
            act = lambda: app.core.puzzles.train(guild_id, who)  # noqa: E731
        else:
            act = lambda: app.core.puzzles.solve(guild_id, who, self.which)  # noqa: E731
        await run(app, interaction, act, f"the next puzzle ({self.which})")


class DailySolve(discord.ui.DynamicItem[discord.ui.Button], template=DAILY_TEMPLATE):
    """Under the daily puzzle's post: serves it privately to whoever presses."""

    def __init__(self, day: str) -> None:
        self.day = day
        super().__init__(
            discord.ui.Button(
                label=words.SOLVE_LABEL, style=discord.ButtonStyle.primary, custom_id=f"mgpd:{day}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DailySolve:
        return cls(match["day"])

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        guild_id, who = interaction.guild_id or 0, _who(interaction.user)
        await run(
            app,
            interaction,
            lambda: app.core.puzzles.daily.solve(guild_id, self.day, who),
            f"the daily puzzle of {self.day}",
        )


PUZZLE_ITEMS = (PuzzleMenu, PuzzleCube, NextPuzzle, DailySolve)
"""The puzzles' components, registered at start-up."""


def card_view(card: PuzzleCard) -> discord.ui.View | None:
    """The controls of ``card``: its play menus or cube buttons while open; then the Next button."""
    view = discord.ui.View(timeout=None)
    if card.attempt_id is not None:
        plays = card.plays
        pages = [plays[i : i + MENU_SIZE] for i in range(0, len(plays), MENU_SIZE)]
        for page, chunk in enumerate(pages):
            options = [discord.SelectOption(label=p[:LABEL_LIMIT], value=p[:LABEL_LIMIT]) for p in chunk]
            placeholder = words.MENU_PLACEHOLDER
            if len(pages) > 1:
                first = page * MENU_SIZE + 1
                placeholder = words.MENU_PAGE_PLACEHOLDER.format(
                    first=first, last=first + len(chunk) - 1, total=len(plays)
                )
            view.add_item(PuzzleMenu(card.attempt_id, page, options, placeholder))
        for answer, label in card.cube:
            view.add_item(PuzzleCube(card.attempt_id, answer.replace(" ", "-"), label))
    if card.next:
        view.add_item(NextPuzzle(card.next, card.next_label))
    if card.day:
        view.add_item(DailySolve(card.day))
    return view if view.children else None


def _is_puzzle_click(responder: Responder) -> bool:
    """A click on the controls of a puzzle's own message (its answer edits that message)."""
    interaction = responder.interaction
    data = interaction.data or {}
    return interaction.type is discord.InteractionType.component and str(
        data.get("custom_id", "")
    ).startswith("mgp:")


async def publish(card: PuzzleCard, responder: Responder | None, drawing: Drawing) -> None:
    """Post ``card``: the daily puzzle in its channel; else privately to whoever asked (a click on a
    puzzle's controls: that message edited into the answer)."""
    file = await drawing.picture_file(card.picture)
    view = card_view(card)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if card.channel_id is not None:
        channel = await channel_of(drawing.client, card.channel_id)
        await channel.send(
            clip(card.text), file=file, allowed_mentions=discord.AllowedMentions.none(), **extra
        )
        return
    if responder is None:
        return
    message = responder.interaction.message
    if message is not None and _is_puzzle_click(responder):
        if await responder.update(message.id, content=clip(card.text), attachments=[file], view=view):
            return
        file = await drawing.picture_file(card.picture)  # the one given is spent
    await responder.send(card.text, file=file, view=view)


# ---------------------------------------------------------------------- the commands


def commands(app: App) -> list[app_commands.Command | app_commands.Group]:
    """The commands of this module, added to the ``/minigam`` group: ``puzzle`` and ``train``."""
    # Short words: Discord allows the whole /minigam command 4,000 characters of names and descriptions.
    puzzle = app_commands.Group(name="puzzle", description="Puzzles")

    @puzzle.command(name="solve", description="A position to solve")
    @app_commands.describe(family="Game or kind")
    @app_commands.autocomplete(family=family_choices)
    async def solve(interaction: discord.Interaction, family: str | None = None) -> None:
        guild_id, who = interaction.guild_id or 0, _who(interaction.user)
        await run(
            app, interaction, lambda: app.core.puzzles.solve(guild_id, who, family), "/minigam puzzle solve"
        )

    @puzzle.command(name="answer", description="Answer your puzzle")
    @app_commands.describe(play="Your answer")
    async def answer(interaction: discord.Interaction, play: app_commands.Range[str, 1, 200]) -> None:
        guild_id, who = interaction.guild_id or 0, _who(interaction.user)
        await run(
            app,
            interaction,
            lambda: app.core.puzzles.answer_open(guild_id, who, play),
            "/minigam puzzle answer",
        )

    @answer.autocomplete("play")
    async def answer_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await app.core.puzzles.suggestions(interaction.guild_id or 0, interaction.user.id, current)
        return [app_commands.Choice(name=t[:LABEL_LIMIT], value=t[:LABEL_LIMIT]) for t in found if t][:25]

    @puzzle.command(name="stats", description="Puzzle ratings")
    @app_commands.describe(user="Whose")
    async def stats(interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        who = _who(user or interaction.user)
        await run(
            app, interaction, lambda: app.core.puzzles.stats(interaction.guild_id or 0, who), "puzzle stats"
        )

    @puzzle.command(name="leaderboard", description="Top puzzle ratings")
    @app_commands.describe(family="Game or kind")
    @app_commands.autocomplete(family=family_choices)
    async def leaderboard(interaction: discord.Interaction, family: str | None = None) -> None:
        guild_id = interaction.guild_id or 0
        await run(
            app, interaction, lambda: app.core.puzzles.leaderboard(guild_id, family), "puzzle leaderboard"
        )

    @app_commands.command(name="train", description="Your worst positions")
    async def train(interaction: discord.Interaction) -> None:
        guild_id, who = interaction.guild_id or 0, _who(interaction.user)
        await run(app, interaction, lambda: app.core.puzzles.train(guild_id, who), "/minigam train")

    return [puzzle, train]


__all__ = ["PUZZLE_ITEMS", "card_view", "commands", "publish"]
