"""What the bot says when it does not take an action: refusals that change nothing, each saying why."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.grammar import objective
from engine import MAX_MATCH_POINTS, Awaiting, PlayError, Variant
from engine.errors import quoted

RESTARTING = "The bot is restarting; please try again in a moment."
"""Said to a click or command that arrives while the bot stops: nothing is done."""
MOVED_ON_ELSEWHERE = "The game moved on at the same moment, so nothing was done. Use the newest board."
ALREADY_DONE = "That was already done (it arrived twice), so nothing more was done. Use the newest board."
OUT_OF_DATE = (
    "That board is out of date: the game has moved on since, so nothing was done. Use the newest board."
)
NOT_PLAYING = "You're not playing in this match."
NOT_SAVED = "That could not be saved just now — nothing changed; please try again."
"""The database could not store an action (locked, full, out of reach): none of it was kept."""
GAME_OVER = "This game is over."
MATCH_OVER = "This match is over; the board is kept for the record."
NO_MATCH_HERE = "There's no match in this channel. Start one with `/minigam challenge` or `/minigam vs-bot`."
CHANNEL_MATCH_DAMAGED = (
    "This channel's match could not be read back after a restart, so it stays as it is. "
    "Start a thread and play there."
)
NOTHING_TO_PLAY = "There's nothing to play right now."
RESIGNATION_PENDING = "a resignation is already waiting for an answer"
NO_SUCH_RESIGNATION = "that is not a resignation the game knows"
HINTS_UNRATED_ONLY = "Hints are only for unrated games (against the computer, or hot-seat)."
CANCEL_MODERATORS_ONLY = "Only members with the Manage Server permission can cancel a match."
NOTHING_TO_CANCEL = "There's no match or challenge to cancel in this channel."

_WAITING_FOR = {
    Awaiting.PLAY: "for the roll to be played (the dice are rolled)",
    Awaiting.ROLL: "for a roll (or a double)",
    Awaiting.DOUBLE_ANSWER: "to answer the double",
    Awaiting.RESIGN_ANSWER: "to answer the resignation",
}


def not_your_turn(name: str) -> str:
    return f"It's not your turn: waiting for {objective(name)}."


def not_now(wanted: Awaiting, awaiting: Awaiting) -> str:
    """Refusing an action that needs the game to wait for ``wanted`` while it waits for ``awaiting``."""
    if wanted is Awaiting.PLAY:
        return NOTHING_TO_PLAY
    return f"That can't be done now: the game waits {_WAITING_FOR.get(awaiting, 'for something else')}."


def no_cube(v: Variant) -> str:
    return f"{v.title} is played without the doubling cube, so there is nothing to double."


UNKNOWN_CONTROL = (
    "That button or menu isn't one this bot knows (it may be from an old version), so nothing was done."
)
"""A click on a component whose id no control of the bot's reads (a crafted or damaged one)."""


def invalid_option(value: object) -> str:
    return f"That option isn't valid: {quoted(value)}."


def match_closed(status: str) -> str:
    return "This match was cancelled; nothing was done." if status == "cancelled" else MATCH_OVER


def play_refused(exc: PlayError) -> str:
    reason = exc.reason[:1].upper() + exc.reason[1:]
    if not exc.legal:
        return f"{reason}."
    shown = ", ".join(f"`{p}`" for p in exc.legal[:12])
    more = f" and {len(exc.legal) - 12} more" if len(exc.legal) > 12 else ""
    return f"{reason}.\nLegal plays: {shown}{more}."


def cannot_play(exc: Exception) -> str:
    return f"That play can't be made: {exc}."


def cannot_resign(exc: Exception) -> str:
    return f"You can't resign now: {exc}."


def cannot_act(exc: Exception) -> str:
    return f"That can't be done now: {exc}."


def not_a_next_move(label: str) -> str:
    return f"{quoted(label)} isn't one of the moves you can make next; choose from the menu again."


def play_incomplete(so_far: str) -> str:
    return f"Your play isn't complete ({so_far or 'nothing yet'}): choose the next move."


def unknown_variant(name: str, names: Sequence[str]) -> str:
    return f"There's no game called {quoted(name)}. The games are: {', '.join(names)}."


def not_startable_here(v: Variant, names: Sequence[str]) -> str:
    if v.is_multiplayer:
        return f"{v.title} is for {v.players} players: open a lobby for it with `/minigam {v.name}`."
    games = ", ".join(names)
    return f"{v.title} needs {v.players} players and can't be started here yet. The games are: {games}."


def unknown_level(level: str, v: Variant, levels: Sequence[str]) -> str:
    return f"The computer plays {v.title} at {', '.join(levels)}, not {quoted(level)}."


def match_length(points: object) -> str:
    return f"A match is from 1 to {MAX_MATCH_POINTS} points (0 for a backgammon money game), not {points}."


def no_money_play(v: Variant) -> str:
    most = MAX_MATCH_POINTS
    return f"{v.title} has no doubling cube, so no money play: choose a match length from 1 to {most}."


__all__ = [
    "ALREADY_DONE",
    "CANCEL_MODERATORS_ONLY",
    "CHANNEL_MATCH_DAMAGED",
    "GAME_OVER",
    "HINTS_UNRATED_ONLY",
    "MATCH_OVER",
    "MOVED_ON_ELSEWHERE",
    "NOTHING_TO_CANCEL",
    "NOTHING_TO_PLAY",
    "NOT_PLAYING",
    "NOT_SAVED",
    "NO_MATCH_HERE",
    "NO_SUCH_RESIGNATION",
    "OUT_OF_DATE",
    "RESIGNATION_PENDING",
    "RESTARTING",
    "UNKNOWN_CONTROL",
    "cannot_act",
    "cannot_play",
    "cannot_resign",
    "invalid_option",
    "match_closed",
    "match_length",
    "no_cube",
    "no_money_play",
    "not_a_next_move",
    "not_now",
    "not_startable_here",
    "not_your_turn",
    "play_incomplete",
    "play_refused",
    "unknown_level",
    "unknown_variant",
]
