"""Everything the bot says about a match: boards, turns, refusals, endings, challenges, the clock."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import multigam
from bot.texts.words import addressed, is_you, objective, theirs, verb
from engine import MAX_MATCH_POINTS, Dice, Game, Outcome, PlayError, Variant, WinKind
from engine.match_id import gnubg_ids

# ---------------------------------------------------------------------- refusals
MOVED_ON_ELSEWHERE = "The game moved on at the same moment, so nothing was done. Use the newest board."
OUT_OF_DATE = (
    "That board is out of date: the game has moved on since, so nothing was done. Use the newest board."
)
NOT_PLAYING = "You're not playing in this match."
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
MATCH_CANCELLED = "Match cancelled."
BOARD_AGAIN = "The board again, after a restart."
UNRATED_NO_PLAY = "Unrated: the match ended before both players had made a play."

_WAITING_FOR = {
    "play": "for the roll to be played (the dice are rolled)",
    "roll": "for a roll (or a double)",
    "double-answer": "to answer the double",
    "resign-answer": "to answer the resignation",
}


def not_your_turn(name: str) -> str:
    return f"It's not your turn: waiting for {objective(name)}."


def not_now(wanted: str, awaiting: str) -> str:
    """Refusing an action that needs the game to wait for ``wanted`` while it waits for ``awaiting``."""
    if wanted == "play":
        return NOTHING_TO_PLAY
    return f"That can't be done now: the game waits {_WAITING_FOR.get(awaiting, 'for something else')}."


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
    return f"`{label}` isn't one of the moves you can make next; choose from the menu again."


def play_incomplete(so_far: str) -> str:
    return f"Your play isn't complete ({so_far or 'nothing yet'}): choose the next move."


def unknown_variant(name: str, names: Sequence[str]) -> str:
    return f"There's no game called {name!r}. The games are: {', '.join(names)}."


def not_startable_here(v: Variant, names: Sequence[str]) -> str:
    if v.is_multiplayer:
        return f"{v.title} is for {v.players} players: open a lobby for it with `/minigam {v.name}`."
    games = ", ".join(names)
    return f"{v.title} needs {v.players} players and can't be started here yet. The games are: {games}."


def unknown_level(level: str, v: Variant, levels: Sequence[str]) -> str:
    return f"The computer plays {v.title} at {', '.join(levels)}, not {level!r}."


def match_length(points: object) -> str:
    return f"A match is from 1 to {MAX_MATCH_POINTS} points (0 for a backgammon money game), not {points}."


def no_money_play(v: Variant) -> str:
    most = MAX_MATCH_POINTS
    return f"{v.title} has no doubling cube, so no money play: choose a match length from 1 to {most}."


def channel_busy(names: Sequence[str]) -> str:
    return (
        f"This channel already has a match in progress ({' vs '.join(names)}). "
        "Start a thread and play there: each thread can hold its own match."
    )


# ---------------------------------------------------------------------- controls
_LABELS = {
    "resign": "Resign",
    "offer": "Yes, resign",
    "keep": "No, play on",
    "undo": "Undo",
    "done": "Done",
    "accept": "Accept",
    "decline": "Decline",
    "double": "Double",
    "take": "Take",
    "drop": "Drop",
    "roll": "Roll",
    "cancel": "Cancel the match",
    "leave": "Yes, leave",
}
_PLACEHOLDERS = {
    "play": "Choose your play…",
    "first": "Choose your first move…",
    "step": "Choose the next move…",
}


_RESIGN_LEVELS = {"1": "Offer a single game", "2": "Offer a gammon", "3": "Offer a backgammon"}


def label(token: str, argument: str = "") -> str:
    """The words on a control: a button's label (with its argument, e.g. what a resignation offers), or a
    menu's placeholder."""
    if token == "offer" and argument in _RESIGN_LEVELS:
        return _RESIGN_LEVELS[argument]
    return _LABELS.get(token) or _PLACEHOLDERS.get(token) or token.capitalize()


NOT_RESIGNED = "Not resigned: play on."
_ACKS = {"offer": "You resigned.", "cancel": "Match cancelled.", "leave": "You left the game."}


def ack(token: str) -> str:
    """The private answer to a click when nothing else answered it."""
    return _ACKS.get(token, "Played.")


def challenge_label(accept: bool) -> str:
    return "Accept" if accept else "Decline"


# ---------------------------------------------------------------------- turns
def waiting_line(name: str, game: Game, *, computer: bool) -> str:
    """The board's last line: who acts now, and how."""
    match game.awaiting:
        case "play" if computer:
            return f"{name} rolled {game.dice} and is thinking…"
        case "play":
            return addressed(name, f"your turn: you rolled **{game.dice}**.")
        case "roll" if not computer:
            return addressed(name, f"your turn: **roll**, or **double** to {game.cube * 2}.")
        case "double-answer" if not computer:
            lose, cube = _points(game.cube), game.cube * 2
            return addressed(name, f"**take** (the cube goes to {cube}, yours) or **drop** ({lose})?")
        case "resign-answer" if not computer and game.resign_offer is not None:
            won = _points(game.points_for(_OFFERED[game.resign_offer[1]]))
            return addressed(name, f"**accept** the resignation ({won} for you) or **decline** it?")
    return f"Waiting for {objective(name)}."


_OFFERED = {1: WinKind.SINGLE, 2: WinKind.GAMMON, 3: WinKind.BACKGAMMON}


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def board_footer(game: Game) -> tuple[str, ...]:
    """The small print under a backgammon board: gnubg's Position ID and Match ID, to paste into gnubg or
    any analysis site."""
    if not game.variant.is_backgammon:
        return ()
    if not game.variant.cube:  # a Match ID describes a game with the doubling cube
        return (f"Position ID: {game.position.position_id()}",)
    position_id, match_id = gnubg_ids(game)
    return (f"Position ID: {position_id} · Match ID: {match_id}",)


def played(name: str, play: str, dice: Dice | None) -> str:
    return f"{name} played `{play}` with {dice}."


def cannot_move(name: str, dice: Dice | None) -> str:
    return f"{name} rolled {dice} and can't move; the turn passes."


def picker_text(so_far: str, *, more: bool, can_finish: bool) -> str:
    if not so_far:
        return "Choose your first move."
    if more:
        hint = " Choose the next move" + (", or Done to play it as it is." if can_finish else ".")
    else:
        hint = " Press Done to play it."
    return f"Your play so far: `{so_far}`.{hint}"


def resigns(name: str) -> str:
    return f"{name} {verb(name, 'resigns', 'resign')}."


def accepts(name: str) -> str:
    return f"{name} {verb(name, 'accepts', 'accept')}."


def declines(name: str) -> str:
    return f"{name} {verb(name, 'declines', 'decline')}."


def takes(name: str, value: int) -> str:
    return f"{name} {verb(name, 'takes', 'take')}: the cube is on {value}, {theirs(name)}."


def drops(name: str) -> str:
    return f"{name} {verb(name, 'drops', 'drop')}."


def doubles(name: str, value: int) -> str:
    return f"{name} {verb(name, 'doubles', 'double')} to {value}."


_KINDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}


def offers_to_resign(name: str, level: int, points: int) -> str:
    return f"{name} {verb(name, 'offers', 'offer')} to resign {_KINDS[level]} ({_points(points)})."


def resign_offer_question(
    winner: str,
    offers: Sequence[tuple[int, int]],
    score: Sequence[int] | None,
    names: Sequence[str],
    *,
    jacoby: bool = False,
) -> str:
    """The question for a backgammon resignation: what each offer ``(level, points)`` would give
    ``winner``; ``jacoby``: the larger offers were left out as gammons count single now."""
    listed = ", ".join(f"{_KINDS[level]} ({_points(p)})" for level, p in offers)
    if jacoby:
        listed += " (gammons count single while the cube is centred: the Jacoby rule)"
    tail = f" The match goes on: score {score_text(score, names)}." if score is not None else ""
    they = "you" if is_you(winner) else "they"
    return f"Resign this game? Offer {objective(winner)} {listed}; {they} accept or decline.{tail}"


def resign_question(
    winner: str, value: WinKind, points: int, score: Sequence[int] | None, names: Sequence[str]
) -> str:
    kind = "" if value is WinKind.SINGLE else f" a {value.value},"
    tail = f" (the match goes on: score {score_text(score, names)})" if score is not None else ""
    wins = verb(winner, "wins", "win")
    return f"Resign this game? {winner} {wins}{kind} {points} point{'s' if points != 1 else ''}{tail}."


# ---------------------------------------------------------------------- matches start and end
def computer_name(level: str) -> str:
    return f"Computer ({level})"


def match_header(v: Variant, names: Sequence[str], target: int, *, rated: bool) -> str:
    if v.is_multiplayer:
        return multigam.match_header(v, names, rated=rated)
    if target == 0:
        return f"**{v.title}**: {' vs '.join(names)}, a money game: points are won and lost, no rating."
    length = f"a match to {target} points" if target > 1 else "one game"
    return f"**{v.title}**: {' vs '.join(names)}, {length}." + ("" if rated else " Unrated.")


def opening_line(game: Game, names: Sequence[str]) -> str:
    """``Opening roll: Alice 3, Bob 3 (tie); Alice 2, Bob 1. Alice starts.``"""
    if game.variant.is_multiplayer:
        return multigam.opening_line(game, names)
    rounds = [e.dice for e in game.events if e.kind == "opening"]
    parts = []
    for i, dice in enumerate(rounds):
        shown = ", ".join(f"{names[p]} {d}" for p, d in enumerate(dice) if d)
        parts.append(shown + (" (tie)" if i < len(rounds) - 1 else ""))
    first = names[game.turn]
    return f"Opening roll: {'; '.join(parts)}. {first} {verb(first, 'starts', 'start')}."


def game_header(number: int) -> str:
    return f"Game {number}."


def outcome_line(outcome: Outcome, names: Sequence[str]) -> str:
    if outcome.kind is WinKind.PLACINGS:
        return multigam.placings_line(outcome, names)
    return outcome.describe(names) + "."


def score_text(score: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(names, score, strict=False))


def score_line(score: Sequence[int], names: Sequence[str], target: int) -> str:
    return f"Score: {score_text(score, names)} (match to {target})."


def match_winner(name: str) -> str:
    return f"**{name} {verb(name, 'wins', 'win')} the match.**"


def ratings_line(winner: str, w_old: float, w_new: float, loser: str, l_old: float, l_new: float) -> str:
    return f"Ratings: {winner} {w_old:.1f} → {w_new:.1f}, {loser} {l_old:.1f} → {l_new:.1f}."


def unrated_pair_limit(limit: int) -> str:
    return (
        f"Unrated: the same two players' matches count for the ratings {limit} times a day at most, "
        "and this one is past that."
    )


def cancelled_match(by: str, names: Sequence[str]) -> str:
    return f"{by} cancelled the match {' vs '.join(names)}; it counts for nobody."


def cancelled_challenges(count: int) -> str:
    return f"Cancelled {count} waiting challenge{'s' if count != 1 else ''}."


# ---------------------------------------------------------------------- records to take away
NOTHING_TO_EXPORT = "There's no match in this channel to export yet."


def no_mat_for(v: Variant) -> str:
    return f"A .mat file records a backgammon match with the cube; {v.title} can't be written as one."


def cannot_export(exc: Exception) -> str:
    return f"This match can't be written as a .mat file: {exc}."


def exported(status: str, games: int) -> str:
    state = "in progress" if status == "active" else "as it ended"
    return (
        f"The match {state}, {games} game{'s' if games != 1 else ''}, as a .mat file: "
        "open it in GNU Backgammon (File → Import), eXtreme Gammon or BGBlitz."
    )


__all__ = [
    "BOARD_AGAIN",
    "CANCEL_MODERATORS_ONLY",
    "CHANNEL_MATCH_DAMAGED",
    "GAME_OVER",
    "HINTS_UNRATED_ONLY",
    "MATCH_CANCELLED",
    "MATCH_OVER",
    "MOVED_ON_ELSEWHERE",
    "NOTHING_TO_CANCEL",
    "NOTHING_TO_EXPORT",
    "NOTHING_TO_PLAY",
    "NOT_PLAYING",
    "NOT_RESIGNED",
    "NO_MATCH_HERE",
    "NO_SUCH_RESIGNATION",
    "OUT_OF_DATE",
    "RESIGNATION_PENDING",
    "UNRATED_NO_PLAY",
    "accepts",
    "ack",
    "board_footer",
    "cancelled_challenges",
    "cancelled_match",
    "cannot_act",
    "cannot_export",
    "cannot_move",
    "cannot_play",
    "cannot_resign",
    "challenge_label",
    "channel_busy",
    "computer_name",
    "declines",
    "doubles",
    "drops",
    "exported",
    "game_header",
    "label",
    "match_closed",
    "match_header",
    "match_length",
    "match_winner",
    "no_mat_for",
    "no_money_play",
    "not_a_next_move",
    "not_now",
    "not_startable_here",
    "not_your_turn",
    "offers_to_resign",
    "opening_line",
    "outcome_line",
    "picker_text",
    "play_incomplete",
    "play_refused",
    "played",
    "ratings_line",
    "resign_offer_question",
    "resign_question",
    "resigns",
    "score_line",
    "score_text",
    "takes",
    "unknown_level",
    "unknown_variant",
    "unrated_pair_limit",
    "waiting_line",
]
