"""The Discord application's life: start-up, clicks handed to the core, errors, and a clean stop.

``create_bot(settings, clock=..., dice=...)`` builds the bot; ``setup_hook`` opens the store (migrations),
builds the core, registers the persistent buttons and menus, adds ``/minigam``, syncs the commands (to
``DEV_GUILD_ID`` at once, globally only when they changed), posts the boards that a stop left unposted and
starts the runner (the clock's sweep and the computer's turns). ``run(settings)`` runs it until SIGINT or
SIGTERM, then stops within a few seconds: no new interactions, the action in flight finished, the store and
the worker processes closed, exit status 0.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import sys

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands
from discord.ext import commands

from bot import texts
from bot.app import tracing
from bot.app.commands import MinigamGroup, player_ref, received
from bot.app.hints import more_plays
from bot.app.lobby import LOBBY_ITEMS
from bot.app.picker import PICKER_ACTIONS, picker_click
from bot.app.publisher import Publisher
from bot.app.puzzles import PUZZLE_ITEMS
from bot.app.responder import HOLD, Responder
from bot.app.standings import PAGE_ITEMS
from bot.app.sync import sync_commands
from bot.app.tournaments import TOURNAMENT_ITEMS
from bot.app.venue import ChannelVenue, InteractionVenue
from bot.app.views import DYNAMIC_ITEMS
from bot.clock import Clock, SystemClock
from bot.config import DEFAULT_API_BASE, DEFAULT_GATEWAY_URL, Config
from bot.core import Action, Core, HouseRules, Prompt, Result, Runner, ServiceError
from bot.store import Store, StoreError, Unavailable, open_store
from bot.texts.refusals import RESTARTING
from bot.workers.analysing import Analyst
from bot.workers.drawing import Painter
from bot.workers.thinking import Thinker
from engine import EngineError
from engine.dice import DiceSource

log = logging.getLogger(__name__)

COMPONENT_ITEMS = (*DYNAMIC_ITEMS, *LOBBY_ITEMS, *PAGE_ITEMS, *PUZZLE_ITEMS, *TOURNAMENT_ITEMS)
"""Every button and menu the bot reads back from its custom id (registered at start-up)."""
_TEMPLATES = tuple(item.__discord_ui_compiled_template__.fullmatch for item in COMPONENT_ITEMS)

SHUTDOWN_GRACE = 2.0  # seconds close() lets the action in flight finish publishing
APOLOGY = "Sorry, something went wrong on our side; it has been logged. Please try again."


class MinigamTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        client = interaction.client
        if getattr(client, "closing", False):
            await Responder(interaction).send(RESTARTING)
            return False
        return True


class MinigamBot(commands.AutoShardedBot):
    """The bot: the core behind ``/minigam`` and the board's controls, on this process's shards
    (``SHARD_COUNT``, ``SHARD_IDS``: all of them by default)."""

    def __init__(
        self, settings: Config, *, clock: Clock | None = None, dice: DiceSource | None = None
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents: slash commands and buttons only
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=MinigamTree,
            http_trace=tracing.http_trace(),
            shard_count=settings.shard_count,
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),
        )
        tracing.install(self)
        self.settings = settings
        self.painter = Painter(settings.render_workers)
        self.thinker = Thinker(settings.ai_workers)
        self.analyst = Analyst(settings.analysis_workers)
        self.clock = clock or SystemClock()
        self.dice = dice  # None: each match throws its own seed's dice (bot.core.match_dice)
        self.storage: Store | None = None
        self._core: Core | None = None
        self._runner: Runner | None = None
        self._publisher: Publisher | None = None
        self.closing = False
        self._ready_once = False

    @property
    def core(self) -> Core:
        if self._core is None:
            raise RuntimeError("the core starts in setup_hook")
        return self._core

    @property
    def runner(self) -> Runner:
        if self._runner is None:
            raise RuntimeError("the runner starts in setup_hook")
        return self._runner

    @property
    def publisher(self) -> Publisher:
        if self._publisher is None:
            raise RuntimeError("the publisher starts in setup_hook")
        return self._publisher

    # ================================================================== start and stop
    async def setup_hook(self) -> None:
        self.storage = await open_store(self.settings.database_url)
        self.painter.start()
        self.thinker.start()
        self.analyst.start()
        s = self.settings
        rules = HouseRules(
            challenge_timeout=s.challenge_timeout,
            turn_timeout=s.turn_timeout,
            think_limit=s.think_limit,
            lobby_timeout=s.lobby_timeout,
        )
        self._core = Core(
            self.storage,
            clock=self.clock,
            dice=self.dice,
            rules=rules,
            thinker=self.thinker,
            analyst=self.analyst,
            shards=s.shards,
        )
        self._core.analyses.jobs.start()  # this process's analysis workers: any process's jobs
        self._core.tournaments.venue = ChannelVenue(self)  # their matches start outside any command
        loaded = await self._core.load()
        log.info("database %s ready; %d unfinished match(es) loaded", s.database_shown, loaded)
        self._publisher = Publisher(self, self._core, self.painter)
        self._runner = Runner(
            self._core,
            self._publisher.publish,
            sweep_interval=s.sweep_interval,
            move_delay=s.bot_move_delay,
            thinking=self._publisher.thinking,
        )
        self.add_dynamic_items(*COMPONENT_ITEMS)
        self.tree.add_command(MinigamGroup(self))
        self.tree.error(self.on_app_command_error)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """See :func:`bot.app.sync.sync_commands`."""
        assert self.storage is not None
        await sync_commands(self.tree, self.storage, self.settings.dev_guild_id)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s)", self.user, self.user.id if self.user else "?")
        if self._runner is None or self.closing or self._ready_once:
            return
        self._ready_once = True
        # Boards that a stop between storing an action and posting its board left unposted, then the
        # computer's turns; the periodic sweep after that.
        await self.runner.handle(await self.core.unposted_boards())
        for match_id in self.core.pending_computer_turns():
            self.runner.schedule_computer(match_id)
        self.runner.start()

    async def deliver(
        self,
        result: Result,
        interaction: discord.Interaction | Responder | None = None,
        *,
        ack: str | None = None,
    ) -> None:
        """Publish ``result`` (answering ``interaction``) and let the computer act where it is to."""
        await self.publisher.publish(result, interaction, ack=ack)
        for match_id in result.computer_matches:
            self.runner.schedule_computer(match_id)

    async def run_sweep(self) -> None:
        await self.runner.sweep()

    async def close(self) -> None:
        """Stop: no new interactions, the action in flight finishes publishing (a few seconds at most), then
        the gateway, the worker processes and the store close."""
        if self.closing:
            return
        self.closing = True
        if self._runner is not None:
            await self._runner.close(SHUTDOWN_GRACE)
        if self._core is not None:
            await self._core.analyses.jobs.close(SHUTDOWN_GRACE)
        await super().close()
        self.painter.close()
        self.thinker.close()
        self.analyst.close()
        if self.storage is not None:
            store, self.storage = self.storage, None
            await store.close()

    # ================================================================== components
    async def check_component(
        self, interaction: discord.Interaction, match_id: int, version: int, control: Action | Prompt
    ) -> bool:
        """Before a click is handled: is the bot taking clicks, and may this member use this control?"""
        try:
            if self.closing:
                raise ServiceError(RESTARTING)
            if control.out_of_turn:
                self.core.matches.check_seated(match_id, interaction.user.id)
            else:
                self.core.matches.check_actor(match_id, interaction.user.id, version)
        except ServiceError as exc:
            await Responder(interaction).send(str(exc))
            return False
        return True

    async def on_match_component(
        self,
        interaction: discord.Interaction,
        match_id: int,
        version: int,
        control: Action | Prompt,
        value: str,
    ) -> None:
        user = player_ref(interaction.user)
        try:
            if control is Prompt.RESIGN:
                question = self.core.matches.resign_question(match_id, user.user_id)
                await self.publisher.publish(Result([question]), interaction)
                return
            if control is Prompt.KEEP:
                await interaction.response.edit_message(content=texts.NOT_RESIGNED, view=None)
                return
            if control is Prompt.HINTS:
                async with self.runner.busy():
                    await more_plays(self.core, interaction, match_id, version, user, value)
                return
            assert isinstance(control, Action)
            if control in PICKER_ACTIONS:  # edited in place
                await picker_click(self, interaction, match_id, version, user, control, value)
                return
            # the clicked board retired (or edited into the next) can be the answer
            responder = Responder(interaction, hold=HOLD, private=control.from_private_reply)
            try:
                async with self.runner.busy():
                    at = received(interaction)  # a match clock charges up to Discord's receipt
                    result = await self.core.matches.act(match_id, version, user, control, value, at=at)
                    await self.deliver(result, responder, ack=texts.ack(control))
            finally:
                await responder.stop()
        except Exception as exc:  # every error gets an answer
            await self.report_error(interaction, exc, f"{control} on match {match_id}")

    async def on_challenge_component(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        try:
            if self.closing:
                raise ServiceError(RESTARTING)
            # the closed challenge can be the answer
            responder = Responder(interaction, hold=HOLD, private=False)
            try:
                async with self.runner.busy():
                    user, venue = player_ref(interaction.user), InteractionVenue(interaction)
                    result = await self.core.challenges.answer(challenge_id, user, accept, venue=venue)
                    await self.deliver(result, responder)
            finally:
                await responder.stop()
        except Exception as exc:
            await self.report_error(
                interaction, exc, f"{'accept' if accept else 'decline'} challenge {challenge_id}"
            )

    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """Rematch under a finished match's last board: at once against the computer, else a challenge."""
        try:
            if self.closing:
                raise ServiceError(RESTARTING)
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.runner.busy():
                result = await self.core.rematches.rematch(match_id, player_ref(interaction.user))
                await self.deliver(result, interaction, ack=texts.REMATCH_ACK)
        except Exception as exc:
            await self.report_error(interaction, exc, f"rematch of match {match_id}")

    # ================================================================== errors
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component whose id none of the bot's items reads (a crafted one, such as a
        leaderboard page ``mgb:minigam:1.5``) gets a short refusal instead of Discord's "interaction
        failed"; discord.py hands every id that some item reads to that item."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if any(known(custom_id) for known in _TEMPLATES):
            return
        log.info("a click on an unknown component id %r (user %s)", custom_id[:100], interaction.user.id)
        await self._answer_error(interaction, texts.UNKNOWN_CONTROL)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(error, app_commands.MissingPermissions):
            message = texts.CANCEL_MODERATORS_ONLY
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = "Minigam is played in server channels, not in direct messages."
        elif isinstance(original, ServiceError | EngineError):
            message = texts.sentence(str(original))
        elif isinstance(error, app_commands.TransformerError):
            message = texts.invalid_option(error.value)
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
        """A refusal goes back as it is; a write the database could not take (nothing of it was stored) is
        answered "please try again" and logged in one line; anything else is logged with its context and
        apologised for."""
        if isinstance(error, ServiceError | EngineError):
            message = texts.sentence(str(error))
        elif isinstance(error, Unavailable):
            log.warning("not saved in %s (user %s): %s", context, interaction.user.id, error)
            message = texts.NOT_SAVED
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


def create_bot(settings: Config, *, clock: Clock | None = None, dice: DiceSource | None = None) -> MinigamBot:
    """The bot for ``settings``, with discord.py pointed at ``settings.api_base`` and ``gateway_url``."""
    # discord.py takes no base URL for its REST API or its gateway (``proxy=`` is an HTTP proxy in front of
    # Discord, not another Discord): these two class attributes, read at each request and each connection,
    # are the only way to point it at a stand-in. They are set here and nowhere else.
    if settings.api_base != DEFAULT_API_BASE:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url != DEFAULT_GATEWAY_URL:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
    # No voice here: don't warn at every start that voice's optional libraries are missing.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    return MinigamBot(settings, clock=clock, dice=dice)


async def _serve(settings: Config) -> None:
    """Run the bot until it stops by itself or SIGINT / SIGTERM asks it to."""
    bot = create_bot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    running = asyncio.create_task(bot.start(settings.token), name="minigam-bot")
    stopping = asyncio.create_task(stop.wait())
    freezing = asyncio.create_task(_freeze_when_ready(bot))
    try:
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running.done():
            running.result()  # raises what stopped it
        else:
            log.info("stopping (signal received)")
    finally:
        stopping.cancel()
        freezing.cancel()
        await bot.close()
        if not running.done():
            running.cancel()
        await asyncio.gather(running, return_exceptions=True)


async def _freeze_when_ready(bot: MinigamBot) -> None:
    """What start-up made (modules, the engine's tables, the guilds' cache) lives as long as the bot: out
    of the garbage collector's sight, a full collection no longer walks it. In the 200-match load a full
    collection (one every ~800 turns) stalled the event loop 46 ms; 13 ms after. ``python -m bench.freeze``
    (a bot's heap: its imports, 200 servers cached, 1,000 messages, 200 live games) measures a full
    collection at 31 ms of CPU, 3 ms frozen. The workers are spawned, so their memory is not at stake."""
    await bot.wait_until_ready()
    gc.freeze()


def run(settings: Config) -> int:
    """Run the bot until interrupted (``python -m bot`` with a token); the exit status."""
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    logging.getLogger("discord.http").setLevel(logging.WARNING)
    try:
        asyncio.run(_serve(settings))
    except StoreError as exc:
        print(f"minigam: {exc}", file=sys.stderr)
        return 2
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


__all__ = ["MinigamBot", "create_bot", "run"]
