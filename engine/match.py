"""Matches: games until someone reaches the target, the Crawford game, money play, placings."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.dice import DiceSource
from engine.errors import GameDataError, GameStateError, MatchTargetError, quoted
from engine.game import Game
from engine.game_json import FORMAT_VERSION
from engine.jsonread import read_bool, read_int, read_ints, read_list, read_object, read_str
from engine.scoring import (
    JACOBY_DEFAULT,
    MAX_CUBE,
    MAX_MATCH_POINTS,
    MatchContext,
    Outcome,
    Termination,
    WinKind,
)
from engine.variants import UnknownVariantError, Variant, find_variant

_MATCH_KEYS = ("format", "variant", "target", "score", "games_played", "crawford_done", "outcomes", "jacoby")
MAX_GAMES = 2 * MAX_MATCH_POINTS
"""More games than any match has (a match to 25 points of single games is at most 49)."""
MAX_SCORE = MAX_MATCH_POINTS + 3 * MAX_CUBE
"""More points than any match gives (the last game's backgammon at the highest cube)."""


@dataclass(frozen=True, slots=True)
class Match:
    """A match: games until someone reaches ``target`` points (money play: ``target == 0``, one game).

    Multigam matches are a single game scored by placings. ``jacoby``: money play's Jacoby rule
    (gammons count only once the cube has been turned); it has no effect in a match to points.
    """

    variant: Variant
    target: int
    score: tuple[int, ...]
    games_played: int = 0
    crawford_done: bool = False
    outcomes: tuple[Outcome, ...] = ()
    jacoby: bool = JACOBY_DEFAULT

    @classmethod
    def new(
        cls, variant: str | Variant, target: int | None = None, *, jacoby: bool = JACOBY_DEFAULT
    ) -> Match:
        """A match of ``variant`` to ``target`` points (``None``: the variant's default; 0: a single
        game, money play for a variant with the cube). A variant with a fixed target (Mulligan: first
        to 3; multigam: one game) always gets it; otherwise a target outside 0..:data:`MAX_MATCH_POINTS`
        raises :class:`MatchTargetError`. ``jacoby``: the Jacoby rule in money play (on by default)."""
        v = find_variant(variant)
        if v.fixed_target is not None:
            target = v.fixed_target
        elif target is None:
            target = v.match_target_default
        elif not isinstance(target, int) or isinstance(target, bool) or not 0 <= target <= MAX_MATCH_POINTS:
            raise MatchTargetError(
                f"a match is from 1 to {MAX_MATCH_POINTS} points (0 for a single game), not {quoted(target)}"
            )
        if not isinstance(jacoby, bool):
            raise MatchTargetError(f"jacoby is true or false, not {quoted(jacoby)}")
        return cls(v, target, (0,) * v.players, jacoby=jacoby)

    @property
    def is_money(self) -> bool:
        """A single game for points with the cube (money play)."""
        return self.target <= 0 and self.variant.cube

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
        return MatchContext(self.target, self.score, crawford, self.jacoby)

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
            "jacoby": self.jacoby,
        }

    @classmethod
    def from_json(cls, data: object) -> Match:
        """Read :meth:`to_json`'s output; anything else, or a match no games can lead to, raises
        :class:`GameDataError` (and only that)."""
        data = read_object(
            data, "a stored match", _MATCH_KEYS, ("variant", "target", "score"), version=FORMAT_VERSION
        )
        try:
            v = find_variant(read_str(data["variant"], "a match's variant", 40))
        except UnknownVariantError as exc:
            raise GameDataError(str(exc)) from None
        target = read_int(data["target"], "a match's target", 0, MAX_MATCH_POINTS)
        if v.fixed_target is not None and target != v.fixed_target:
            raise GameDataError(f"a {v.name} match is to {v.fixed_target} points, not {target}")
        n = v.players
        score = read_ints(data["score"], f"a {v.name} match's score", 0, MAX_SCORE, n, n)
        outcomes = tuple(
            Outcome.from_json(o) for o in read_list(data.get("outcomes", []), "a match's outcomes", MAX_GAMES)
        )
        for outcome in outcomes:
            outcome.check_for(v)
        games = read_int(data.get("games_played", len(outcomes)), "a match's games played", 0, MAX_GAMES)
        if games != len(outcomes):
            raise GameDataError(f"a match that played {games} games records {len(outcomes)} outcomes")
        crawford_done = read_bool(data.get("crawford_done", False), "a match's crawford_done")
        jacoby = read_bool(data.get("jacoby", JACOBY_DEFAULT), "a match's jacoby")
        match = cls(v, target, (0,) * n, jacoby=jacoby)
        for outcome in outcomes:
            if match.is_over:
                raise GameDataError("a match records a game played after it was over")
            match = match.record(outcome)
        if match.score != score or match.crawford_done != crawford_done:
            raise GameDataError(
                f"a match's score {list(score)} is not what its games add up to ({list(match.score)})"
            )
        return match
