"""The bot's own public messages that are kept current (a lobby's, a tournament's sign-up): the channel
they are in, and posting one or editing it to its new state."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app.responder import Responder, clip

log = logging.getLogger(__name__)


async def channel_of(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    """The channel (or thread) ``channel_id``, from the cache or else from Discord."""
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def post_or_edit(
    channel: discord.abc.Messageable,
    text: str,
    view: discord.ui.View | None,
    *,
    new: bool,
    message_id: int | None,
    responder: Responder | None,
    posted: Callable[[int], Awaitable[None]],
    what: str,
    **send: Any,
) -> None:
    """Post ``text`` (with ``view``'s buttons, if any) as a new message whose id ``posted`` records, when
    ``new``; else edit message ``message_id`` to it: the clicked message when its id is not recorded yet.
    ``what`` names the message in a warning when there is none to edit; ``send``: more for a new post."""
    if new:
        message = await channel.send(clip(text), **({"view": view} if view else {}), **send)
        await posted(message.id)
        return
    if message_id is None and responder is not None and responder.interaction.message is not None:
        message_id = responder.interaction.message.id  # clicked before the message was recorded
    if message_id is None:
        log.warning("%s has no message to edit", what)
        return
    await channel.get_partial_message(message_id).edit(content=clip(text), view=view)


__all__ = ["channel_of", "post_or_edit"]
