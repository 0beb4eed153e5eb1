"""What the bot says about tournaments: the sign-up message, the rounds, results and the champion, the
standings with their tie-breaks, the list, and the refusals."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from bot.texts.grammar import duration, when
from engine import find_variant

if TYPE_CHECKING:  # records whose attributes are read here
    from bot.core.tournaments.pairing import Standing
    from bot.store.protocol_tournaments import (
        Decided,
        TournamentFormat,
        TournamentPairing,
        TournamentRecord,
        TournamentStatus,
    )

NAME_LENGTH = 80
MOST_ROUNDS = 20

FORMAT_NAMES = {"knockout": "knockout", "swiss": "Swiss", "round-robin": "round robin"}
HOW = {
    "match": "played",
    "deadline": "deadline",
    "award": "awarded",
    "bye": "bye",
    "walkover": "walkover",
}
"""How a pairing was decided, in a word (the bracket's score column when no score says it)."""

# ---------------------------------------------------------------------- refusals
GONE = "That tournament doesn't exist in this server."
NO_BOTS = "Bot accounts can't play in tournaments."
NAME_NEEDED = "Give the tournament a name."
NO_MONEY = "A tournament is played in matches: give a match length of 1 point or more."
OUT_OF_DATE = "The tournament changed since you saw it, so nothing was done. Look again."
ALREADY_IN = "You're signed up already."
NOT_IN = "You're not signed up for this tournament."
LEFT = "You left the tournament."
ORGANISER_ONLY_START = "Only the organiser (or a member with Manage Server) can start the tournament."
ORGANISER_ONLY = "Only the organiser (or a member with Manage Server) can do that."
NOT_STARTED = "The tournament hasn't started yet: there's no match to award."
CANCELLED_REPLY = "Tournament cancelled."


def not_allowed(role_id: int | None) -> str:
    if role_id is None:
        return "Only members with the Manage Server permission can create tournaments here."
    return f"Only members with Manage Server or the <@&{role_id}> role can create tournaments here."


def unknown_format(text: str) -> str:
    return f"There's no tournament format {text!r}: choose knockout, swiss or round-robin."


def bad_size(kind: TournamentFormat, least: int, most: int) -> str:
    return f"A {FORMAT_NAMES[kind]} tournament takes from {least} to {most} players."


def bad_rounds(kind: TournamentFormat) -> str:
    if str(kind) != "swiss":
        return "Only a Swiss tournament takes a number of rounds; the others play as many as they need."
    return f"A Swiss tournament plays from 1 to {MOST_ROUNDS} rounds."


def bad_start(text: str, why: str) -> str:
    if why == "past":
        return f"{text!r} is already past: give a time to come, for example in 2h."
    if why == "too far":
        return f"{text!r} is more than 30 days away: a tournament starts within 30 days."
    return (
        f"I can't read {text!r} as a start time. Write in 2h, in 1h30m, a date and time in UTC such as "
        "2026-11-28 18:00, or a time such as 18:00 (UTC)."
    )


def not_open(status: TournamentStatus) -> str:
    return {
        "running": "The tournament has started: sign-up is closed.",
        "finished": "The tournament is over.",
        "cancelled": "The tournament was cancelled.",
    }.get(str(status), "Sign-up is still open: the tournament hasn't started.")


def too_few(least: int, count: int) -> str:
    return f"The tournament needs at least {least} players to start; {count} signed up so far."


def too_few_at_start(least: int, count: int) -> str:
    return f"only {count} signed up by the start time, and it needs at least {least}"


def full(most: int) -> str:
    return f"The tournament is full ({most} players)."


def nothing_to_award(name: str) -> str:
    return f"{name} has no match waiting for a result in this tournament."


def not_entered(name: str) -> str:
    return f"{name} isn't playing in this tournament."


# ---------------------------------------------------------------------- answers
def created(t: TournamentRecord) -> str:
    return f"Tournament #{t.tournament_id} created: sign-up is open."


def joined(t: TournamentRecord) -> str:
    return f"You're in: {len(t.entrants)} of {t.max_players} players."


def awarded(name: str) -> str:
    return f"Awarded to {name}."


def removed_reply(name: str) -> str:
    return f"{name} is out of the tournament."


def cancelled_by(name: str) -> str:
    return f"cancelled by {name}"


def confirm_cancel(t: TournamentRecord) -> str:
    playing = sum(p.playing for p in t.pairings)
    matches = f" Its {playing} match{'es' if playing != 1 else ''} in play end, unrated." if playing else ""
    return f"Cancel **{t.name}** for everyone?{matches} This can't be undone."


def confirm_award(t: TournamentRecord, p: TournamentPairing, winner: int, *, in_play: bool) -> str:
    """``in_play``: their match is being played (not waiting to start, nor cancelled)."""
    loser = p.b if winner == p.a else p.a
    ending = " Their match in play ends, unrated." if in_play else ""
    return f"Award {t.name_of(winner)} the win over {t.name_of(loser)} in {round_name(t, p.round)}?{ending}"


def confirm_remove(t: TournamentRecord, name: str) -> str:
    if str(t.status) == "open":
        return f"Take {name} off the sign-up list of **{t.name}**?"
    return f"Remove {name} from **{t.name}**? Their matches left are lost by walkover."


# ---------------------------------------------------------------------- the sign-up message
def describe(t: TournamentRecord) -> str:
    """``Swiss, 4 rounds · Minigam, 3-point matches``."""
    v = find_variant(t.variant)
    kind = FORMAT_NAMES[t.format]
    if str(t.format) == "swiss":
        kind += f", {t.rounds} rounds" if t.rounds else ", rounds: enough for one winner"
    length = "1-point matches" if t.points == 1 else f"{t.points}-point matches"
    clock = "" if t.clock == "none" else f" · clock: {t.clock}"
    return f"{kind} · {v.title}, {length}{clock}"


def signup_text(t: TournamentRecord, now: float, *, least: int) -> str:
    """``least``: the fewest players it starts with."""
    lines = [f"🏆 **{t.name}** (#{t.tournament_id}) · {describe(t)}", f"Organiser: {t.organiser_name}"]
    status = str(t.status)
    if status == "open":
        if t.starts_at is not None:
            lines.append(
                f"Starts {when(t.starts_at)} (in {duration(max(0.0, t.starts_at - now))})"
                f" if at least {least} players signed up."
            )
        else:
            lines.append(f"Starts when the organiser presses Start, with at least {least} players.")
        lines.append(f"Players ({len(t.entrants)}/{t.max_players}):")
        ordered = sorted(t.entrants, key=lambda e: (-e.rating, e.joined))
        listed = [f"{n}. {e.name} ({e.rating:.0f})" for n, e in enumerate(ordered, start=1)]
        lines += _capped(listed) or ["nobody yet"]
        return "\n".join(lines)
    if status == "running":
        lines.append(
            f"Running: round {t.round} of {t.rounds} · {len(t.entrants)} players. "
            f"`/minigam tournament show` for the {'bracket' if str(t.format) == 'knockout' else 'standings'}."
        )
    elif status == "finished":
        lines.append(f"Finished: 🏆 champion **{t.name_of(t.champion_id)}**.")
    else:
        lines.append(f"Cancelled: {t.note}.")
    seeds = [f"{e.seed or '-'}. {e.name}{' (out)' if e.removed else ''}" for e in _seeded(t)]
    more = f" and {len(seeds) - MOST_SEEDS} more" if len(seeds) > MOST_SEEDS else ""
    lines.append("Seeds: " + ", ".join(seeds[:MOST_SEEDS]) + more)
    return "\n".join(lines)


def _seeded(t: TournamentRecord) -> list:
    return sorted(t.entrants, key=lambda e: (e.seed or 999, -e.rating, e.joined))


# ---------------------------------------------------------------------- rounds, matches and results
def started(t: TournamentRecord) -> str:
    rounds = "" if str(t.format) == "swiss" else f", {t.rounds} rounds"  # Swiss: said by describe()
    return f"🏆 **{t.name}** starts: {len(t.entrants)} players, {describe(t)}{rounds}."


def round_name(t: TournamentRecord, number: int) -> str:
    if str(t.format) == "knockout":
        left = t.rounds - number
        return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(left, f"Round {number}")
    return f"Round {number}"


def _pair(t: TournamentRecord, p: TournamentPairing) -> str:
    if p.b is None:
        rest = "a bye into the next round" if str(t.format) == "knockout" else "a bye (counts as a win)"
        return f"{t.name_of(p.a)}: {rest}"
    line = f"{t.name_of(p.a)} vs {t.name_of(p.b)}"
    if p.decided:
        line += f" ({HOW[str(p.how)]}: {t.name_of(p.winner)} goes through)"
    return line


def paired(t: TournamentRecord, number: int, made: Sequence[TournamentPairing]) -> str:
    lines = [f"**{t.name}**, {round_name(t, number)}:"]
    lines += _capped([f"• {_pair(t, p)}" for p in made])
    return "\n".join(lines)


def thread_title(t: TournamentRecord, p: TournamentPairing) -> str:
    return f"{t.name[:40]} · {round_name(t, p.round)}: {t.name_of(p.a)} vs {t.name_of(p.b)}"[:100]


def your_match(t: TournamentRecord, p: TournamentPairing) -> str:
    v = find_variant(t.variant)
    return (
        f"{t.name_of(p.a)} vs {t.name_of(p.b)}: your **{t.name}** match, {round_name(t, p.round)}: "
        f"{v.title}, {t.points} point{'s' if t.points != 1 else ''}. Good luck!"
    )


def result(
    t: TournamentRecord, p: TournamentPairing, winner: int, points: tuple[int, int], how: Decided
) -> str:
    loser = p.b if winner == p.a else p.a
    head = f"**{t.name}**, {round_name(t, p.round)}: {t.name_of(winner)} beats {t.name_of(loser)}"
    match str(how):
        case "match":
            return f"{head} {max(points)}-{min(points)}."
        case "deadline":
            return f"{head}: the match ran past its deadline."
        case "award":
            return f"{head}: awarded by the organiser."
        case _:
            return f"{head} by walkover."


def deadline_forfeit(name: str) -> str:
    return f"Time's up for this tournament match: {name}, to move, forfeits it."


def match_cancelled(t: TournamentRecord) -> str:
    return f"The tournament **{t.name}** was cancelled, and this match with it: it counts for nobody."


def match_awarded(name: str) -> str:
    return f"The organiser awarded this match to {name}; it ends here, unrated."


def match_removed(name: str) -> str:
    return f"{name} was removed from the tournament: this match ends here, unrated."


def removed(name: str) -> str:
    return f"{name} is removed from the tournament: their matches left are lost by walkover."


def cancelled(t: TournamentRecord) -> str:
    return f"🏆 **{t.name}** is cancelled: {t.note}."


def champion(t: TournamentRecord, table: Sequence[Standing] = ()) -> str:
    """The champion's announcement (Swiss and round robin: with the final standings)."""
    lines = [f"🏆 {t.name_of(t.champion_id)} wins **{t.name}**! Congratulations.", *table_lines(t, table)]
    return "\n".join(lines)


# ---------------------------------------------------------------------- standings and the list
TIE_BREAKS = {
    "swiss": "Ranked by match wins (a bye counts one), then Buchholz (the opponents' wins added up), then "
    "the points difference of the matches, then the seed.",
    "round-robin": "Ranked by match wins, then Buchholz (the opponents' wins added up), then the points "
    "difference of the matches, then the seed.",
}


def show_text(
    t: TournamentRecord,
    table: Sequence[Standing],
    now: float,
    *,
    least: int,
    cancelled: Collection[int] = (),
) -> str:
    """``cancelled``: the matches of pairings in play that a moderator cancelled (they wait for an award)."""
    lines = [f"🏆 **{t.name}** (#{t.tournament_id}) · {describe(t)} · {status_word(t)}"]
    if str(t.status) == "open":
        lines.append(signup_text(t, now, least=least).split("\n", 2)[2])
        return "\n".join(lines)
    lines += table_lines(t, table)
    for number in range(1, t.round + 1):
        if str(t.format) == "knockout" or number == t.round:
            lines.append(f"{round_name(t, number)}:")
            shown = [f"• {_shown(t, p, cancelled)}" for p in t.round_pairings(number)]
            lines += _capped(shown, MOST_SHOWN)
    return "\n".join(lines)


MOST_LINES = 24
MOST_SHOWN = 12  # a round's pairings under the standings
MOST_SEEDS = 64
"""A list longer than this (a big Swiss) shows its first lines and says how many more: one message.
Under the standings, a round's pairings show :data:`MOST_SHOWN`; the seeds, :data:`MOST_SEEDS`."""


def _capped(lines: list[str], most: int = MOST_LINES) -> list[str]:
    if len(lines) <= most:
        return lines
    return [*lines[:most], f"… and {len(lines) - most} more"]


def table_lines(t: TournamentRecord, table: Sequence[Standing]) -> list[str]:
    """Swiss and round robin: the standings as a table, then the tie-breaks in words."""
    if not table:
        return []
    rows = []
    for n, s in enumerate(table, start=1):
        name = t.name_of(s.player_id)[:20]
        out = " (out)" if (e := t.entrant(s.player_id)) is not None and e.removed else ""
        rows.append(
            f"{n:>2} {name:<20} {s.wins:>4g} {s.buchholz:>5g} {s.points_diff:>+5d} {s.played:>3}{out}"
        )
    head = f"{'#':>2} {'Player':<20} {'Wins':>4} {'Buch':>5} {'Diff':>5} {'Pl':>3}"
    return ["```", head, *_capped(rows), "```", TIE_BREAKS[str(t.format)]]


def _shown(t: TournamentRecord, p: TournamentPairing, cancelled: Collection[int]) -> str:
    if p.b is None:
        return f"{t.name_of(p.a)}: bye"
    names = f"{t.name_of(p.a)} vs {t.name_of(p.b)}"
    if p.decided:
        score = f" {p.points[0]}-{p.points[1]}" if str(p.how) == "match" else f" ({HOW[str(p.how)]})"
        return f"{names}: {t.name_of(p.winner)} wins{score}"
    if p.match_id in cancelled:
        return f"{names}: match cancelled, waiting for the organiser's award"
    if p.match_id is not None:
        return f"{names}: playing" + (f", decided at {when(p.deadline)}" if p.deadline is not None else "")
    return f"{names}: waiting to start"


def status_word(t: TournamentRecord) -> str:
    match str(t.status):
        case "open":
            return f"signing up ({len(t.entrants)}/{t.max_players})"
        case "running":
            return f"round {t.round} of {t.rounds}"
        case "finished":
            return f"won by {t.name_of(t.champion_id)}"
    return "cancelled"


def listing(found: Sequence[TournamentRecord]) -> str:
    if not found:
        return "No tournaments in this server yet. Create one with `/minigam tournament create`."
    sections = {"open": "Signing up", "running": "Running", "finished": "Finished", "cancelled": "Cancelled"}
    lines = ["🏆 This server's tournaments:"]
    for status, title in sections.items():
        these = [t for t in found if str(t.status) == status]
        if these:
            lines.append(f"**{title}**")
            lines += [f"• #{t.tournament_id} {t.name}: {describe(t)} · {status_word(t)}" for t in these]
    return "\n".join(lines)


def choice_label(t: TournamentRecord) -> str:
    return f"#{t.tournament_id} {t.name} ({status_word(t)})"[:100]


__all__ = ["FORMAT_NAMES", "HOW", "signup_text"]
