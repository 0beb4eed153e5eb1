"""A share of Discord's global limit for requests that can be left out.

Discord's global limit (50 requests a second for the whole bot, interaction routes exempt) is shared by
everything the bot does outside interactions: opening a match's thread, its first board, the computer's
typing indicator. The indicator is only a courtesy, so it gets a budget of its own, a token bucket: when
many computers think at once (a hundred matches against the computer moving in the same second), the ones
over the budget think without it, and the requests that matter keep their room.
"""

from __future__ import annotations

import time
from collections.abc import Callable

TYPING_PER_SECOND = 10.0
"""Typing indicators a second at most, over time (a fifth of Discord's global limit)."""
TYPING_BURST = 10
"""Typing indicators at once at most."""


class Budget:
    """A token bucket: ``rate`` tokens a second, holding ``burst`` at most (full at the start)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        """Spend a token if there is one; whether there was."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1.0 - 1e-9:  # a whole token, give or take rounding
            return False
        self._tokens -= 1.0
        return True


__all__ = ["TYPING_BURST", "TYPING_PER_SECOND", "Budget"]
