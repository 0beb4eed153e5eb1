"""Where a new match is played: in a thread of its own, opened by whoever runs the core (the Discord app),
or in the channel it was started from when no thread can be opened there (no permission, a thread
already, the console).

A channel hosts any number of matches through their threads; a channel or thread holds one match in play
at a time, so that in a thread every command is about its match.
"""

from __future__ import annotations

from typing import Protocol

from bot.models import ChannelProblem


class Venue(Protocol):
    """Opens threads for new matches (one per start: a command or a click, with its permissions)."""

    def opens_threads(self, channel_id: int) -> bool:
        """Whether a match started from ``channel_id`` gets a thread of its own (else it is played in
        ``channel_id`` itself)."""
        ...

    def parent_of(self, channel_id: int) -> int | None:
        """The channel a thread ``channel_id`` belongs to; ``None`` for a channel."""
        ...

    def channel_problem(self, channel_id: int) -> ChannelProblem | None:
        """Why matches could not be played in ``channel_id`` of this server, or ``None`` if they could."""
        ...

    async def open_thread(
        self, channel_id: int, title: str, *, anchor: int | None, people: tuple[int, ...]
    ) -> int | None:
        """A new thread under ``channel_id`` named ``title``, started from the message ``anchor`` (a
        challenge's or a lobby's) or on its own, with ``people`` added; its id, or ``None`` if it could not
        be opened after all (the match is then played in ``channel_id``)."""
        ...


class SameChannel:
    """No threads: every match is played in the channel it was started from (the console, the tests).
    ``channels``: the server's channels, where known (the console's one); else any is taken as one."""

    def __init__(self, channels: frozenset[int] | None = None) -> None:
        self.channels = channels

    def channel_problem(self, channel_id: int) -> ChannelProblem | None:
        if self.channels is None or channel_id in self.channels:
            return None
        return ChannelProblem.NOT_IN_SERVER

    def opens_threads(self, channel_id: int) -> bool:
        return False

    def parent_of(self, channel_id: int) -> int | None:
        return None

    async def open_thread(
        self, channel_id: int, title: str, *, anchor: int | None, people: tuple[int, ...]
    ) -> int | None:
        return None


HERE = SameChannel()
"""The default venue: the channel the match is started from."""


__all__ = ["HERE", "SameChannel", "Venue"]
