"""Threads for matches, on Discord: the :class:`~bot.core.venue.Venue` of one command or click.

A match started from a text channel where the bot may open public threads and write in them is played in
a thread of its own: opened from the challenge's or the lobby's message (which stays in the channel, with
the thread's link under it), or on its own for a game against the computer (Discord then shows "started a
thread" in the channel). Anywhere else (a thread already, a voice channel's chat, missing permissions) the
match is played where it was started. The permissions are the ones Discord sends with the interaction.
"""

from __future__ import annotations

import logging

import discord

from bot.models import ChannelProblem

log = logging.getLogger(__name__)

AUTO_ARCHIVE_MINUTES = (
    10080  # Discord hides a thread after a week without messages; the bot archives it sooner
)


class InteractionVenue:
    """Opens threads under the channel of ``interaction``."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    def opens_threads(self, channel_id: int) -> bool:
        channel = self.interaction.channel
        if not isinstance(channel, discord.TextChannel) or channel.id != channel_id:
            return False
        allowed = self.interaction.app_permissions
        return allowed.create_public_threads and allowed.send_messages_in_threads

    def channel_problem(self, channel_id: int) -> ChannelProblem | None:
        """From the server as the bot knows it (its cache): the channel, and the bot's permissions there."""
        guild = self.interaction.guild
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if guild is None or channel is None:
            return ChannelProblem.NOT_IN_SERVER
        if not isinstance(channel, discord.abc.Messageable):
            return ChannelProblem.NOT_TEXT
        if guild.me is None:
            return None  # the bot's own member is not known yet: nothing to say against it
        allowed = channel.permissions_for(guild.me)
        if not allowed.view_channel:
            return ChannelProblem.HIDDEN
        if not allowed.send_messages:
            return ChannelProblem.MUTE
        return None

    def parent_of(self, channel_id: int) -> int | None:
        channel = self.interaction.channel
        if isinstance(channel, discord.Thread) and channel.id == channel_id:
            return channel.parent_id
        return None

    async def open_thread(
        self, channel_id: int, title: str, *, anchor: int | None, people: tuple[int, ...]
    ) -> int | None:
        channel = self.interaction.channel
        if not isinstance(channel, discord.TextChannel) or channel.id != channel_id:
            return None
        return await open_thread_in(channel, title, anchor=anchor, people=people)


class ChannelVenue:
    """Opens threads under any text channel of the bot's, outside an interaction (a tournament's next
    match, started when another ends or by the clock), with the permissions the bot's cache knows."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    def _text_channel(self, channel_id: int) -> discord.TextChannel | None:
        channel = self.client.get_channel(channel_id)
        return channel if isinstance(channel, discord.TextChannel) else None

    def opens_threads(self, channel_id: int) -> bool:
        channel = self._text_channel(channel_id)
        if channel is None:
            return False
        me = channel.guild.me
        if me is None:
            return True  # the bot's own member is not known yet: try, and play in the channel if refused
        allowed = channel.permissions_for(me)
        return allowed.create_public_threads and allowed.send_messages_in_threads

    def channel_problem(self, channel_id: int) -> ChannelProblem | None:
        return None if self.client.get_channel(channel_id) is not None else ChannelProblem.NOT_IN_SERVER

    def parent_of(self, channel_id: int) -> int | None:
        channel = self.client.get_channel(channel_id)
        return channel.parent_id if isinstance(channel, discord.Thread) else None

    async def open_thread(
        self, channel_id: int, title: str, *, anchor: int | None, people: tuple[int, ...]
    ) -> int | None:
        channel = self._text_channel(channel_id)
        if channel is None:
            return None
        return await open_thread_in(channel, title, anchor=anchor, people=people)


async def open_thread_in(
    channel: discord.TextChannel, title: str, *, anchor: int | None, people: tuple[int, ...]
) -> int | None:
    """A public thread under ``channel`` (from message ``anchor``, else on its own) with ``people`` added;
    ``None`` if Discord refuses it (the match is then played in the channel)."""
    try:
        if anchor is not None:
            thread = await channel.create_thread(
                name=title, message=discord.Object(anchor), auto_archive_duration=AUTO_ARCHIVE_MINUTES
            )
        else:
            thread = await channel.create_thread(
                name=title, type=discord.ChannelType.public_thread, auto_archive_duration=AUTO_ARCHIVE_MINUTES
            )
    except discord.HTTPException as exc:
        log.warning("could not open a thread in channel %s (%s); the match is played there", channel.id, exc)
        return None
    for user_id in people:
        try:
            await thread.add_user(discord.Object(user_id))
        except discord.HTTPException as exc:
            log.info("could not add user %s to thread %s: %s", user_id, thread.id, exc)
    return thread.id


__all__ = ["AUTO_ARCHIVE_MINUTES", "ChannelVenue", "InteractionVenue", "open_thread_in"]
