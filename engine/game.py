"""Game and match flow as data: opening rolls, turns, passes, the cube, resignations, outcomes.

:class:`Game` is immutable: every action returns a new game or raises :class:`GameStateError`, so a
caller can check, store and only then publish. Everything serialises to JSON with a format version.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace

from engine.dice import DiceSource, roll
from engine.errors import GameDataError, GameStateError, MatchTargetError, PositionError
from engine.notation import format_moves
from engine.picker import next_moves
from engine.position import OFF, Dice, Move, Play, Position, paths_for
from engine.variants import Variant, find_variant

FORMAT_VERSION = 1

MAX_MATCH_POINTS = 25
"""The longest match players may choose (a match is 1 to this many points; 0 is a single money game)."""


class Termination(enum.Enum):
    BORNE_OFF = "borne_off"
    DROPPED = "dropped"  # a double was refused
    RESIGNED = "resigned"
    FORFEIT = "forfeit"  # timed out, cancelled or abandoned


class WinKind(enum.Enum):
    """What a game was won as; the winner scores ``multiplier`` × the cube (multigam: placing points)."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    MULLIGAN = "mulligan"
    PLACINGS = "placings"

    @property
    def multiplier(self) -> int:
        return {"single": 1, "gammon": 2, "backgammon": 3, "mulligan": 3, "placings": 1}[self.value]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``points`` is what the winner scores (cube included); for multigam
    ``placings`` lists players first to last and ``scores`` each player's placing points."""

    termination: Termination
    winner: int
    kind: WinKind
    points: int
    placings: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()

    def to_json(self) -> dict:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "kind": self.kind.value,
            "points": self.points,
            "placings": list(self.placings),
            "scores": list(self.scores),
        }

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(
            Termination(data["termination"]),
            int(data["winner"]),
            WinKind(data["kind"]),
            int(data["points"]),
            tuple(int(p) for p in data.get("placings", ())),
            tuple(int(s) for s in data.get("scores", ())),
        )

    def describe(self, names: Sequence[str] | None = None) -> str:
        def name(p: int) -> str:
            return names[p] if names and p < len(names) else f"Player {p}"

        if self.kind is WinKind.PLACINGS:
            return ", ".join(f"{i + 1}. {name(p)} ({self.scores[p]})" for i, p in enumerate(self.placings))
        how = {
            Termination.BORNE_OFF: "",
            Termination.DROPPED: " (double declined)",
            Termination.RESIGNED: " (resignation)",
            Termination.FORFEIT: " (forfeit)",
        }[self.termination]
        kind = "" if self.kind is WinKind.SINGLE else f" a {self.kind.value}"
        plural = "s" if self.points != 1 else ""
        return f"{name(self.winner)} wins{kind}, {self.points} point{plural}{how}"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game's record: enough to replay the game exactly, rolls included."""

    kind: str  # opening | roll | play | double | take | drop | resign | accept | reject | forfeit
    player: int
    dice: tuple[int, ...] = ()
    moves: tuple[str, ...] = ()
    value: int = 0

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind, "player": self.player}
        if self.dice:
            out["dice"] = list(self.dice)
        if self.moves:
            out["moves"] = list(self.moves)
        if self.value:
            out["value"] = self.value
        return out

    @classmethod
    def from_json(cls, data: dict) -> Event:
        return cls(
            str(data["kind"]),
            int(data["player"]),
            tuple(int(d) for d in data.get("dice", ())),
            tuple(str(m) for m in data.get("moves", ())),
            int(data.get("value", 0)),
        )


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
class MatchContext:
    """What a game needs to know about its match: the target (0: money play), the score, Crawford."""

    target: int = 0
    score: tuple[int, ...] = (0, 0)
    crawford: bool = False

    def needs(self, player: int) -> int:
        return self.target - self.score[player]


@dataclass(frozen=True, slots=True)
class Game:
    """One game in progress or over."""

    position: Position
    dice: Dice | None = None
    cube: int = 1
    cube_owner: int | None = None  # None: centred
    double_offered: bool = False  # the player to move has doubled and awaits an answer
    resign_offer: tuple[int, int] | None = None  # (player, level 1/2/3) awaiting an answer
    finished: tuple[int, ...] = ()  # multigam: players in the order they finished
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
        events = tuple(Event("opening", -1, r) for r in rounds)
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
    def awaiting(self) -> str:
        """What the game waits for: ``over``, ``resign-answer``, ``double-answer``, ``roll`` or ``play``."""
        if self.outcome is not None:
            return "over"
        if self.resign_offer is not None:
            return "resign-answer"
        if self.double_offered:
            return "double-answer"
        return "roll" if self.dice is None else "play"

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

    def cube_limit(self) -> int | None:
        """In a match, the cube never goes past what the leader needs."""
        if self.match.target <= 0:
            return None
        return min(self.match.needs(p) for p in range(2))

    def may_double(self, player: int | None = None) -> bool:
        """May ``player`` (default: the player to move) double now, before rolling?"""
        p = self.turn if player is None else player
        return (
            self.variant.cube
            and self.outcome is None
            and p == self.turn
            and self.dice is None
            and not self.double_offered
            and self.resign_offer is None
            and not self.match.crawford
            and self.cube_owner in (None, p)
            and (self.cube_limit() is None or self.cube * 2 <= self.cube_limit())
        )

    def _opponent(self, player: int) -> int:
        return 1 - player if self.variant.players == 2 else player

    def _check_actor(self, player: int | None, action: str) -> None:
        if self.outcome is not None:
            raise GameStateError(f"the game is over; you cannot {action}")
        if player is not None and player != self.actor:
            raise GameStateError(f"it is not your turn to {action}")

    # ------------------------------------------------------------------ actions
    def roll(self, source: DiceSource, player: int | None = None) -> Game:
        self._check_actor(player, "roll")
        if self.awaiting != "roll":
            raise GameStateError(
                "the dice have already been rolled" if self.dice else "answer the offer first"
            )
        dice = roll(source)
        return _evolve(self, dice=dice, events=(*self.events, Event("roll", self.turn, tuple(dice))))

    def with_dice(self, dice: Dice) -> Game:
        """Set the roll directly (for tests and analysis)."""
        return replace(self, dice=dice)

    def play(self, play: Play | str, player: int | None = None) -> Game:
        """Make a legal play (a :class:`Play` or notation) and hand the turn on."""
        self._check_actor(player, "move")
        if self.awaiting != "play":
            raise GameStateError(
                "roll the dice first" if self.awaiting == "roll" else "answer the offer first"
            )
        assert self.dice is not None
        if isinstance(play, str):
            play = self.position.parse_play(self.dice, play)
        elif play not in self.legal_plays():
            raise GameStateError("that play is not legal here")
        mover = self.turn
        event = Event("play", mover, tuple(self.dice), tuple(format_moves(self.position, play.moves)))
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
        if v.players == 2:
            if mover in finished:
                kind = _loss_kind(pos, 1 - mover)
                outcome = Outcome(Termination.BORNE_OFF, mover, kind, kind.multiplier * self.cube)
                return _evolve(self, finished=finished, outcome=outcome)
            return _evolve(self, position=pos.with_turn(1 - mover))
        game = _evolve(self, finished=finished)
        active = game.active_players()
        if len(active) <= 1:
            return replace(game, outcome=_placings_outcome(v, game._placings(active)))
        nxt = mover
        while True:
            nxt = (nxt + 1) % v.players
            if nxt in active:
                break
        return _evolve(game, position=pos.with_turn(nxt))

    def _placings(self, active: list[int]) -> tuple[int, ...]:
        """Finished players first, then whoever is still playing, then leavers (first to leave last)."""
        leavers = [e.player for e in self.events if e.kind in ("resign", "forfeit")]
        return (*self.finished, *active, *reversed(leavers))

    def double(self, player: int | None = None) -> Game:
        self._check_actor(player, "double")
        if not self.may_double(self.turn):
            raise GameStateError(self._why_no_double())
        return replace(
            self, double_offered=True, events=(*self.events, Event("double", self.turn, value=self.cube * 2))
        )

    def _why_no_double(self) -> str:
        if not self.variant.cube:
            return f"{self.variant.title} is played without the doubling cube"
        if self.dice is not None:
            return "you can only double before you roll"
        if self.double_offered:
            return "a double is already waiting for an answer"
        if self.match.crawford:
            return "no doubling in the Crawford game"
        if self.cube_owner not in (None, self.turn):
            return "your opponent owns the cube"
        return f"the cube cannot go past {self.cube_limit()}, what the leader needs"

    def take(self, player: int | None = None) -> Game:
        self._check_actor(player, "take")
        if not self.double_offered:
            raise GameStateError("there is no double to take")
        taker = self._opponent(self.turn)
        return replace(
            self,
            double_offered=False,
            cube=self.cube * 2,
            cube_owner=taker,
            events=(*self.events, Event("take", taker, value=self.cube * 2)),
        )

    def drop(self, player: int | None = None) -> Game:
        self._check_actor(player, "drop")
        if not self.double_offered:
            raise GameStateError("there is no double to drop")
        dropper = self._opponent(self.turn)
        outcome = Outcome(Termination.DROPPED, self.turn, WinKind.SINGLE, self.cube)
        return replace(
            self, double_offered=False, outcome=outcome, events=(*self.events, Event("drop", dropper))
        )

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
        if not _is_int(player) or player not in range(self.variant.players):
            raise GameStateError(f"there is no player {player!r} in {self.variant.name}")
        if self.variant.is_multiplayer:
            return WinKind.PLACINGS
        return _loss_kind(self.position, player)

    def resign(self, player: int, level: int | None = None) -> Game:
        """``player`` resigns.

        In backgammon it is an offer of a single (1), gammon (2) or backgammon (3), at most what the
        game can still cost (:meth:`resignation_value`; ``None``: that), which the opponent accepts
        or rejects. Elsewhere the game is lost at once at :meth:`resignation_value` (``level``, if
        given, must be its multiplier); in multigam the player takes the lowest place still open.
        """
        if self.outcome is not None:
            raise GameStateError("the game is over already")
        if not _is_int(player) or player not in range(self.variant.players) or player in self.finished:
            raise GameStateError("you are not playing in this game")
        worth = self.resignation_value(player)
        if level is None:
            level = worth.multiplier
        if self.variant.scoring == "backgammon":
            if not _is_int(level) or level not in (1, 2, 3):
                raise GameStateError(f"resign a single (1), a gammon (2) or a backgammon (3), not {level!r}")
            if level > worth.multiplier:
                raise GameStateError(
                    f"the game cannot cost more than {_A_KIND[worth]} now: resign for at most that"
                )
            if self.resign_offer is not None:
                raise GameStateError("a resignation is already waiting for an answer")
            event = Event("resign", player, value=level)
            return replace(self, resign_offer=(player, level), events=(*self.events, event))
        if level != worth.multiplier:
            points = worth.multiplier * self.cube
            raise GameStateError(
                f"a resignation in {self.variant.title} costs {points} point{'s' if points != 1 else ''} now"
            )
        event = Event("resign", player, value=level)
        if self.variant.is_multiplayer:
            return self._drop_out(player, event)
        outcome = Outcome(Termination.RESIGNED, 1 - player, worth, worth.multiplier * self.cube)
        return replace(self, outcome=outcome, events=(*self.events, event))

    def accept_resignation(self, player: int | None = None) -> Game:
        self._check_actor(player, "accept")
        if self.resign_offer is None:
            raise GameStateError("nobody has offered to resign")
        loser, level = self.resign_offer
        kind = (WinKind.SINGLE, WinKind.GAMMON, WinKind.BACKGAMMON)[level - 1]
        outcome = Outcome(Termination.RESIGNED, 1 - loser, kind, level * self.cube)
        return replace(
            self, resign_offer=None, outcome=outcome, events=(*self.events, Event("accept", 1 - loser))
        )

    def reject_resignation(self, player: int | None = None) -> Game:
        self._check_actor(player, "reject")
        if self.resign_offer is None:
            raise GameStateError("nobody has offered to resign")
        loser = self.resign_offer[0]
        return replace(self, resign_offer=None, events=(*self.events, Event("reject", 1 - loser)))

    def forfeit(self, player: int) -> Game:
        """``player`` loses by forfeit (timeout, cancel): a single game times the cube."""
        if self.outcome is not None:
            raise GameStateError("the game is over already")
        event = Event("forfeit", player)
        if self.variant.players > 2:
            return self._drop_out(player, event)
        outcome = Outcome(Termination.FORFEIT, 1 - player, WinKind.SINGLE, self.cube)
        return replace(self, outcome=outcome, events=(*self.events, event))

    def _drop_out(self, player: int, event: Event) -> Game:
        """Multigam: a player who leaves takes the lowest place still open and is skipped."""
        v = self.variant
        game = replace(self, events=(*self.events, event))
        active = game.active_players()
        if len(active) <= 1:
            return replace(game, outcome=_placings_outcome(v, game._placings(active)))
        if self.turn == player:
            nxt = player
            while True:
                nxt = (nxt + 1) % v.players
                if nxt in active:
                    break
            game = replace(game, position=game.position.with_turn(nxt), dice=None)
        return game

    def active_players(self) -> list[int]:
        """Players still moving (multigam: not finished and not left)."""
        gone = set(self.finished) | {e.player for e in self.events if e.kind in ("resign", "forfeit")}
        return [p for p in range(self.variant.players) if p not in gone]

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant.name,
            "position": self.position.to_json(),
            "dice": list(self.dice) if self.dice else None,
            "cube": self.cube,
            "cube_owner": self.cube_owner,
            "double_offered": self.double_offered,
            "resign_offer": list(self.resign_offer) if self.resign_offer else None,
            "finished": list(self.finished),
            "outcome": self.outcome.to_json() if self.outcome else None,
            "match": {
                "target": self.match.target,
                "score": list(self.match.score),
                "crawford": self.match.crawford,
            },
            "events": [e.to_json() for e in self.events],
            "last_play": (
                [[m.src, m.dst, m.hit] for m in self.last_play.moves] if self.last_play is not None else None
            ),
            "last_player": self.last_player,
        }

    @classmethod
    def from_json(cls, data: dict) -> Game:
        """Read :meth:`to_json`'s output; anything else raises :class:`GameDataError`."""
        if not isinstance(data, dict):
            raise GameDataError("a stored game must be a JSON object")
        if data.get("format") != FORMAT_VERSION:
            raise GameDataError(
                f"unknown game format {data.get('format')!r} (this engine reads {FORMAT_VERSION})"
            )
        try:
            return cls._from_json(data)
        except PositionError as exc:
            raise GameDataError(f"the stored game's position is not valid: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise GameDataError(f"the stored game cannot be read: {type(exc).__name__}: {exc}") from None

    @classmethod
    def _from_json(cls, data: dict) -> Game:
        position = Position.from_json(data["position"])
        players = position.variant.players
        last_player = _optional_player(data.get("last_player"), players)
        last_play = None
        if data.get("last_play") is not None:
            moves = tuple(Move(int(s), int(d), bool(h)) for s, d, h in data["last_play"])
            # A play's result keeps its mover on turn; the game then handed the turn on.
            mover = position.turn if last_player is None else last_player
            last_play = Play(moves, position.with_turn(mover))
        m = data.get("match") or {}
        dice = Dice.parse(data["dice"]) if data.get("dice") else None
        resign = data.get("resign_offer")
        resign_offer = (int(resign[0]), int(resign[1])) if resign else None
        return cls(
            position=position,
            dice=dice,
            cube=int(data.get("cube", 1)),
            cube_owner=_optional_player(data.get("cube_owner"), players),
            double_offered=bool(data.get("double_offered")),
            resign_offer=resign_offer,
            finished=tuple(int(p) for p in data.get("finished", ())),
            outcome=Outcome.from_json(data["outcome"]) if data.get("outcome") else None,
            match=MatchContext(
                int(m.get("target", 0)),
                tuple(int(s) for s in m.get("score", (0,) * players)),
                bool(m.get("crawford", False)),
            ),
            events=tuple(Event.from_json(e) for e in data.get("events", ())),
            last_play=last_play,
            last_player=last_player,
        )


_GAME_FIELDS = tuple(f.name for f in fields(Game))
_set_field = object.__setattr__


def _evolve(game: Game, **changes: object) -> Game:
    """``dataclasses.replace`` for the hot path of play: the slots are copied directly (the same
    result, without re-running ``__init__`` through ``fields()`` and keyword arguments)."""
    new = object.__new__(Game)
    for name in _GAME_FIELDS:
        _set_field(new, name, changes[name] if name in changes else getattr(game, name))
    return new


_A_KIND = {WinKind.SINGLE: "a single game", WinKind.GAMMON: "a gammon", WinKind.BACKGAMMON: "a backgammon"}


def _loss_kind(pos: Position, loser: int) -> WinKind:
    """What the game is worth if ``loser``'s opponent has won (or wins) now, ``pos`` as it stands
    (two-player games): RULES.md's gammons and backgammons, or Mulligans."""
    v = pos.variant
    if v.scoring == "mulligan":
        path = paths_for(v)[loser]
        home = {path[k] for k in range(v.points - v.home_size, v.points)}
        outside = pos.bar[loser] > 0 or any(
            val and (val & 3) == loser and i not in home for i, val in enumerate(pos.board)
        )
        return WinKind.MULLIGAN if outside else WinKind.SINGLE
    if v.scoring != "backgammon" or pos.off[loser] > 0:
        return WinKind.SINGLE
    path = paths_for(v)[1 - loser]
    winner_home = {path[k] for k in range(v.points - v.home_size, v.points)}
    if pos.bar[loser] or any(
        val and (val & 3) == loser and i in winner_home for i, val in enumerate(pos.board)
    ):
        return WinKind.BACKGAMMON
    return WinKind.GAMMON


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _optional_player(value: object, players: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"{value!r} is not a player")
    return value


def _placings_outcome(v: Variant, placings: tuple[int, ...]) -> Outcome:
    scores = [0] * v.players
    for place, p in enumerate(placings):
        scores[p] = v.placing_points[place]
    return Outcome(
        Termination.BORNE_OFF, placings[0], WinKind.PLACINGS, v.placing_points[0], placings, tuple(scores)
    )


@dataclass(frozen=True, slots=True)
class Match:
    """A match: games until someone reaches ``target`` points (money play: ``target == 0``, one game).

    Multigam matches are a single game scored by placings.
    """

    variant: Variant
    target: int
    score: tuple[int, ...]
    games_played: int = 0
    crawford_done: bool = False
    outcomes: tuple[Outcome, ...] = ()

    @classmethod
    def new(cls, variant: str | Variant, target: int | None = None) -> Match:
        """A match of ``variant`` to ``target`` points (``None``: the variant's default; 0: a single
        game). A variant with a fixed target (Mulligan: first to 3; multigam: one game) always gets
        it; otherwise a target outside 0..:data:`MAX_MATCH_POINTS` raises :class:`MatchTargetError`."""
        v = find_variant(variant)
        if v.fixed_target is not None:
            target = v.fixed_target
        elif target is None:
            target = v.match_target_default
        elif not _is_int(target) or not 0 <= target <= MAX_MATCH_POINTS:
            raise MatchTargetError(
                f"a match is from 1 to {MAX_MATCH_POINTS} points (0 for a single game), not {target!r}"
            )
        return cls(v, target, (0,) * v.players)

    @property
    def is_over(self) -> bool:
        if self.target <= 0:
            return self.games_played > 0
        return max(self.score) >= self.target

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        if self.target <= 0:
            return self.outcomes[-1].winner if self.outcomes else None
        return max(range(len(self.score)), key=lambda p: self.score[p])

    def next_context(self) -> MatchContext:
        crawford = False
        if self.variant.cube and self.target > 1 and not self.crawford_done:
            crawford = any(s == self.target - 1 for s in self.score) and not all(
                s == self.target - 1 for s in self.score
            )
        return MatchContext(self.target, self.score, crawford)

    def start_game(self, source: DiceSource) -> Game:
        if self.is_over:
            raise GameStateError("the match is over")
        return Game.start(self.variant, source, match=self.next_context())

    def record(self, outcome: Outcome) -> Match:
        """The match after a game ended with ``outcome``."""
        if outcome.kind is WinKind.PLACINGS:
            score = tuple(a + b for a, b in zip(self.score, outcome.scores, strict=True))
        else:
            score = list(self.score)
            points = outcome.points
            if outcome.termination is Termination.FORFEIT and self.target > 0:
                points = max(points, self.target - score[outcome.winner])  # a forfeit loses the match
            score[outcome.winner] += points
            score = tuple(score)
        crawford_done = self.crawford_done or self.next_context().crawford
        return replace(
            self,
            score=score,
            games_played=self.games_played + 1,
            crawford_done=crawford_done,
            outcomes=(*self.outcomes, outcome),
        )

    def to_json(self) -> dict:
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant.name,
            "target": self.target,
            "score": list(self.score),
            "games_played": self.games_played,
            "crawford_done": self.crawford_done,
            "outcomes": [o.to_json() for o in self.outcomes],
        }

    @classmethod
    def from_json(cls, data: dict) -> Match:
        """Read :meth:`to_json`'s output; anything else raises :class:`GameDataError`."""
        if not isinstance(data, dict):
            raise GameDataError("a stored match must be a JSON object")
        if data.get("format") != FORMAT_VERSION:
            raise GameDataError(
                f"unknown match format {data.get('format')!r} (this engine reads {FORMAT_VERSION})"
            )
        try:
            v = find_variant(data["variant"])
            score = tuple(int(s) for s in data["score"])
            if len(score) != v.players:
                raise ValueError(f"{v.name} has {v.players} players, the score has {len(score)}")
            return cls(
                v,
                int(data["target"]),
                score,
                int(data.get("games_played", 0)),
                bool(data.get("crawford_done", False)),
                tuple(Outcome.from_json(o) for o in data.get("outcomes", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise GameDataError(f"the stored match cannot be read: {type(exc).__name__}: {exc}") from None


def replay(variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None) -> Game:
    """Rebuild a game from its record, checking every play against the rules."""
    from engine.dice import ScriptedDice

    v = find_variant(variant)
    opening = [e for e in events if e.kind == "opening"]
    dice_seq = [d for e in opening for d in e.dice if d]
    game = Game.start(v, ScriptedDice(dice_seq), match=match)
    for e in events[len(opening) :]:
        if e.kind == "roll":
            game = game.roll(ScriptedDice(e.dice))
        elif e.kind == "play":
            text = " ".join(e.moves)
            play = game.position.parse_play(game.dice, text) if e.moves else game.legal_plays()[0]
            game = game.play(play)
        elif e.kind == "double":
            game = game.double()
        elif e.kind == "take":
            game = game.take()
        elif e.kind == "drop":
            game = game.drop()
        elif e.kind == "resign":
            game = game.resign(e.player, e.value or None)
        elif e.kind == "accept":
            game = game.accept_resignation()
        elif e.kind == "reject":
            game = game.reject_resignation()
        elif e.kind == "forfeit":
            game = game.forfeit(e.player)
    return game


__all__ = [
    "MAX_MATCH_POINTS",
    "OFF",
    "Event",
    "Game",
    "Match",
    "MatchContext",
    "Outcome",
    "Termination",
    "WinKind",
    "opening_roll",
    "replay",
]
