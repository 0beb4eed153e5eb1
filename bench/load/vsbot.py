"""One player against the computer, for the load benchmark's ``--vs-bot`` mode.

The player starts with ``/minigam vs-bot`` at the chosen level, waits for the board on which they are to
play, and then plays (``/minigam move``) until the match is over or ``--turns``. After each move the time to
*the computer's board* is measured: the next board on which the player is to act again (it has the play
menu), or the final board; a board posted while the computer thinks, if any, does not count.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Protocol

from bench.load.report import Stats
from engine import Game
from tests.e2e.standin import Channel, FakeDiscord, Message, StandInError, User
from tests.e2e.world import board_version, choose_play, is_board


class MatchState(Protocol):
    def current(self, channel_id: int) -> tuple[Game, int, list[int]] | None: ...


class Line(Protocol):
    def arrive(self) -> None: ...

    async def wait(self) -> None: ...


def players_board(message: Message) -> bool:
    """A board on which a person is to play (it has the play menu), or the final board (no controls)."""
    if not is_board(message):
        return False
    if board_version(message) is None:
        return True
    return any(s.get("type") == 3 for s in message.selects())


async def move_and_wait(
    fake: FakeDiscord,
    channel: Channel,
    user: User,
    text: str,
    wanted: Callable[[Message], bool],
    within: float,
    stats: Stats,
    what: str,
) -> float:
    """``user`` sends ``/minigam move text`` in ``channel`` and waits for the ``wanted`` message (``what``,
    in the error if it never comes); returns the seconds from the interaction to that message. The board
    may be the player's own board edited in place (their turn again: the opponent could not move)."""
    shown = {m.id: board_version(m) for m in fake.channel_messages(channel.id)}

    def moved_on(m: Message) -> bool:  # a new message, or a board edited into a newer version
        return wanted(m) and (m.id not in shown or board_version(m) != shown[m.id])

    interaction = await fake.slash(user, "minigam move", channel=channel, play=text, within=within)
    stats.note("move", interaction)
    try:
        board = await fake.wait_for_message(
            moved_on, channel=channel, after=interaction.sent, within=within, edited=True
        )
    except StandInError:
        said = " | ".join(m.text for m in fake.replies_to(interaction))
        raise StandInError(f"#{channel.name}: no {what} after {text!r} (the bot said: {said})") from None
    return max(board.created, board.edited or 0.0) - interaction.sent


async def set_up_at(start_line: Line | None, set_up: Awaitable[None]) -> None:
    """Set a match up, then wait at ``start_line`` (if any) until every match is set up; the match
    arrives there even if its set-up failed, so the others are not kept waiting."""
    try:
        await set_up
    finally:
        if start_line is not None:
            start_line.arrive()
    if start_line is not None:
        await start_line.wait()


async def turns(
    state: MatchState, channel: Channel, stats: Stats, args: argparse.Namespace
) -> AsyncIterator[tuple[Game, int, list[int]]]:
    """A match's turns, up to ``--turns``: the stored game, version and seats before each, for the caller
    to play; then the turn is counted and the play checked stored (it is stored before its board is
    posted). A match found over is counted finished.

    The match is read once per turn: what is read to check a turn is the next turn's match (nothing moves
    on before the player does). The stand-in shares the bot's cores, so each read the players make is CPU
    taken from the bot while the other matches wait for their boards."""
    current = state.current(channel.id)
    for _ in range(args.turns):
        if current is None:
            stats.matches_done += 1
            return
        yield current
        stats.turns += 1
        after = state.current(channel.id)
        if after is not None and after[1] == current[1]:
            stats.errors.append(f"#{channel.name}: a new board, but the stored match did not move on")
            return
        current = after
    if current is None:
        stats.matches_done += 1


async def run_vs_bot(
    fake: FakeDiscord,
    state: MatchState,
    channel: Channel,
    user: User,
    stats: Stats,
    args: argparse.Namespace,
    *,
    start_line: Line | None = None,
) -> None:
    """``user`` plays the computer in ``channel``."""

    async def set_up() -> None:
        started = await fake.slash(
            user,
            "minigam vs-bot",
            channel=channel,
            variant=args.variant,
            level=args.level,
            within=args.timeout,
        )
        stats.note("vs-bot", started)
        board = await fake.wait_for_message(
            players_board, channel=channel, after=started.sent, within=args.timeout
        )
        stats.first_board.append(board.created - started.sent)

    await set_up_at(start_line, set_up())
    async for game, _, seat_users in turns(state, channel, stats, args):
        if game.actor is None or seat_users[game.actor] != user.id:
            raise StandInError(f"#{channel.name}: the player's board is up but it is not their turn")
        if args.think:
            await asyncio.sleep(args.think)
        text = game.position.format_play(choose_play(game))
        stats.computer_board.append(
            await move_and_wait(
                fake, channel, user, text, players_board, args.timeout, stats, "a board for the player"
            )
        )


__all__ = ["move_and_wait", "players_board", "run_vs_bot", "set_up_at", "turns"]
