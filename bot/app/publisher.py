"""Publishing what the core decided, on Discord: each notice kind to messages, and the board bookkeeping.

A match has one current board: the message of its current version, the only one with a picture and
working controls. After a board is posted (or edited in place: the same person acts again), the core
records it (under the match's lock, only while that version is still current) and says which board it
replaces; that one is edited down to its one-line record, without its picture and controls, so a thread
reads as a list of plays. A board whose version was already gone when it got posted (the match moved on
meanwhile) becomes its own record at once. While the computer thinks, the channel shows Discord's typing
indicator instead of a board.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import AsyncIterator, Callable

import discord

from bot.app import analysis, puzzles, tournaments
from bot.app.budget import TYPING_BURST, TYPING_PER_SECOND, Budget
from bot.app.links import BoardLinks
from bot.app.lobby import lobby_view
from bot.app.messages import channel_of, post_or_edit
from bot.app.responder import Responder, clip
from bot.app.standings import card_embed, chart_file, pages_view, standings_embed
from bot.app.views import challenge_view, controls_view, disabled_copy, mention_prefix
from bot.core import (
    AnalysisReport,
    ArchiveThread,
    Board,
    ChallengeClosed,
    ChallengePosted,
    ControlsChanged,
    Core,
    EditedBoard,
    Info,
    LastBoard,
    LobbyBoard,
    Message,
    Notice,
    Picture,
    PlayerCard,
    Reply,
    Result,
    RetireBoard,
    Standings,
)
from bot.core.notices import PuzzleCard, TournamentBoard, TournamentNews
from bot.store import Unavailable
from bot.timing import BOARD, mark
from bot.workers.drawing import Painter

log = logging.getLogger(__name__)

TYPING_REFRESH = 8.0  # seconds: Discord shows "typing" for about 10 s after each request


class Publisher:
    """Turns notices into Discord messages for ``client``, drawing boards with ``painter``."""

    def __init__(self, client: discord.Client, core: Core, painter: Painter) -> None:
        self.client = client
        self.core = core
        self.painter = painter
        self._challenge_messages: dict[int, asyncio.Future[int | None]] = {}
        self.links = BoardLinks()  # boards posted as an interaction's reply: edited through it
        self.typing_budget = Budget(TYPING_PER_SECOND, TYPING_BURST)  # of Discord's global limit

    async def publish(
        self,
        result: Result,
        interaction: discord.Interaction | Responder | None = None,
        *,
        ack: str | None = None,
    ) -> None:
        """Post what the core decided; answer ``interaction`` (``ack`` if nothing else answered it). A
        :class:`Responder` holding its answer back lets the first board or edit be the answer."""
        responder = Responder(interaction) if isinstance(interaction, discord.Interaction) else interaction
        for notice in result.notices:
            try:
                await self._publish(notice, responder)
            except discord.HTTPException:
                log.exception("could not publish %s", type(notice).__name__)
            except Unavailable as exc:
                # The action was stored before: only which message shows it is not (a board not recorded
                # is posted again at the next start). The answer must not say that nothing changed.
                log.warning(
                    "%s posted; which message shows it was not recorded: %s", type(notice).__name__, exc
                )
        if responder is not None:
            try:
                await responder.finish(ack)
            except discord.HTTPException:
                log.exception("could not answer interaction %s", responder.interaction.id)
            if responder.answered_with_message:
                for match_id in result.computer_matches:
                    self.links.answered(match_id, responder.interaction)  # its board can follow it

    async def _publish(self, notice: Notice, responder: Responder | None) -> None:
        match notice:
            case Reply():
                if responder is None:
                    return  # nobody asked (e.g. a sweep): nothing to answer
                if notice.confirmation and responder.answered:
                    return  # the answer already shows it
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
            case Standings():
                if responder is not None:
                    await self._standings(notice, responder)
            case PlayerCard():
                if responder is not None:
                    file = await chart_file(self.painter, notice.chart) if notice.chart else None
                    embed = card_embed(notice.stats, chart=file is not None)
                    await responder.send("", ephemeral=False, embed=embed, file=file)
            case Board():
                await self._post_board(notice, responder)
            case Message():
                channel = await self._channel(notice.channel_id)
                await channel.send(
                    clip(mention_prefix(notice.mention) + notice.text),
                    allowed_mentions=mentions(notice.mention),
                )
            case ChallengePosted():
                await self._post_challenge(notice, responder)
            case ChallengeClosed():
                message_id = await self._challenge_message_id(notice, responder)
                text = clip(notice.text)
                if message_id is not None and not (
                    responder is not None and await responder.update(message_id, content=text, view=None)
                ):
                    channel = await self._channel(notice.channel_id)
                    await channel.get_partial_message(message_id).edit(content=text, view=None)
            case RetireBoard():
                await self.retire(notice, responder)
            case LobbyBoard():
                await self._publish_lobby(notice, responder)
            case ArchiveThread():
                await self._archive(notice.channel_id)
            case ControlsChanged():
                channel = await self._channel(notice.channel_id)
                view = controls_view(notice.match_id, 0, notice.controls)  # keeps its text and picture
                await channel.get_partial_message(notice.message_id).edit(view=view)
            case AnalysisReport():
                await analysis.publish(notice, responder, self.painter)
            case PuzzleCard():
                await puzzles.publish(notice, responder, self)
            case TournamentBoard() | TournamentNews():
                await tournaments.publish(notice, responder, self)

    async def _publish_lobby(self, notice: LobbyBoard, responder: Responder | None) -> None:
        """Post a new lobby message, or edit the lobby's message to its new state (buttons while open)."""
        await post_or_edit(
            await self._channel(notice.channel_id),
            notice.text,
            lobby_view(notice.lobby_id, notice.version) if notice.open else None,
            new=notice.new,
            message_id=notice.message_id,
            responder=responder,
            posted=functools.partial(self.core.lobbies.message_posted, notice.lobby_id),
            what=f"lobby {notice.lobby_id}",
        )

    async def _post_challenge(self, notice: ChallengePosted, responder: Responder | None) -> None:
        """The challenge's message: the reply to ``/minigam challenge`` where it can be (one request,
        outside Discord's global limit), else a message of its own."""
        sent = self._challenge_messages[notice.challenge_id] = asyncio.get_running_loop().create_future()
        message_id: int | None = None
        try:
            text = clip(mention_prefix(notice.mention) + notice.text)
            view, allowed = challenge_view(notice.challenge_id), mentions(notice.mention)
            if responder is not None:
                message_id = await responder.post(
                    notice.channel_id, text, view=view, allowed_mentions=allowed
                )
            if message_id is None:
                channel = await self._channel(notice.channel_id)
                message_id = (await channel.send(text, view=view, allowed_mentions=allowed)).id
        finally:
            sent.set_result(message_id)
        await self.core.challenges.message_posted(notice.challenge_id, message_id)

    async def _challenge_message_id(self, notice: ChallengeClosed, responder: Responder | None) -> int | None:
        """The message holding a challenge's buttons, even if it is still being posted."""
        message_id = notice.message_id
        sent = self._challenge_messages.pop(notice.challenge_id, None)
        if message_id is None and sent is not None:
            message_id = await asyncio.wait_for(asyncio.shield(sent), 30)
        if message_id is None and responder is not None and responder.interaction.message is not None:
            message_id = responder.interaction.message.id
        return message_id

    async def _post_board(self, board: Board, responder: Responder | None = None) -> None:
        """Post ``board`` as its kind says (the match's board edited into it, or a new message); then the
        core records it and says which boards no longer apply, and those are retired to their records."""
        picture = await self.picture(board.picture)  # a fresh file each time: a sent file is closed
        view = controls_view(board.match_id, board.version, board.controls)
        match board:
            case EditedBoard(message_id=edit):
                message_id = await self._edit_board(board, edit, picture, view, responder)
                if message_id is None:  # gone: posted anew, in the channel
                    message_id = await self._send_board(board, picture, view, None)
            case _:
                message_id = await self._send_board(board, picture, view, responder)
        if not isinstance(board, LastBoard) or board.match_over:  # else the next game's board is the turn's
            mark(BOARD)
        for retired in await self.core.board_posted(board, message_id):
            await self.retire(retired, responder)

    async def _edit_board(
        self,
        board: Board,
        message_id: int,
        picture: Callable[[], discord.File],
        view: discord.ui.View | None,
        responder: Responder | None,
    ) -> int | None:
        """Edit the board ``message_id`` into ``board``: as the answer to a click on it, where ``responder``
        can; else through the interaction that posted it (:mod:`bot.app.links`); else in the channel.
        ``None`` if it is gone."""
        fields = {"content": clip(board.text), "view": view}
        if responder is not None and await responder.update(message_id, attachments=[picture()], **fields):
            return message_id
        if await self.links.edit(message_id, attachments=[picture()], **fields):
            return message_id
        channel = await self._channel(board.channel_id)
        try:
            return (await channel.get_partial_message(message_id).edit(attachments=[picture()], **fields)).id
        except discord.NotFound:
            log.info("board %s of match %s is gone; posting a new one", message_id, board.match_id)
            return None

    async def _send_board(
        self,
        board: Board,
        picture: Callable[[], discord.File],
        view: discord.ui.View | None,
        responder: Responder | None,
    ) -> int:
        """Post ``board`` as a new message: the answer to ``responder``'s interaction (its reply, else its
        followup) where it can; else through the interaction that posted the board it follows; else in the
        channel."""
        content = clip(mention_prefix(board.mention) + board.text)
        allowed, extra = mentions(board.mention), ({"view": view} if view is not None else {})
        if responder is not None:
            for original, send in ((True, responder.post), (False, responder.follow)):
                message_id = await send(
                    board.channel_id, content, file=picture(), view=view, allowed_mentions=allowed
                )
                if message_id is not None:  # the interaction's reply, or its followup: edited through it
                    self.links.remember(message_id, responder.interaction, original=original)
                    return message_id
        follows = board.replaces.message_id if board.replaces is not None else None
        message_id = await self.links.follow(
            board.channel_id,
            board.match_id,
            follows,
            content=content,
            file=picture(),
            allowed_mentions=allowed,
            **extra,
        )
        if message_id is not None:
            return message_id
        channel = await self._channel(board.channel_id)
        return (await channel.send(content, file=picture(), allowed_mentions=allowed, **extra)).id

    async def retire(self, board: RetireBoard, responder: Responder | None = None) -> None:
        """Edit the board ``board.message_id`` down to its one-line record: no picture, no controls (with no
        record, it only loses its controls). As the answer to a click on it, where ``responder`` can; else
        through the interaction that posted it (:mod:`bot.app.links`), where its token still works."""
        message_id, record = board.message_id, board.record
        fields = {"content": clip(record), "attachments": [], "view": None}
        try:
            if record and responder is not None and await responder.update(message_id, **fields):
                return
            if record and await self.links.edit(message_id, **fields):
                return
            channel = await self._channel(board.channel_id)
            if record:
                await channel.get_partial_message(message_id).edit(**fields)
            else:
                await self._disable(await channel.fetch_message(message_id))
        except discord.NotFound:
            log.info("board message %s is gone; nothing to retire", message_id)
        finally:
            self.links.forget(message_id)  # a retired board is not edited again

    async def _archive(self, channel_id: int) -> None:
        """Archive a match's thread (it comes back when anyone writes in it)."""
        try:
            thread = await self._channel(channel_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except (discord.NotFound, discord.Forbidden) as exc:
            log.info("thread %s not archived: %s", channel_id, exc)

    async def _standings(self, notice: Standings, responder: Responder) -> None:
        if notice.page is None:
            await responder.send(notice.text, ephemeral=False)
            return
        await responder.send(
            "", ephemeral=False, embed=standings_embed(notice.page), view=pages_view(notice.page)
        )

    @contextlib.asynccontextmanager
    async def thinking(self, match_id: int) -> AsyncIterator[None]:
        """The typing indicator in a match's channel while the computer thinks (shown before the thought
        starts, renewed until it ends), within its share of Discord's global limit (:mod:`bot.app.budget`);
        a failure to show it changes nothing."""
        live = self.core.ctx.live.get(match_id)
        if live is None:
            yield
            return
        channel_id = live.record.channel_id
        await self._type(channel_id)
        keep = asyncio.create_task(self._keep_typing(channel_id), name=f"minigam-typing-{match_id}")
        try:
            yield
        finally:
            keep.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keep

    async def _keep_typing(self, channel_id: int) -> None:
        while True:
            await asyncio.sleep(TYPING_REFRESH)
            await self._type(channel_id)

    async def _type(self, channel_id: int) -> None:
        if not self.typing_budget.take():
            log.debug("no typing indicator in channel %s: over its share of Discord's limit", channel_id)
            return
        try:
            channel = await self._channel(channel_id)
            await asyncio.wait_for(channel.typing(), TYPING_REFRESH)
        except (discord.HTTPException, TimeoutError) as exc:
            log.debug("no typing indicator in channel %s: %s", channel_id, exc)

    async def _disable(self, message: discord.Message) -> None:
        view = disabled_copy(message)
        if view is not None:
            await message.edit(view=view)

    async def picture_file(self, picture: Picture) -> discord.File:
        return (await self.picture(picture))()

    async def picture(self, picture: Picture) -> Callable[[], discord.File]:
        """Draw ``picture`` once; each call of the result is a new file of it to send."""
        png, alt = await self.painter.draw(
            picture.game, picture.names, picture.perspective, picture.score, picture.footer
        )
        return lambda: discord.File(io.BytesIO(png), filename="board.png", description=alt)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        return await channel_of(self.client, channel_id)


def mentions(user_id: int | None) -> discord.AllowedMentions:
    if user_id is None:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


__all__ = ["Publisher", "Responder", "clip", "mentions"]
