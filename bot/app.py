"""The Discord application: start-up, publishing what the match service decides, and errors.

``create_bot(settings, clock=..., dice=...)`` builds the bot; ``setup_hook`` opens storage (migrations),
builds the match service, registers the persistent buttons and menus, adds ``/minigam``, syncs the
commands (to ``DEV_GUILD_ID`` at once, globally only when they changed) and starts the sweep that applies
the clock. Every interaction is answered or deferred at once; pictures are drawn and the computer thinks off
the event loop (in worker processes: ``RENDER_WORKERS``, ``AI_WORKERS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import logging
import sys
from collections.abc import AsyncIterator

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands
from discord.ext import commands

from bot.boards import Painter
from bot.clock import Clock, SystemClock
from bot.commands import MinigamGroup, player_ref
from bot.config import DEFAULT_API_BASE, DEFAULT_GATEWAY_URL, Settings
from bot.models import PlayerRef
from bot.service import MatchService, Notice, Result, ServiceError
from bot.storage import Storage
from bot.thinking import Thinker
from bot.views import (
    DYNAMIC_ITEMS,
    board_view,
    challenge_view,
    confirm_view,
    disabled_copy,
    mention_prefix,
    picker_view,
)
from engine import EngineError, SecretDice
from engine.dice import DiceSource

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
COMMANDS_HASH_KEY = "commands_hash"
SHUTDOWN_GRACE = 10.0  # seconds close() waits for actions in progress to publish
APOLOGY = "Sorry, something went wrong on our side; it has been logged. Please try again."


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
        content = _clip(content)
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


class MinigamBot(commands.Bot):
    """The bot: the match service behind ``/minigam`` and the board buttons."""

    def __init__(
        self, settings: Settings, *, clock: Clock | None = None, dice: DiceSource | None = None
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents: slash commands and buttons only
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.painter = Painter(settings.render_workers)
        self.thinker = Thinker(settings.ai_workers)
        self.clock = clock or SystemClock()
        self.dice = dice or SecretDice()
        self.storage: Storage | None = None
        self._service: MatchService | None = None
        # match id -> its newest board message (a future while it is being sent)
        self._boards: dict[int, asyncio.Future[discord.Message | None]] = {}
        self._challenge_messages: dict[int, asyncio.Future[int | None]] = {}
        self._computer_tasks: dict[int, asyncio.Task] = {}
        self._sweep_task: asyncio.Task | None = None
        self._closed_storage = False
        self._closing = False
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def service(self) -> MatchService:
        if self._service is None:
            raise RuntimeError("the match service starts in setup_hook")
        return self._service

    # ================================================================== start and stop
    async def setup_hook(self) -> None:
        self.painter.start()
        self.thinker.start()
        self.storage = await Storage.open(self.settings.database_path)
        self._service = MatchService(
            self.storage,
            clock=self.clock,
            dice=self.dice,
            challenge_timeout=self.settings.challenge_timeout,
            turn_timeout=self.settings.turn_timeout,
            thinker=self.thinker,
        )
        loaded = await self._service.load()
        log.info("database %s ready; %d unfinished match(es) loaded", self.settings.database_path, loaded)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.add_command(MinigamGroup(self))
        self.tree.error(self.on_app_command_error)
        await self.sync_commands()
        self._sweep_task = asyncio.create_task(self._sweep_loop(), name="minigam-sweep")

    async def sync_commands(self) -> None:
        """To the development server at once; globally only when the command set changed."""
        assert self.storage is not None
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to the development server %s", len(synced), guild.id)
            return
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        if await self.storage.get_meta(COMMANDS_HASH_KEY) == digest:
            log.info("commands unchanged since the last global sync")
            return
        synced = await self.tree.sync()
        await self.storage.set_meta(COMMANDS_HASH_KEY, digest)
        log.info("synced %d command(s) globally", len(synced))

    async def on_ready(self) -> None:
        log.info("connected as %s (%s)", self.user, self.user.id if self.user else "?")
        for match_id in self.service.pending_computer_turns():
            self.schedule_computer(match_id)

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Marks work that :meth:`close` lets finish: an action and the messages that publish it."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def close(self) -> None:
        """Stop: let actions in progress finish publishing (a few seconds at most), then disconnect."""
        self._closing = True
        if self._sweep_task is not None and not self._sweep_task.done():
            self._sweep_task.cancel()
        if self._busy:
            try:
                await asyncio.wait_for(self._idle.wait(), SHUTDOWN_GRACE)
            except TimeoutError:
                log.warning("stopping with %d action(s) still being published", self._busy)
        for task in list(self._computer_tasks.values()):
            if not task.done():
                task.cancel()
        await super().close()
        self.painter.close()
        self.thinker.close()
        if self.storage is not None and not self._closed_storage:
            self._closed_storage = True
            await self.storage.close()

    # ================================================================== the clock and the computer
    async def run_sweep(self) -> None:
        """Expire challenges, remind and forfeit slow players, resume the computer's turns; publish it."""
        async with self.busy():
            await self.publish(await self.service.sweep())

    async def _sweep_loop(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                await self.run_sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the sweep failed; it runs again in %s s", self.settings.sweep_interval)

    def schedule_computer(self, match_id: int) -> None:
        """Let the computer play its turns in ``match_id`` (after the configured pause), once at a time."""
        task = self._computer_tasks.get(match_id)
        if self._closing or (task is not None and not task.done()):
            return
        self._computer_tasks[match_id] = asyncio.create_task(
            self._computer_turns(match_id), name=f"minigam-computer-{match_id}"
        )

    async def _computer_turns(self, match_id: int) -> None:
        try:
            while not self._closing:
                await asyncio.sleep(self.settings.bot_move_delay)
                if self._closing:
                    break
                async with self.busy():
                    result = await self.service.computer_turn(match_id)
                    await self.publish(result)
                if match_id not in result.computer_matches:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer's turn failed in match %s; the sweep will retry", match_id)
        finally:
            if self._computer_tasks.get(match_id) is asyncio.current_task():
                del self._computer_tasks[match_id]

    # ================================================================== components
    async def on_match_component(
        self, interaction: discord.Interaction, match_id: int, version: int, action: str, value: str
    ) -> None:
        user = player_ref(interaction.user)
        async with self.busy():
            await self._match_component(interaction, user, match_id, version, action, value)

    async def _match_component(
        self,
        interaction: discord.Interaction,
        user: PlayerRef,
        match_id: int,
        version: int,
        action: str,
        value: str,
    ) -> None:
        try:
            if action == "resign":
                terms = self.service.resign_terms(None, user.user_id, match_id=match_id)
                current = self.service.version(match_id) or version
                await interaction.response.send_message(
                    terms, view=confirm_view(match_id, current), ephemeral=True
                )
                return
            if action == "keep":
                await interaction.response.edit_message(content="Not resigned: play on.", view=None)
                return
            if action == "play":
                await interaction.response.defer()  # the new board is the answer
                result = await self.service.move(None, user, value, match_id=match_id, version=version)
                await self.publish(result, interaction)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            if action in ("first", "step"):
                fresh = action == "first"
                result = await self.service.pick_move(match_id, version, user, value, fresh=fresh)
            elif action == "undo":
                result = await self.service.undo_move(match_id, version, user)
            elif action == "done":
                result = await self.service.finish_moves(match_id, version, user)
            elif action == "confirm":
                result = await self.service.resign(None, user, match_id=match_id, version=version)
                await self.publish(result, interaction, ack="You resigned.")
                return
            else:
                raise ServiceError(f"Unknown action {action!r}.")
            await self.publish(result, interaction, ack="Played.")
        except Exception as exc:  # every error gets an answer
            await self.report_error(interaction, exc, f"{action} on match {match_id}")

    async def on_challenge_component(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        try:
            async with self.busy():
                await interaction.response.defer()
                result = await self.service.answer_challenge(
                    challenge_id, player_ref(interaction.user), accept
                )
                await self.publish(result, interaction)
        except Exception as exc:
            await self.report_error(
                interaction, exc, f"{'accept' if accept else 'decline'} challenge {challenge_id}"
            )

    # ================================================================== errors
    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(error, app_commands.MissingPermissions):
            message = "Only members with the Manage Server permission can cancel a match."
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = "Minigam is played in server channels, not in direct messages."
        elif isinstance(original, ServiceError | EngineError):
            message = str(original)
        elif isinstance(error, app_commands.TransformerError):
            message = f"That option isn't valid: {error.value!r}."
        elif isinstance(error, app_commands.CheckFailure):
            message = "You can't use this command here."
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            await self.report_error(interaction, original, f"/{command}")
            return
        await self._answer_error(interaction, message)

    async def report_error(
        self, interaction: discord.Interaction, error: BaseException, context: str
    ) -> None:
        """A refusal goes back as it is; anything else is logged with its context and apologised for."""
        if isinstance(error, ServiceError | EngineError):
            message = str(error)
        else:
            log.error(
                "unexpected error in %s (user %s, channel %s)",
                context,
                interaction.user.id,
                interaction.channel_id,
                exc_info=error,
            )
            message = APOLOGY
        await self._answer_error(interaction, message)

    async def _answer_error(self, interaction: discord.Interaction, message: str) -> None:
        try:
            await Responder(interaction).send(message, ephemeral=True)
        except Exception as exc:  # the connection may be gone (shutting down); the user can retry
            log.warning("could not tell user %s %r: %s", interaction.user.id, message, exc)

    # ================================================================== publishing
    async def publish(
        self, result: Result, interaction: discord.Interaction | None = None, *, ack: str | None = None
    ) -> None:
        """Post what the service decided; answer ``interaction`` (``ack`` if nothing else answered it)."""
        responder = Responder(interaction) if interaction is not None else None
        for notice in result.notices:
            try:
                await self._publish(notice, responder)
            except discord.HTTPException:
                log.exception("could not publish a %s notice in channel %s", notice.kind, notice.channel_id)
        if responder is not None and not responder.answered and (ack or responder.thinking):
            try:
                await responder.send(ack or "Done.")
            except discord.HTTPException:
                log.exception("could not answer interaction %s", responder.interaction.id)
        for match_id in result.computer_matches:
            self.schedule_computer(match_id)

    async def _publish(self, notice: Notice, responder: Responder | None) -> None:
        kind = notice.kind
        if kind in ("reply", "picker", "info"):
            if responder is None:
                return  # nobody asked (e.g. a sweep): nothing to answer
            file = await self._board_file(notice) if notice.game is not None else None
            view = picker_view(notice) if kind == "picker" else board_view(notice) if notice.choices else None
            await responder.send(notice.text, ephemeral=kind != "info", file=file, view=view)
            return
        channel = await self._channel(notice.channel_id)
        if kind == "board":
            await self._post_board(channel, notice)
        elif kind == "message":
            await channel.send(
                _clip(mention_prefix(notice.mention) + notice.text),
                allowed_mentions=_mentions(notice.mention),
            )
        elif kind == "challenge":
            assert notice.challenge_id is not None
            sent = self._challenge_messages[notice.challenge_id] = asyncio.get_running_loop().create_future()
            try:
                message = await channel.send(
                    _clip(mention_prefix(notice.mention) + notice.text),
                    view=challenge_view(notice.challenge_id),
                    allowed_mentions=_mentions(notice.mention),
                )
            except BaseException:
                sent.set_result(None)
                raise
            sent.set_result(message.id)
            await self.service.set_challenge_message(notice.challenge_id, message.id)
        elif kind == "edit":
            message_id = await self._challenge_message_id(notice, responder)
            if message_id is not None:
                await channel.get_partial_message(message_id).edit(content=_clip(notice.text), view=None)
        elif kind == "retire" and notice.message_id is not None:
            await self._retire(channel, notice.message_id, notice.match_id)
        else:
            log.debug("notice of kind %s not published", kind)

    async def _challenge_message_id(self, notice: Notice, responder: Responder | None) -> int | None:
        """The message holding a challenge's buttons, even if it is still being posted."""
        message_id = notice.message_id
        sent = self._challenge_messages.pop(notice.challenge_id, None) if notice.challenge_id else None
        if message_id is None and sent is not None:
            message_id = await asyncio.wait_for(asyncio.shield(sent), 30)
        if message_id is None and responder is not None and responder.interaction.message is not None:
            message_id = responder.interaction.message.id
        return message_id

    async def _post_board(self, channel: discord.abc.Messageable, notice: Notice) -> None:
        """Post a new board, then disable the buttons of the match's previous board."""
        view = board_view(notice)
        extra: dict = {"file": await self._board_file(notice)}
        if view is not None:
            extra["view"] = view
        match_id = notice.match_id
        previous = self._boards.get(match_id) if match_id is not None else None
        stored_id = self.service.board_message_id(match_id) if match_id is not None else None
        mine: asyncio.Future[discord.Message | None] = asyncio.get_running_loop().create_future()
        if match_id is not None:
            self._boards[match_id] = mine  # the next board retires this one, even while it is being sent
        try:
            message = await channel.send(
                _clip(mention_prefix(notice.mention) + notice.text),
                allowed_mentions=_mentions(notice.mention),
                **extra,
            )
        except BaseException:
            mine.set_result(None)
            raise
        mine.set_result(message)
        if match_id is None:
            return
        await self.service.set_board_message(match_id, message.id)
        if previous is not None:
            old = await asyncio.wait_for(asyncio.shield(previous), 30)
            if old is not None and old.id != message.id:
                await self._disable(old)
        elif stored_id is not None and stored_id != message.id:  # after a restart: the stored last board
            await self._retire(channel, stored_id, None)
        if view is None and self._boards.get(match_id) is mine:
            del self._boards[match_id]  # the match is over: no buttons to disable later

    async def _retire(self, channel: discord.abc.Messageable, message_id: int, match_id: int | None) -> None:
        """Disable the buttons and menu of the board ``message_id``."""
        pending = self._boards.pop(match_id, None) if match_id is not None else None
        message = await asyncio.wait_for(asyncio.shield(pending), 30) if pending is not None else None
        try:
            if message is None or message.id != message_id:
                message = await channel.fetch_message(message_id)
            await self._disable(message)
        except discord.NotFound:
            log.info("board message %s is gone; nothing to disable", message_id)

    async def _disable(self, message: discord.Message) -> None:
        view = disabled_copy(message)
        if view is not None:
            await message.edit(view=view)

    async def _board_file(self, notice: Notice) -> discord.File:
        assert notice.game is not None
        png, alt = await self.painter.draw(notice.game, notice.names, notice.perspective)
        return discord.File(io.BytesIO(png), filename="board.png", description=alt)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel


def _mentions(user_id: int | None) -> discord.AllowedMentions:
    if user_id is None:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


def _clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


def create_bot(
    settings: Settings, *, clock: Clock | None = None, dice: DiceSource | None = None
) -> MinigamBot:
    """The bot for ``settings``, with discord.py pointed at ``settings.api_base`` and ``gateway_url``."""
    if settings.api_base != DEFAULT_API_BASE:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url != DEFAULT_GATEWAY_URL:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
    # No voice here: don't warn at every start that voice's optional libraries are missing.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    return MinigamBot(settings, clock=clock, dice=dice)


def run(settings: Settings) -> int:
    """Run the bot until interrupted (``python -m bot`` with a token)."""
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    logging.getLogger("discord.http").setLevel(logging.WARNING)
    bot = create_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "minigam: Discord refused the token in DISCORD_TOKEN; check it in the developer portal",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("minigam: Discord asks for privileged intents; the bot needs none", file=sys.stderr)
        return 2
    return 0


__all__ = ["MinigamBot", "Responder", "create_bot", "run"]
