"""A game's record: one :class:`Event` per action, enough to replay the game exactly, rolls included."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.errors import GameDataError
from engine.jsonread import read_enum, read_int, read_ints, read_list, read_object, read_str
from engine.scoring import MAX_CUBE


class EventKind(enum.StrEnum):
    """What happened (the stored value is the text)."""

    OPENING = "opening"  # one round of the opening roll; ``player`` is -1, ``dice`` one die per player
    ROLL = "roll"
    PLAY = "play"  # ``dice`` the roll, ``moves`` the single moves in notation (none: a pass)
    DOUBLE = "double"  # ``value``: the cube offered
    TAKE = "take"  # ``value``: the cube taken
    DROP = "drop"
    RESIGN = "resign"  # ``value``: the level offered (1 single, 2 gammon, 3 backgammon or Mulligan)
    ACCEPT = "accept"
    REJECT = "reject"
    FORFEIT = "forfeit"


_EVENT_KEYS = ("kind", "player", "dice", "moves", "value")
MAX_MOVE_TEXT = 12
"""The longest single move in notation (``bar/25*`` is 7 characters; room to spare)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game's record. ``kind`` may be given as its text (``"play"``)."""

    kind: EventKind
    player: int
    dice: tuple[int, ...] = ()
    moves: tuple[str, ...] = ()
    value: int = 0

    def __post_init__(self) -> None:
        if type(self.kind) is not EventKind:
            object.__setattr__(self, "kind", EventKind(self.kind))

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind.value, "player": self.player}
        if self.dice:
            out["dice"] = list(self.dice)
        if self.moves:
            out["moves"] = list(self.moves)
        if self.value:
            out["value"] = self.value
        return out

    @classmethod
    def from_json(cls, data: object, players: int = 4) -> Event:
        """Read :meth:`to_json`'s output (of a game of ``players``); anything else, or an event no
        game can record, raises :class:`GameDataError`."""
        data = read_object(data, "an event", _EVENT_KEYS, ("kind", "player"))
        kind = read_enum(EventKind, data["kind"], "an event's kind")
        opening = kind is EventKind.OPENING
        lo = -1 if opening else 0
        player = read_int(data["player"], f"a {kind} event's player", lo, -1 if opening else players - 1)
        dice = read_ints(data.get("dice", []), f"a {kind} event's dice", lo + 1, 6, players)
        moves = tuple(
            read_str(m, f"each move of a {kind} event", MAX_MOVE_TEXT)
            for m in read_list(data.get("moves", []), f"a {kind} event's moves", 4)
        )
        value = read_int(data.get("value", 0), f"a {kind} event's value", 0, MAX_CUBE)
        event = cls(kind, player, dice, moves, value)
        event._check(players)
        return event

    def _check(self, players: int) -> None:
        kind = self.kind
        if kind is EventKind.OPENING:
            if len(self.dice) != players or not any(self.dice):
                raise GameDataError(f"an opening event shows one die per player, not {list(self.dice)}")
        elif kind in (EventKind.ROLL, EventKind.PLAY):
            if len(self.dice) != 2:
                raise GameDataError(f"a {kind} event holds the two dice rolled, not {list(self.dice)}")
        elif self.dice:
            raise GameDataError(f"a {kind} event has no dice")
        if self.moves and kind is not EventKind.PLAY:
            raise GameDataError(f"a {kind} event has no moves")
        if kind in (EventKind.DOUBLE, EventKind.TAKE):
            if self.value < 2 or self.value & (self.value - 1):
                raise GameDataError(f"a {kind} event's cube must be a power of two from 2, not {self.value}")
        elif kind is EventKind.RESIGN:
            if not 1 <= self.value <= 3:
                raise GameDataError(f"a resign event's level is 1, 2 or 3, not {self.value}")
        elif self.value:
            raise GameDataError(f"a {kind} event has no value")
