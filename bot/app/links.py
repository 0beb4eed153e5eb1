"""Editing a board through the interaction that posted it, outside Discord's global limit.

Discord lets a bot make 50 requests a second on all its routes together, whatever the number of its
processes, except on the interaction routes: an interaction's response, its followups, and their edits.
A board posted as the reply to ``/minigam move`` is retired by the next turn; edited through the
channel, that edit is one global request per turn, so a bot playing more than about 50 turns a second
would be refused (and a bot refused too often is shut out for a while). Edited through the token of the
interaction that posted it, the same edit is exempt. A token works for 15 minutes; a board older than
that (or from before a restart) is edited through the channel as before. A board that is nobody's
answer (the computer's, after the player's move) is posted as a followup of the interaction that posted
the board it replaces, or of the player's action it answers, for the same reason.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import discord

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token works for editing what it posted (Discord's figure)."""
MARGIN = 60.0
"""Seconds before the token's end at which it is no longer used (a request under way, clocks apart)."""


@dataclass(slots=True, frozen=True)
class _Link:
    interaction: discord.Interaction
    original: bool  # the interaction's response itself (else one of its followups)
    until: float  # the links' clock


class BoardLinks:
    """The interactions that posted recent boards, by board message id, and the ones the computer's next
    board in a match answers, by match id; each for as long as its token works."""

    def __init__(
        self, lifetime: float = TOKEN_LIFETIME - MARGIN, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.lifetime = lifetime
        self._clock = clock
        # oldest first (each lives as long), so the expired ones are at the front
        self._boards: OrderedDict[int, _Link] = OrderedDict()
        self._turns: OrderedDict[int, _Link] = OrderedDict()

    def __len__(self) -> int:
        return len(self._boards) + len(self._turns)

    def __contains__(self, message_id: object) -> bool:
        return message_id in self._boards

    def remember(self, message_id: int, interaction: discord.Interaction, *, original: bool = True) -> None:
        """``message_id`` was posted by ``interaction``: its response if ``original``, else a followup.
        Called at once, so the token is not yet 3 seconds old (what :data:`MARGIN` covers)."""
        self._add(self._boards, message_id, _Link(interaction, original, self._until()))

    def answered(self, match_id: int, interaction: discord.Interaction) -> None:
        """The computer answers ``interaction`` (a player's action, already answered) in ``match_id``: its
        next board can be a followup of it."""
        self._add(self._turns, match_id, _Link(interaction, False, self._until()))

    def forget(self, message_id: int) -> None:
        self._boards.pop(message_id, None)

    async def edit(self, message_id: int, **fields) -> bool:
        """Edit ``message_id`` with ``fields`` through the interaction that posted it; whether it did (if
        not: no link, its token too old, or Discord refused: edit it through the channel, and the link is
        forgotten)."""
        link = self._boards.get(message_id)
        if link is None:
            return False
        if link.until <= self._clock():
            self.forget(message_id)
            return False
        try:
            if link.original:
                await link.interaction.edit_original_response(**fields)
            else:
                await link.interaction.followup.edit_message(message_id, **fields)
        except discord.HTTPException as exc:
            log.info("board %s not edited through its interaction (%s); through the channel", message_id, exc)
            self.forget(message_id)
            return False
        return True

    async def follow(self, channel_id: int, match_id: int, replaces: int | None, **fields) -> int | None:
        """Post a board with ``fields`` in ``channel_id`` as a followup of the interaction that posted the
        board it ``replaces``, or else of the player's action the computer answers in ``match_id``, if that
        was made there and its token still works; the new board's id (remembered), or None (post it through
        the channel)."""
        now = self._clock()
        link = self._boards.get(replaces) if replaces is not None else None
        if link is None or link.until <= now:
            link = self._turns.pop(match_id, None)
        if link is None or link.until <= now or link.interaction.channel_id != channel_id:
            return None
        try:
            message = await link.interaction.followup.send(wait=True, **fields)
        except discord.HTTPException as exc:
            log.info("no followup of interaction %s (%s); through the channel", link.interaction.id, exc)
            return None
        self._boards[message.id] = _Link(link.interaction, False, link.until)  # the same token
        return message.id

    def _until(self) -> float:
        now = self._clock()
        for links in (self._boards, self._turns):
            while links and next(iter(links.values())).until <= now:
                links.popitem(last=False)
        return now + self.lifetime

    @staticmethod
    def _add(links: OrderedDict[int, _Link], key: int, link: _Link) -> None:
        links[key] = link
        links.move_to_end(key)


__all__ = ["MARGIN", "TOKEN_LIFETIME", "BoardLinks"]
