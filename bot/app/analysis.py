"""Post-game analysis on Discord: ``/minigam analyse [game]`` and the Analyse button of every game's last
board.

The button's custom id is ``mga:<game_id>``: an :class:`AnalyseButton` (a ``DynamicItem``, registered at
start-up) works after a restart and on every old board, for anyone who clicks it. The answer goes only to
whoever asked (ephemeral): the channel stays free for the games, someone can look at a game without the
players being told, and anyone can ask again (the analysis is stored, so it comes back at once).

An answer is a chart and up to three boards per player (after a backgammon match's last game, the whole
match's totals too), as embeds with their pictures attached: as many messages as Discord's limits need (10
embeds, 10 attachments and 6,000 characters of embeds per message), a two-player game in one.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.app import options
from bot.app.protocol import App
from bot.core.notices import AnalysisReport
from bot.texts import analysis as words
from bot.texts.refusals import RESTARTING
from bot.workers.analysis_drawing import CHART_FILE, DrawnPicture, draw_analysis, worst_filename
from images.chart import SERIES_COLOURS

if TYPE_CHECKING:
    from bot.workers.drawing import Painter

log = logging.getLogger(__name__)

ANALYSE_TEMPLATE = r"mga:(?P<game_id>\d+)"
MAX_EMBEDS = 10
MAX_FILES = 10
MAX_EMBED_CHARS = 6000  # all the embeds of one message together
TITLE_LIMIT = 256
NEUTRAL = discord.Colour.dark_grey()
GameNumber = options.integer(1)  # a game's id: any the store gives, up to Discord's largest integer


class Answering(Protocol):
    """The answer to one interaction being given (:class:`bot.app.publisher.Responder`)."""

    interaction: discord.Interaction
    answered: bool

    @property
    def thinking(self) -> bool: ...


def analyse_custom_id(game_id: int) -> str:
    return f"mga:{game_id}"


async def answer(app: App, interaction: discord.Interaction, game_id: int | None) -> None:
    """Answer ``interaction`` with the analysis of ``game_id`` (default: the game that finished last in
    the channel), for the one who asked."""
    try:
        if getattr(app, "closing", False):
            await interaction.response.send_message(RESTARTING, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with app.runner.busy():
            result = await app.core.analyses.report(
                interaction.guild_id or 0, interaction.channel_id or 0, game_id, user_id=interaction.user.id
            )
            await app.deliver(result, interaction)
    except Exception as exc:  # every request gets an answer
        await app.report_error(interaction, exc, f"the analysis of game {game_id}")


class AnalyseButton(discord.ui.DynamicItem[discord.ui.Button], template=ANALYSE_TEMPLATE):
    """Analyse: on a game's last board, for anyone."""

    def __init__(self, game_id: int, *, row: int | None = None) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=words.ANALYSE_LABEL,
                style=discord.ButtonStyle.secondary,
                emoji="\N{MICROSCOPE}",
                custom_id=analyse_custom_id(game_id),
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnalyseButton:
        return cls(int(match["game_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction.client, interaction, self.game_id)  # type: ignore[arg-type]


def is_analyse_item(custom_id: str) -> bool:
    """Whether a component is an Analyse button (it stays usable when a board is retired)."""
    return re.fullmatch(ANALYSE_TEMPLATE, custom_id) is not None


def commands(app: App) -> list[app_commands.Command]:
    """``/minigam analyse``, for the ``/minigam`` group."""

    @app_commands.command(name="analyse", description="A finished game's analysis: what each player lost")
    @app_commands.describe(
        game="A game's number (see /minigam history); default: the last game finished in this channel"
    )
    async def analyse(interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        await answer(app, interaction, game)

    @analyse.autocomplete("game")
    async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await app.core.analyses.choices(interaction.guild_id or 0, interaction.user.id, str(current))
        return [app_commands.Choice(name=label, value=game_id) for game_id, label in found[:25]]

    return [analyse]


# ---------------------------------------------------------------------- the answer


@dataclass(frozen=True, slots=True)
class Card:
    """One embed of the answer and the picture it shows."""

    embed: discord.Embed
    picture: DrawnPicture | None


def cards(report: AnalysisReport, pictures: Sequence[DrawnPicture]) -> list[Card]:
    """The overview with the chart, then each player's worst decisions with their boards."""
    by_name = {p.filename: p for p in pictures}
    analysis = report.analysis
    overview = discord.Embed(
        title=_clip(report.heading, TITLE_LIMIT),
        description=f"{report.outcome}\n{words.source_line(analysis)}\n{words.CHART_MARKS}",
        colour=NEUTRAL,
    )
    for summary in analysis.players:
        name = report.names[summary.player]
        overview.add_field(
            name=_clip(name, TITLE_LIMIT), value=words.player_summary(analysis, summary), inline=True
        )
    out = [_with_picture(overview, by_name.get(CHART_FILE))]
    if report.match_totals:
        whole = discord.Embed(
            title=_clip(words.match_title(report.match_games), TITLE_LIMIT),
            description=words.MATCH_PR,
            colour=NEUTRAL,
        )
        for summary in report.match_totals:
            name = _clip(report.names[summary.player], TITLE_LIMIT)
            whole.add_field(name=name, value=words.match_summary(summary), inline=True)
        out.append(Card(whole, None))
    for summary in analysis.players:
        name = report.names[summary.player]
        colour = discord.Colour.from_rgb(*SERIES_COLOURS[summary.player % len(SERIES_COLOURS)])
        for rank, review in enumerate(summary.worst, start=1):
            embed = discord.Embed(
                title=_clip(words.worst_title(name, rank, review), TITLE_LIMIT),
                description=words.worst_text(analysis, review),
                colour=colour,
            )
            out.append(_with_picture(embed, by_name.get(worst_filename(summary.player, rank))))
    return out


def _with_picture(embed: discord.Embed, picture: DrawnPicture | None) -> Card:
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return Card(embed, picture)


def pages(all_cards: Sequence[Card]) -> list[list[Card]]:
    """The cards in order, as few messages as Discord's limits allow."""
    out: list[list[Card]] = []
    page: list[Card] = []
    chars = files = 0
    for card in all_cards:
        size, file = len(card.embed), int(card.picture is not None)
        if page and (len(page) == MAX_EMBEDS or files + file > MAX_FILES or chars + size > MAX_EMBED_CHARS):
            out.append(page)
            page, chars, files = [], 0, 0
        page.append(card)
        chars += size
        files += file
    if page:
        out.append(page)
    return out


async def publish(report: AnalysisReport, responder: Answering | None, painter: Painter) -> None:
    """Draw the analysis's pictures (in the drawing workers) and answer whoever asked."""
    if responder is None:
        return  # nobody asked: nothing to answer
    pictures = await painter.workers.run(
        draw_analysis, report.variant, report.events, report.match, report.analysis, report.names
    )
    interaction = responder.interaction
    for page in pages(cards(report, pictures)):
        embeds = [card.embed for card in page]
        files = [_file(card.picture) for card in page if card.picture is not None]
        if not interaction.response.is_done():
            await interaction.response.send_message(embeds=embeds, files=files, ephemeral=True)
        elif responder.thinking:
            await interaction.edit_original_response(content=None, embeds=embeds, attachments=files)
        else:
            await interaction.followup.send(embeds=embeds, files=files, ephemeral=True)
        responder.answered = True


def _file(picture: DrawnPicture) -> discord.File:
    return discord.File(io.BytesIO(picture.png), filename=picture.filename, description=picture.description)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


__all__ = [
    "AnalyseButton",
    "analyse_custom_id",
    "answer",
    "cards",
    "commands",
    "is_analyse_item",
    "pages",
    "publish",
]
