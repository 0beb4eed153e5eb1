"""gnubg's Match ID: the state of a backgammon game in its match, in 12 characters beside the Position ID.

The layout is GNU Backgammon's (its manual, "A technical description of the Match ID"; matchid.c):
66 bits packed little-endian (bit 0 is the lowest bit of the first byte) into 9 bytes, written in
base64 (12 characters, no padding). Bit by bit:

==========  ====  =============================================================================
bits        size  field
==========  ====  =============================================================================
0-3         4     the cube's value as a power of two (0: 1, 1: 2, ... 12: 4096)
4-5         2     who owns the cube: 0 or 1, or 3 while it is centred
6           1     the player on roll (whose dice these are; the Position ID is theirs)
7           1     this is the Crawford game
8-10        3     game state: 0 no game, 1 playing, 2 over, 3 over by resignation, 4 over by a drop
11          1     whose turn it is to decide (the opponent while a double or resignation waits)
12          1     a double is offered
13-14       2     a resignation is offered: 0 none, 1 single, 2 gammon, 3 backgammon
15-17       3     the first die, the higher one (0: not rolled)
18-20       3     the second die
21-35       15    the match length (0: money play)
36-50       15    player 0's score
51-65       15    player 1's score
66          1     the Jacoby rule is *off* (gnubg's extended Match ID; 0 in older IDs, so Jacoby on)
==========  ====  =============================================================================

Players are the engine's own: player 0 is gnubg's player 0 (the first name of a .mat file). In a
money game the scores are the session's (a single money game has 0 and 0). :class:`MatchId` is the
value, :meth:`MatchId.of` reads it off a :class:`~engine.game.Game`, :meth:`MatchId.parse` reads
the text back (any malformed text raises :class:`MatchIdError`), and :func:`game_from_ids` builds a
game to play on from a gnubg Position ID and Match ID.
"""

from __future__ import annotations

import base64
import binascii
import enum
from dataclasses import dataclass

from engine.dice import Dice
from engine.errors import EngineError, quoted
from engine.game import Game
from engine.position import Position
from engine.scoring import MAX_CUBE, MAX_MATCH_POINTS, MatchContext, Termination
from engine.variants import find_variant

LENGTH = 12
"""Characters in a Match ID."""
MAX_FIELD = 0x7FFF
"""The largest match length or score the 15-bit fields hold."""

_FIELDS = (  # (name, first bit, bits)
    ("cube", 0, 4),
    ("owner", 4, 2),
    ("on_roll", 6, 1),
    ("crawford", 7, 1),
    ("state", 8, 3),
    ("turn", 11, 1),
    ("double_offered", 12, 1),
    ("resignation", 13, 2),
    ("die1", 15, 3),
    ("die2", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("no_jacoby", 66, 1),
)
_CENTRED = 3


def _on_roll(game: Game) -> int:
    """gnubg's player on roll: after the last checker is borne off the turn has passed to the loser."""
    if game.outcome is not None and game.outcome.termination is Termination.BORNE_OFF:
        return 1 - game.outcome.winner
    return game.turn


def _decider_after(game: Game) -> int:
    """gnubg's player to decide once a game is over: the loser after a bear-off, the player who
    dropped after a drop, the winner after a resignation was taken."""
    assert game.outcome is not None
    if game.outcome.termination in (Termination.BORNE_OFF, Termination.DROPPED):
        return 1 - game.outcome.winner
    return game.outcome.winner


class MatchIdError(EngineError):
    """A Match ID that cannot be read, or a game a Match ID cannot describe."""


class GameState(enum.IntEnum):
    """gnubg's game states (the Match ID's bits 8-10)."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


_STATE_OF = {
    Termination.BORNE_OFF: GameState.OVER,
    Termination.DROPPED: GameState.DROPPED,
    Termination.RESIGNED: GameState.RESIGNED,
    Termination.FORFEIT: GameState.RESIGNED,  # gnubg has no forfeit: the nearest is a resignation taken
}


def _next_is_crawford(ctx: MatchContext, score: list[int]) -> bool:
    """Whether the game after one played at ``ctx`` that left ``score`` is the Crawford game."""
    if ctx.target <= 1 or ctx.crawford or ctx.target - 1 in ctx.score or max(score) >= ctx.target:
        return False
    return (ctx.target - 1 in score) and score[0] != score[1]


@dataclass(frozen=True, slots=True)
class MatchId:
    """What a gnubg Match ID says. ``on_roll`` is the player whose dice and Position ID these are,
    ``turn`` the player who must decide now; ``dice`` is ``None`` before the roll; ``resignation`` is
    the level offered (0: none); ``length`` 0 is money play; ``jacoby``: the Jacoby rule is in force
    (gnubg sets it in money play with the rule on, never in a match). ``dice`` are kept high first."""

    cube: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    crawford: bool = False
    state: GameState = GameState.PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] | None = None
    length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise MatchIdError(f"not a Match ID's state: {problem}")
        if self.dice is not None:
            object.__setattr__(self, "dice", (max(self.dice), min(self.dice)))
        object.__setattr__(self, "score", tuple(self.score))

    def _problem(self) -> str:
        if not (
            isinstance(self.cube, int) and 1 <= self.cube <= MAX_CUBE and self.cube & (self.cube - 1) == 0
        ):
            return f"the cube is a power of two from 1 to {MAX_CUBE}, not {quoted(self.cube)}"
        if self.cube_owner not in (None, 0, 1):
            return f"the cube's owner is player 0, player 1 or nobody, not {quoted(self.cube_owner)}"
        for name in ("on_roll", "turn"):
            if getattr(self, name) not in (0, 1):
                return f"{name} is player 0 or 1, not {quoted(getattr(self, name))}"
        if self.resignation not in (0, 1, 2, 3):
            return f"a resignation is 0 (none), 1, 2 or 3, not {quoted(self.resignation)}"
        if self.dice is not None and not (
            len(self.dice) == 2 and all(isinstance(d, int) and 1 <= d <= 6 for d in self.dice)
        ):
            return f"the dice are two numbers from 1 to 6 or None, not {quoted(self.dice)}"
        if not (isinstance(self.length, int) and 0 <= self.length <= MAX_FIELD):
            return f"a match length is 0 to {MAX_FIELD}, not {quoted(self.length)}"
        if len(self.score) != 2 or not all(isinstance(s, int) and 0 <= s <= MAX_FIELD for s in self.score):
            return f"a score is two numbers from 0 to {MAX_FIELD}, not {quoted(self.score)}"
        if (
            self.length
            and max(self.score) >= self.length
            and self.state in (GameState.NONE, GameState.PLAYING)
        ):
            score = f"{self.score[0]}-{self.score[1]}"
            return f"a game is played at {score} in a {self.length}-point match, which is over"
        if self.crawford and not self.length:
            return "money play has no Crawford game"
        return ""

    # ------------------------------------------------------------------ text
    def __str__(self) -> str:
        return self.encode()

    def encode(self) -> str:
        """The 12-character Match ID gnubg shows for this state."""
        dice = sorted(self.dice, reverse=True) if self.dice else (0, 0)
        values = {
            "cube": self.cube.bit_length() - 1,
            "owner": _CENTRED if self.cube_owner is None else self.cube_owner,
            "on_roll": self.on_roll,
            "crawford": int(self.crawford),
            "state": int(self.state),
            "turn": self.turn,
            "double_offered": int(self.double_offered),
            "resignation": self.resignation,
            "die1": dice[0],
            "die2": dice[1],
            "length": self.length,
            "score0": self.score[0],
            "score1": self.score[1],
            "no_jacoby": int(not self.jacoby),
        }
        number = 0
        for name, first, _bits in _FIELDS:
            number |= values[name] << first
        return base64.b64encode(number.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def parse(cls, text: str) -> MatchId:
        """Read a Match ID (surrounding spaces ignored); anything else raises :class:`MatchIdError`
        that says what is wrong."""
        if not isinstance(text, str):
            raise MatchIdError(f"a Match ID is text, not {quoted(text)}")
        raw = text.strip()
        if len(raw) != LENGTH:
            raise MatchIdError(f"{raw!r} is not a Match ID: it has {len(raw)} characters, not {LENGTH}")
        try:
            data = base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError):
            raise MatchIdError(f"{raw!r} is not a Match ID: it has characters outside base64") from None
        if len(data) != 9:
            raise MatchIdError(f"{raw!r} is not a Match ID: it ends in '=' padding (a Match ID has none)")
        number = int.from_bytes(data, "little")
        if number >> 67:
            raise MatchIdError(f"{raw!r} is not a Match ID: bits past the 67th are set")
        v = {name: (number >> first) & ((1 << bits) - 1) for name, first, bits in _FIELDS}
        if v["owner"] == 2:
            raise MatchIdError(f"{raw!r}: the cube's owner field is 2 (0, 1 or 3 for centred)")
        if v["state"] > max(GameState):
            raise MatchIdError(f"{raw!r}: game state {v['state']} is not one of gnubg's (0-4)")
        if v["cube"] > MAX_CUBE.bit_length() - 1:
            raise MatchIdError(f"{raw!r}: a cube of 2^{v['cube']} is past {MAX_CUBE}")
        dice = (v["die1"], v["die2"])
        if dice != (0, 0) and not all(1 <= d <= 6 for d in dice):
            raise MatchIdError(f"{raw!r}: the dice {dice[0]}-{dice[1]} are not two dice from 1 to 6")
        try:
            return cls(
                cube=1 << v["cube"],
                cube_owner=None if v["owner"] == _CENTRED else v["owner"],
                on_roll=v["on_roll"],
                crawford=bool(v["crawford"]),
                state=GameState(v["state"]),
                turn=v["turn"],
                double_offered=bool(v["double_offered"]),
                resignation=v["resignation"],
                dice=None if dice == (0, 0) else dice,
                length=v["length"],
                score=(v["score0"], v["score1"]),
                jacoby=not v["no_jacoby"],
            )
        except MatchIdError as exc:
            raise MatchIdError(f"{raw!r}: {exc}") from None

    # ------------------------------------------------------------------ games
    @classmethod
    def of(cls, game: Game) -> MatchId:
        """The Match ID gnubg shows for ``game`` (backgammon: two players, the cube).

        While the game is played the score is the match's before it. Once it is over, as in gnubg:
        the score includes the game, the Crawford flag is the next game's, the player to decide is
        the winner (after a drop: the player who dropped), and a resignation keeps the level taken.
        """
        if not game.variant.cube or game.variant.is_multiplayer:
            raise MatchIdError(f"a Match ID describes a game with the doubling cube, not {game.variant.name}")
        ctx = game.match
        score = (ctx.score[0], ctx.score[1])
        fields: dict = {
            "state": GameState.PLAYING,
            "turn": game.turn if game.actor is None else game.actor,
            "resignation": game.resign_offer[1] if game.resign_offer is not None else 0,
            "crawford": ctx.crawford,
        }
        outcome = game.outcome
        if outcome is not None:
            won = list(score)
            won[outcome.winner] += outcome.points
            if outcome.termination is Termination.FORFEIT and ctx.target > 0:  # as Match.record: the match
                won[outcome.winner] = max(won[outcome.winner], ctx.target)
            fields = {
                "state": _STATE_OF[outcome.termination],
                "turn": _decider_after(game),
                "resignation": 0 if outcome.termination is Termination.BORNE_OFF else outcome.kind.multiplier,
                "crawford": _next_is_crawford(ctx, won),
            }
            if outcome.termination is Termination.DROPPED:
                fields["resignation"] = 0
            score = (won[0], won[1])
        return cls(
            cube=game.cube,
            cube_owner=game.cube_owner,
            on_roll=_on_roll(game),
            double_offered=game.double_offered,
            dice=tuple(game.dice) if game.dice is not None else None,
            length=max(0, ctx.target),
            score=score,
            jacoby=ctx.jacoby_applies,
            **fields,
        )

    def context(self) -> MatchContext:
        """The game's :class:`MatchContext` (Jacoby as the ID says in money play; on in a match,
        where it has no effect)."""
        if self.length > MAX_MATCH_POINTS:
            raise MatchIdError(
                f"a match to {self.length} points is longer than the {MAX_MATCH_POINTS} played here"
            )
        if self.length and max(self.score) >= self.length:
            raise MatchIdError(f"the match to {self.length} is over ({self.score[0]}-{self.score[1]})")
        return MatchContext(self.length, self.score, self.crawford, self.jacoby or self.length > 0)


def gnubg_ids(game: Game) -> tuple[str, str]:
    """``(Position ID, Match ID)`` as gnubg shows them for ``game``: the position of the player on
    roll, whose turn it stays while a double or resignation waits for the answer (and, once the last
    checker is off, the loser's, to whom gnubg has passed the turn)."""
    return game.position.with_turn(_on_roll(game)).position_id(), MatchId.of(game).encode()


def game_from_ids(position_id: str, match_id: str | MatchId) -> Game:
    """A backgammon game to play on from the two IDs gnubg shows (its record of events starts
    here). Raises :class:`MatchIdError` for a Match ID that cannot be read or a game that is over,
    :class:`PositionIdError` for a bad Position ID, and :class:`~engine.errors.GameDataError` when
    the two do not fit together (a double offered where no double may be, ...)."""
    mid = match_id if isinstance(match_id, MatchId) else MatchId.parse(match_id)
    if mid.state is not GameState.PLAYING:
        raise MatchIdError(f"{mid.encode()!r} is a game that is {mid.state.name.lower()}, not one to play on")
    if mid.double_offered and mid.resignation:
        raise MatchIdError(f"{mid.encode()!r} offers a double and a resignation at once")
    deciding = 1 - mid.on_roll if mid.double_offered else mid.on_roll
    if mid.resignation:
        deciding = mid.turn  # the resigner's opponent, whoever was on roll
    if mid.turn != deciding:
        raise MatchIdError(
            f"{mid.encode()!r}: player {mid.turn} is to decide, but the state waits for player {deciding}"
        )
    if mid.double_offered and mid.dice is not None:
        raise MatchIdError(f"{mid.encode()!r} offers a double after the roll")
    position = Position.from_id(position_id, find_variant("backgammon"), mid.on_roll)
    resign_offer = (1 - mid.turn, mid.resignation) if mid.resignation else None
    game = Game(
        position,
        dice=Dice(*mid.dice) if mid.dice else None,
        cube=mid.cube,
        cube_owner=mid.cube_owner,
        double_offered=mid.double_offered,
        resign_offer=resign_offer,
        match=mid.context(),
    )
    return Game.from_json(game.to_json())


__all__ = ["GameState", "MatchId", "MatchIdError", "game_from_ids", "gnubg_ids"]
