"""The board messages of matches: which message is a match's board, and the boards a stop left unposted.

A match has one current board: the message of its current version, the only one with working controls. Once
posted, it is the match's board in memory at once, and in the store while that version is still current, with
the one line it becomes when a newer board replaces it; the board it replaces is then retired to its own line.
That record of a match in play does not wait for the disk (one fsync less per turn): if a power failure loses
it, the board counts as unposted and is posted again at start.

A board left unposted (the process stopped between storing an action and posting its board) is posted
again by the process that serves the match, at start. On a database that processes share, only once
:data:`REPOST_AFTER` seconds have passed since the action (the runner looks again then), and only if the
store still has no board for it: during a redeploy two sessions of one shard run for a moment, and the one
that stored the action posts its board itself.
"""

from __future__ import annotations

import logging

from bot import texts
from bot.core import boards, match_clocks
from bot.core.context import Context
from bot.core.live import PostedBoard
from bot.core.notices import Board, EditedBoard, LastBoard, NewBoard, Result, RetireBoard
from bot.store import DamagedRecord, Unavailable

log = logging.getLogger(__name__)

REPOST_AFTER = 15.0  # seconds after an action before another session posts its board instead


async def board_posted(ctx: Context, board: Board, message_id: int) -> list[RetireBoard]:
    """``board`` is posted as ``message_id``: record it, and return the boards that no longer apply, to be
    retired (the board it replaces; itself, when the match moved on while it was being posted).

    This is not an action on the match and takes no lock: the match's board in memory changes in one step
    (no await between the check and the change), and the store's copy follows, written only while the match
    is still at the board's version (an action stored meanwhile retires or edits the board it finds in
    memory, this one). A game's last board while the match goes on is not the match's board."""
    match board:
        case LastBoard(match_over=False):
            return _retired_by(board, message_id)
        case LastBoard():  # the match is over: nobody acts on it any more
            async with ctx.store.transaction() as tx:
                await tx.set_board(board.match_id, board.version, message_id)
            return _retired_by(board, message_id)
        case NewBoard(record=record) | EditedBoard(record=record):
            return await _became_current(ctx, board, message_id, record)
    raise TypeError(f"not a kind of board: {type(board).__name__}")


async def _became_current(ctx: Context, board: Board, message_id: int, record: str) -> list[RetireBoard]:
    live = ctx.live.get(board.match_id)
    if live is None or live.version != board.version:  # it moved on meanwhile: its own record at once
        return [RetireBoard(board.channel_id, board.match_id, message_id, record)]
    previous, live.board = live.board, PostedBoard(message_id, board.version, record)
    match_clocks.board_posted(ctx, live, ctx.clock.now())  # a match clock runs from the board's posting
    retired = [] if previous is None or previous.message_id == message_id else [_retire(board, previous)]
    try:
        async with ctx.store.transaction(durable=False) as tx:
            await tx.set_board(board.match_id, board.version, message_id, record)
    except Unavailable as exc:  # in memory it is the board; after a restart it is posted again
        log.warning("board %s of match %s not recorded: %s", message_id, board.match_id, exc)
    return retired


def _retired_by(board: Board, message_id: int) -> list[RetireBoard]:
    replaced = board.replaces
    return [] if replaced is None or replaced.message_id == message_id else [replaced]


def _retire(board: Board, posted: PostedBoard) -> RetireBoard:
    return RetireBoard(board.channel_id, board.match_id, posted.message_id, posted.record)


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
        posted = live.board is not None and live.board.version == live.version
        if posted or seat is None or seat.is_computer:
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
            if stored.board_version == live.version and stored.board_message_id is not None:
                live.board = PostedBoard(
                    stored.board_message_id, stored.board_version, stored.board_record or ""
                )
                continue  # another session posted it
            out.notices.append(boards.board_notice(live, live.game, [texts.BOARD_AGAIN]))
            live.board_for = seat.user_id
    return out


__all__ = ["REPOST_AFTER", "board_posted", "unposted_boards"]
