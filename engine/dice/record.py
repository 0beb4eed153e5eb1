"""The dice a match threw, read from its games' records, and the plain listing of them that
``/minigam dice`` gives and ``python -m engine.dice verify --rolls`` reads.

The listing: ``#`` starts a comment (to the end of the line); every other line may start with a label
ending in a colon (``game 2:``), and the rest is dice, one digit from 1 to 6 per die, in the order thrown,
written in groups as they were thrown (each round of an opening roll, each roll: ``35 66 41``). Spaces
only separate; any other character is an error.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import DiceError, quoted
from engine.events import Event, EventKind


def thrown_dice(events: Iterable[Event]) -> list[int]:
    """Every die a game's record shows, in the order thrown: each player's die of each round of the
    opening roll (those who sat a round out show none), then both dice of each roll."""
    return [die for group in thrown_groups(events) for die in group]


def thrown_groups(events: Iterable[Event]) -> list[tuple[int, ...]]:
    """:func:`thrown_dice` grouped as thrown: each round of the opening roll, then each roll."""
    groups: list[tuple[int, ...]] = []
    for event in events:
        if event.kind is EventKind.OPENING:
            groups.append(tuple(d for d in event.dice if d))
        elif event.kind is EventKind.ROLL:
            groups.append(tuple(event.dice))
    return groups


def write_listing(games: Sequence[Sequence[Event]], header: Sequence[str] = ()) -> str:
    """The listing of a match's dice, one line per game, after the comment lines ``header``."""
    lines = [f"# {line}".rstrip() for line in header]
    for number, events in enumerate(games, 1):
        groups = " ".join("".join(str(d) for d in group) for group in thrown_groups(events))
        lines.append(f"game {number}: {groups}".rstrip())
    return "\n".join(lines) + "\n"


def read_listing(text: str) -> list[int]:
    """The dice of a listing (see the module's docstring), or :class:`DiceError` naming the line."""
    dice: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0]
        if ":" in line:
            line = line.split(":", 1)[1]
        for char in line:
            if char in "123456":
                dice.append(int(char))
            elif not char.isspace():
                raise DiceError(f"line {number}: a die is a digit from 1 to 6, not {quoted(char)}")
    return dice


__all__ = ["read_listing", "thrown_dice", "thrown_groups", "write_listing"]
