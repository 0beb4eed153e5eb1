"""Everything the bot says about a match: boards, turns, endings, records (refusals: :mod:`.refusals`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.models import Action, AfterMatch, Prompt
from bot.texts import multigam
from bot.texts.analysis import ANALYSE_LABEL
from bot.texts.grammar import addressed, duration, is_you, objective, ordinal, theirs, verb
from bot.texts.hints import MORE_LABEL as MORE_PLAYS_LABEL
from engine import Awaiting, Dice, EventKind, Game, Outcome, Variant, WinKind
from engine.match_id import gnubg_ids

MATCH_CANCELLED = "Match cancelled."
BOARD_AGAIN = "The board again, after a restart."
UNRATED_NO_PLAY = "Unrated: the match ended before both players had made a play."


# ---------------------------------------------------------------------- controls
Token = Action | Prompt | AfterMatch

_LABELS: dict[Token, str] = {
    Prompt.RESIGN: "Resign",
    Action.RESIGN: "Yes, resign",
    Prompt.KEEP: "No, play on",
    Prompt.ANALYSE: ANALYSE_LABEL,
    Prompt.HINTS: MORE_PLAYS_LABEL,
    Action.UNDO: "Undo",
    Action.DONE: "Done",
    Action.ACCEPT: "Accept",
    Action.DECLINE: "Decline",
    Action.DOUBLE: "Double",
    Action.TAKE: "Take",
    Action.DROP: "Drop",
    Action.ROLL: "Roll",
    Action.CANCEL: "Cancel the match",
    Action.LEAVE: "Yes, leave",
    AfterMatch.REMATCH: "Rematch",
    Action.PLAY: "Choose your play…",  # the menus' placeholders
    Action.FIRST: "Choose your first move…",
    Action.STEP: "Choose the next move…",
}


_RESIGN_LEVELS = {"1": "Offer a single game", "2": "Offer a gammon", "3": "Offer a backgammon"}


def label(token: Token, argument: str = "") -> str:
    """The words on a control: a button's label (with its argument, e.g. what a resignation offers), or a
    menu's placeholder."""
    if token is Action.RESIGN and argument in _RESIGN_LEVELS:
        return _RESIGN_LEVELS[argument]
    return _LABELS[token]


NOT_RESIGNED = "Not resigned: play on."
REMATCH_ACK = "Rematch asked for."
_ACKS: dict[Token, str] = {
    Action.RESIGN: "You resigned.",
    Action.CANCEL: "Match cancelled.",
    Action.LEAVE: "You left the game.",
}


def ack(token: Token) -> str:
    """The private answer to a click when nothing else answered it."""
    return _ACKS.get(token, "Played.")


def challenge_label(accept: bool) -> str:
    return "Accept" if accept else "Decline"


# ---------------------------------------------------------------------- turns
def waiting_line(name: str, game: Game, *, computer: bool) -> str:
    """The board's last line: who acts now, and how."""
    match game.awaiting:
        case Awaiting.PLAY if computer:
            return f"{name} rolled {game.dice} and is thinking…"
        case Awaiting.PLAY:
            return addressed(name, f"your turn: you rolled **{game.dice}**.")
        case Awaiting.ROLL if not computer:
            return addressed(name, f"your turn: **roll**, or **double** to {game.cube * 2}.")
        case Awaiting.DOUBLE_ANSWER if not computer:
            lose, cube = _points(game.cube), game.cube * 2
            return addressed(name, f"**take** (the cube goes to {cube}, yours) or **drop** ({lose})?")
        case Awaiting.RESIGN_ANSWER if not computer and game.resign_offer is not None:
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


PICKER_OUT_OF_DATE = (
    "That picker is out of date: a newer one took its place. Use the newest, or choose your first move "
    "again from the board's menu."
)


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
    needs: int | None = None,
) -> str:
    """The question for a backgammon resignation: what each offer ``(level, points)`` would give
    ``winner``; ``jacoby``: the larger offers were left out as gammons count single now; ``needs``: the
    points ``winner`` still needs to win the match (an offer worth that many ends it)."""
    end_at = needs if score is not None else None  # a match of more games: the offers that would end it
    listed = ", ".join(
        f"{_KINDS[level]} ({_points(p)}{', the match' if end_at is not None and p >= end_at else ''})"
        for level, p in offers
    )
    if jacoby:
        listed += " (gammons count single while the cube is centred: the Jacoby rule)"
    they = "you" if is_you(winner) else "they"
    most = max((p for _level, p in offers), default=0)
    tail = _after(score, names, needs, most)
    return f"Resign this game? Offer {objective(winner)} {listed}; {they} accept or decline.{tail}"


def resign_question(
    winner: str,
    value: WinKind,
    points: int,
    score: Sequence[int] | None,
    names: Sequence[str],
    *,
    needs: int | None = None,
) -> str:
    """The question for a resignation that ends the game at once: ``winner`` wins ``points`` (``needs``:
    the points they still need to win the match)."""
    kind = "" if value is WinKind.SINGLE else f" a {value.value},"
    wins = verb(winner, "wins", "win")
    if score is not None and needs is not None and points >= needs:
        tail = f" and the match (score {score_text(score, names)})"
    elif score is not None:
        tail = f" (the match goes on: score {score_text(score, names)})"
    else:
        tail = ""
    return f"Resign this game? {winner} {wins}{kind} {_points(points)}{tail}."


def _after(score: Sequence[int] | None, names: Sequence[str], needs: int | None, most: int) -> str:
    """What follows a backgammon resignation in a match: the score, and that the match goes on when no
    offer (the largest worth ``most``) would end it."""
    if score is None:
        return ""
    if needs is not None and most >= needs:
        return f" Score: {score_text(score, names)}."
    return f" The match goes on: score {score_text(score, names)}."


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
    rounds = [e.dice for e in game.events if e.kind == EventKind.OPENING]
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


def pair_weight(weight: float, nth: int, window: float) -> str:
    """Why a rated match between the same two people moved the ratings less."""
    return (
        f"Counted at {weight:.0%} for the ratings: the {ordinal(nth)} rated match of these two players in"
        f" {duration(window)} (the more often the same two meet, the less each match counts)."
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
    "MATCH_CANCELLED",
    "NOTHING_TO_EXPORT",
    "NOT_RESIGNED",
    "PICKER_OUT_OF_DATE",
    "REMATCH_ACK",
    "UNRATED_NO_PLAY",
    "accepts",
    "ack",
    "board_footer",
    "cancelled_challenges",
    "cancelled_match",
    "cannot_export",
    "cannot_move",
    "challenge_label",
    "computer_name",
    "declines",
    "doubles",
    "drops",
    "exported",
    "game_header",
    "label",
    "match_header",
    "match_winner",
    "no_mat_for",
    "offers_to_resign",
    "opening_line",
    "outcome_line",
    "pair_weight",
    "picker_text",
    "played",
    "ratings_line",
    "resign_offer_question",
    "resign_question",
    "resigns",
    "score_line",
    "score_text",
    "takes",
    "unrated_pair_limit",
    "waiting_line",
]
