"""Reading a stored :class:`engine.game.Game` (``Game.to_json``'s shape), field by field.

Reading is strict: every field is checked for its type and range and against the variant (a cube
only where there is one, a resign offer by a seat of the game, dice from 1 to 6, ...), and any
problem is a :class:`GameDataError`. The checks that relate fields to each other are the game's own
(``Game._check_state``).
"""

from __future__ import annotations

from typing import Any

from engine.errors import GameDataError, PositionError
from engine.events import Event
from engine.jsonread import (
    read_bool,
    read_int,
    read_ints,
    read_list,
    read_object,
    read_optional_int,
    read_str,
)
from engine.position import OFF, Dice, Move, Play, Position
from engine.scoring import MAX_CUBE, MatchContext, Outcome
from engine.variants import UnknownVariantError, find_variant

FORMAT_VERSION = 1

GAME_KEYS = (
    "format",
    "variant",
    "position",
    "dice",
    "cube",
    "cube_owner",
    "double_offered",
    "resign_offer",
    "finished",
    "outcome",
    "match",
    "events",
    "last_play",
    "last_player",
)
MAX_EVENTS = 100_000
"""More events than any game has (a long backgammon game has a few hundred)."""


def game_fields(data: object) -> dict[str, Any]:
    """The fields of a ``Game`` read from ``Game.to_json``'s output, each checked on its
    own and against the variant; :class:`GameDataError` for anything else."""
    data = read_object(data, "a stored game", GAME_KEYS, ("position",), version=FORMAT_VERSION)
    try:
        position = Position.from_json(data["position"])
    except (PositionError, UnknownVariantError) as exc:
        raise GameDataError(f"the stored game's position is not valid: {exc}") from None
    v = position.variant
    if "variant" in data:
        name = read_str(data["variant"], "a stored game's variant", 40)
        try:
            named = find_variant(name)
        except UnknownVariantError as exc:
            raise GameDataError(str(exc)) from None
        if named is not v:
            raise GameDataError(f"a stored game of {named.name} holds a {v.name} position")
    seats = v.players - 1
    last_player = read_optional_int(data.get("last_player"), "a game's last player", 0, seats)
    last_play = None
    if data.get("last_play") is not None:
        raw = read_list(data["last_play"], "a game's last play", v.doubles_moves)
        moves = tuple(_read_move(m, v.points) for m in raw)
        # A play's result keeps its mover on turn; the game then handed the turn on.
        mover = position.turn if last_player is None else last_player
        last_play = Play(moves, position.with_turn(mover))
    dice = None
    if data.get("dice") is not None:
        dice = Dice(*read_ints(data["dice"], "a game's dice", 1, 6, 2, 2))
    resign = data.get("resign_offer")
    resign_offer = None
    if resign is not None:
        resign = read_list(resign, "a game's resign offer", 2, 2)
        resign_offer = (
            read_int(resign[0], "the resigning player", 0, seats),
            read_int(resign[1], "a resignation's level", 1, 3),
        )
    finished = read_ints(data.get("finished", []), "a game's finished players", 0, seats, v.players)
    if len(set(finished)) != len(finished):
        raise GameDataError(f"a game's finished players are listed twice: {list(finished)}")
    outcome = None
    if data.get("outcome") is not None:
        outcome = Outcome.from_json(data["outcome"])
        outcome.check_for(v)
    events = read_list(data.get("events", []), "a game's events", MAX_EVENTS)
    return {
        "position": position,
        "dice": dice,
        "cube": _read_cube(data.get("cube", 1)),
        "cube_owner": read_optional_int(data.get("cube_owner"), "a game's cube owner", 0, seats),
        "double_offered": read_bool(data.get("double_offered", False), "a game's double_offered"),
        "resign_offer": resign_offer,
        "finished": finished,
        "outcome": outcome,
        "match": MatchContext.from_json(data.get("match", {}), v),
        "events": tuple(Event.from_json(e, v.players) for e in events),
        "last_play": last_play,
        "last_player": last_player,
    }


def _read_cube(value: object) -> int:
    cube = read_int(value, "a game's cube", 1, MAX_CUBE)
    if cube & (cube - 1):
        raise GameDataError(f"a game's cube must be a power of two, not {cube}")
    return cube


def _read_move(value: object, points: int) -> Move:
    src, dst, hit = read_list(value, "a move of the last play", 3, 3)
    src = read_int(src, "a move's start", 0, points)
    dst = read_int(dst, "a move's end", OFF, points)
    if dst in (0, src):
        raise GameDataError(f"a move cannot go from {src} to {dst}")
    return Move(src, dst, read_bool(hit, "a move's hit"))
