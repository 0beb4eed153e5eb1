"""The board messages of matches: which message is a match's board, and the boards a stop left unposted.

A match has one current board: the message of its current version, the only one with working controls.
Once posted, it is recorded (under the match's lock, only while that version is still current) with the
one line it becomes when a newer board replaces it; the board it replaces is then retired to its own line.
That record of a match in play does not wait for the disk (one fsync less per turn): if a power failure
loses it, the board counts as unposted and is posted again at start.
"""

from __future__ import annotations

import dataclasses

from bot import texts
from bot.core import boards
from bot.core.context import Context
from bot.core.notices import Result


async def board_posted(
    ctx: Context, match_id: int, version: int, message_id: int, record: str = ""
) -> tuple[bool, tuple[int, str] | None]:
    """Record ``message_id`` as the board of ``version`` (``record``: what it becomes once replaced), under
    the match's lock and only while the match is still at ``version``. Returns whether it was recorded, and
    the board it replaces with that one's record (to retire: it no longer applies)."""
    live = ctx.table.get(match_id)
    if live is None:  # over: nobody acts on it any more, so there is no lock to take
        async with ctx.store.transaction() as tx:
            return await tx.set_board(match_id, version, message_id, record), None
    async with live.lock:
        if live.version != version:
            return False, None
        rec = live.record
        async with ctx.store.transaction(durable=False) as tx:
            recorded = await tx.set_board(match_id, version, message_id, record)
        if not recorded:
            return False, None
        live.record = dataclasses.replace(
            rec, board_message_id=message_id, board_version=version, board_record=record or None
        )
        previous = rec.board_message_id
        if previous is None or previous == message_id:
            return True, None
        return True, (previous, rec.board_record or "")


def unposted_boards(ctx: Context) -> Result:
    """A board for every match in play where a person is to act and whose current version has none posted
    (the bot stopped between storing an action and posting its board): what to post at start-up. Where the
    computer is to act, its turn posts the next board."""
    out = Result()
    for live in ctx.table:
        seat = boards.actor_seat(live)
        if live.record.board_version != live.version and seat is not None and not seat.is_computer:
            out.notices.append(boards.board_notice(live, live.game, [texts.BOARD_AGAIN]))
            live.board_for = seat.user_id
    return out


__all__ = ["board_posted", "unposted_boards"]
