"""What the bot says about four-player games: the lobby, the opening roll among four, places, seats the
computer takes over, and the four-player ratings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.texts.grammar import addressed, duration, is_you, ordinal, possessive, verb
from engine import EventKind, Game, Outcome, Variant, find_variant

if TYPE_CHECKING:  # records whose attributes are read here
    from bot.models import LobbyRecord

# ---------------------------------------------------------------------- lobby refusals and answers
LOBBY_GONE = "That lobby doesn't exist any more."
LOBBY_OUT_OF_DATE = (
    "The lobby changed since you saw it (someone joined or left), so nothing was done. Look again."
)
LOBBY_ALREADY_IN = "You're already in this lobby."
LOBBY_NOT_IN = "You're not in this lobby."
LOBBY_NO_BOTS = "Bot accounts can't take a seat; the computer fills the empty seats when the game starts."
LOBBY_HOST_ONLY_START = "Only the host (or a member with Manage Server) can start the game."
LOBBY_HOST_ONLY_CLOSE = "Only the host (or a member with Manage Server) can close the lobby."
LOBBY_EXPIRED = "This lobby has expired."
LOBBY_CLOSED_REPLY = "Lobby closed."
LEAVE_TWO_PLAYER = (
    "Leaving hands your seat to the computer, and only four-player games have that. "
    "Use `/minigam resign` to give up this game."
)
LEAVE_REPLACED = "The computer plays your seat already."
NOT_LEFT = "Not left: play on."
PLACE_SETTLED = "Your place in this game is settled already."


def lobby_full(seats: int) -> str:
    return f"The lobby is full ({seats} players)."


def lobby_already_open(host: str) -> str:
    lobby = f"{possessive(host, first=True)} lobby"
    return f"{lobby} is already open in this channel: join it, or start a thread for another game."


def lobby_done(status: str) -> str:
    return {
        "started": "This lobby's game has already started.",
        "closed": "This lobby was closed.",
        "expired": LOBBY_EXPIRED,
    }.get(status, "This lobby is no longer open.")


def joined(seat: int) -> str:
    return f"You joined: seat {seat}."


def left_lobby(closed: bool) -> str:
    return "You left; the lobby is closed, nobody is left in it." if closed else "You left the lobby."


def lobby_opened(v: Variant) -> str:
    return f"{v.title} lobby open: others join with its button, and you start the game when ready."


def lobby_text(lobby: LobbyRecord, v: Variant, *, left: float, names: Sequence[str] = ()) -> str:
    """The lobby message: the seats so far while open; how it ended otherwise (``names``: the seats the
    game started with)."""
    match lobby.status:
        case "started":
            return f"**{v.title}** lobby: the game started with {', '.join(names)}. Good luck!"
        case "closed":
            return f"**{v.title}** lobby: closed before it started."
        case "expired":
            return f"**{v.title}** lobby: expired before anyone started it."
    host = lobby.members[0].name if lobby.members else "?"
    lines = [
        f"**{v.title}** lobby, hosted by {host}. The computer plays the empty seats at **{lobby.level}**.",
        "Seats, in the order of play:",
    ]
    for number in range(1, v.players + 1):
        if number <= len(lobby.members):
            who = lobby.members[number - 1].name + (" (host)" if number == 1 else "")
        else:
            who = "*open*"
        lines.append(f"{number}. {who}")
    lines.append(
        f"Join to take a seat. {host} {verb(host, 'starts', 'start')} the game when ready; empty seats go to "
        "the computer. "
        f"The lobby expires in {duration(left)} if it isn't started."
    )
    return "\n".join(lines)


def computer_seat_name(level: str, seat: int) -> str:
    """A computer seat at a table of four: ``Computer 3 (medium)`` (``seat`` counts from 0)."""
    return f"Computer {seat + 1} ({level})"


# ---------------------------------------------------------------------- the game
def match_header(v: Variant, names: Sequence[str], *, rated: bool) -> str:
    order = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))
    return f"**{v.title}**, one game for four, played clockwise: {order}." + ("" if rated else " Unrated.")


def opening_line(game: Game, names: Sequence[str]) -> str:
    """``Opening roll: Alice 5, Bob 5, Carol 2, Dan 4. Alice and Bob tie for highest and roll again:
    Alice 3, Bob 6. Bob starts with 6-2: the winning 6 and the lowest die among the others, 2.``"""
    rounds = [e.dice for e in game.events if e.kind is EventKind.OPENING]
    parts = []
    for i, dice in enumerate(rounds):
        shown = ", ".join(f"{names[p]} {d}" for p, d in enumerate(dice) if d)
        if i == 0:
            parts.append(f"Opening roll: {shown}.")
        else:
            parts.append(f"Again: {shown}.")
        if i < len(rounds) - 1:
            tied = [names[p] for p, d in enumerate(rounds[i + 1]) if d]
            parts.append(f"{_and(tied)} tie for highest and roll again.")
    assert game.dice is not None
    high, low = game.dice
    first = names[game.turn]
    parts.append(
        f"**{first}** {verb(first, 'starts', 'start')} with {high}-{low}: the winning {high} and the lowest "
        f"die of the others, {low}."
    )
    return " ".join(parts)


def finishes(name: str, place: int, points: int) -> str:
    bears, finishes = verb(name, "bears", "bear"), verb(name, "finishes", "finish")
    return f"{name} {bears} off the last checker and {finishes} **{ordinal(place)}** ({_points(points)})."


def resigns_to_place(name: str, place: int, points: int) -> str:
    resigns, takes = verb(name, "resigns", "resign"), verb(name, "takes", "take")
    return f"{name} {resigns} and {takes} {ordinal(place)} place ({_points(points)}); the others play on."


def placing_lines(before: Game, after: Game, names: tuple[str, ...]) -> list[str]:
    """The places decided by one action: a player bearing off their last checker, or resigning."""
    v = after.variant
    if not v.is_multiplayer or after.is_over:
        return []  # the last board lists every place
    lines = []
    for p in after.finished[len(before.finished) :]:
        place = after.finished.index(p) + 1
        lines.append(finishes(names[p], place, v.placing_points[place - 1]))
    gone = leavers(after)
    for p in gone[len(leavers(before)) :]:
        place = v.players - gone.index(p)
        lines.append(resigns_to_place(names[p], place, v.placing_points[place - 1]))
    return lines


def leavers(game: Game) -> list[int]:
    return [e.player for e in game.events if e.kind in (EventKind.RESIGN, EventKind.FORFEIT)]


def placings_line(outcome: Outcome, names: Sequence[str]) -> str:
    places = ", ".join(
        f"{ordinal(i + 1)} {names[p]} ({_points(outcome.scores[p])})" for i, p in enumerate(outcome.placings)
    )
    return f"**Final places:** {places}."


def resign_question(place: int, points: int) -> str:
    return (
        f"Resign this game? You take {ordinal(place)} place ({_points(points)}) and the others play on; "
        "the computer does not take your seat. (To hand your seat to the computer instead, use "
        "`/minigam leave`.)"
    )


def leave_question(level: str) -> str:
    return (
        f"Leave this game? The computer ({level}) takes your seat and plays it to the end, and the place "
        "it reaches counts for you."
    )


def leaves(name: str, level: str) -> str:
    leaves = verb(name, "leaves", "leave")
    return f"{name} {leaves} the table; the computer ({level}) plays {possessive(name)} seat from now on."


def replaced_for_time(name: str, limit: float, level: str) -> str:
    return (
        f"{name} didn't play within {duration(limit)}; the computer ({level}) plays {possessive(name)} seat "
        f"from now on, and the place it reaches counts for {'you' if is_you(name) else 'them'}."
    )


def reminder(name: str, left: float) -> str:
    within = duration(left)
    return addressed(
        name, f"it's still your turn in this game: play within {within} or the computer takes your seat."
    )


def hand_over_ack() -> str:
    return "You left the game; the computer plays your seat."


# ---------------------------------------------------------------------- ratings
UNRATED_TOO_FEW = "Unrated: fewer than two people made a play in this game."


def unrated_group_limit(limit: int) -> str:
    return (
        f"Unrated: the same people's games count for the ratings {limit} times a day at most, "
        "and this one is past that."
    )


def ratings_line(changes: Sequence[tuple[str, float, float]]) -> str:
    shown = ", ".join(f"{name} {old:.1f} → {new:.1f}" for name, old, new in changes)
    return f"Ratings (μ − 3σ): {shown}."


def placing_leaderboards(boards: Sequence, *, asked: str | None = None) -> str:
    """Each non-empty four-player leaderboard as a table (empty: ``""``, or a hint when one was asked)."""
    blocks = []
    for board in boards:
        if not board.rows:
            continue
        lines = [f"**{find_variant(board.variant).title}** leaderboard (rating: μ − 3σ)", "```"]
        lines.append(
            f"{'#':>2}  {'name':<20} {'rating':>6}  {'games':>5}  {'wins':>4}  {'avg place':>9}  pts/game"
        )
        for rank, row in enumerate(board.rows, start=1):
            r = row.rating
            lines.append(
                f"{rank:>2}  {row.name[:20]:<20} {r.conservative:>6.1f}  {r.games:>5}  {r.wins:>4}  "
                f"{r.average_place or 0:>9.2f}  {r.points_per_game or 0:>8.2f}"
            )
        lines.append("```")
        blocks.append("\n".join(lines))
    if blocks or asked is None:
        return "\n".join(blocks)
    title = find_variant(asked).title
    return f"No rated {title} games in this server yet. Open a lobby with `/minigam {asked}`!"


def placing_stats_line(variant: str, r, rank: int | None) -> str:
    place = f"{r.average_place:.2f}" if r.average_place is not None else "-"
    return (
        f"• {find_variant(variant).title}: rating {r.conservative:.1f} (μ {r.mu:.1f}, σ {r.sigma:.1f}; "
        f"#{rank}), {r.games} games, {r.wins} wins, average place {place}, "
        f"{r.points_per_game or 0:.2f} points a game"
    )


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}"


__all__ = [
    "LEAVE_REPLACED",
    "LEAVE_TWO_PLAYER",
    "LOBBY_ALREADY_IN",
    "LOBBY_CLOSED_REPLY",
    "LOBBY_EXPIRED",
    "LOBBY_GONE",
    "LOBBY_HOST_ONLY_CLOSE",
    "LOBBY_HOST_ONLY_START",
    "LOBBY_NOT_IN",
    "LOBBY_NO_BOTS",
    "LOBBY_OUT_OF_DATE",
    "NOT_LEFT",
    "PLACE_SETTLED",
    "UNRATED_TOO_FEW",
    "computer_seat_name",
    "finishes",
    "hand_over_ack",
    "joined",
    "leave_question",
    "leavers",
    "leaves",
    "left_lobby",
    "lobby_already_open",
    "lobby_done",
    "lobby_full",
    "lobby_opened",
    "lobby_text",
    "match_header",
    "opening_line",
    "placing_leaderboards",
    "placing_lines",
    "placing_stats_line",
    "placings_line",
    "ratings_line",
    "reminder",
    "replaced_for_time",
    "resign_question",
    "resigns_to_place",
    "unrated_group_limit",
]
