"""The result of a post-game analysis, as data: what the bot shows and stores.

A :class:`GameAnalysis` has, for each player, a :class:`PlayerSummary` (what they lost per decision,
gnubg's rating of it, the luck of their dice, their three worst decisions), every analysed decision
as a :class:`Review`, and the winning chances over the game (:class:`ChancePoint`, one per play).
Everything reads and writes itself as JSON (``to_json`` / ``from_json``, with a format version) so
the bot can store a result and show it again without analysing twice.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.errors import GameDataError
from engine.position import Dice, Play, Position

FORMAT_VERSION = 2
"""2: resignations and their answers are decisions (:attr:`Decision.RESIGN`, :attr:`Decision.RESIGN_ANSWER`);
the worst decisions leave out losses too small to show."""


class Source(enum.StrEnum):
    """Where the numbers come from."""

    GNUBG = "gnubg 2-ply"
    EXACT = "exact (the solved game's table)"
    HARD = "the hard level's evaluation"
    PLACING_MODEL = "the placing model"


class Unit(enum.StrEnum):
    """What a loss and a luck are measured in."""

    EQUITY = "equity"  # points per game at a cube of 1 (backgammon; shown in millipoints)
    WIN_CHANCE = "winning chance"  # 0..1 (the 6-point games)
    PLACING_POINTS = "placing points"  # expected 5/3/2/1 (multigam)

    @property
    def least(self) -> float:
        """The smallest loss that shows as more than nothing where losses are written (a millipoint, a
        tenth of a percent of winning chance, a hundredth of a placing point: half of it rounds up)."""
        return 0.005 if self is Unit.PLACING_POINTS else 0.0005


class Decision(enum.StrEnum):
    PLAY = "play"
    CUBE = "cube"  # to double or not, before rolling
    ANSWER = "answer"  # to take or pass a double
    RESIGN = "resign"  # to offer a resignation (or play on)
    RESIGN_ANSWER = "resign-answer"  # to accept or decline a resignation offered


@dataclass(frozen=True, slots=True)
class Review:
    """One decision of one player.

    ``before`` is the position before it (for a play, with ``dice`` to play); ``played`` and
    ``best`` are in standard notation for a play ("13/7 8/7"), and for the cube "double", "no double",
    "take" or "pass"; ``loss`` is what the decision gave up against the best (0 when it was the
    best), ``luck`` the roll's luck (plays only), both in the analysis's unit; ``forced``: a play
    with no choice (never counted). A resignation's ``played`` is what was offered ("resign a gammon")
    and its ``best`` that, or "play on"; the answer to one is "accept" or "decline"."""

    index: int  # the decision's event in the game's record
    turn: int  # the play's number in the game, 1 for the opening play (cube decisions: the play after)
    player: int
    kind: Decision
    before: Position
    dice: Dice | None
    played: str
    best: str
    loss: float
    luck: float | None = None
    forced: bool = False

    def played_play(self) -> Play | None:
        """The play made (``None`` for a cube decision)."""
        return self._play(self.played)

    def best_play(self) -> Play | None:
        """The best play (``None`` for a cube decision)."""
        return self._play(self.best)

    def _play(self, text: str) -> Play | None:
        if self.kind is not Decision.PLAY or self.dice is None:
            return None
        if not text:  # no move possible
            return self.before.legal_plays(self.dice)[0]
        return self.before.parse_play(self.dice, text)

    def to_json(self) -> dict:
        return {
            "index": self.index,
            "turn": self.turn,
            "player": self.player,
            "kind": self.kind.value,
            "before": self.before.full_id(),
            "dice": list(self.dice) if self.dice else None,
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "luck": self.luck,
            "forced": self.forced,
        }

    @classmethod
    def from_json(cls, data: dict) -> Review:
        return cls(
            int(data["index"]),
            int(data["turn"]),
            int(data["player"]),
            Decision(data["kind"]),
            Position.from_id(data["before"]),
            Dice.parse(data["dice"]) if data.get("dice") else None,
            str(data["played"]),
            str(data["best"]),
            float(data["loss"]),
            None if data.get("luck") is None else float(data["luck"]),
            bool(data.get("forced", False)),
        )


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's game: ``decisions`` counted (plays with a choice, and cube decisions that were
    made or close), their total ``loss``, gnubg's ``rating`` of the loss per decision (``None``
    where gnubg's scale does not apply: multigam), the total ``luck`` of the player's rolls and
    the ``worst`` decisions, worst first (at most three, only those that lost something)."""

    player: int
    decisions: int
    loss: float
    rating: str | None
    luck: float
    worst: tuple[Review, ...]

    @property
    def loss_per_decision(self) -> float:
        return self.loss / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "decisions": self.decisions,
            "loss": self.loss,
            "rating": self.rating,
            "luck": self.luck,
            "worst": [r.index for r in self.worst],
        }


@dataclass(frozen=True, slots=True)
class ChancePoint:
    """The winning chances after ``turn`` plays: ``chances[p]`` is player ``p``'s chance to win
    (multigam: to finish first). ``turn`` 0 is the start."""

    turn: int
    chances: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """A whole game's analysis (see the module's docstring). ``approximate``: the numbers are an
    evaluation's, not exact (everything but a solved game's table)."""

    variant: str
    source: Source
    unit: Unit
    approximate: bool
    players: tuple[PlayerSummary, ...]
    reviews: tuple[Review, ...]
    chances: tuple[ChancePoint, ...]

    def to_json(self) -> dict:
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant,
            "source": self.source.value,
            "unit": self.unit.value,
            "approximate": self.approximate,
            "players": [p.to_json() for p in self.players],
            "reviews": [r.to_json() for r in self.reviews],
            "chances": [[c.turn, *c.chances] for c in self.chances],
        }

    @classmethod
    def from_json(cls, data: dict) -> GameAnalysis:
        """Read :meth:`to_json`'s output; anything else raises :class:`GameDataError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
            raise GameDataError(f"not a stored analysis of format {FORMAT_VERSION}")
        try:
            reviews = tuple(Review.from_json(r) for r in data["reviews"])
            by_index = {r.index: r for r in reviews}
            players = tuple(
                PlayerSummary(
                    int(p["player"]),
                    int(p["decisions"]),
                    float(p["loss"]),
                    p.get("rating"),
                    float(p["luck"]),
                    tuple(by_index[int(i)] for i in p["worst"]),
                )
                for p in data["players"]
            )
            chances = tuple(ChancePoint(int(c[0]), tuple(float(x) for x in c[1:])) for c in data["chances"])
            return cls(
                str(data["variant"]),
                Source(data["source"]),
                Unit(data["unit"]),
                bool(data["approximate"]),
                players,
                reviews,
                chances,
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise GameDataError(f"the stored analysis cannot be read: {type(exc).__name__}: {exc}") from None
