"""The core in one object: the parts (matches, challenges, the clock's duties, records) over one shared
:class:`~bot.core.context.Context`, and loading the matches in play at start-up."""

from __future__ import annotations

import contextlib
import logging

from bot.clock import Clock, SystemClock
from bot.core import match_clocks, posting
from bot.core.analysis.reports import Analyses
from bot.core.boards import actor_seat
from bot.core.challenges import Challenges
from bot.core.context import Context, HouseRules
from bot.core.dice_listing import DiceListings
from bot.core.errors import ServiceError
from bot.core.export import Exports
from bot.core.live import load_match
from bot.core.lobbies import Lobbies
from bot.core.matches import Matches
from bot.core.notices import Board, Result, RetireBoard
from bot.core.puzzles import Puzzles
from bot.core.records import Records
from bot.core.rematches import Rematches
from bot.core.settings import Settings
from bot.core.timeouts import Timeouts
from bot.core.tournaments.service import Tournaments
from bot.models import Action, PlayerRef, Shards
from bot.store import DamagedRecord, Store
from bot.timing import timed
from bot.workers.analysing import Analyst
from bot.workers.thinking import Hinter, PlayerFactory, Thinker
from engine.dice import DiceSource

log = logging.getLogger(__name__)


class Core:
    """Everything the bot does, with no Discord in it. Build it, ``await core.load()``, then use its parts:
    :attr:`matches` (play: :meth:`~bot.core.matches.Matches.act`), :attr:`challenges` (starting matches),
    :attr:`lobbies` (gathering four-player games), :attr:`rematches`, :attr:`timeouts` (the clock),
    :attr:`records` (leaderboards, stats, history), :attr:`analyses` (post-game analysis) and
    :attr:`puzzles` (puzzles, training and the daily puzzle)."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        dice: DiceSource | None = None,
        rules: HouseRules | None = None,
        thinker: Thinker | None = None,
        computer: PlayerFactory | None = None,
        hinter: Hinter | None = None,
        analyst: Analyst | None = None,
        shards: Shards | None = None,
    ) -> None:
        """``thinker`` runs the computer's moves and the hints (default: the engine's, in a thread);
        ``computer`` and ``hinter`` replace the engine's players and hints, in a thread (tests);
        ``analyst`` runs the post-game analyses (default: the engine's, in a thread)."""
        if thinker is not None and (computer is not None or hinter is not None):
            raise TypeError("give computer= and hinter= to the Thinker, not next to it")
        self.ctx = Context(
            store=store,
            clock=clock or SystemClock(),
            dice=dice,  # None: each match throws its own seed's dice (bot.core.match_dice)
            thinker=thinker or Thinker(computer=computer, hinter=hinter),
            rules=rules or HouseRules(),
            shards=shards or Shards(),
        )
        self.matches = Matches(self.ctx)
        self.challenges = Challenges(self.ctx)
        self.lobbies = Lobbies(self.ctx)
        self.tournaments = Tournaments(self.ctx)
        self.timeouts = Timeouts(
            self.ctx, self.challenges, self.matches.reload, self.lobbies, self.tournaments
        )
        self.records = Records(self.ctx)
        self.settings = Settings(self.ctx)
        self.exports = Exports(self.ctx)
        self.dice_listings = DiceListings(self.ctx)
        self.rematches = Rematches(self.ctx, self.challenges, self.lobbies)
        analyst = analyst or Analyst()
        self.analyses = Analyses(self.ctx, analyst)
        self.puzzles = Puzzles(self.ctx, analyst.workers.run)  # the harvest's work: the analysis workers

    @property
    def store(self) -> Store:
        return self.ctx.store

    @timed("record")
    async def board_posted(self, board: Board, message_id: int) -> list[RetireBoard]:
        """``board`` is posted as ``message_id``: the boards to retire now
        (:func:`bot.core.posting.board_posted`)."""
        return await posting.board_posted(self.ctx, board, message_id)

    async def unposted_boards(self) -> Result:
        """The boards a stop left unposted (:func:`bot.core.posting.unposted_boards`)."""
        return await posting.unposted_boards(self.ctx)

    async def load(self) -> int:
        """Load every match in play of this process's servers (its shards) from the store; returns how many.
        A match that cannot be read back is skipped, logged with its id, and its channel answers that it
        could not be (it stays as stored). A match clock runs on from now: the time the bot was down is not
        charged."""
        count = 0
        for match_id in await self.ctx.store.active_match_ids(self.ctx.shards):
            try:
                live = await load_match(self.ctx.store, match_id)
            except DamagedRecord as exc:
                log.error("match %s cannot be loaded; it stays as it is in the store: %s", match_id, exc)
                channel_id = exc.channel_id
                if channel_id is None:
                    with contextlib.suppress(DamagedRecord):
                        record = await self.ctx.store.match(match_id)
                        channel_id = record.channel_id if record is not None else None
                if channel_id is not None:
                    self.ctx.live.damaged[channel_id] = match_id
                continue
            self.ctx.live.add(live)
            match_clocks.started(self.ctx, live, self.ctx.clock.now())  # the time it was down: not charged
            count += 1
        return count

    async def cancel(self, channel_id: int, by: PlayerRef) -> Result:
        """A moderator ends the match in ``channel_id``, or else its waiting challenges."""
        try:
            match_id, version = await self.matches.to_act_on(channel_id)
        except ServiceError:
            return await self.challenges.cancel_waiting(channel_id)
        return await self.matches.act(match_id, version, by, Action.CANCEL)

    def pending_computer_turns(self) -> list[int]:
        """Matches where the computer is to act (after a restart, or a turn that failed)."""
        out = []
        for live in self.ctx.live:
            seat = actor_seat(live)
            if seat is not None and seat.is_computer:
                out.append(live.match_id)
        return out


__all__ = ["Core", "ServiceError"]
