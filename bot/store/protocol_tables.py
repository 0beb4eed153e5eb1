"""The table-manners part of the store's protocol: threads to archive once their matches are over, the
rematch of a match, leaderboards page by page, and a player's rating over time.
:class:`~bot.store.protocol.Transaction` and :class:`~bot.store.protocol.Store` include these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.models import Standing


@dataclass(frozen=True, slots=True)
class ThreadDue:
    """A thread the bot opened for matches that are all over now, and when the last one ended."""

    channel_id: int
    guild_id: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating in ``variant`` after a rated result at ``at`` (multigam: the conservative
    ``mu - 3 sigma``)."""

    variant: str
    at: float
    rating: float


class TableWrites(Protocol):
    async def thread_archived(self, channel_id: int) -> None:
        """The thread ``channel_id`` was archived: none of its matches waits for that any more."""
        ...


class TableReads(Protocol):
    async def rematch_id(self, match_id: int) -> int | None:
        """The match started as the rematch of ``match_id``, if any."""
        ...

    async def last_match_here(self, channel_id: int, user_id: int) -> int | None:
        """The newest match played in ``channel_id`` or started from it (in its thread): ``user_id``'s if
        they played one, else anyone's."""
        ...

    async def threads_due(self) -> list[ThreadDue]:
        """Threads the bot opened for matches, not archived yet, where no match is in play."""
        ...

    async def standing_size(self, guild_id: int, variant: str, kind: Standing) -> int:
        """How many players a leaderboard lists."""
        ...

    async def rating_history(self, guild_id: int, user_id: int) -> list[RatingPoint]:
        """Every rating ``user_id`` had after a rated result in a server (two- and four-player), oldest
        first."""
        ...


__all__ = ["RatingPoint", "TableReads", "TableWrites", "ThreadDue"]
