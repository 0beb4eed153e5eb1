"""The six variants of RULES.md, each as data plus a few hooks, found through one registry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.errors import EngineError

ForcedPolicy = Literal["standard", "order"]
BarRule = Literal["strict", "loose"]
BearOffRule = Literal["always", "no-bar", "home"]
Scoring = Literal["single", "placings", "backgammon", "mulligan"]
Numbering = Literal["absolute", "own"]


class UnknownVariantError(EngineError):
    """Raised by :func:`find_variant` for a name that is not a variant."""


@dataclass(frozen=True, slots=True, eq=False)
class Variant:
    """One game's rules as data.

    ``start`` lists, for player 0, ``(distance, count)`` pairs of checkers on the board at the start
    (distance as in RULES.md: pips still needed to bear off); every player starts with the same layout
    mirrored along their own path, and whatever is not on the board starts on the bar.
    """

    name: str
    """The id people type and the store keeps: ``minigam-full-entry``."""
    title: str
    """The display name, the one used everywhere people read it (texts, rules page, README): ``Minigam Full
    Entry``."""
    players: int
    points: int
    checkers: int
    doubles_moves: int
    forced: ForcedPolicy
    bar_rule: BarRule
    bearoff: BearOffRule
    scoring: Scoring
    numbering: Numbering
    cube: bool = False
    start: tuple[tuple[int, int], ...] = ()
    directions: tuple[int, ...] = (1, -1)
    fixed_target: int | None = None
    """The match target when the variant sets it (Mulligan: first to 3; multigam: 0, one game scored
    by placings); ``None`` when players choose it."""
    placing_points: tuple[int, ...] = ()
    summary: str = ""
    aliases: tuple[str, ...] = field(default=())

    @property
    def home_size(self) -> int:
        """Points in the home board (the last six points of each path)."""
        return 6

    @property
    def is_backgammon(self) -> bool:
        return self.points == 24

    @property
    def is_multiplayer(self) -> bool:
        """More than two players (multigam): placings, turns passed round the table, leavers skipped."""
        return self.players > 2

    @property
    def match_target_default(self) -> int:
        """The target of a match when nobody chooses one: the fixed target, else a one-point match."""
        return 1 if self.fixed_target is None else self.fixed_target

    def __repr__(self) -> str:
        return f"find_variant({self.name!r})"

    def __reduce__(self) -> tuple:
        # Variants are registry singletons (compared by identity): pickle them by name.
        return (find_variant, (self.name,))


BACKGAMMON_START = ((24, 2), (13, 5), (8, 3), (6, 5))

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            name="minigam",
            title="Minigam",
            players=2,
            points=6,
            checkers=8,
            doubles_moves=2,
            forced="order",
            bar_rule="loose",
            bearoff="always",
            scoring="single",
            numbering="absolute",
            summary="6 points, 8 checkers each, all start on the bar; doubles are two moves; "
            "you choose the die order.",
        ),
        Variant(
            name="minigam-full-entry",
            title="Minigam Full Entry",
            players=2,
            points=6,
            checkers=8,
            doubles_moves=2,
            forced="order",
            bar_rule="loose",
            bearoff="no-bar",
            scoring="single",
            numbering="absolute",
            summary="Minigam, but you may bear off only while none of your checkers is on the bar.",
        ),
        Variant(
            name="minigam-strict",
            title="Minigam Strict",
            players=2,
            points=6,
            checkers=8,
            doubles_moves=4,
            forced="standard",
            bar_rule="loose",
            bearoff="no-bar",
            scoring="single",
            numbering="absolute",
            summary="Minigam with backgammon's forced moves: doubles play four times, use as many dice "
            "as you can; bear off only while none of your checkers is on the bar.",
        ),
        Variant(
            name="multigam",
            title="Multigam",
            players=4,
            points=6,
            checkers=5,
            doubles_moves=4,
            forced="standard",
            bar_rule="loose",
            bearoff="always",
            scoring="placings",
            numbering="absolute",
            directions=(1, 1, 1, 1),
            fixed_target=0,
            placing_points=(5, 3, 2, 1),
            summary="Four players, 5 checkers each, all moving the same way; places score 5/3/2/1.",
        ),
        Variant(
            name="backgammon",
            title="Backgammon",
            players=2,
            points=24,
            checkers=15,
            doubles_moves=4,
            forced="standard",
            bar_rule="strict",
            bearoff="home",
            scoring="backgammon",
            numbering="own",
            cube=True,
            start=BACKGAMMON_START,
            summary="Standard backgammon with the doubling cube, gammons and backgammons, "
            "money play or matches.",
        ),
        Variant(
            name="backgammon-mulligan",
            title="Backgammon Mulligan",
            players=2,
            points=24,
            checkers=15,
            doubles_moves=4,
            forced="standard",
            bar_rule="strict",
            bearoff="home",
            scoring="mulligan",
            numbering="own",
            start=BACKGAMMON_START,
            fixed_target=3,
            summary="Backgammon without the cube: a win is 1, a Mulligan 3; first to 3 points.",
        ),
    )
}


def find_variant(name: str | Variant) -> Variant:
    """Return the variant called ``name`` (case-insensitive); a clear error lists the variants."""
    if isinstance(name, Variant):
        return name
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return VARIANTS[key]
    except KeyError:
        names = ", ".join(VARIANTS)
        raise UnknownVariantError(f"unknown variant {name!r}; the variants are: {names}") from None
