"""Publishing what the core decided, on Discord: each notice kind to messages, and the board bookkeeping.

A match has one current board: the message of its current version, the only one with working controls.
After a new board is posted, the core records it (under the match's lock, only while that version is
still current) and says which board it replaces; that one's controls are disabled. A board whose
version was already gone when it got posted (the match moved on meanwhile) disables its own controls.
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.app import analysis
from bot.app.lobby import lobby_view
from bot.app.views import challenge_view, controls_view, disabled_copy, mention_prefix
from bot.boards import Painter
from bot.core import (
    AnalysisReport,
    Board,
    ChallengeClosed,
    ChallengePosted,
    Core,
    Info,
    LobbyBoard,
    Message,
    Notice,
    Picture,
    Reply,
    Result,
    RetireBoard,
)
from bot.timing import BOARD, mark

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000


class Responder:
    """Answers one interaction: the first answer is the response (or fills a deferred one), the rest
    are followups."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.answered = False

    @property
    def thinking(self) -> bool:
        """Deferred with a "thinking…" message that still needs filling in."""
        kind = self.interaction.response.type
        return kind == discord.InteractionResponseType.deferred_channel_message and not self.answered

    async def send(
        self,
        content: str,
        *,
        ephemeral: bool = True,
        file: discord.File | None = None,
        view: discord.ui.View | None = None,
    ) -> None:
        content = clip(content)
        response = self.interaction.response
        extra: dict = {}
        if view is not None:
            extra["view"] = view
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


class Publisher:
    """Turns notices into Discord messages for ``client``, drawing boards with ``painter``."""

    def __init__(self, client: discord.Client, core: Core, painter: Painter) -> None:
        self.client = client
        self.core = core
        self.painter = painter
        self._challenge_messages: dict[int, asyncio.Future[int | None]] = {}

    async def publish(
        self, result: Result, interaction: discord.Interaction | None = None, *, ack: str | None = None
    ) -> None:
        """Post what the core decided; answer ``interaction`` (``ack`` if nothing else answered it)."""
        responder = Responder(interaction) if interaction is not None else None
        for notice in result.notices:
            try:
                await self._publish(notice, responder)
            except discord.HTTPException:
                log.exception("could not publish %s", type(notice).__name__)
        if responder is not None and not responder.answered and (ack or responder.thinking):
            try:
                await responder.send(ack or "Done.")
            except discord.HTTPException:
                log.exception("could not answer interaction %s", responder.interaction.id)

    async def _publish(self, notice: Notice, responder: Responder | None) -> None:
        match notice:
            case Reply():
                if responder is None:
                    return  # nobody asked (e.g. a sweep): nothing to answer
                file = await self.picture_file(notice.picture) if notice.picture is not None else None
                if notice.files:
                    name, data = notice.files[0]
                    file = discord.File(io.BytesIO(data), filename=name)
                view = None
                if notice.controls and notice.match_id is not None and notice.version is not None:
                    view = controls_view(notice.match_id, notice.version, notice.controls)
                await responder.send(notice.text, file=file, view=view)
            case Info():
                if responder is not None:
                    await responder.send(notice.text, ephemeral=False)
            case Board():
                await self._post_board(notice)
            case Message():
                channel = await self._channel(notice.channel_id)
                await channel.send(
                    clip(mention_prefix(notice.mention) + notice.text),
                    allowed_mentions=mentions(notice.mention),
                )
            case ChallengePosted():
                await self._post_challenge(notice)
            case ChallengeClosed():
                message_id = await self._challenge_message_id(notice, responder)
                if message_id is not None:
                    channel = await self._channel(notice.channel_id)
                    await channel.get_partial_message(message_id).edit(content=clip(notice.text), view=None)
            case RetireBoard():
                await self.retire(notice.channel_id, notice.message_id)
            case LobbyBoard():
                await self._publish_lobby(notice, responder)
            case AnalysisReport():
                await analysis.publish(notice, responder, self.painter)

    async def _publish_lobby(self, notice: LobbyBoard, responder: Responder | None) -> None:
        """Post a new lobby message, or edit the lobby's message to its new state (buttons while open)."""
        channel = await self._channel(notice.channel_id)
        view = lobby_view(notice.lobby_id, notice.version) if notice.open else None
        if notice.new:
            message = await channel.send(clip(notice.text), **({"view": view} if view else {}))
            await self.core.lobbies.message_posted(notice.lobby_id, message.id)
            return
        message_id = notice.message_id
        if message_id is None and responder is not None and responder.interaction.message is not None:
            message_id = responder.interaction.message.id  # clicked before the message was recorded
        if message_id is None:
            log.warning("lobby %s has no message to edit", notice.lobby_id)
            return
        await channel.get_partial_message(message_id).edit(content=clip(notice.text), view=view)

    async def _post_challenge(self, notice: ChallengePosted) -> None:
        channel = await self._channel(notice.channel_id)
        sent = self._challenge_messages[notice.challenge_id] = asyncio.get_running_loop().create_future()
        try:
            message = await channel.send(
                clip(mention_prefix(notice.mention) + notice.text),
                view=challenge_view(notice.challenge_id),
                allowed_mentions=mentions(notice.mention),
            )
        except BaseException:
            sent.set_result(None)
            raise
        sent.set_result(message.id)
        await self.core.challenges.message_posted(notice.challenge_id, message.id)

    async def _challenge_message_id(self, notice: ChallengeClosed, responder: Responder | None) -> int | None:
        """The message holding a challenge's buttons, even if it is still being posted."""
        message_id = notice.message_id
        sent = self._challenge_messages.pop(notice.challenge_id, None)
        if message_id is None and sent is not None:
            message_id = await asyncio.wait_for(asyncio.shield(sent), 30)
        if message_id is None and responder is not None and responder.interaction.message is not None:
            message_id = responder.interaction.message.id
        return message_id

    async def _post_board(self, notice: Board) -> None:
        """Post a new board; then the board it replaces, or this one if it is already stale, is retired."""
        channel = await self._channel(notice.channel_id)
        extra: dict = {"file": await self.picture_file(notice.picture)}
        view = controls_view(notice.match_id, notice.version, notice.controls)
        if view is not None:
            extra["view"] = view
        message = await channel.send(
            clip(mention_prefix(notice.mention) + notice.text),
            allowed_mentions=mentions(notice.mention),
            **extra,
        )
        mark(BOARD)
        recorded, replaced = await self.core.matches.board_posted(notice.match_id, notice.version, message.id)
        if replaced is None and notice.final and notice.replaces != message.id:
            replaced = notice.replaces  # the match is over: the board before it is retired from the notice
        if replaced is not None:
            await self.retire(notice.channel_id, replaced)
        if not recorded and view is not None:
            await self._disable(message)  # the match moved on while this board was being posted

    async def retire(self, channel_id: int, message_id: int) -> None:
        """Disable the controls of the message ``message_id``."""
        channel = await self._channel(channel_id)
        try:
            message = await channel.fetch_message(message_id)
            await self._disable(message)
        except discord.NotFound:
            log.info("board message %s is gone; nothing to disable", message_id)

    async def _disable(self, message: discord.Message) -> None:
        view = disabled_copy(message)
        if view is not None:
            await message.edit(view=view)

    async def picture_file(self, picture: Picture) -> discord.File:
        png, alt = await self.painter.draw(
            picture.game, picture.names, picture.perspective, picture.score, picture.footer
        )
        return discord.File(io.BytesIO(png), filename="board.png", description=alt)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel


def mentions(user_id: int | None) -> discord.AllowedMentions:
    if user_id is None:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


def clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


__all__ = ["Publisher", "Responder", "clip", "mentions"]
