"""The table's small commands: ``value`` (a position's chance, for anyone to check) and ``openings``."""

from __future__ import annotations

import json
from typing import TextIO

from engine.cli import read_line
from engine.dice import Dice, all_dice
from engine.errors import EngineError
from engine.position import Position
from engine.solve.table import SCALE, Table, load
from engine.variants import Variant


class ValueInputError(EngineError):
    """A ``value`` input line that is not a position of the variant asked for."""


def read_position(line: str, variant: Variant) -> Position:
    """The position of one ``value`` input line (``python -m engine legal``'s format, dice optional)."""
    data = read_line(line, ("turn",), ValueInputError)
    position = Position.from_json({k: val for k, val in data.items() if k != "dice"})
    if position.variant is not variant:
        raise ValueInputError(f"a {position.variant.name} position, but this table is {variant.name}'s")
    return position


def value(variant: Variant, lines: TextIO, out: TextIO) -> int:
    """For each input line, ``{"win": P}``: the chance that the player to move wins, before rolling,
    with best play by both sides (``{"error": ...}`` for a line that cannot be read)."""
    table = load(variant)
    for line in lines:
        if not line.strip():
            continue
        try:
            answer: dict = {"win": round(table.win(read_position(line, variant)), 6)}
        except (EngineError, ValueError) as exc:
            answer = {"error": str(exc)}
        print(json.dumps(answer), file=out, flush=True)
    return 0


def opening_chances(table: Table) -> list[tuple[Dice, float, str]]:
    """For each of the 15 opening rolls (no doubles), the first player's chance with the best play, and
    that play."""
    start = Position.initial(table.variant)
    out = []
    for dice in all_dice():
        if dice.is_double:
            continue
        plays = start.legal_plays(dice)
        best = max(plays, key=lambda p: table.after(p.result, 0))
        out.append((dice, table.after(best.result, 0), start.format_play(best)))
    return out


def openings(variant: Variant, out: TextIO | None = None) -> int:
    table = load(variant)
    rows = opening_chances(table)
    print(f"{variant.name}: the first player's chance to win after each opening roll, best play", file=out)
    for dice, chance, play in rows:
        print(f"  {dice}  {chance:7.2%}  {play}", file=out)
    mean = sum(c for _, c, _ in rows) / len(rows)
    print(
        f"  average over the 15 rolls (the first player's chance before the opening roll): {mean:.2%}",
        file=out,
    )
    print(f"  (values to 1/{SCALE})", file=out)
    return 0
