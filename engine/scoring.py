"""What a game is worth: how it ended (:class:`Outcome`), the kinds of win, the cube's range and the
match a game is played in (:class:`MatchContext`), per RULES.md "Ending and scoring"."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import GameDataError, quoted
from engine.jsonread import read_enum, read_int, read_ints, read_object
from engine.position import Position, paths_for
from engine.variants import Variant
from engine.wording import verb

MAX_MATCH_POINTS = 25
"""The longest match players may choose (a match is 1 to this many points; 0 is a single game)."""

MAX_CUBE = 4096
"""The cube never goes past 4096 (gnubg's limit), in money play too: a cube that big is a game
nobody plays, and a bound keeps every stored number small."""


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


_LEVELS = {1: WinKind.SINGLE, 2: WinKind.GAMMON, 3: WinKind.BACKGAMMON}
_OUTCOME_KEYS = ("termination", "winner", "kind", "points", "placings", "scores", "jacoby")


def kind_of_level(level: int) -> WinKind:
    """A backgammon resignation's level (1, 2, 3) as the kind of win it gives."""
    return _LEVELS[level]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``points`` is what the winner scores (cube included); for multigam
    ``placings`` lists players first to last and ``scores`` each player's placing points.
    ``jacoby``: a gammon or backgammon of a money game scored as a single game by the Jacoby rule
    (nobody doubled), so ``points`` is 1 while ``kind`` still says what happened on the board."""

    termination: Termination
    winner: int
    kind: WinKind
    points: int
    placings: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    jacoby: bool = False

    @classmethod
    def scored(
        cls,
        termination: Termination,
        winner: int,
        kind: WinKind,
        cube: int,
        match: MatchContext,
        *,
        cubed: bool,
    ) -> Outcome:
        """A two-player game won as ``kind`` with the cube at ``cube``: ``kind.multiplier`` × the cube,
        except that the Jacoby rule (:meth:`MatchContext.jacoby_applies`) makes a gammon or backgammon
        a single game while the cube is centred. ``cubed``: the variant has a doubling cube."""
        if kind in (WinKind.GAMMON, WinKind.BACKGAMMON) and cubed and cube == 1 and match.jacoby_applies:
            return cls(termination, winner, kind, 1, jacoby=True)
        return cls(termination, winner, kind, kind.multiplier * cube)

    def to_json(self) -> dict:
        out = {
            "termination": self.termination.value,
            "winner": self.winner,
            "kind": self.kind.value,
            "points": self.points,
            "placings": list(self.placings),
            "scores": list(self.scores),
        }
        if self.jacoby:
            out["jacoby"] = True
        return out

    @classmethod
    def from_json(cls, data: object) -> Outcome:
        """Read :meth:`to_json`'s output; anything else (or an outcome no game can have) raises
        :class:`GameDataError`."""
        data = read_object(data, "an outcome", _OUTCOME_KEYS, ("termination", "winner", "kind", "points"))
        termination = read_enum(Termination, data["termination"], "an outcome's termination")
        kind = read_enum(WinKind, data["kind"], "an outcome's kind")
        placings = read_ints(data.get("placings", []), "an outcome's placings", 0, 3, 4)
        scores = read_ints(data.get("scores", []), "an outcome's scores", 0, 5, 4)
        players = len(placings) if kind is WinKind.PLACINGS and placings else 2
        winner = read_int(data["winner"], "an outcome's winner", 0, players - 1)
        points = read_int(data["points"], "an outcome's points", 1, 3 * MAX_CUBE)
        jacoby = data.get("jacoby", False)
        if not isinstance(jacoby, bool):
            raise GameDataError(f"an outcome's jacoby must be true or false, not {quoted(jacoby)}")
        outcome = cls(termination, winner, kind, points, placings, scores, jacoby)
        outcome._check()
        return outcome

    def _check(self) -> None:
        if self.kind is WinKind.PLACINGS:
            if sorted(self.placings) != list(range(len(self.placings))) or len(self.placings) < 3:
                raise GameDataError(f"an outcome's placings must list every player once, not {self.placings}")
            if len(self.scores) != len(self.placings) or self.winner != self.placings[0]:
                raise GameDataError("an outcome's scores and winner must match its placings")
            if self.termination is not Termination.BORNE_OFF:
                raise GameDataError("a game scored by placings ends when the players have finished")
            return
        if self.placings or self.scores:
            raise GameDataError(f"only a game scored by placings lists placings, not a {self.kind.value}")
        if self.jacoby:
            if self.kind not in (WinKind.GAMMON, WinKind.BACKGAMMON) or self.points != 1:
                raise GameDataError("the Jacoby rule makes only a gammon or backgammon a single game")
            if self.termination not in (Termination.BORNE_OFF, Termination.RESIGNED):
                raise GameDataError(f"a game that ends {self.termination.value} is not scored by Jacoby")
            return
        cube, rest = divmod(self.points, self.kind.multiplier)
        if rest or cube & (cube - 1):
            raise GameDataError(
                f"a {self.kind.value} scores {self.kind.multiplier} times the cube, never {self.points}"
            )
        if self.termination in (Termination.DROPPED, Termination.FORFEIT) and self.kind is not WinKind.SINGLE:
            raise GameDataError(f"a game that ends {self.termination.value} is a single game")

    def check_for(self, variant: Variant) -> None:
        """Raise :class:`GameDataError` unless ``variant`` can end this way."""
        ok = {
            "single": (WinKind.SINGLE,),
            "placings": (WinKind.PLACINGS,),
            "backgammon": (WinKind.SINGLE, WinKind.GAMMON, WinKind.BACKGAMMON),
            "mulligan": (WinKind.SINGLE, WinKind.MULLIGAN),
        }[variant.scoring]
        if self.kind not in ok:
            raise GameDataError(f"a {variant.name} game cannot be won as a {self.kind.value}")
        if self.kind is WinKind.PLACINGS:
            if len(self.placings) != variant.players:
                raise GameDataError(f"a {variant.name} outcome places {variant.players} players")
            want = tuple(variant.placing_points[self.placings.index(p)] for p in range(variant.players))
            if self.scores != want or self.points != variant.placing_points[0]:
                raise GameDataError(f"a {variant.name} outcome's scores must be the placing points")
            return
        if self.jacoby and not variant.cube:
            raise GameDataError(f"{variant.name} has no cube, so no Jacoby rule")
        if not variant.cube and self.points != self.kind.multiplier:
            raise GameDataError(f"{variant.name} has no cube: a {self.kind.value} is {self.kind.multiplier}")
        if self.termination is Termination.DROPPED and not variant.cube:
            raise GameDataError(f"{variant.name} has no cube, so no double to drop")

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One line for people: ``Alice wins a gammon, 4 points``, ``Bob wins, 2 points (double
        declined)``, ``Alice wins a gammon, 1 point (Jacoby rule: no double, a single game)``."""

        def name(p: int) -> str:
            return names[p] if names and p < len(names) else f"Player {p}"

        if self.kind is WinKind.PLACINGS:
            return ", ".join(f"{i + 1}. {name(p)} ({self.scores[p]})" for i, p in enumerate(self.placings))
        notes = {
            Termination.BORNE_OFF: [],
            Termination.DROPPED: ["double declined"],
            Termination.RESIGNED: ["resignation"],
            Termination.FORFEIT: ["forfeit"],
        }[self.termination]
        kind = "" if self.kind is WinKind.SINGLE else f" a {self.kind.value}"
        if self.jacoby:
            notes.append("Jacoby rule: no double, a single game")
        how = f" ({'; '.join(notes)})" if notes else ""
        plural = "s" if self.points != 1 else ""
        winner = name(self.winner)
        return f"{winner} {verb(winner, 'wins', 'win')}{kind}, {self.points} point{plural}{how}"


JACOBY_DEFAULT = True
"""Money play uses the Jacoby rule unless the game says otherwise (RULES.md)."""


@dataclass(frozen=True, slots=True)
class MatchContext:
    """What a game needs to know about its match: the target (0: money play), the score, Crawford,
    and for money play whether the Jacoby rule is on (ignored in matches)."""

    target: int = 0
    score: tuple[int, ...] = (0, 0)
    crawford: bool = False
    jacoby: bool = JACOBY_DEFAULT

    @property
    def is_money(self) -> bool:
        return self.target <= 0

    @property
    def jacoby_applies(self) -> bool:
        """Money play with the Jacoby rule: gammons count only once the cube has been turned."""
        return self.jacoby and self.is_money

    def needs(self, player: int) -> int:
        return self.target - self.score[player]

    def to_json(self) -> dict:
        return {
            "target": self.target,
            "score": list(self.score),
            "crawford": self.crawford,
            "jacoby": self.jacoby,
        }

    @classmethod
    def from_json(cls, data: object, variant: Variant) -> MatchContext:
        """Read :meth:`to_json`'s output for a game of ``variant``; :class:`GameDataError` otherwise."""
        data = read_object(data, "a game's match", ("target", "score", "crawford", "jacoby"))
        target = read_int(data.get("target", 0), "a match's target", 0, MAX_MATCH_POINTS)
        n = variant.players
        # a game is played while nobody has reached the target; a single game starts from nothing
        top = target - 1 if target else 0
        score = read_ints(data.get("score", [0] * n), "a game's match score", 0, top, n, n)
        crawford = data.get("crawford", False)
        if not isinstance(crawford, bool):
            raise GameDataError(f"a match's crawford must be true or false, not {crawford!r}")
        if crawford and (not variant.cube or target - 1 not in score):
            raise GameDataError("only a cube game where a player needs one point can be the Crawford game")
        jacoby = data.get("jacoby", JACOBY_DEFAULT)
        if not isinstance(jacoby, bool):
            raise GameDataError(f"a match's jacoby must be true or false, not {jacoby!r}")
        return cls(target, score, crawford, jacoby)


def loss_kind(pos: Position, loser: int) -> WinKind:
    """What a two-player game is worth if ``loser``'s opponent has won (or wins) now, ``pos`` as it
    stands: RULES.md's gammons and backgammons, or Mulligans."""
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


def placings_outcome(v: Variant, placings: tuple[int, ...]) -> Outcome:
    """A multigam game's end: ``placings`` first to last, each scoring its place's points."""
    scores = [0] * v.players
    for place, p in enumerate(placings):
        scores[p] = v.placing_points[place]
    return Outcome(
        Termination.BORNE_OFF, placings[0], WinKind.PLACINGS, v.placing_points[0], placings, tuple(scores)
    )


__all__ = [
    "JACOBY_DEFAULT",
    "MAX_CUBE",
    "MAX_MATCH_POINTS",
    "MatchContext",
    "Outcome",
    "Termination",
    "WinKind",
    "kind_of_level",
    "loss_kind",
    "placings_outcome",
]
