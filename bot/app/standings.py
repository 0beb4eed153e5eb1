"""Leaderboards and a player's card as embeds, within Discord's limits at any size.

A leaderboard message shows one page (:class:`~bot.core.standings.StandingsPage`) with Previous and Next
buttons, ``mgb:<asked>:<page>`` (``*``: every game): a :class:`PageButton` (a ``DynamicItem``, registered at
start-up) reads that page from the core again when clicked, after a restart too, and edits the message.
Anyone may page through it. ``/minigam stats`` answers with the player's card and, when they have rated
results, their rating over time as a picture drawn in the drawing workers.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.app.protocol import App
from bot.core.standings import PlayerStats, RatingChart, StandingsPage
from bot.texts import standings as words
from bot.workers.drawing import Painter
from engine import find_variant

log = logging.getLogger(__name__)

# Discord's embed limits.
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELDS_LIMIT = 25
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
COLOUR = discord.Colour(0xFFC400)  # the boards' highlight
CHART_FILE = "rating.png"
PAGE_TEMPLATE = r"mgb:(?P<asked>[*a-z-]+):(?P<page>\d+)"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bounded_embed(
    title: str,
    description: str = "",
    *,
    fields: Sequence[tuple[str, str]] = (),
    footer: str = "",
    code_lines: Sequence[str] = (),
) -> discord.Embed:
    """An embed that keeps every limit of Discord's: a title, a description (``code_lines`` go in a code
    block after it, as many whole lines as fit), up to 25 fields, a footer, 6000 characters in all."""
    title = _clip(title, TITLE_LIMIT)
    footer = _clip(footer, FOOTER_LIMIT)
    budget = EMBED_TOTAL_LIMIT - len(title) - len(footer)
    text = _clip(description, min(DESCRIPTION_LIMIT, budget))
    if code_lines:
        block: list[str] = []
        room = min(DESCRIPTION_LIMIT, budget) - len(text) - len("\n```\n```") - 2
        for line in code_lines:
            if len(line) + 1 > room:
                break
            block.append(line)
            room -= len(line) + 1
        if block:
            text = (text + "\n" if text else "") + "```\n" + "\n".join(block) + "\n```"
    embed = discord.Embed(title=title, description=text or None, colour=COLOUR)
    budget -= len(text)
    for name, value in fields[:FIELDS_LIMIT]:
        name, value = _clip(name, FIELD_NAME_LIMIT), _clip(value, FIELD_VALUE_LIMIT)
        if len(name) + len(value) > budget:
            break
        embed.add_field(name=name, value=value, inline=True)
        budget -= len(name) + len(value)
    if footer:
        embed.set_footer(text=footer)
    return embed


# ---------------------------------------------------------------------- leaderboards
def standings_embed(page: StandingsPage) -> discord.Embed:
    title = words.standings_title(page)
    if not page.rows:
        return bounded_embed(title, words.standings_empty(page))
    return bounded_embed(title, code_lines=words.standings_lines(page), footer=words.standings_footer(page))


def page_custom_id(asked: str | None, page: int) -> str:
    return f"mgb:{asked or '*'}:{page}"


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=PAGE_TEMPLATE):
    """Previous or Next under a leaderboard: shows page ``page`` of it."""

    def __init__(self, asked: str | None, page: int, label: str = "Page", disabled: bool = False) -> None:
        self.asked = asked
        self.page = page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=page_custom_id(asked, page),
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        asked = match["asked"]
        return cls(None if asked == "*" else asked, int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        app: App = interaction.client  # type: ignore[assignment]
        try:
            page = await app.core.records.page(interaction.guild_id or 0, self.asked, self.page)
            if page is None:
                await interaction.response.edit_message(view=None)
                return
            await interaction.response.edit_message(embed=standings_embed(page), view=pages_view(page))
        except Exception as exc:  # every click gets an answer
            await app.report_error(interaction, exc, f"leaderboard page {self.page}")


def pages_view(page: StandingsPage) -> discord.ui.View | None:
    """Previous and Next, when there is more than one page."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    back, on = page.page - 1, page.page + 1
    view.add_item(PageButton(page.asked, max(back, 0), "◀ Previous", disabled=back < 0))
    view.add_item(PageButton(page.asked, min(on, page.pages - 1), "Next ▶", disabled=on >= page.pages))
    return view


# ---------------------------------------------------------------------- a player's card
def card_embed(stats: PlayerStats, *, chart: bool) -> discord.Embed:
    embed = bounded_embed(words.card_title(stats), words.card_record(stats), fields=words.card_fields(stats))
    if chart:
        embed.set_image(url=f"attachment://{CHART_FILE}")
    return embed


async def chart_file(painter: Painter, chart: RatingChart) -> discord.File:
    series = [(find_variant(v).title, points) for v, points in chart.series]
    png = await painter.chart(words.chart_title(chart.name), series)
    return discord.File(io.BytesIO(png), filename=CHART_FILE, description=words.chart_title(chart.name))


PAGE_ITEMS = (PageButton,)


__all__ = [
    "PAGE_ITEMS",
    "PageButton",
    "bounded_embed",
    "card_embed",
    "chart_file",
    "pages_view",
    "standings_embed",
]
