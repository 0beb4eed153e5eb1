"""Game flow as data: opening rolls, turns, passes, outcomes (offers: :mod:`engine.game_offers`).

:class:`Game` is immutable: every action returns a new game or raises :class:`GameStateError`, so a
caller can check, store and only then publish. It serialises to JSON with a format version, and
reading it back (:meth:`Game.from_json`) accepts only states a game can reach. Scoring lives in
:mod:`engine.scoring`, the record of events in :mod:`engine.events`, matches in :mod:`engine.match`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace

from engine.dice import DiceSource, roll
from engine.errors import GameStateError, quoted
from engine.events import Event, EventKind
from engine.game_check import check_state, game_json
from engine.game_json import game_fields
from engine.game_offers import Offers
from engine.jsonread import is_int
from engine.notation import format_moves
from engine.picker import next_moves
from engine.position import OFF, Dice, Move, Play, Position
from engine.scoring import (
    MAX_CUBE,
    MAX_MATCH_POINTS,
    MatchContext,
    Outcome,
    Termination,
    WinKind,
    loss_kind,
    placings_outcome,
)
from engine.variants import Variant, find_variant


class Awaiting(enum.StrEnum):
    """What a game waits for (compares equal to its text, e.g. ``"roll"``)."""

    OVER = "over"
    RESIGN_ANSWER = "resign-answer"
    DOUBLE_ANSWER = "double-answer"
    ROLL = "roll"
    PLAY = "play"


def opening_roll(variant: Variant, source: DiceSource) -> tuple[int, Dice, tuple[tuple[int, ...], ...]]:
    """Who starts and with what dice, per RULES.md, plus every round of opening dice rolled.

    Two players roll one die each and re-roll ties. Multigam: everyone rolls; those tied for highest
    re-roll until one is highest; the first roll is that die and the lowest die showing among the
    other players.
    """
    n = variant.players
    rounds: list[tuple[int, ...]] = []
    showing = [0] * n
    contenders = list(range(n))
    while True:
        this_round = [0] * n
        for p in contenders:
            showing[p] = this_round[p] = source.roll_die()
        rounds.append(tuple(this_round))
        high = max(showing[p] for p in contenders)
        contenders = [p for p in contenders if showing[p] == high]
        if len(contenders) == 1:
            break
    first = contenders[0]
    low = min(showing[p] for p in range(n) if p != first)
    return first, Dice(showing[first], low), tuple(rounds)


@dataclass(frozen=True, slots=True)
class Game(Offers):
    """One game in progress or over."""

    position: Position
    dice: Dice | None = None
    cube: int = 1
    cube_owner: int | None = None  # None: centred
    double_offered: bool = False  # the player to move has doubled and awaits an answer
    resign_offer: tuple[int, int] | None = None  # (player, level 1/2/3) awaiting an answer
    finished: tuple[int, ...] = ()  # players in the order they bore off their last checker
    outcome: Outcome | None = None
    match: MatchContext = field(default_factory=MatchContext)
    events: tuple[Event, ...] = ()
    last_play: Play | None = None
    last_player: int | None = None

    # ------------------------------------------------------------------ starting
    @classmethod
    def start(cls, variant: str | Variant, source: DiceSource, *, match: MatchContext | None = None) -> Game:
        """A new game after the opening roll: the winner is on roll with the opening dice."""
        v = find_variant(variant)
        first, dice, rounds = opening_roll(v, source)
        events = tuple(Event(EventKind.OPENING, -1, r) for r in rounds)
        ctx = match or MatchContext(score=(0,) * v.players)
        return cls(Position.initial(v, turn=first), dice=dice, match=ctx, events=events)

    # ------------------------------------------------------------------ reading
    @property
    def variant(self) -> Variant:
        return self.position.variant

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def actor(self) -> int | None:
        """The player who must act now (answer an offer, roll or play), or ``None`` when over."""
        if self.outcome is not None:
            return None
        if self.resign_offer is not None:
            return self._opponent(self.resign_offer[0])
        if self.double_offered:
            return self._opponent(self.turn)
        return self.turn

    @property
    def awaiting(self) -> Awaiting:
        """What the game waits for: an answer to a resignation or a double, a roll, a play; or nothing."""
        if self.outcome is not None:
            return Awaiting.OVER
        if self.resign_offer is not None:
            return Awaiting.RESIGN_ANSWER
        if self.double_offered:
            return Awaiting.DOUBLE_ANSWER
        return Awaiting.ROLL if self.dice is None else Awaiting.PLAY

    def legal_plays(self) -> tuple[Play, ...]:
        if self.dice is None or self.outcome is not None:
            return ()
        return self.position.legal_plays(self.dice)

    def next_moves(self, prefix: Sequence[Move] = ()) -> tuple[tuple[Move, ...], Play | None]:
        """For a move-by-move picker: the distinct single moves that can follow ``prefix`` (the moves
        picked so far, in any order) on the way to a legal play, and the legal play ``prefix``
        already makes, if any (see :func:`engine.picker.next_moves`). ``((), None)`` when nothing is
        to be played (no dice, game over, a pass)."""
        if self.dice is None or self.outcome is not None:
            return (), None
        return next_moves(self.position, self.dice, prefix)

    def must_pass(self) -> bool:
        """Rolled, and no die can be played."""
        plays = self.legal_plays()
        return len(plays) == 1 and not plays[0].moves

    def resignation_value(self, player: int) -> WinKind:
        """The most a resignation by ``player`` can still cost now, per RULES.md; the points are
        ``kind.multiplier`` × the cube.

        - ``backgammon``: a single once ``player`` has borne a checker off; otherwise a backgammon
          while a checker of theirs is on the bar or in the opponent's home board, else a gammon
          (exactly what the game would be worth if the opponent bore off now).
        - ``backgammon-mulligan``: a Mulligan (3) while one is still possible for the winner (the
          resigner has a checker on the bar or outside their own home board), else a single.
        - multigam: ``PLACINGS`` (the player takes the lowest place still open); other variants: a single.
        """
        if not is_int(player) or player not in range(self.variant.players):
            raise GameStateError(f"there is no player {quoted(player)} in {self.variant.name}")
        if self.variant.is_multiplayer:
            return WinKind.PLACINGS
        return loss_kind(self.position, player)

    def active_players(self) -> list[int]:
        """Players still moving: not finished and (multigam) not left. In a two-player game a
        resignation is an offer or ends the game, so only bearing off takes a player out."""
        gone = set(self.finished)
        if self.variant.is_multiplayer:
            gone.update(e.player for e in self.events if e.kind in _LEAVING)
        return [p for p in range(self.variant.players) if p not in gone]

    def _scored(self, termination: Termination, winner: int, kind: WinKind) -> Outcome:
        """A two-player game won as ``kind`` now: its multiplier × the cube, or a single game by the
        Jacoby rule (money play, the cube never turned)."""
        return Outcome.scored(termination, winner, kind, self.cube, self.match, cubed=self.variant.cube)

    def _opponent(self, player: int) -> int:
        return player if self.variant.is_multiplayer else 1 - player

    def _check_actor(self, player: int | None, action: str) -> None:
        if self.outcome is not None:
            raise GameStateError(f"the game is over; you cannot {action}")
        if player is not None and player != self.actor:
            raise GameStateError(f"it is not your turn to {action}")

    def _check_leaver(self, player: object) -> None:
        if self.outcome is not None:
            raise GameStateError("the game is over already")
        if not is_int(player) or player not in self.active_players():
            raise GameStateError("you are not playing in this game")

    # ------------------------------------------------------------------ actions
    def roll(self, source: DiceSource, player: int | None = None) -> Game:
        self._check_actor(player, "roll")
        if self.awaiting != Awaiting.ROLL:
            raise GameStateError(
                "the dice have already been rolled" if self.dice else "answer the offer first"
            )
        dice = roll(source)
        return _evolve(self, dice=dice, events=(*self.events, Event(EventKind.ROLL, self.turn, tuple(dice))))

    def play(self, play: Play | str, player: int | None = None) -> Game:
        """Make a legal play (a :class:`Play` or notation) and hand the turn on."""
        self._check_actor(player, "move")
        if self.awaiting != Awaiting.PLAY:
            raise GameStateError(
                "roll the dice first" if self.awaiting == Awaiting.ROLL else "answer the offer first"
            )
        assert self.dice is not None
        if isinstance(play, str):
            play = self.position.parse_play(self.dice, play)
        elif play not in self.legal_plays():
            raise GameStateError("that play is not legal here")
        mover = self.turn
        moves = tuple(format_moves(self.position, play.moves))
        event = Event(EventKind.PLAY, mover, tuple(self.dice), moves)
        game = _evolve(
            self,
            events=(*self.events, event),
            dice=None,
            last_play=play,
            last_player=mover,
            position=play.result,
        )
        return game._after_play(mover)

    def _after_play(self, mover: int) -> Game:
        pos = self.position
        v = self.variant
        finished = self.finished
        if pos.off[mover] == v.checkers and mover not in finished:
            finished = (*finished, mover)
        if not v.is_multiplayer:
            if mover in finished:
                outcome = self._scored(Termination.BORNE_OFF, mover, loss_kind(pos, 1 - mover))
                return _evolve(self, finished=finished, outcome=outcome)
            return _evolve(self, position=pos.with_turn(1 - mover))
        game = _evolve(self, finished=finished)
        active = game.active_players()
        if len(active) <= 1:
            return replace(game, outcome=placings_outcome(v, game._placings(active)))
        return _evolve(game, position=pos.with_turn(_next_active(mover, active, v.players)))

    def _placings(self, active: list[int]) -> tuple[int, ...]:
        """Finished players first, then whoever is still playing, then leavers (first to leave last)."""
        leavers = [e.player for e in self.events if e.kind in _LEAVING]
        return (*self.finished, *active, *reversed(leavers))

    def forfeit(self, player: int) -> Game:
        """``player`` loses by forfeit (timeout, cancel): a single game times the cube (in multigam,
        the lowest place still open). Any offer waiting for an answer lapses."""
        self._check_leaver(player)
        event = Event(EventKind.FORFEIT, player)
        if self.variant.is_multiplayer:
            return self._drop_out(player, event)
        outcome = Outcome(Termination.FORFEIT, 1 - player, WinKind.SINGLE, self.cube)
        return replace(
            self,
            outcome=outcome,
            double_offered=False,
            resign_offer=None,
            events=(*self.events, event),
        )

    def _drop_out(self, player: int, event: Event) -> Game:
        """Multigam: a player who leaves takes the lowest place still open and is skipped."""
        v = self.variant
        game = replace(self, events=(*self.events, event))
        active = game.active_players()
        if len(active) <= 1:
            return replace(game, outcome=placings_outcome(v, game._placings(active)))
        if self.turn == player:
            game = replace(
                game, position=game.position.with_turn(_next_active(player, active, v.players)), dice=None
            )
        return game

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        return game_json(self)

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Read :meth:`to_json`'s output; anything else, or a state no game can reach, raises
        :class:`GameDataError` (and only that)."""
        game = cls(**game_fields(data))
        check_state(game)
        return game


_LEAVING = (EventKind.RESIGN, EventKind.FORFEIT)
_GAME_FIELDS = tuple(f.name for f in fields(Game))
_set_field = object.__setattr__


def _evolve(game: Game, **changes: object) -> Game:
    """``dataclasses.replace`` for the hot path of play: the slots are copied directly (the same
    result, without re-running ``__init__`` through ``fields()`` and keyword arguments)."""
    new = object.__new__(Game)
    for name in _GAME_FIELDS:
        _set_field(new, name, changes[name] if name in changes else getattr(game, name))
    return new


def _next_active(player: int, active: list[int], players: int) -> int:
    """The next player after ``player`` in seat order who is still in ``active``."""
    nxt = player
    while True:
        nxt = (nxt + 1) % players
        if nxt in active:
            return nxt


__all__ = [
    "MAX_CUBE",
    "MAX_MATCH_POINTS",
    "OFF",
    "Awaiting",
    "Event",
    "EventKind",
    "Game",
    "MatchContext",
    "Outcome",
    "Termination",
    "WinKind",
    "opening_roll",
]
