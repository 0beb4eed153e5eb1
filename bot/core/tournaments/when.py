"""When a tournament starts by itself, as its organiser types it: ``in 2h`` (any duration the settings
read: ``in 1h30m``, ``in 2 days``), a date and time in UTC (``2026-11-28 18:00``), a time alone (the next
time it is that time in UTC: ``18:00``), or a Discord timestamp (``<t:1764352800>``, which Discord shows
in each reader's own time zone)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bot.core.setting_kinds import SettingValueError, read_duration

LONGEST = 30 * 86400.0
"""A tournament may be set to start at most 30 days ahead."""

_STAMP = re.compile(r"<t:(\d{1,12})(?::[a-zA-Z])?>")
_DATE_TIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ t](\d{1,2}):(\d{2})(?:\s*utc)?")
_TIME = re.compile(r"(\d{1,2}):(\d{2})(?:\s*utc)?")


class StartTimeError(ValueError):
    """A start time that cannot be read, or is past or too far ahead; the message says which."""


def read_start(text: str, now: float) -> float:
    """The time ``text`` names, after ``now`` and at most :data:`LONGEST` ahead."""
    key = text.strip().lower()
    at = _read(key, now)
    if at <= now:
        raise StartTimeError("past")
    if at - now > LONGEST:
        raise StartTimeError("too far")
    return at


def _read(key: str, now: float) -> float:
    if key.startswith("in "):
        try:
            return now + read_duration(key[3:])
        except SettingValueError:
            raise StartTimeError("unreadable") from None
    if m := _STAMP.fullmatch(key):
        return float(m.group(1))
    if m := _DATE_TIME.fullmatch(key):
        year, month, day, hour, minute = (int(g) for g in m.groups())
        try:
            return datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()
        except ValueError:
            raise StartTimeError("unreadable") from None
    if m := _TIME.fullmatch(key):
        hour, minute = int(m.group(1)), int(m.group(2))
        if hour > 23 or minute > 59:
            raise StartTimeError("unreadable")
        today = datetime.fromtimestamp(now, UTC)
        at = today.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if at.timestamp() <= now:
            at += timedelta(days=1)
        return at.timestamp()
    raise StartTimeError("unreadable")


__all__ = ["LONGEST", "StartTimeError", "read_start"]
