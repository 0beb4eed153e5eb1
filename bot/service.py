"""The match service: the rules of play in a channel, with no Discord in it.

People are :class:`PlayerRef` s (user id, display name, bot account or not). Every action returns a
:class:`Result`, plain data that says what to publish: :class:`Notice` s (a new board message, a plain
message, an ephemeral reply, ...) and which matches the computer plays next. A refusal is a
:class:`ServiceError` with a friendly message, and changes nothing.

Each match has an ``asyncio.Lock`` and a version number, bumped on every accepted action; a button
carries the version it was drawn for, so a stale or doubled click is refused instead of replayed. Every
accepted action is committed to storage (one transaction) before its result is returned.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bot import ratings, texts
from bot.clock import Clock, SystemClock
from bot.models import COMPUTER_ID, ChallengeRecord, MatchRecord, PlayerRef, Seat
from bot.storage import Storage, Transaction
from bot.thinking import Hinter, PlayerFactory, Thinker
from engine import (
    EngineError,
    Game,
    GameStateError,
    Match,
    Move,
    Play,
    PlayError,
    Position,
    SecretDice,
    UnknownVariantError,
    Variant,
    find_variant,
)
from engine import ai as engine_ai
from engine.dice import DiceSource

log = logging.getLogger(__name__)

MAX_CHOICES = 25
"""A select menu holds at most 25 options; with more legal plays, the menu goes move by move."""
MAX_POINTS = 25
MAX_SETTLE_STEPS = 200  # automatic rolls and passes in a row before the service stops and waits
LEVELS = tuple(engine_ai.LEVELS)
TWO_PLAYER_VARIANTS = texts.TWO_PLAYER_VARIANTS
CONSOLE_GUILD_ID = 0


class ServiceError(ValueError):
    """A refusal meant for the person who acted; the message is friendly and says why."""


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing to publish.

    ``kind``:

    - ``board``: a new public message in ``channel_id`` with the board picture of ``game``; when
      ``choices`` is set, the menu of legal plays (``stepwise``: first moves) and Resign, for ``mention``.
    - ``message``: a new public text message.
    - ``challenge``: a new public message with Accept / Decline buttons for ``mention``.
    - ``edit``: replace the text of ``message_id`` and remove its buttons.
    - ``retire``: remove the buttons of ``message_id``, text unchanged.
    - ``reply``: an ephemeral answer to whoever acted (with the picture when ``game`` is set).
    - ``picker``: an ephemeral move-by-move menu: ``choices`` are the next moves; Undo when
      ``can_undo``, Done when ``can_finish``.
    - ``info``: the public answer to a command (rules, leaderboard, ...).

    ``mention`` is the only user a public message may ping.
    """

    kind: str
    text: str
    channel_id: int = 0
    match_id: int | None = None
    version: int | None = None
    game: Game | None = None
    names: tuple[str, ...] = ()
    perspective: int | None = None
    mention: int | None = None
    choices: tuple[str, ...] = ()
    stepwise: bool = False
    can_resign: bool = False
    can_undo: bool = False
    can_finish: bool = False
    challenge_id: int | None = None
    message_id: int | None = None

    @property
    def is_public(self) -> bool:
        return self.kind not in ("reply", "picker")


@dataclass(slots=True)
class Result:
    """What an action led to: what to publish, and the matches where the computer acts next."""

    notices: list[Notice] = field(default_factory=list)
    computer_matches: tuple[int, ...] = ()

    def extend(self, other: Result) -> Result:
        self.notices.extend(other.notices)
        self.computer_matches = tuple(dict.fromkeys((*self.computer_matches, *other.computer_matches)))
        return self

    @property
    def replies(self) -> list[Notice]:
        return [n for n in self.notices if not n.is_public]


@dataclass(eq=False, slots=True)
class _Live:
    """A match in play, in memory; changed only under ``lock`` and only after storage accepted it."""

    record: MatchRecord
    match: Match
    game: Game
    saved_events: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    partial: tuple[int, int, tuple[Move, ...]] | None = None  # (version, user id, moves) being picked

    @property
    def match_id(self) -> int:
        return self.record.match_id

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.record.seats)


class MatchService:
    """Matches and challenges in channels, backed by :class:`Storage`."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Clock | None = None,
        dice: DiceSource | None = None,
        challenge_timeout: float = 600.0,
        turn_timeout: float = 86400.0,
        thinker: Thinker | None = None,
        computer: PlayerFactory | None = None,
        hinter: Hinter | None = None,
    ) -> None:
        """``thinker`` runs the computer's moves and the hints (default: the engine's, in a thread);
        ``computer`` and ``hinter`` replace the engine's players and hints, in a thread (tests)."""
        if thinker is not None and (computer is not None or hinter is not None):
            raise TypeError("give computer= and hinter= to the Thinker, not next to it")
        self.storage = storage
        self.clock = clock or SystemClock()
        self.dice = dice or SecretDice()
        self.challenge_timeout = challenge_timeout
        self.turn_timeout = turn_timeout
        self.thinker = thinker or Thinker(computer=computer, hinter=hinter)
        self._live: dict[int, _Live] = {}
        self._by_channel: dict[int, int] = {}
        self._unreadable: dict[int, int] = {}  # channel -> a stored active match that could not be loaded
        # Challenges and new matches in one channel go one at a time; other channels don't wait.
        self._channel_locks: dict[int, asyncio.Lock] = {}

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._channel_locks.get(channel_id)
        if lock is None:
            lock = self._channel_locks[channel_id] = asyncio.Lock()
        return lock

    # ================================================================== start-up
    async def load(self) -> int:
        """Load every unfinished match from storage; returns how many. Call once at start-up."""
        count = 0
        for record in await self.storage.active_matches():
            try:
                match = Match.from_json(record.state["match"])
                game = Game.from_json(record.state["game"])
            except (EngineError, KeyError, TypeError, ValueError):
                log.exception("match %s cannot be loaded; it stays as it is in the database", record.match_id)
                self._unreadable[record.channel_id] = record.match_id
                continue
            live = _Live(record, match, game, len(game.events))
            self._live[record.match_id] = live
            self._by_channel[record.channel_id] = record.match_id
            count += 1
        return count

    # ================================================================== reading
    def match_in_channel(self, channel_id: int) -> int | None:
        """The id of the active match in ``channel_id``, if any."""
        return self._by_channel.get(channel_id)

    def game(self, match_id: int) -> Game | None:
        live = self._live.get(match_id)
        return live.game if live else None

    def version(self, match_id: int) -> int | None:
        live = self._live.get(match_id)
        return live.record.version if live else None

    def seats(self, match_id: int) -> tuple[Seat, ...]:
        live = self._live.get(match_id)
        return live.seats if live else ()

    def active_match_ids(self) -> list[int]:
        return list(self._live)

    def pending_computer_turns(self) -> list[int]:
        """Matches where the computer is to act (after a restart, or a turn that failed)."""
        out = []
        for match_id, live in self._live.items():
            seat = self._actor_seat(live)
            if seat is not None and seat.is_computer:
                out.append(match_id)
        return out

    def check_actor(self, match_id: int, user_id: int, version: int | None = None) -> None:
        """Raise :class:`ServiceError` unless ``user_id`` may act on ``match_id`` now (at ``version``)."""
        live = self._get_live(match_id)
        self._check_version(live, version)
        self._check_turn(live, user_id)

    def suggestions(self, channel_id: int, user_id: int, typed: str, limit: int = MAX_CHOICES) -> list[str]:
        """Legal plays in notation that match what ``user_id`` has typed so far; never raises."""
        try:
            match_id = self._by_channel.get(channel_id)
            live = self._live.get(match_id) if match_id is not None else None
            if live is None or live.game.awaiting != "play":
                return []
            seat = self._actor_seat(live)
            if seat is None or seat.is_computer or seat.user_id != user_id:
                return []
            game = live.game
            plays = [game.position.format_play(p) for p in game.legal_plays()]
            return _matching(plays, typed)[:limit]
        except Exception:
            log.exception("autocomplete failed in channel %s", channel_id)
            return []

    # ================================================================== challenges
    async def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger: PlayerRef,
        opponent: PlayerRef,
        variant: str = "minigam",
        points: int = 1,
        *,
        rated: bool = True,
        guild_name: str = "",
    ) -> Result:
        """``challenger`` challenges ``opponent`` to a match in ``channel_id``."""
        v = self._two_player_variant(variant)
        if challenger.user_id == opponent.user_id:
            raise ServiceError("You can't challenge yourself. To play the computer, use `/minigam vs-bot`.")
        if opponent.is_bot:
            raise ServiceError(
                f"{opponent.name} is a bot account and can't accept challenges. "
                "To play the computer, use `/minigam vs-bot`."
            )
        if not isinstance(points, int) or not 1 <= points <= MAX_POINTS:
            raise ServiceError(f"A match is from 1 to {MAX_POINTS} points, not {points}.")
        if v.scoring == "mulligan":
            points = 3  # the majority of five games
        async with self._channel_lock(channel_id):
            self._check_channel_free(channel_id)
            for c in await self.storage.pending_challenges(channel_id):
                for who in (challenger, opponent):
                    if who.user_id in (c.challenger_id, c.opponent_id):
                        raise ServiceError(
                            f"{who.name} already has a challenge waiting in this channel "
                            f"({c.challenger_name} vs {c.opponent_name}); "
                            "wait for it to be answered or expire."
                        )
            now = self.clock.now()
            async with self.storage.transaction() as tx:
                await tx.upsert_guild(guild_id, guild_name, now)
                await tx.upsert_player(challenger, now)
                await tx.upsert_player(opponent, now)
                challenge_id = await tx.insert_challenge(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    challenger_id=challenger.user_id,
                    opponent_id=opponent.user_id,
                    variant=v.name,
                    points=points,
                    rated=rated,
                    now=now,
                    expires_at=now + self.challenge_timeout,
                )
        length = f"a match to {points} points" if points > 1 else "a 1-point match"
        text = (
            f"{opponent.name}, {challenger.name} challenges you to **{v.title}** ({length}"
            f"{'' if rated else ', unrated'}). "
            f"Accept or decline within {texts.duration(self.challenge_timeout)}."
        )
        notice = Notice("challenge", text, channel_id, mention=opponent.user_id, challenge_id=challenge_id)
        reply = Notice("reply", f"Challenge sent to {opponent.name}.", channel_id, challenge_id=challenge_id)
        return Result([notice, reply])

    async def answer_challenge(self, challenge_id: int, user: PlayerRef, accept: bool) -> Result:
        """The challenged player accepts or declines; anyone else is told it isn't theirs."""
        found = await self.storage.challenge(challenge_id)
        if found is None:
            raise ServiceError("That challenge doesn't exist any more.")
        async with self._channel_lock(found.channel_id):
            c = await self.storage.challenge(challenge_id)  # again, now that this channel is ours
            if c is None:
                raise ServiceError("That challenge doesn't exist any more.")
            if user.user_id != c.opponent_id:
                raise ServiceError(f"This isn't your challenge: only {c.opponent_name} can answer it.")
            if c.status != "pending":
                raise ServiceError(f"This challenge has already been {c.status}.")
            now = self.clock.now()
            if now >= c.expires_at:
                async with self.storage.transaction() as tx:
                    await tx.set_challenge_status(challenge_id, "expired")
                return Result(
                    [self._challenge_closed(c, "expired"), Notice("reply", "This challenge has expired.")]
                )
            if not accept:
                async with self.storage.transaction() as tx:
                    await tx.upsert_player(user, now)
                    await tx.set_challenge_status(challenge_id, "declined")
                return Result(
                    [self._challenge_closed(c, "declined"), Notice("reply", "You declined the challenge.")]
                )
            self._check_channel_free(c.channel_id)
            challenger = Seat(c.challenger_id, c.challenger_name)
            opponent = Seat(c.opponent_id, user.name)
            result = await self._create_match(
                c.guild_id,
                c.channel_id,
                (challenger, opponent),
                c.variant,
                c.points,
                rated=c.rated,
                challenge_id=challenge_id,
                players=(user,),
            )
        result.notices.insert(0, self._challenge_closed(c, "accepted"))
        return result

    def _challenge_closed(self, c: ChallengeRecord, status: str) -> Notice:
        v = find_variant(c.variant)
        words = {
            "accepted": f"{c.opponent_name} accepted {c.challenger_name}'s challenge to {v.title}.",
            "declined": f"{c.opponent_name} declined {c.challenger_name}'s challenge to {v.title}.",
            "expired": f"{c.challenger_name}'s challenge to {c.opponent_name} ({v.title}) "
            "expired unanswered.",
            "cancelled": f"{c.challenger_name}'s challenge to {c.opponent_name} ({v.title}) was cancelled.",
        }[status]
        return Notice("edit", words, c.channel_id, challenge_id=c.challenge_id, message_id=c.message_id)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message with a challenge's buttons (to close it when it expires)."""
        async with self.storage.transaction() as tx:
            await tx.set_challenge_message(challenge_id, message_id)

    # ================================================================== against the computer
    async def vs_bot(
        self,
        guild_id: int,
        channel_id: int,
        human: PlayerRef,
        variant: str = "minigam",
        level: str = "medium",
        *,
        guild_name: str = "",
    ) -> Result:
        """Start an unrated match against the computer; the human is player 1 (seat 0)."""
        v = self._two_player_variant(variant)
        if level not in LEVELS:
            raise ServiceError(f"The computer plays at {', '.join(LEVELS)}, not {level!r}.")
        async with self._channel_lock(channel_id):
            self._check_channel_free(channel_id)
            for c in await self.storage.pending_challenges(channel_id):
                if human.user_id in (c.challenger_id, c.opponent_id):
                    raise ServiceError(
                        "You have a challenge waiting in this channel; wait for it to be answered or expire."
                    )
            computer = Seat(COMPUTER_ID, f"Computer ({level})", level)
            human_seat = Seat(human.user_id, human.name)
            return await self._create_match(
                guild_id,
                channel_id,
                (human_seat, computer),
                v.name,
                None,
                rated=False,
                players=(human,),
                guild_name=guild_name,
            )

    # ================================================================== playing
    async def move(
        self,
        channel_id: int | None,
        user: PlayerRef,
        text: str,
        *,
        match_id: int | None = None,
        version: int | None = None,
    ) -> Result:
        """``user`` plays a whole turn written in notation (``bar/3 5/off``)."""
        live = self._find_live(channel_id, match_id)
        async with live.lock:
            self._check_version(live, version)
            seat = self._check_turn(live, user.user_id)
            game = live.game
            if game.awaiting != "play":
                raise ServiceError("There's nothing to play right now.")
            assert game.dice is not None
            try:
                play = game.position.parse_play(game.dice, text)
            except PlayError as exc:
                raise ServiceError(_play_error_message(text, exc)) from None
            return await self._play(live, seat, play)

    async def pick_move(
        self, match_id: int, version: int, user: PlayerRef, label: str, *, fresh: bool = False
    ) -> Result:
        """Move-by-move choice (more than 25 legal plays): add the single move ``label`` to the play
        being picked (``fresh``: start a new one, as from the board's menu of first moves)."""
        live = self._get_live(match_id)
        async with live.lock:
            self._check_version(live, version)
            seat = self._check_turn(live, user.user_id)
            prefix = () if fresh else self._partial(live, user.user_id)
            options, _complete = _next_moves(live.game, prefix)
            chosen = [m for m in options if live.game.position.format_move(m) == label]
            if not chosen:
                raise ServiceError(
                    f"`{label}` isn't one of the moves you can make next; choose from the menu again."
                )
            prefix = (*prefix, chosen[0])
            options, complete = _next_moves(live.game, prefix)
            if complete is not None and not options:
                return await self._play(live, seat, complete)
            live.partial = (live.record.version, user.user_id, prefix)
            return Result([self._picker(live, prefix, options, complete is not None)])

    async def undo_move(self, match_id: int, version: int, user: PlayerRef) -> Result:
        live = self._get_live(match_id)
        async with live.lock:
            self._check_version(live, version)
            self._check_turn(live, user.user_id)
            prefix = self._partial(live, user.user_id)[:-1]
            live.partial = (live.record.version, user.user_id, prefix)
            options, complete = _next_moves(live.game, prefix)
            return Result([self._picker(live, prefix, options, complete is not None)])

    async def finish_moves(self, match_id: int, version: int, user: PlayerRef) -> Result:
        live = self._get_live(match_id)
        async with live.lock:
            self._check_version(live, version)
            seat = self._check_turn(live, user.user_id)
            prefix = self._partial(live, user.user_id)
            _options, complete = _next_moves(live.game, prefix)
            if complete is None:
                so_far = live.game.position.format_play(prefix) if prefix else "nothing yet"
                raise ServiceError(f"Your play isn't complete ({so_far}): choose the next move.")
            return await self._play(live, seat, complete)

    def _partial(self, live: _Live, user_id: int) -> tuple[Move, ...]:
        if live.partial and live.partial[0] == live.record.version and live.partial[1] == user_id:
            return live.partial[2]
        return ()

    def _picker(self, live: _Live, prefix: tuple[Move, ...], options: list[Move], can_finish: bool) -> Notice:
        pos = live.game.position
        so_far = f"Your play so far: `{pos.format_play(prefix)}`." if prefix else "Choose your first move."
        if options:
            hint = " Choose the next move" + (", or Done to play it as it is." if can_finish else ".")
        else:
            hint = " Press Done to play it."
        return Notice(
            "picker",
            f"{so_far}{hint if prefix else ''}",
            live.record.channel_id,
            match_id=live.match_id,
            version=live.record.version,
            choices=tuple(pos.format_move(m) for m in options),
            stepwise=True,
            can_undo=bool(prefix),
            can_finish=can_finish,
        )

    async def resign(
        self,
        channel_id: int | None,
        user: PlayerRef,
        *,
        match_id: int | None = None,
        version: int | None = None,
    ) -> Result:
        """``user`` gives up the current game (in backgammon, at what it is worth now)."""
        live = self._find_live(channel_id, match_id)
        async with live.lock:
            self._check_version(live, version)
            seat_number = self._seat_number(live, user.user_id)
            game = live.game
            level = resign_level(game, seat_number)
            try:
                game = game.resign(seat_number, level)
                if game.awaiting == "resign-answer":
                    game = game.accept_resignation()  # at its full value, any opponent accepts
            except GameStateError as exc:
                raise ServiceError(f"You can't resign now: {exc}.") from None
            return await self._commit(live, game, [f"{live.seats[seat_number].name} resigns."])

    def resign_terms(self, channel_id: int | None, user_id: int, *, match_id: int | None = None) -> str:
        """What resigning now would cost ``user_id``, for the confirmation question."""
        live = self._find_live(channel_id, match_id)
        seat_number = self._seat_number(live, user_id)
        game = live.game
        level = resign_level(game, seat_number)
        points = level * game.cube
        kind = {1: "", 2: " a gammon,", 3: " a backgammon,"}[level]
        other = live.seats[1 - seat_number].name
        tail = ""
        if live.match.target > 1:
            tail = f" (the match goes on: score {self._score_text(live.match.score, live.names)})"
        return f"Resign this game? {other} wins{kind} {points} point{'s' if points != 1 else ''}{tail}."

    async def board(self, channel_id: int, user: PlayerRef) -> Result:
        """The current board again, for whoever asks (with the menu if it's their turn)."""
        live = self._live_in_channel(channel_id)
        async with live.lock:
            notice = self._board_notice(live, live.game, [], kind="reply")
            seat = self._actor_seat(live)
            if seat is None or seat.user_id != user.user_id:
                notice = replace(notice, choices=(), stepwise=False, can_resign=False, mention=None)
            return Result([notice])

    async def hint(self, channel_id: int, user: PlayerRef) -> Result:
        """The computer's best plays for the roll of ``user`` (unrated matches only)."""
        live = self._live_in_channel(channel_id)
        async with live.lock:
            if live.record.rated:
                raise ServiceError("Hints are only for unrated games (against the computer, or hot-seat).")
            self._check_turn(live, user.user_id)
            game = live.game
            if game.awaiting != "play":
                raise ServiceError("There's nothing to play right now.")
        hints = await self.thinker.hint(game, 3)
        if not hints:
            return Result([Notice("reply", "No hint for this roll.", channel_id)])
        lines = [f"Best plays for your {game.dice}:"]
        for i, h in enumerate(hints, start=1):
            extra = ""
            if h.gammon is not None:
                extra += f", {h.gammon:.0%} gammon"
            if h.equity is not None:
                extra += f", equity {h.equity:+.3f}"
            lines.append(f"{i}. `{h.notation}` — {h.win:.0%} to win{extra}")
        return Result([Notice("reply", "\n".join(lines), channel_id)])

    async def cancel(self, channel_id: int, by: PlayerRef) -> Result:
        """A moderator ends the match in ``channel_id`` (or its waiting challenges); it counts for nobody."""
        match_id = self._by_channel.get(channel_id)
        if match_id is None:
            async with self._channel_lock(channel_id):
                pending = await self.storage.pending_challenges(channel_id)
                if not pending:
                    raise ServiceError("There's no match or challenge to cancel in this channel.")
                async with self.storage.transaction() as tx:
                    for c in pending:
                        await tx.set_challenge_status(c.challenge_id, "cancelled")
            notices = [self._challenge_closed(c, "cancelled") for c in pending]
            notices.append(Notice("reply", f"Cancelled {len(pending)} waiting challenge(s).", channel_id))
            return Result(notices)
        live = self._get_live(match_id)
        async with live.lock:
            now = self.clock.now()
            record = replace(
                live.record, status="cancelled", version=live.record.version + 1, finished_at=now
            )
            async with self.storage.transaction() as tx:
                await tx.update_match(record)
            live.record = record
            self._forget(live)
        log.info("match %s cancelled by user %s", match_id, by.user_id)
        names = " vs ".join(live.names)
        notices = [
            Notice("message", f"{by.name} cancelled the match {names}; it counts for nobody.", channel_id)
        ]
        if record.board_message_id:
            notices.append(
                Notice("retire", "", channel_id, match_id=match_id, message_id=record.board_message_id)
            )
        notices.append(Notice("reply", "Match cancelled.", channel_id))
        return Result(notices)

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        """Remember the newest board message of a match (its buttons are disabled when the next comes)."""
        live = self._live.get(match_id)
        if live is not None:
            live.record = replace(live.record, board_message_id=message_id)
        async with self.storage.transaction() as tx:
            await tx.set_board_message(match_id, message_id)

    def board_message_id(self, match_id: int) -> int | None:
        live = self._live.get(match_id)
        return live.record.board_message_id if live else None

    # ================================================================== the computer
    async def computer_turn(self, match_id: int) -> Result:
        """Let the computer act in ``match_id`` if it is its turn; otherwise nothing happens."""
        live = self._live.get(match_id)
        if live is None:
            return Result()
        async with live.lock:
            if live.record.status != "active" or self._live.get(match_id) is not live:
                return Result()
            seat = self._actor_seat(live)
            if seat is None or not seat.is_computer:
                return Result()
            game = live.game
            level = seat.level or "medium"
            if game.awaiting == "play":
                play = await self.thinker.choose_play(game, level)
                return await self._play(live, seat, play)
            if game.awaiting == "double-answer":
                take = await self.thinker.accepts_double(game, level)
                verb = "takes" if take else "drops"
                return await self._commit(
                    live, game.take() if take else game.drop(), [f"{seat.name} {verb}."]
                )
            if game.awaiting == "resign-answer":
                accept = await self.thinker.accepts_resignation(game, level)
                new = game.accept_resignation() if accept else game.reject_resignation()
                return await self._commit(live, new, [f"{seat.name} {'accepts' if accept else 'rejects'}."])
            return Result()

    # ================================================================== the clock
    async def sweep(self) -> Result:
        """Apply the clock: expire challenges, remind the player to move at half time, forfeit at the limit.
        Also lists the matches where the computer is to act (to resume them after a restart)."""
        result = Result()
        now = self.clock.now()
        due_channels = sorted(
            {c.channel_id for c in await self.storage.pending_challenges() if c.expires_at <= now}
        )
        for channel_id in due_channels:
            async with self._channel_lock(channel_id):
                due = [c for c in await self.storage.pending_challenges(channel_id) if c.expires_at <= now]
                if due:
                    async with self.storage.transaction() as tx:
                        for c in due:
                            await tx.set_challenge_status(c.challenge_id, "expired")
                    result.notices.extend(self._challenge_closed(c, "expired") for c in due)
        for live in list(self._live.values()):
            async with live.lock:
                if self._live.get(live.match_id) is not live:
                    continue
                seat = self._actor_seat(live)
                if seat is None:
                    continue
                if seat.is_computer:
                    result.computer_matches = (*result.computer_matches, live.match_id)
                    continue
                elapsed = now - live.record.turn_started_at
                if elapsed >= self.turn_timeout:
                    actor = live.game.actor
                    assert actor is not None
                    line = (
                        f"{seat.name} didn't play within {texts.duration(self.turn_timeout)} "
                        "and forfeits the match."
                    )
                    result.extend(await self._commit(live, live.game.forfeit(actor), [line], forfeit=True))
                elif elapsed >= self.turn_timeout / 2 and not live.record.reminded:
                    record = replace(live.record, reminded=True)
                    async with self.storage.transaction() as tx:
                        await tx.update_match(record)
                    live.record = record
                    left = texts.duration(self.turn_timeout - elapsed)
                    result.notices.append(
                        Notice(
                            "message",
                            f"{seat.name}, it's still your turn in this match: play within {left} "
                            "or you forfeit the match.",
                            live.record.channel_id,
                            match_id=live.match_id,
                            mention=seat.user_id,
                        )
                    )
        return result

    # ================================================================== leaderboard and records
    async def leaderboard(self, guild_id: int, variant: str | None = None, limit: int = 10) -> Result:
        if variant:
            names = [self._two_player_variant(variant).name]
        else:
            names = await self.storage.rated_variants(guild_id)
        blocks = []
        for name in names:
            rows = await self.storage.leaderboard(guild_id, name, limit)
            if not rows:
                continue
            lines = [f"**{find_variant(name).title}** leaderboard"]
            lines.append("```")
            lines.append(f"{'#':>2}  {'name':<20} {'rating':>7}  {'W-L':>7}  streak")
            for rank, row in enumerate(rows, start=1):
                r = row.rating
                lines.append(
                    f"{rank:>2}  {row.name[:20]:<20} {r.rating:>7.1f}  {f'{r.wins}-{r.losses}':>7}  "
                    f"{ratings.format_streak(r.streak)}"
                )
            lines.append("```")
            blocks.append("\n".join(lines))
        if not blocks:
            which = f" for {find_variant(names[0]).title}" if variant else ""
            text = f"No rated matches{which} in this server yet. Challenge someone with `/minigam challenge`!"
        else:
            text = "\n".join(blocks)
        return Result([Notice("info", text)])

    async def stats(self, guild_id: int, user: PlayerRef) -> Result:
        record = await self.storage.player_record(guild_id, user.user_id)
        rated = await self.storage.player_ratings(guild_id, user.user_id)
        lines = [f"**{user.name}** in this server"]
        lines.append(
            f"• Matches against people: {record.wins} won, {record.losses} lost"
            f" · against the computer: {record.computer_wins} won, {record.computer_losses} lost"
            + (f" · {record.unfinished} in progress" if record.unfinished else "")
        )
        if not rated:
            lines.append("• No rating yet: ratings come from rated matches against people.")
        for variant, r in rated:
            rank = await self.storage.rank(guild_id, variant, user.user_id)
            lines.append(
                f"• {find_variant(variant).title}: rating {r.rating:.1f} (#{rank}), {r.wins}-{r.losses}, "
                f"streak {ratings.format_streak(r.streak)}, experience {r.experience}"
            )
        return Result([Notice("info", "\n".join(lines))])

    async def history(self, guild_id: int, limit: int = 10) -> Result:
        games = await self.storage.recent_games(guild_id, limit)
        if not games:
            return Result([Notice("info", "No finished games in this server yet.")])
        lines = ["**Recent games**"]
        for g in games:
            names = [s.name for s in g.seats]
            outcome = g.outcome or {}
            winner = outcome.get("winner", 0)
            loser = 1 - winner if len(names) == 2 else None
            kind = outcome.get("kind", "single")
            how = {"borne_off": "", "dropped": ", double dropped", "resigned": ", resignation",
                   "forfeit": ", forfeit"}.get(outcome.get("termination", ""), "")  # fmt: skip
            points = outcome.get("points", 1)
            what = f"{kind}, " if kind not in ("single", "placings") else ""
            match = f" (game {g.number} of a match to {g.target})" if g.target > 1 else ""
            vs = f" beat {names[loser]}" if loser is not None else ""
            lines.append(
                f"• {texts.when(g.finished_at or 0)} · {find_variant(g.variant).title}{match}: "
                f"**{names[winner]}**{vs} ({what}{points} pt{'s' if points != 1 else ''}{how})"
            )
        return Result([Notice("info", "\n".join(lines))])

    # ================================================================== internals: creating
    def _two_player_variant(self, variant: str) -> Variant:
        try:
            v = find_variant(variant)
        except UnknownVariantError:
            raise ServiceError(
                f"There's no game called {variant!r}. The games are: {', '.join(TWO_PLAYER_VARIANTS)}."
            ) from None
        if v.name not in TWO_PLAYER_VARIANTS:
            raise ServiceError(
                f"{v.title} needs {v.players} players and can't be started here yet. "
                f"The games are: {', '.join(TWO_PLAYER_VARIANTS)}."
            )
        return v

    def _check_channel_free(self, channel_id: int) -> None:
        if channel_id in self._unreadable:
            raise ServiceError(
                "This channel's match could not be read back after a restart, so it stays as it is. "
                "Start a thread and play there."
            )
        match_id = self._by_channel.get(channel_id)
        if match_id is not None:
            names = " vs ".join(self._live[match_id].names)
            raise ServiceError(
                f"This channel already has a match in progress ({names}). "
                "Start a thread and play there: each thread can hold its own match."
            )

    async def _create_match(
        self,
        guild_id: int,
        channel_id: int,
        seats: tuple[Seat, ...],
        variant: str,
        points: int | None,
        *,
        rated: bool,
        players: Sequence[PlayerRef] = (),
        challenge_id: int | None = None,
        guild_name: str = "",
    ) -> Result:
        """Start a match (the caller holds the channel's lock): opening roll, automatic rolls, stored."""
        match = Match.new(variant, points)
        first = match.start_game(self.dice)
        game, lines = self._settle(first, seats)
        lines.insert(0, opening_line(first, seats))
        now = self.clock.now()
        computer_level = next((s.level for s in seats if s.is_computer), None)
        record = MatchRecord(
            match_id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            variant=match.variant.name,
            target=match.target,
            rated=rated and computer_level is None,
            computer_level=computer_level,
            status="active",
            seats=seats,
            state={"match": match.to_json(), "game": game.to_json()},
            version=1,
            current_game_id=None,
            turn_started_at=now,
            created_at=now,
        )
        async with self.storage.transaction() as tx:
            await tx.upsert_guild(guild_id, guild_name, now)
            for p in players:
                await tx.upsert_player(p, now)
            for s in seats:
                await tx.upsert_player(s, now)
            match_id = await tx.insert_match(record)
            record = replace(record, match_id=match_id)
            game_id = await tx.insert_game(match_id, 1, match.variant.name, _context_json(game), now)
            await tx.add_events(game_id, 0, game.events, now)
            record = replace(record, current_game_id=game_id)
            await tx.update_match(record)
            if challenge_id is not None:
                await tx.set_challenge_status(challenge_id, "accepted", match_id)
        live = _Live(record, match, game, len(game.events))
        self._live[match_id] = live
        self._by_channel[channel_id] = match_id
        log.info("match %s started in channel %s: %s, %s", match_id, channel_id, variant, seats)
        v = match.variant
        length = f"a match to {match.target} points" if match.target > 1 else "one game"
        header = f"**{v.title}**: {seats[0].name} vs {seats[1].name}, {length}."
        if not rated or computer_level:
            header += " Unrated."
        return self._publish_turn(live, [header, *lines])

    # ================================================================== internals: acting
    def _get_live(self, match_id: int) -> _Live:
        live = self._live.get(match_id)
        if live is None:
            raise ServiceError("This match is over; the board is kept for the record.")
        return live

    def _find_live(self, channel_id: int | None, match_id: int | None) -> _Live:
        """The match a button names (``match_id``), or else the one in ``channel_id``."""
        return self._get_live(match_id) if match_id is not None else self._live_in_channel(channel_id)

    def _live_in_channel(self, channel_id: int | None) -> _Live:
        match_id = self._by_channel.get(channel_id) if channel_id is not None else None
        if match_id is None:
            raise ServiceError(
                "There's no match in this channel. Start one with `/minigam challenge` or `/minigam vs-bot`."
            )
        return self._live[match_id]

    def _check_version(self, live: _Live, version: int | None) -> None:
        if version is not None and version != live.record.version:
            raise ServiceError(
                "That board is out of date: the game has moved on since, so nothing was done. "
                "Use the newest board."
            )

    def _seat_number(self, live: _Live, user_id: int) -> int:
        for number, seat in enumerate(live.seats):
            if seat.user_id == user_id and not seat.is_computer:
                return number
        raise ServiceError("You're not playing in this match.")

    def _check_turn(self, live: _Live, user_id: int) -> Seat:
        number = self._seat_number(live, user_id)
        actor = live.game.actor
        if actor is None:
            raise ServiceError("This game is over.")
        if actor != number:
            raise ServiceError(f"It's not your turn: waiting for {live.seats[actor].name}.")
        return live.seats[number]

    def _actor_seat(self, live: _Live) -> Seat | None:
        actor = live.game.actor
        return live.seats[actor] if actor is not None else None

    def _settle(self, game: Game, seats: Sequence[Seat]) -> tuple[Game, list[str]]:
        """Roll for the player to move and pass turns that have no legal play, until someone can play."""
        lines: list[str] = []
        for _ in range(MAX_SETTLE_STEPS):
            if game.awaiting == "roll":
                game = game.roll(self.dice)
            if game.awaiting == "play" and game.must_pass():
                lines.append(f"{seats[game.turn].name} rolled {game.dice} and can't move; the turn passes.")
                game = game.play(game.legal_plays()[0])
                continue
            break
        return game, lines

    async def _play(self, live: _Live, seat: Seat, play: Play) -> Result:
        game = live.game
        text = game.position.format_play(play)
        assert game.dice is not None
        try:
            new = game.play(play)
        except GameStateError as exc:
            raise ServiceError(f"That play can't be made: {exc}.") from None
        return await self._commit(live, new, [f"{seat.name} played `{text}` with {game.dice}."])

    async def _commit(self, live: _Live, game: Game, lines: list[str], *, forfeit: bool = False) -> Result:
        """Store ``game`` (``live.game`` after one action), then roll on, start the next game or end the
        match, and describe it. The caller holds ``live.lock``. Nothing changes in memory unless the
        transaction commits."""
        now = self.clock.now()
        rec = live.record
        names = live.names
        match = live.match
        finished_game = game if game.outcome is not None else None
        next_game: Game | None = None
        end_lines: list[str] = []
        next_lines: list[str] = []
        status = "active"
        winner_seat = None
        if finished_game is None:
            game, more = self._settle(game, live.seats)
            lines = [*lines, *more]
        else:
            assert game.outcome is not None
            match = match.record(game.outcome)
            end_lines.append(game.outcome.describe(names) + ".")
            if match.target > 1:
                end_lines.append(f"Score: {self._score_text(match.score, names)} (match to {match.target}).")
            if match.is_over:
                status = "finished"
                winner_seat = match.winner
                if match.target > 1 or forfeit:
                    assert winner_seat is not None
                    end_lines.append(f"**{names[winner_seat]} wins the match.**")
            else:
                first = match.start_game(self.dice)
                next_game, next_lines = self._settle(first, live.seats)
                next_lines.insert(0, opening_line(first, live.seats))
        record = replace(
            rec,
            status=status,
            version=rec.version + 1,
            state={"match": match.to_json(), "game": (next_game or game).to_json()},
            turn_started_at=now,
            reminded=False,
            winner_seat=winner_seat,
            finished_at=now if status != "active" else None,
        )
        rating_lines: list[str] = []
        async with self.storage.transaction() as tx:
            assert rec.current_game_id is not None
            await tx.add_events(rec.current_game_id, live.saved_events, game.events[live.saved_events :], now)
            if finished_game is not None:
                assert finished_game.outcome is not None
                await tx.finish_game(rec.current_game_id, finished_game.outcome, now)
            if next_game is not None:
                game_id = await tx.insert_game(
                    rec.match_id, match.games_played + 1, match.variant.name, _context_json(next_game), now
                )
                await tx.add_events(game_id, 0, next_game.events, now)
                record = replace(record, current_game_id=game_id)
            if status == "finished" and record.rated and winner_seat is not None:
                rating_lines = await self._rate(tx, record, winner_seat, now)
            await tx.update_match(record)
        # Committed: now the match moves on in memory.
        live.record = record
        live.match = match
        live.game = next_game or game
        live.saved_events = len(live.game.events)
        live.partial = None
        if status != "active":
            self._forget(live)
            log.info("match %s finished: seat %s won, score %s", rec.match_id, winner_seat, match.score)
        if finished_game is None:
            return self._publish_turn(live, lines)
        final = self._board_notice(live, finished_game, [*lines, *end_lines, *rating_lines], final=True)
        result = Result([final])
        if next_game is not None:
            header = f"Game {match.games_played + 1}."
            result.extend(self._publish_turn(live, [header, *next_lines]))
        return result

    async def _rate(self, tx: Transaction, record: MatchRecord, winner_seat: int, now: float) -> list[str]:
        """FIBS ratings after a rated match between two people (inside the match's transaction)."""
        winner = record.seats[winner_seat]
        loser = record.seats[1 - winner_seat]
        length = max(1, record.target)
        old_w = await tx.rating(record.guild_id, record.variant, winner.user_id)
        old_l = await tx.rating(record.guild_id, record.variant, loser.user_id)
        new_w, new_l = ratings.after_match(old_w, old_l, length)
        await tx.put_rating(
            record.guild_id, record.variant, winner.user_id, old_w, new_w, record.match_id, now
        )
        await tx.put_rating(
            record.guild_id, record.variant, loser.user_id, old_l, new_l, record.match_id, now
        )
        return [
            f"Ratings: {winner.name} {old_w.rating:.1f} → {new_w.rating:.1f}, "
            f"{loser.name} {old_l.rating:.1f} → {new_l.rating:.1f}."
        ]

    def _forget(self, live: _Live) -> None:
        self._live.pop(live.match_id, None)
        if self._by_channel.get(live.record.channel_id) == live.match_id:
            del self._by_channel[live.record.channel_id]

    # ================================================================== internals: describing
    def _publish_turn(self, live: _Live, lines: list[str]) -> Result:
        notice = self._board_notice(live, live.game, lines)
        seat = self._actor_seat(live)
        computer = (live.match_id,) if seat is not None and seat.is_computer else ()
        return Result([notice], computer)

    def _board_notice(
        self, live: _Live, game: Game, lines: list[str], *, final: bool = False, kind: str = "board"
    ) -> Notice:
        rec = live.record
        seat = None if final else self._actor_seat(live)
        perspective = None
        choices: tuple[str, ...] = ()
        stepwise = False
        mention = None
        text_lines = list(lines)
        if seat is not None and game.awaiting == "play":
            assert game.dice is not None
            if seat.is_computer:
                text_lines.append(f"{seat.name} rolled {game.dice} and is thinking…")
            else:
                text_lines.append(f"{seat.name}, your turn: you rolled **{game.dice}**.")
                choices, stepwise = play_choices(game)
                mention = seat.user_id
        elif seat is not None:
            text_lines.append(f"Waiting for {seat.name}.")
            if not seat.is_computer:
                mention = seat.user_id
        humans = [i for i, s in enumerate(live.seats) if not s.is_computer]
        actor = game.actor
        if actor is not None and not live.seats[actor].is_computer:
            perspective = actor
        elif len(humans) == 1:
            perspective = humans[0]
        return Notice(
            kind,
            "\n".join(text_lines),
            rec.channel_id,
            match_id=rec.match_id,
            version=rec.version,
            game=game,
            names=live.names,
            perspective=perspective,
            mention=mention,
            choices=choices,
            stepwise=stepwise,
            can_resign=not final and kind == "board",
        )

    @staticmethod
    def _score_text(score: Sequence[int], names: Sequence[str]) -> str:
        return ", ".join(f"{n} {s}" for n, s in zip(names, score, strict=False))


# ====================================================================== pure helpers


def opening_line(game: Game, seats: Sequence[Seat]) -> str:
    """``Opening roll: Alice 3, Bob 3 (tie); Alice 2, Bob 1. Alice starts.``"""
    rounds = [e.dice for e in game.events if e.kind == "opening"]
    parts = []
    for i, dice in enumerate(rounds):
        shown = ", ".join(f"{seats[p].name} {d}" for p, d in enumerate(dice) if d)
        parts.append(shown + (" (tie)" if i < len(rounds) - 1 else ""))
    return f"Opening roll: {'; '.join(parts)}. {seats[game.turn].name} starts."


def resign_level(game: Game, player: int) -> int:
    """What a resignation by ``player`` gives away: 1 (single), 2 (gammon) or 3 (backgammon).

    Outside backgammon it is always 1. In backgammon it is what the game could still cost: a single
    once ``player`` has borne a checker off; otherwise a backgammon while a checker of theirs is on the
    bar or in the opponent's home board, else a gammon.
    """
    if game.variant.scoring != "backgammon":
        return 1
    pos = game.position
    if pos.off[player] > 0:
        return 1
    opponent = 1 - player
    if pos.bar[player]:
        return 3
    for point, _count in pos.checkers_on(player):
        if pos.distance(opponent, point) <= 6:
            return 3
    return 2


def play_choices(game: Game) -> tuple[tuple[str, ...], bool]:
    """The board menu for the player to move: ``(choices, stepwise)``. Up to 25 legal plays are offered
    whole; with more, the menu offers the distinct first moves (then move by move)."""
    plays = game.legal_plays()
    if not plays or not plays[0].moves:
        return (), False
    pos = game.position
    if len(plays) <= MAX_CHOICES:
        return tuple(pos.format_play(p) for p in plays), False
    firsts, _complete = _next_moves(game, ())
    return tuple(pos.format_move(m) for m in firsts), True


def _next_moves(game: Game, prefix: tuple[Move, ...]) -> tuple[list[Move], Play | None]:
    """For the move-by-move menu: the distinct single moves that can follow ``prefix`` on the way to a
    legal play (the moves of a play may come in any order), and the legal play ``prefix`` already
    makes, if any."""
    legal = game.legal_plays()
    if game.dice is None or not legal or not legal[0].moves:
        return [], None
    targets = {(p.result.board, p.result.bar): p for p in legal}
    d = game.dice
    dice = (d.first,) * game.variant.doubles_moves if d.is_double else (d.first, d.second)
    memo: dict[tuple, bool] = {}

    def completes(pos: Position, left: tuple[int, ...]) -> bool:
        """Can some legal play's position still be reached from ``pos`` with the dice ``left``?"""
        if (pos.board, pos.bar) in targets:
            return True
        key = (pos.board, pos.bar, left)
        if key not in memo:
            memo[key] = any(
                completes(nxt, _without(left, die)) for die in set(left) for _m, nxt in pos.single_moves(die)
            )
        return memo[key]

    # Every (position, dice left) the prefix can stand for: a bear-off may have used either die.
    states = [(game.position, dice)]
    for move in prefix:
        states = [
            (nxt, _without(left, die))
            for pos, left in states
            for die in set(left)
            for m, nxt in pos.single_moves(die)
            if (m.src, m.dst) == (move.src, move.dst)
        ]
    complete = None
    options: list[Move] = []
    seen: set[tuple[int, int]] = set()
    for pos, left in states:
        complete = complete or targets.get((pos.board, pos.bar)) if prefix else complete
        for die in sorted(set(left), reverse=True):
            for m, nxt in pos.single_moves(die):
                if (m.src, m.dst) not in seen and completes(nxt, _without(left, die)):
                    seen.add((m.src, m.dst))
                    options.append(m)
    return options, complete


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)


def _matching(plays: Sequence[str], typed: str) -> list[str]:
    """Plays that fit ``typed``: those starting with it first, then those containing each typed move."""
    words = typed.strip().lower().replace(",", " ").split()
    if not words:
        return list(plays)
    text = " ".join(words)
    starts = [p for p in plays if p.startswith(text)]
    rest = [p for p in plays if p not in starts and all(any(w in part for part in p.split()) for w in words)]
    return starts + rest


def _play_error_message(text: str, exc: PlayError) -> str:
    reason = exc.reason[:1].upper() + exc.reason[1:]
    if not exc.legal:
        return f"{reason}."
    shown = ", ".join(f"`{p}`" for p in exc.legal[:12])
    more = f" and {len(exc.legal) - 12} more" if len(exc.legal) > 12 else ""
    return f"{reason}.\nLegal plays: {shown}{more}."


def _context_json(game: Game) -> dict:
    return dataclasses.asdict(game.match) | {"score": list(game.match.score)}


__all__ = [
    "LEVELS",
    "MAX_CHOICES",
    "TWO_PLAYER_VARIANTS",
    "MatchService",
    "Notice",
    "Result",
    "ServiceError",
    "play_choices",
    "resign_level",
]
