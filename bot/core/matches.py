"""Playing a match: the one way in for every action, by people and by the computer.

:meth:`Matches.act` takes ``(match, version, user, action, argument)``. Under the match's lock it checks
that the match is still in play and still at ``version`` (a button carries the version it was drawn for;
a typed command the version current when it arrived), that ``user`` may take ``action`` now, and hands over
to the action's handler, which either answers privately (picking moves) or computes the next game and
commits it (:func:`~bot.core.commit.commit`). The computer thinks outside the lock, then acts through the
same handlers, at the version it thought about.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot import texts
from bot.core import boards, finding, hints, match_clocks, multigam, picking
from bot.core.actions import Control
from bot.core.checks import (
    awaiting,
    check_cube,
    check_open,
    check_turn,
    check_version,
    lost_race,
    seat_number,
)
from bot.core.commit import cancel_match, commit, match_dice, revealed_seed
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch, load_match
from bot.core.notices import Message, Reply, Result
from bot.models import Action, PlayerRef, Prompt
from bot.store import DamagedRecord, StaleWrite
from bot.timing import timed
from engine import Awaiting, Game, GameStateError, Play, PlayError, WinKind
from engine.notation import matching_plays

log = logging.getLogger(__name__)

Handler = Callable[["Matches", LiveMatch, int, PlayerRef, str], Awaitable[Result]]


class Matches:
    """Matches in play: acting on them, and what people may read of them."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # ================================================================== reading
    def get(self, match_id: int) -> LiveMatch:
        live = self.ctx.live.get(match_id)
        if live is None:
            damaged = match_id in self.ctx.live.damaged.values()
            raise ServiceError(texts.CHANNEL_MATCH_DAMAGED if damaged else texts.MATCH_OVER)
        return live

    def in_play(
        self, channel_id: int | None, user_id: int | None = None, *, guild_id: int | None = None
    ) -> LiveMatch:
        """The match in play a command typed in ``channel_id`` (by ``user_id``) is about
        (:func:`~bot.core.finding.in_play`); a refusal that says how to start one otherwise."""
        return finding.in_play(self.ctx, channel_id, user_id, guild_id)

    async def to_act_on(
        self, channel_id: int, user_id: int | None = None, *, guild_id: int | None = None
    ) -> tuple[int, int]:
        """``(match id, version)`` of the match a command typed in ``channel_id`` (by ``user_id``) acts on,
        now: a typed command acts on the turn that was current when it arrived, never on a later one. In the
        thread of a match that is over, a refusal that says so."""
        live = await finding.to_act_on(self.ctx, channel_id, user_id, guild_id)
        return live.match_id, live.version

    def check_actor(self, match_id: int, user_id: int, version: int) -> None:
        """Raise :class:`ServiceError` unless ``user_id`` is the one to act on ``match_id`` at ``version``."""
        live = self.get(match_id)
        check_version(live, version)
        check_turn(live, seat_number(live, user_id))

    def check_seated(self, match_id: int, user_id: int) -> None:
        seat_number(self.get(match_id), user_id)

    def suggestions(
        self,
        channel_id: int,
        user_id: int,
        typed: str,
        limit: int = boards.MAX_CHOICES,
        *,
        guild_id: int | None = None,
    ) -> list[str]:
        """Legal plays in notation that fit what ``user_id`` has typed so far; never raises."""
        try:
            try:
                live = finding.in_play(self.ctx, channel_id, user_id, guild_id)
            except ServiceError:
                return []
            if live.game.awaiting is not Awaiting.PLAY:
                return []
            seat = boards.actor_seat(live)
            if seat is None or seat.is_computer or seat.user_id != user_id:
                return []
            game = live.game
            assert game.dice is not None
            found = matching_plays(game.position, game.dice, typed)
            if not found:  # a fragment from inside a move ("off", "/5"): plays that contain every word typed
                words = typed.lower().replace(",", " ").split()
                plays = [game.position.format_play(p) for p in game.legal_plays()]
                found = [p for p in plays if all(w in p for w in words)]
            return found[:limit]
        except Exception:
            log.exception("autocomplete failed in channel %s", channel_id)
            return []

    def resign_question(self, match_id: int, user_id: int) -> Reply:
        """The question "Resign this game?" for ``user_id``, with what it costs and the answers: in
        backgammon an offer of a single, a gammon or a backgammon (up to what the game can still cost),
        which the opponent accepts or declines; elsewhere the game at what it is worth now. Changes
        nothing."""
        live = self.get(match_id)
        seat = seat_number(live, user_id)
        if live.game.variant.is_multiplayer:
            return multigam.resign_question(live, seat)
        game = live.game
        if game.outcome is not None:
            raise ServiceError(texts.GAME_OVER)
        if game.resign_offer is not None:
            raise ServiceError(texts.cannot_resign(texts.RESIGNATION_PENDING))
        worth = game.resignation_value(seat)
        winner = next(live.names[p] for p in range(len(live.names)) if p != seat)
        score = live.match.score if live.match.target > 1 else None
        needs = game.match.needs(1 - seat) if score is not None else None  # to win the match
        if game.variant.scoring == "backgammon":
            points = {level: game.points_for(KINDS[level]) for level in range(1, worth.multiplier + 1)}
            # Offers that cost no more than a smaller one (gammons under the Jacoby rule) are left out.
            levels = [level for level in points if level == 1 or points[level] > points[level - 1]]
            controls = tuple(Control(Action.RESIGN, argument=str(level)) for level in levels)
            text = texts.resign_offer_question(
                winner,
                [(level, points[level]) for level in levels],
                score,
                live.names,
                jacoby=len(levels) < len(points),
                needs=needs,
            )
        else:
            controls = (Control(Action.RESIGN),)
            text = texts.resign_question(
                winner, worth, game.points_for(worth), score, live.names, needs=needs
            )
        return Reply(
            text, controls=(*controls, Control(Prompt.KEEP)), match_id=match_id, version=live.version
        )

    def board(self, channel_id: int, user: PlayerRef, *, guild_id: int | None = None) -> Result:
        """The current board again, for whoever asks (with the controls if it is their turn to act)."""
        live = self.in_play(channel_id, user.user_id, guild_id=guild_id)
        return Result([boards.board_reply(live, user.user_id, self.ctx.clock.now())])

    async def last_board(self, channel_id: int, user: PlayerRef, *, guild_id: int | None = None) -> Result:
        """The board a command typed in ``channel_id`` by ``user`` is about: a match in play's (as
        :meth:`board`), else the final board of the last match played there (a thread's), read back from
        the store; else a refusal that says how to start one."""
        match_id = await finding.to_show(self.ctx, channel_id, user.user_id, guild_id)
        live = self.ctx.live.get(match_id)
        if live is not None:
            return Result([boards.board_reply(live, user.user_id, self.ctx.clock.now())])
        try:
            ended = await load_match(self.ctx.store, match_id, over=True)
        except DamagedRecord as exc:
            log.error("the last match %s of channel %s cannot be read back: %s", match_id, channel_id, exc)
            raise ServiceError(texts.NO_MATCH_HERE) from None
        return Result([boards.final_reply(ended)])

    async def hint(self, channel_id: int, user: PlayerRef, *, guild_id: int | None = None) -> Result:
        """The computer's advice for ``user``'s decision now: plays, or the cube (unrated matches only)."""
        live = await finding.to_act_on(self.ctx, channel_id, user.user_id, guild_id)
        return await hints.hint(self.ctx, live, user)

    async def hint_page(self, match_id: int, version: int, user: PlayerRef, page: int) -> Result:
        """The ``page``-th page of the plays of the hint ``user`` was given at ``version`` (More plays)."""
        return await hints.hint_page(self.ctx, self.get(match_id), version, user, page)

    # ================================================================== acting
    @timed("service")
    async def act(
        self,
        match_id: int,
        version: int,
        user: PlayerRef,
        action: Action,
        argument: str = "",
        *,
        at: float | None = None,
    ) -> Result:
        """``user`` takes ``action`` on ``match_id`` as it stood at ``version`` (a cancel: as it stands now).
        ``at``: when Discord received it (the interaction's own time; ``None``: now), up to which a match
        clock charges the decision; one that came after the flag fell is refused. A refusal changes
        nothing."""
        live = self.get(match_id)
        async with live.lock:
            check_open(self.ctx, live)
            if action is not Action.CANCEL:  # a moderator ends the match as it stands, whatever turn it is
                check_version(live, version)
            try:
                if action is Action.CANCEL:
                    return await self._cancel(live, user)
                seat = seat_number(live, user.user_id)
                now = self.ctx.clock.now()  # Discord's time ahead of ours counts as now, as when charged
                match_clocks.check_in_time(live, seat, now if at is None else min(at, now))
                live.decided_at = at
                return await HANDLERS[action](self, live, seat, user, argument)
            except StaleWrite:
                seen = (live.record.current_game_id, len(live.game.events))
                await self.reload(live)
                fresh = self.ctx.live.get(match_id)
                raise ServiceError(lost_race(fresh, seen, user.user_id, action, argument)) from None
            finally:
                live.decided_at = None

    @timed("service")
    async def computer_turn(self, match_id: int) -> Result:
        """Let the computer act in ``match_id`` if it is its turn; nothing happens otherwise. It thinks
        outside the match's lock, then acts at the version it thought about (if the match moved on in the
        meantime, a cancel say, the thought is dropped)."""
        live = self.ctx.live.get(match_id)
        if live is None:
            return Result()
        async with live.lock:
            seat = boards.actor_seat(live)
            if not live.is_live or live.thinking or seat is None or not seat.is_computer:
                return Result()
            version, game = live.version, live.game
            live.thinking = True
        try:
            decision = await self.ctx.thinker.decide(game, seat.level or "medium", self.ctx.rules.think_limit)
        finally:
            live.thinking = False
        async with live.lock:
            if live.version != version or not live.is_live or self.ctx.live.get(match_id) is not live:
                return Result()
            actor = game.actor
            assert actor is not None
            action, argument = computer_action(game, decision)
            try:
                return await HANDLERS[action](self, live, actor, PlayerRef(seat.user_id, seat.name), argument)
            except StaleWrite:
                await self.reload(live)
                return Result()

    # ================================================================== handlers
    async def _play(self, live: LiveMatch, seat: int, user: PlayerRef, text: str) -> Result:
        game = awaiting(live, seat, Awaiting.PLAY)
        assert game.dice is not None
        try:
            play = game.position.parse_play(game.dice, text)
        except PlayError as exc:
            raise ServiceError(texts.play_refused(exc)) from None
        return await self._make(live, seat, play)

    async def _make(self, live: LiveMatch, seat: int, play: Play) -> Result:
        game = live.game
        try:
            new = game.play(play)
        except GameStateError as exc:
            raise ServiceError(texts.cannot_play(exc)) from None
        return await commit(
            self.ctx, live, new, [texts.played(live.names[seat], game.position.format_play(play), game.dice)]
        )

    async def _resign(self, live: LiveMatch, seat: int, user: PlayerRef, level: str) -> Result:
        """Resign the game (in backgammon: offer to, at ``level`` 1, 2 or 3; the full value by default)."""
        game = live.game
        if level and not level.isdecimal():
            raise ServiceError(texts.cannot_resign(texts.NO_SUCH_RESIGNATION))
        try:
            new = game.resign(seat, int(level) if level else None)
        except GameStateError as exc:
            raise ServiceError(texts.cannot_resign(exc)) from None
        name = live.names[seat]
        if new.resign_offer is not None:
            kind = new.resign_offer[1]
            points = game.points_for(KINDS[kind])
            return await commit(self.ctx, live, new, [texts.offers_to_resign(name, kind, points)])
        lines = [] if new.variant.is_multiplayer else [texts.resigns(name)]  # multigam: the place it takes
        return await commit(self.ctx, live, new, lines)

    async def _leave(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        return await multigam.take_over(self.ctx, live, seat)

    async def _answer(
        self, live: LiveMatch, seat: int, what: Awaiting, step: Callable[[Game], Game], line: str
    ) -> Result:
        game = awaiting(live, seat, what)
        try:
            new = step(game)
        except GameStateError as exc:
            raise ServiceError(texts.cannot_act(exc)) from None
        return await commit(self.ctx, live, new, [line])

    async def _accept(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        return await self._answer(
            live, seat, Awaiting.RESIGN_ANSWER, Game.accept_resignation, texts.accepts(live.names[seat])
        )

    async def _decline(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        return await self._answer(
            live, seat, Awaiting.RESIGN_ANSWER, Game.reject_resignation, texts.declines(live.names[seat])
        )

    async def _take(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        line = texts.takes(live.names[seat], live.game.cube * 2)
        return await self._answer(live, seat, Awaiting.DOUBLE_ANSWER, Game.take, line)

    async def _drop(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        return await self._answer(
            live, seat, Awaiting.DOUBLE_ANSWER, Game.drop, texts.drops(live.names[seat])
        )

    async def _double(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        check_cube(live)
        return await self._answer(
            live, seat, Awaiting.ROLL, Game.double, texts.doubles(live.names[seat], live.game.cube * 2)
        )

    async def _roll(self, live: LiveMatch, seat: int, user: PlayerRef, _arg: str) -> Result:
        game = awaiting(live, seat, Awaiting.ROLL)
        return await commit(self.ctx, live, game.roll(match_dice(self.ctx, live, game)), [])

    async def _cancel(self, live: LiveMatch, by: PlayerRef) -> Result:
        """A moderator ends the match; it counts for nobody."""
        if not by.moderator:
            raise ServiceError(texts.CANCEL_MODERATORS_ONLY)
        rec = live.record
        await cancel_match(self.ctx, live)
        log.info("match %s cancelled by user %s", rec.match_id, by.user_id)
        return Result(
            [
                *boards.retire_board(live),
                Message(rec.channel_id, revealed_seed(live, texts.cancelled_match(by.name, live.names))),
                Reply(texts.MATCH_CANCELLED),
            ]
        )

    async def reload(self, live: LiveMatch) -> None:
        """Read a match back from the store after another process changed it (the caller holds its lock)."""
        log.warning("match %s changed in the store under this process; reading it back", live.match_id)
        self.ctx.live.forget(live)
        try:
            fresh = await load_match(self.ctx.store, live.match_id)
        except DamagedRecord as exc:  # its channel answers so, as after a restart
            log.error("match %s cannot be read back; it stays as it is in the store: %s", live.match_id, exc)
            self.ctx.live.damaged[live.record.channel_id] = live.match_id
            return
        if fresh.is_live:
            fresh.lock = live.lock  # whoever waits for the old lock waits for this match
            self.ctx.live.add(fresh)
            match_clocks.started(self.ctx, fresh, self.ctx.clock.now())  # its clock runs on from here
        live.record = fresh.record  # anyone holding the old object sees it is no longer current


def computer_action(game: Game, decision: Play | bool) -> tuple[Action, str]:
    """The action the computer's ``decision`` (a play, or yes/no to what the game waits for) stands for."""
    match game.awaiting:
        case "play":
            assert isinstance(decision, Play)
            return Action.PLAY, game.position.format_play(decision)
        case "roll":
            return (Action.DOUBLE if decision else Action.ROLL), ""
        case "double-answer":
            return (Action.TAKE if decision else Action.DROP), ""
        case "resign-answer":
            return (Action.ACCEPT if decision else Action.DECLINE), ""
    raise ValueError(f"nothing to decide while the game waits for {game.awaiting}")


KINDS = {1: WinKind.SINGLE, 2: WinKind.GAMMON, 3: WinKind.BACKGAMMON}
"""A backgammon resignation offer's level, as what it gives the winner."""

HANDLERS: dict[Action, Handler] = {
    Action.PLAY: Matches._play,
    Action.FIRST: picking.first,
    Action.STEP: picking.step,
    Action.UNDO: picking.undo,
    Action.DONE: picking.done,
    Action.RESIGN: Matches._resign,
    Action.ACCEPT: Matches._accept,
    Action.DECLINE: Matches._decline,
    Action.DOUBLE: Matches._double,
    Action.TAKE: Matches._take,
    Action.DROP: Matches._drop,
    Action.ROLL: Matches._roll,
    Action.LEAVE: Matches._leave,
}


__all__ = ["HANDLERS", "Matches", "computer_action"]
