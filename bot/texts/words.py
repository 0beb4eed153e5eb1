"""Durations, dates and lists, as the bot writes them."""

from __future__ import annotations

import time


def duration(seconds: float) -> str:
    """``90`` -> ``1 minute 30 seconds``; ``86400`` -> ``24 hours``; rounded to the two largest units."""
    total = round(seconds)
    if total < 60:
        return _unit(total, "second")
    parts = []
    for size, name in ((3600, "hour"), (60, "minute"), (1, "second")):
        if total >= size:
            parts.append(_unit(total // size, name))
            total %= size
    return " ".join(parts[:2])


def _unit(n: int, name: str) -> str:
    return f"{n} {name}{'' if n == 1 else 's'}"


def when(epoch: float) -> str:
    """A UTC date and time, e.g. ``2026-05-09 14:03 UTC``."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(epoch))
