"""The engine's errors: each says what was wrong, quoting the input; all subclass ``ValueError``."""

from __future__ import annotations

import reprlib
from collections.abc import Sequence

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 40
_REPR.maxother = 40


def quoted(value: object) -> str:
    """``value`` as a short, safe ``repr`` for an error message: nested and long values are cut
    short, and a huge number is never written out in full (no repr may fail or flood a message)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return "a number with more than 18 digits"
    if isinstance(value, float):
        return repr(value)
    try:
        return _REPR.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} that cannot be shown"


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input."""


class PositionError(EngineError):
    """A position that breaks the rules of its variant (wrong checker count, shared point, ...)."""


class PositionIdError(EngineError):
    """A Position ID that cannot be read."""


class PlayError(EngineError):
    """A play that cannot be made; ``legal`` lists the legal plays in notation."""

    def __init__(self, message: str, *, text: str = "", legal: Sequence[str] = ()) -> None:
        self.text = text
        self.legal = tuple(legal)
        self.reason = message
        super().__init__(self._full_message())

    def _full_message(self) -> str:
        if not self.legal:
            return self.reason
        shown = ", ".join(self.legal[:12])
        more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
        return f"{self.reason}. Legal plays: {shown}{more}"


class InvalidPlayError(PlayError):
    """The text is not notation at all (bad syntax)."""


class IllegalPlayError(PlayError):
    """Well-formed notation for a play that the rules do not allow here."""


class AmbiguousPlayError(PlayError):
    """The notation fits more than one legal play."""


class IncompletePlayError(IllegalPlayError):
    """The moves are fine as far as they go but more dice must be played."""


class GameStateError(EngineError):
    """An action that does not fit the state of the game (not your turn, game over, no cube, ...)."""


class GameDataError(GameStateError):
    """A stored game or match (JSON) that cannot be read: unknown format version, missing or bad fields."""


class MatchTargetError(GameStateError):
    """A match target out of range (a match is 1 to ``MAX_MATCH_POINTS`` points, or 0 for one game)."""


class DiceError(EngineError):
    """Dice that are not two whole numbers from 1 to 6."""
