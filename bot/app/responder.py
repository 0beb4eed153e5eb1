"""Answering one interaction, in as few requests as it takes.

Discord wants every interaction answered within 3 seconds, and the answer is a request of its own. A
:class:`Responder` made with ``hold`` keeps the answer back while the core acts, so that the answer can be
the action's first effect itself: a command's or a click's new board (or a challenge) as its public reply
(:meth:`post`), or a board edited as the click's message update (:meth:`update`); after an update, the new
board is its followup (:meth:`follow`). One request then does what a deferral and a later message did in
two, the ephemeral "Played." that followed a deferral is not needed at all, and every one of these is on
Discord's interaction routes, outside its global limit (see :mod:`bot.app.links`). Should nothing have
answered ``hold`` seconds after the responder was made, it defers as it always did, and everything after
goes the long way: the deadline is never at risk.
"""

from __future__ import annotations

import asyncio
import logging

import discord

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
HOLD = 0.3
"""Seconds an answer may be held back for the action's first effect (Discord's limit is 3)."""


class Responder:
    """Answers one interaction: the first answer is the response (or fills a deferred one), the rest
    are followups.

    With ``hold``, nothing is sent until something answers or ``hold`` seconds pass; then it defers:
    privately ("thinking…", filled in later) if ``private``, else as a click's silent update."""

    def __init__(
        self, interaction: discord.Interaction, *, hold: float | None = None, private: bool = True
    ) -> None:
        self.interaction = interaction
        self.answered = False
        self.private = private
        self._lock = asyncio.Lock()
        self._guard: asyncio.TimerHandle | None = None
        self._deferring: asyncio.Task[None] | None = None
        if hold is not None:
            self._guard = asyncio.get_running_loop().call_later(hold, self._defer_now)

    @property
    def thinking(self) -> bool:
        """Deferred with a "thinking…" message that still needs filling in."""
        kind = self.interaction.response.type
        return kind == discord.InteractionResponseType.deferred_channel_message and not self.answered

    @property
    def answered_with_message(self) -> bool:
        """Answered by a whole message, or a message's update (not a deferral still to be filled, after
        which Discord makes the first followup fill it): followups may come after it."""
        kind = self.interaction.response.type
        return kind in (
            discord.InteractionResponseType.channel_message,
            discord.InteractionResponseType.message_update,
        )

    @property
    def done(self) -> bool:
        return self.interaction.response.is_done()

    def _defer_now(self) -> None:
        self._deferring = asyncio.create_task(self.defer(), name=f"minigam-defer-{self.interaction.id}")

    async def defer(self) -> None:
        """Defer, unless something answered already."""
        async with self._lock:
            if self.done:
                return
            try:
                if self.private:
                    await self.interaction.response.defer(ephemeral=True, thinking=True)
                else:
                    await self.interaction.response.defer()
            except discord.HTTPException as exc:
                log.warning("could not defer interaction %s: %s", self.interaction.id, exc)

    async def send(
        self,
        content: str,
        *,
        ephemeral: bool = True,
        file: discord.File | None = None,
        view: discord.ui.View | None = None,
        embed: discord.Embed | None = None,
    ) -> None:
        content = clip(content)
        response = self.interaction.response
        extra: dict = {}
        if view is not None:
            extra["view"] = view
        if embed is not None:
            extra["embed"] = embed
        async with self._lock:
            if not response.is_done():
                if file is not None:
                    extra["file"] = file
                await response.send_message(content, ephemeral=ephemeral, **extra)
            elif self.thinking:
                await self.interaction.edit_original_response(
                    content=content, attachments=[file] if file is not None else [], **extra
                )
            else:
                if file is not None:
                    extra["file"] = file
                await self.interaction.followup.send(content, ephemeral=ephemeral, **extra)
            self.answered = True

    async def post(
        self,
        channel_id: int,
        content: str,
        *,
        file: discord.File | None = None,
        view: discord.ui.View | None,
        allowed_mentions: discord.AllowedMentions,
    ) -> int | None:
        """Post a public message in ``channel_id`` as the reply to this slash command or click, if it is
        still unanswered and was made there (a click: on a public message); its message id, or None
        (nothing sent: post it the usual way)."""
        if not self._public_here(channel_id):
            return None
        async with self._lock:
            if self.done:
                return None
            extra: dict = {"view": view} if view is not None else {}
            if file is not None:
                extra["file"] = file
            try:
                callback = await self.interaction.response.send_message(
                    clip(content), allowed_mentions=allowed_mentions, **extra
                )
            except discord.HTTPException as exc:
                log.warning("could not reply to interaction %s: %s", self.interaction.id, exc)
                return None
            self.answered = True
            return callback.message_id

    async def follow(
        self,
        channel_id: int,
        content: str,
        *,
        file: discord.File,
        view: discord.ui.View | None,
        allowed_mentions: discord.AllowedMentions,
    ) -> int | None:
        """Post a public message in ``channel_id`` as a followup of this click, already answered by
        updating (or deferring an update of) its message, if it was made there; its message id, or None
        (nothing sent: post it the usual way). Like the reply, it is outside Discord's global limit."""
        kind = self.interaction.response.type
        updated = kind in (
            discord.InteractionResponseType.message_update,
            discord.InteractionResponseType.deferred_message_update,
        )
        if not updated or not self._public_here(channel_id):
            return None
        extra: dict = {"view": view} if view is not None else {}
        try:
            message = await self.interaction.followup.send(
                clip(content), file=file, allowed_mentions=allowed_mentions, wait=True, **extra
            )
        except discord.HTTPException as exc:
            log.warning("could not follow up interaction %s: %s", self.interaction.id, exc)
            return None
        return message.id

    def _public_here(self, channel_id: int) -> bool:
        """Made in ``channel_id``: a slash command, or a click on a public message."""
        if self.interaction.channel_id != channel_id:
            return False
        if self.interaction.type is discord.InteractionType.application_command:
            return True
        message = self.interaction.message
        return (
            self.interaction.type is discord.InteractionType.component
            and message is not None
            and not message.flags.ephemeral
        )

    async def update(self, message_id: int, **fields) -> bool:
        """Edit message ``message_id`` as the answer to this click, if it is still unanswered and was a
        click on that message; whether it did (if not: edit it the usual way)."""
        message = self.interaction.message
        if self.interaction.type is not discord.InteractionType.component or message is None:
            return False
        if message.id != message_id:
            return False
        async with self._lock:
            if self.done:
                return False
            try:
                await self.interaction.response.edit_message(**fields)
            except discord.HTTPException as exc:
                log.warning(
                    "could not update message %s for interaction %s: %s", message_id, self.interaction.id, exc
                )
                return False
            self.answered = True
            return True

    async def stop(self) -> None:
        """Hold the answer back no longer: no deferral from now on, and one under way has finished."""
        if self._guard is not None:
            self._guard.cancel()
        if self._deferring is not None:
            await self._deferring

    async def finish(self, ack: str | None) -> None:
        """After everything was published: fill in a deferral, or answer with ``ack`` what nothing
        answered; a click's update needs no words, anything else gets at least "Done." (an unanswered
        interaction shows the member a failure)."""
        await self.stop()
        if not self.answered and (ack or self.thinking):
            await self.send(ack or "Done.")
        elif not self.done:
            if self.private:
                await self.send("Done.")
            else:
                await self.defer()


def clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"
