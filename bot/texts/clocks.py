"""What the bot says about match clocks: the clock a match is played on, the reserves on every board, the
warning when a reserve runs low, the flag falling, and the refusals about clocks."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Protocol

from bot.texts.grammar import addressed, possessive, verb


class Preset(Protocol):
    """A clock's terms (``bot.core.clocks.Preset``): read here, never imported (texts sit under the core)."""

    @property
    def name(self) -> str: ...

    @property
    def delay(self) -> float: ...

    @property
    def per_point(self) -> float: ...

    def reserve(self, target: int) -> float: ...


CLOCK_HELP = "A match clock for live play (default: none)"
"""The ``clock`` option's description (at most 100 characters)."""


def clock_time(seconds: float) -> str:
    """A reserve as a clock shows it, whole seconds down: ``9:48``, ``1:05:00``, ``0:07``."""
    total = max(0, math.floor(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _seconds(n: float) -> str:
    return f"{n:g} s"


def preset_terms(preset: Preset, target: int) -> str:
    """``12 s a decision, then 10:00 each`` (the reserve for a match to ``target``)."""
    return f"{_seconds(preset.delay)} a decision, then {clock_time(preset.reserve(target))} each"


def clock_offer(preset: Preset | None, target: int) -> str:
    """What a challenge says of its clock: `` On the **live** clock: 12 s a decision, then 10:00 each.``;
    nothing without one."""
    if preset is None:
        return ""
    return f" On the **{preset.name}** clock: {preset_terms(preset, target)}."


def clock_line(
    preset: Preset, names: Sequence[str], reserves: Sequence[float], running: int | None, *, low: float
) -> str:
    """A board's clock: ``⏱ live clock, 12 s a decision: Alice 9:48 (to act) · Bob 10:00``, a reserve under
    ``low`` seconds marked, and for the player to act such a reserve, the warning."""
    shown = []
    for seat, (name, reserve) in enumerate(zip(names, reserves, strict=True)):
        mark = " (to act)" if seat == running else ""
        warn = " ⚠" if reserve < low else ""
        shown.append(f"{name} {clock_time(reserve)}{mark}{warn}")
    line = f"⏱ {preset.name} clock, {_seconds(preset.delay)} a decision: {' · '.join(shown)}"
    if running is not None and reserves[running] < low:
        line += "\n" + low_reserve(names[running], reserves[running], preset, low=low)
    return line


def low_reserve(name: str, reserve: float, preset: Preset, *, low: float) -> str:
    """The warning for the player to act whose reserve is under ``low`` seconds."""
    left = clock_time(reserve)
    delay = _seconds(preset.delay)
    return "⚠ " + addressed(
        name, f"under {low:g} s of reserve left: {left}, after the {delay} of each decision. Hurry!"
    )


def flag_fell(name: str, *, money: bool) -> str:
    """The flag falls: what it costs."""
    lost = "the game, at the cube's value" if money else "the match"
    text = f"{possessive(name)} time ran out: {name} {verb(name, 'loses', 'lose')} {lost}."
    return f"⏱ {text[:1].upper()}{text[1:]}"


TIME_RAN_OUT = "Too late: your time ran out before this arrived, and you lose on time."
"""A late action: Discord received it after the player's flag fell (the flag is applied within a second)."""


def flag_down(name: str) -> str:
    """An action that came after the flag of ``name`` (the player to act) fell."""
    return f"Too late: {possessive(name)} time had run out before this arrived, and {name} loses on time."


def unknown_clock(name: str, names: Iterable[str]) -> str:
    return f"There is no clock called `{name}`. Choose one of: {', '.join(names)}."


NO_CLOCK_FOR_FOUR = "Four-player games are played without a clock: leave the clock out, or choose `none`."


__all__ = [
    "CLOCK_HELP",
    "NO_CLOCK_FOR_FOUR",
    "TIME_RAN_OUT",
    "clock_line",
    "clock_offer",
    "clock_time",
    "flag_down",
    "flag_fell",
    "low_reserve",
    "preset_terms",
    "unknown_clock",
]
