"""Durations, dates and the grammar of names, as the bot writes them.

A sentence about a player by name takes its verb and pronouns from :mod:`engine.wording` (one rule for
the engine's descriptions, the pictures and these texts): the console's player is "You", and "You start.",
"your challenge", "waiting for you" are what it reads, where anyone else reads "Bob starts.".
"""

from __future__ import annotations

import time

from engine.wording import YOU, is_you, objective, possessive, theirs, verb


def duration(seconds: float) -> str:
    """``90`` -> ``1 minute 30 seconds``; ``86400`` -> ``24 hours``; ``259200`` -> ``3 days``; rounded to
    the two largest units."""
    total = round(seconds)
    if total < 60:
        return _unit(total, "second")
    parts = []
    for size, name in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        if size == 86400 and total < 2 * 86400:
            continue  # a day is "24 hours", as turn limits are usually told
        if total >= size:
            parts.append(_unit(total // size, name))
            total %= size
    return " ".join(parts[:2])


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``, ``112th``."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _unit(n: int, name: str) -> str:
    return f"{n} {name}{'' if n == 1 else 's'}"


def when(epoch: float) -> str:
    """A UTC date and time, e.g. ``2026-05-09 14:03 UTC``."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(epoch))


def addressed(name: str, rest: str) -> str:
    """A sentence spoken to ``name``: ``Bob, your turn.``; to "You" just ``Your turn.``"""
    if is_you(name):
        first = next((i for i, c in enumerate(rest) if c.isalpha()), 0)  # past markdown: "**take**"
        return rest[:first] + rest[first : first + 1].upper() + rest[first + 1 :]
    return f"{name}, {rest}"


__all__ = ["YOU", "addressed", "duration", "is_you", "objective", "possessive", "theirs", "verb", "when"]


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (the engine's errors are phrases)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."
