"""The board messages of matches: which message is a match's board, and the boards a stop left unposted.

A match has one current board: the message of its current version, the only one with working controls.
Once posted, it is recorded (under the match's lock, only while that version is still current) with the
one line it becomes when a newer board replaces it; the board it replaces is then retired to its own line.
That record of a match in play does not wait for the disk (one fsync less per turn): if a power failure
loses it, the board counts as unposted and is posted again at start.

A board left unposted (the process stopped between storing an action and posting its board) is posted
again by the process that serves the match, at start. On a database that processes share, only once
:data:`REPOST_AFTER` seconds have passed since the action (the runner looks again then), and only if the
store still has no board for it: during a redeploy two sessions of one shard run for a moment, and the one
that stored the action posts its board itself.
"""

from __future__ import annotations

import dataclasses
import logging

from bot import texts
from bot.core import boards
from bot.core.context import Context
from bot.core.notices import Result
from bot.store import DamagedRecord

log = logging.getLogger(__name__)

REPOST_AFTER = 15.0  # seconds after an action before another session posts its board instead


async def board_posted(
    ctx: Context, match_id: int, version: int, message_id: int, record: str = ""
) -> tuple[bool, tuple[int, str] | None]:
    """Record ``message_id`` as the board of ``version`` (``record``: what it becomes once replaced), under
    the match's lock and only while the match is still at ``version``. Returns whether it was recorded, and
    the board it replaces with that one's record (to retire: it no longer applies)."""
    live = ctx.live.get(match_id)
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


async def unposted_boards(ctx: Context) -> Result:
    """A board for every match in play where a person is to act and whose current version has none posted
    by this session or any other (for :data:`REPOST_AFTER` seconds, on a shared database): the bot stopped
    between storing an action and posting its board. Where the computer is to act, its turn posts the next
    board."""
    out = Result()
    now = ctx.clock.now()
    grace = REPOST_AFTER if ctx.store.shared else 0.0
    for live in ctx.live:
        seat = boards.actor_seat(live)
        if live.record.board_version == live.version or seat is None or seat.is_computer:
            continue
        if now - live.record.turn_started_at < grace or live.lock.locked():
            continue  # its action is being published, here or by the session that stored it
        async with live.lock:
            try:
                stored = await ctx.store.match(live.match_id)
            except DamagedRecord as exc:
                log.warning("the board of a match cannot be checked: %s", exc)
                continue
            if stored is None or stored.version != live.version:
                continue  # another session acted on it: the sweep reads it back
            if stored.board_version == live.version:  # another session posted it
                live.record = dataclasses.replace(
                    live.record,
                    board_message_id=stored.board_message_id,
                    board_version=stored.board_version,
                    board_record=stored.board_record,
                )
                continue
            out.notices.append(boards.board_notice(live, live.game, [texts.BOARD_AGAIN]))
            live.board_for = seat.user_id
    return out


__all__ = ["REPOST_AFTER", "board_posted", "unposted_boards"]
