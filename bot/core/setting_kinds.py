"""The kinds of server settings: how each is read from what a moderator types (or the store keeps), and
shown. A reader raises :class:`SettingValueError` saying what it expects."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.models import MAX_USER_ID
from bot.texts.grammar import duration
from engine import VARIANTS, UnknownVariantError, find_variant

DEFAULT_WORDS = frozenset({"default", "reset"})
"""What a moderator types to put a setting back to its default."""


class SettingValueError(ValueError):
    """A value a setting cannot take; the message says what it takes."""


# What each kind of value looks like, as a refusal says it.
ON_OFF = "on or off"
SOME_VARIANTS = f"all, or some of {', '.join(VARIANTS)}"
SOME_CHANNELS = "anywhere, or channels (#name) separated by spaces"
ONE_ROLE = "none, or one role (@name)"
ONE_CHANNEL = "off, or one channel (#name)"
AN_HOUR = "an hour of the day, UTC, from 0 to 23"


@dataclass(frozen=True, slots=True)
class Kind:
    """How a setting's value is read and shown (what is shown is also what is stored: it reads back)."""

    read: Callable[[str], object]
    show: Callable[[object], str]
    expects: str  # what a value looks like, as a refusal says it
    examples: tuple[str, ...] = ()  # values offered while a moderator types one


# ---------------------------------------------------------------------- on / off
def read_bool(text: str) -> bool:
    key = text.strip().lower()
    if key in ("on", "yes", "true", "1"):
        return True
    if key in ("off", "no", "false", "0"):
        return False
    raise SettingValueError(ON_OFF)


def show_bool(value: object) -> str:
    return "on" if value else "off"


BOOL = Kind(read_bool, show_bool, ON_OFF, ("on", "off"))


# ---------------------------------------------------------------------- durations
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_PART = re.compile(  # the longer words first: "2 hours" is not "2 h" and "ours"
    r"(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w)(?![a-z])"
)


def read_duration(text: str) -> float:
    """``90s``, ``30m``, ``1h30m``, ``2 days``, ``1w``; ``0`` for none at all."""
    key = text.strip().lower().replace(",", " ")
    if key in ("0", "none", "now", "at once"):
        return 0.0
    total, at = 0.0, 0
    for part in _PART.finditer(key):
        if key[at : part.start()].strip():
            break
        total += float(part.group(1)) * _UNITS[part.group(2)[0]]
        at = part.end()
    else:
        if at and not key[at:].strip():
            return total
    raise SettingValueError("a duration such as 30m, 2h, 1h30m or 3d")


def duration_kind(least: float, most: float) -> Kind:
    def read(text: str) -> float:
        seconds = read_duration(text)
        if not least <= seconds <= most:
            raise SettingValueError(expects)
        return seconds

    shown = "at once (0)" if least == 0 else duration(least)
    expects = f"a duration from {shown} to {duration(most)}"
    examples = tuple(text for text in _DURATIONS if least <= read_duration(text) <= most)
    return Kind(read, show_duration, expects, examples)


_DURATIONS = ("1m", "5m", "10m", "30m", "1h", "2h", "6h", "12h", "1d", "2d", "3d", "7d", "14d", "30d")


def show_duration(value: object) -> str:
    """A duration in words, exactly (it is stored so, and reads back): ``1 hour 30 minutes``."""
    total = round(float(value))  # type: ignore[arg-type]
    if total == 0:
        return "at once"
    parts = []
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        if size == 86400 and total < 2 * 86400:
            continue  # a day is "24 hours", as turn limits are usually told
        if total >= size:
            count, total = divmod(total, size)
            parts.append(f"{count} {unit}{'' if count == 1 else 's'}")
    return " ".join(parts)


# ---------------------------------------------------------------------- variants and channels
def read_variants(text: str) -> frozenset[str] | None:
    """``all``, or variant names separated by commas or spaces."""
    words = _words(text)
    if words == ["all"]:
        return None
    names = set()
    for word in words:
        try:
            names.add(find_variant(word).name)
        except UnknownVariantError:
            raise SettingValueError(SOME_VARIANTS) from None
    if not names:
        raise SettingValueError(SOME_VARIANTS)
    return frozenset(names)


def show_variants(value: object) -> str:
    if value is None:
        return "all"
    return ", ".join(name for name in VARIANTS if name in value)  # type: ignore[operator]


_CHANNEL = re.compile(r"<#(\d{1,20})>|(\d{5,20})")


def read_channels(text: str) -> frozenset[int] | None:
    """``anywhere`` (or ``all``), or channels: their mentions (``#general`` becomes ``<#123>`` as it is
    typed) or ids."""
    words = _words(text)
    if words in (["all"], ["anywhere"]):
        return None
    found = set()
    for word in words:
        channel_id = _mentioned(word, _CHANNEL)
        if not channel_id:
            raise SettingValueError(SOME_CHANNELS)
        found.add(channel_id)
    if not found:
        raise SettingValueError(SOME_CHANNELS)
    return frozenset(found)


def show_channels(value: object) -> str:
    if value is None:
        return "anywhere"
    return " ".join(f"<#{c}>" for c in sorted(value))  # type: ignore[call-overload]


def _mentioned(word: str, mention: re.Pattern[str]) -> int:
    """The id a mention (or a bare id) names; 0 for anything else, or an id past Discord's (as the store
    keeps them)."""
    m = mention.fullmatch(word)
    found = int(m.group(1) or m.group(2)) if m is not None else 0
    return found if 0 < found <= MAX_USER_ID else 0


def _one_mentioned(text: str, nothing: tuple[str, ...], mention: re.Pattern[str], expects: str) -> int | None:
    """One role or channel (``mention`` reads it), or ``None`` for one of the words ``nothing``."""
    words = _words(text)
    if len(words) == 1 and words[0] in nothing:
        return None
    found = _mentioned(words[0], mention) if len(words) == 1 else 0
    if not found:
        raise SettingValueError(expects)
    return found


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]


_ROLE = re.compile(r"<@&(\d{1,20})>|(\d{5,20})")


def read_role(text: str) -> int | None:
    """``none``, or one role: its mention (``@Organisers`` becomes ``<@&123>`` as it is typed) or id."""
    return _one_mentioned(text, ("none", "nobody"), _ROLE, ONE_ROLE)


def show_role(value: object) -> str:
    return "none" if value is None else f"<@&{value}>"


def read_channel(text: str) -> int | None:
    """``off``, or one channel: its mention (``#puzzles`` becomes ``<#123>`` as it is typed) or id."""
    return _one_mentioned(text, ("off", "none"), _CHANNEL, ONE_CHANNEL)


def show_channel(value: object) -> str:
    return "off" if value is None else f"<#{value}>"


def read_hour(text: str) -> int:
    """An hour of the day, UTC: ``0`` to ``23`` (``9``, ``09``, ``9:00``, ``21h``)."""
    key = text.strip().lower().removesuffix("utc").strip().removesuffix(":00").removesuffix("h")
    if not key.isdecimal() or not 0 <= int(key) <= 23:
        raise SettingValueError(AN_HOUR)
    return int(key)


def show_hour(value: object) -> str:
    return f"{int(value):02d}:00 UTC"  # type: ignore[call-overload]


VARIANT_SET = Kind(read_variants, show_variants, SOME_VARIANTS, ("all", *VARIANTS))
CHANNEL_SET = Kind(read_channels, show_channels, SOME_CHANNELS, ("anywhere",))
ROLE = Kind(read_role, show_role, ONE_ROLE, ("none",))
CHANNEL = Kind(read_channel, show_channel, ONE_CHANNEL, ("off",))
HOUR = Kind(read_hour, show_hour, AN_HOUR, tuple(str(h) for h in range(24)))


__all__ = [
    "BOOL",
    "CHANNEL",
    "CHANNEL_SET",
    "DEFAULT_WORDS",
    "HOUR",
    "ROLE",
    "VARIANT_SET",
    "Kind",
    "SettingValueError",
    "duration_kind",
    "read_duration",
]
