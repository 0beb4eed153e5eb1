"""A hint's **More plays** on Discord: the next page of the plays, in place of the page clicked.

The button is a match button (``mg:<match_id>:<version>:hints:<page>``, :class:`~bot.app.views.MatchButton`)
for the player to act only, at the version the hint was given for: once the match moves on, a click is
refused as out of date. Computing the page can take a moment (every play is valued), so the click is
deferred first and the message is then edited.
"""

from __future__ import annotations

import discord

from bot.app.views import controls_view
from bot.core import Core, Reply
from bot.models import PlayerRef


async def more_plays(
    core: Core, interaction: discord.Interaction, match_id: int, version: int, user: PlayerRef, page: str
) -> None:
    """Answer a click on **More plays** (``page``: the page wanted) by editing the clicked message."""
    await interaction.response.defer()  # a component's deferral: the clicked message is edited next
    result = await core.matches.hint_page(match_id, version, user, int(page) if page.isdecimal() else 0)
    (reply,) = result.notices
    assert isinstance(reply, Reply)
    view = controls_view(match_id, version, reply.controls) if reply.controls else None
    await interaction.edit_original_response(content=reply.text, view=view)


__all__ = ["more_plays"]
