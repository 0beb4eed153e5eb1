"""Minigam's rules engine: every variant of RULES.md, pure Python, no I/O.

Start with :func:`find_variant`, :meth:`Position.initial`, :meth:`Position.legal_plays`,
:meth:`Position.parse_play` and :class:`Game`.
"""

from engine.dice import ScriptedDice, SecretDice, SeededDice, all_dice
from engine.errors import (
    AmbiguousPlayError,
    DiceError,
    EngineError,
    GameDataError,
    GameStateError,
    IllegalPlayError,
    IncompletePlayError,
    InvalidPlayError,
    MatchTargetError,
    PlayError,
    PositionError,
    PositionIdError,
)
from engine.events import Event, EventKind
from engine.game import Awaiting, Game
from engine.match import Match
from engine.position import BAR, OFF, Dice, Move, Play, Position
from engine.replay import replay
from engine.scoring import MAX_CUBE, MAX_MATCH_POINTS, MatchContext, Outcome, Termination, WinKind
from engine.variants import VARIANTS, UnknownVariantError, Variant, find_variant

__all__ = [
    "BAR",
    "MAX_CUBE",
    "MAX_MATCH_POINTS",
    "OFF",
    "VARIANTS",
    "AmbiguousPlayError",
    "Awaiting",
    "Dice",
    "DiceError",
    "EngineError",
    "Event",
    "EventKind",
    "Game",
    "GameDataError",
    "GameStateError",
    "IllegalPlayError",
    "IncompletePlayError",
    "InvalidPlayError",
    "Match",
    "MatchContext",
    "MatchTargetError",
    "Move",
    "Outcome",
    "Play",
    "PlayError",
    "Position",
    "PositionError",
    "PositionIdError",
    "ScriptedDice",
    "SecretDice",
    "SeededDice",
    "Termination",
    "UnknownVariantError",
    "Variant",
    "WinKind",
    "all_dice",
    "find_variant",
    "replay",
]
