"""Picking a play move by move, for a roll with more than 25 legal plays: one picker per decision.

The board's menu of first moves (:attr:`~bot.models.Action.FIRST`) opens a picker, a private reply with
the next moves, Undo and Done. Each pick (:attr:`~bot.models.Action.STEP`, :attr:`~bot.models.Action.UNDO`)
gives the picker a new number, which its controls carry (``"<number> <move>"`` for a step, ``"<number>"``
for Undo and Done), and the app edits the clicked picker into the new one. A click that carries any other
number (an older picker, opened before from the board; this one as it was before its last pick: a second
click that crossed the first) is refused as out of date and changes nothing. The last pick, or Done, makes
the play through :meth:`~bot.core.matches.Matches.act`'s commit like any other.
"""

from __future__ import annotations

from typing import Protocol

from bot import texts
from bot.core.boards import picker_reply
from bot.core.checks import awaiting
from bot.core.errors import ServiceError
from bot.core.live import LiveMatch, Picking, next_picker
from bot.core.notices import Result
from bot.models import PlayerRef
from engine import Awaiting, Move, Play


class Matches(Protocol):
    """What picking needs of :class:`~bot.core.matches.Matches`: making the play once it is whole."""

    async def _make(self, live: LiveMatch, seat: int, play: Play) -> Result: ...


def current(live: LiveMatch, user: PlayerRef, number: str) -> tuple[Move, ...]:
    """The moves picked so far in ``user``'s picker numbered ``number``; out of date unless it is the
    picker of this version and its latest state."""
    p = live.picking
    if p is None or p.version != live.version or p.user_id != user.user_id or str(p.serial) != number:
        raise ServiceError(texts.PICKER_OUT_OF_DATE)
    return p.moves


async def _pick(
    matches: Matches, live: LiveMatch, seat: int, user: PlayerRef, prefix: tuple[Move, ...], label: str
) -> Result:
    game = live.game
    options, _complete = game.next_moves(prefix)
    chosen = [m for m in options if game.position.format_move(m) == label]
    if not chosen:
        raise ServiceError(texts.not_a_next_move(label))
    prefix = (*prefix, chosen[0])
    options, complete = game.next_moves(prefix)
    if complete is not None and not options:
        return await matches._make(live, seat, complete)
    return _show(live, user, prefix)


def _show(live: LiveMatch, user: PlayerRef, prefix: tuple[Move, ...]) -> Result:
    """The picker after ``prefix``, under a new number."""
    live.picking = Picking(live.version, user.user_id, prefix, next_picker())
    options, complete = live.game.next_moves(prefix)
    return Result([picker_reply(live, prefix, options, complete is not None)])


async def first(matches: Matches, live: LiveMatch, seat: int, user: PlayerRef, label: str) -> Result:
    """A first move from the board's menu: a new picker (any older one is out of date from now on)."""
    awaiting(live, seat, Awaiting.PLAY)
    return await _pick(matches, live, seat, user, (), label)


async def step(matches: Matches, live: LiveMatch, seat: int, user: PlayerRef, argument: str) -> Result:
    """The next move, picked in the picker ``argument`` names (``"<number> <move>"``)."""
    awaiting(live, seat, Awaiting.PLAY)
    number, _, label = argument.strip().partition(" ")
    return await _pick(matches, live, seat, user, current(live, user, number), label.strip())


async def undo(matches: Matches, live: LiveMatch, seat: int, user: PlayerRef, number: str) -> Result:
    """Take back the last move picked in the picker ``number``."""
    awaiting(live, seat, Awaiting.PLAY)
    return _show(live, user, current(live, user, number.strip())[:-1])


async def done(matches: Matches, live: LiveMatch, seat: int, user: PlayerRef, number: str) -> Result:
    """Play the moves picked in the picker ``number``, if they make a whole play."""
    game = awaiting(live, seat, Awaiting.PLAY)
    prefix = current(live, user, number.strip())
    _options, complete = game.next_moves(prefix)
    if complete is None:
        raise ServiceError(texts.play_incomplete(game.position.format_play(prefix) if prefix else ""))
    return await matches._make(live, seat, complete)


__all__ = ["current", "done", "first", "step", "undo"]
