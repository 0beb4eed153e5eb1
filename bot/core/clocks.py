"""Match clocks for live play: the presets, what a decision costs, the time left. Pure: numbers in, numbers
out (the live matches' clocks are :mod:`bot.core.match_clocks`, their timers :mod:`bot.core.flag_timers`).

A clocked match gives each player a reserve for the whole match (so many seconds per point of its length)
and every decision a delay: each decision (roll or double, take or drop, the play, an answer to a
resignation) first uses the delay, then the player's reserve. Only the player to act has a running clock; the
computer has none. A player whose reserve runs out loses the match (in money play: the game, at the cube's
value).
"""

from __future__ import annotations

from dataclasses import dataclass

NO_CLOCK = "none"
"""No clock: the server's correspondence limits (a reminder, then a forfeit after the turn limit)."""

SINGLE_GAME_POINTS = 2
"""A single game (money play, ``points`` 0) gets the reserve of a match to this many points: it has the
cube decisions a 1-point match lacks."""

LOW_RESERVE = 30.0
"""Seconds: a reserve under this is warned about."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A clock as the online sites set it: ``delay`` seconds for every decision before the reserve runs,
    and a reserve of ``per_point`` seconds per point of the match's length."""

    name: str
    delay: float
    per_point: float

    def reserve(self, target: int) -> float:
        """Each player's reserve for a match to ``target`` points (0: a single game)."""
        return self.per_point * (target if target > 0 else SINGLE_GAME_POINTS)


PRESETS: dict[str, Preset] = {
    "blitz": Preset("blitz", delay=8.0, per_point=20.0),
    "live": Preset("live", delay=12.0, per_point=120.0),  # the US Backgammon Federation's tournament clock
    "casual": Preset("casual", delay=15.0, per_point=180.0),
}
"""The clocks a match can be played on, by name."""

CLOCK_NAMES: tuple[str, ...] = (NO_CLOCK, *PRESETS)
"""Every clock a match can be started with: no clock first (the default), then the presets."""


class UnknownClock(ValueError):
    """A clock's name that is neither ``none`` nor a preset's."""

    def __init__(self, name: str) -> None:
        super().__init__(f"no clock is called {name!r}: {', '.join(CLOCK_NAMES)}")
        self.name = name


def clock_named(name: str | None) -> str:
    """The clock called ``name`` (any case, spaces around; ``None`` or empty: no clock), as stored;
    :class:`UnknownClock` otherwise."""
    key = (name or NO_CLOCK).strip().lower()
    if key not in CLOCK_NAMES:
        raise UnknownClock(str(name))
    return key


def preset_of(name: str) -> Preset | None:
    """The preset a stored clock name stands for (``None``: no clock, or a name this bot does not know)."""
    return PRESETS.get(name)


def starting_reserves(name: str, target: int, seats: int) -> tuple[float, ...]:
    """Each seat's reserve at the start of a match to ``target`` on the clock ``name`` (none: no reserves)."""
    preset = preset_of(name)
    return (preset.reserve(target),) * seats if preset is not None else ()


def time_left(preset: Preset, reserve: float, used: float) -> float:
    """Seconds before the flag falls for a decision that has taken ``used`` seconds so far with ``reserve``
    left before it: what is left of the delay, then the reserve. Negative once the flag has fallen."""
    return preset.delay + reserve - used


def charged(preset: Preset, reserve: float, used: float) -> float:
    """The reserve after a decision that took ``used`` seconds: the delay is free, the rest comes off the
    reserve (never below 0: running out is the flag falling)."""
    return max(0.0, reserve - max(0.0, used - preset.delay))


def warning_after(preset: Preset, reserve: float) -> float | None:
    """Seconds into a decision at which the reserve falls under :data:`LOW_RESERVE` (``None``: it starts
    under it already, and its board says so)."""
    if reserve < LOW_RESERVE:
        return None
    return preset.delay + reserve - LOW_RESERVE


__all__ = [
    "CLOCK_NAMES",
    "LOW_RESERVE",
    "NO_CLOCK",
    "PRESETS",
    "SINGLE_GAME_POINTS",
    "Preset",
    "UnknownClock",
    "charged",
    "clock_named",
    "preset_of",
    "starting_reserves",
    "time_left",
    "warning_after",
]
