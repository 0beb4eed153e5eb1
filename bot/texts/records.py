"""Leaderboards, a player's stats, the recent games and the last match of a channel, as text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.models import MatchStatus
from bot.ratings.fibs import format_streak
from bot.texts.grammar import is_you, objective, when
from bot.texts.play import outcome_line, score_text
from engine import Outcome, Variant, find_variant

if TYPE_CHECKING:  # the records' data classes; only their attributes are read here
    from bot.models import GameRecord


def leaderboards(boards: Sequence, *, asked: str | None) -> str:
    """Each non-empty leaderboard as a table; a hint how to get on one when all are empty."""
    blocks = []
    for board in boards:
        title = find_variant(board.variant).title
        if board.rows:
            lines = [f"**{title}** leaderboard", "```"]
            lines.append(f"{'#':>2}  {'name':<20} {'rating':>7}  {'W-L':>7}  streak")
            for rank, row in enumerate(board.rows, start=1):
                r = row.rating
                lines.append(
                    f"{rank:>2}  {row.name[:20]:<20} {r.rating:>7.1f}  {f'{r.wins}-{r.losses}':>7}  "
                    f"{format_streak(r.streak)}"
                )
            lines.append("```")
            blocks.append("\n".join(lines))
        if board.money:
            lines = [f"**{title}** money play", "```", f"{'#':>2}  {'name':<20} {'games':>5}  {'points':>7}"]
            for rank, m in enumerate(board.money, start=1):
                lines.append(f"{rank:>2}  {m.name[:20]:<20} {m.games:>5}  {m.points:>+7}")
            lines.append("```")
            blocks.append("\n".join(lines))
    if blocks:
        return "\n".join(blocks)
    which = f" for {find_variant(asked).title}" if asked else ""
    return f"No rated matches{which} in this server yet. Challenge someone with `/minigam challenge`!"


def no_games_yet(name: str) -> str:
    """``stats`` for someone with nothing on record here (no match, rating or game)."""
    has = "haven't" if is_you(name) else "hasn't"
    return f"{name} {has} played here yet: no matches, ratings or games on record in this server."


def player_stats(stats) -> str:
    record = stats.record
    lines = [f"**{stats.name}** in this server"]
    lines.append(
        f"• Matches against people: {record.wins} won, {record.losses} lost"
        f" · against the computer: {record.computer_wins} won, {record.computer_losses} lost"
        + (f" · {record.unfinished} in progress" if record.unfinished else "")
    )
    played, won = stats.tournaments
    if played:
        lines.append(f"• Tournaments: {played} played, {won} won")
    if not stats.ratings:
        lines.append("• No rating yet: ratings come from rated matches against people.")
    for variant, m in stats.money:
        games = f"{m.games} game{'s' if m.games != 1 else ''}"
        lines.append(f"• {find_variant(variant).title} money play: {games}, {m.points:+} points")
    for vr in stats.ratings:
        r = vr.rating
        lines.append(
            f"• {find_variant(vr.variant).title}: rating {r.rating:.1f} (#{vr.rank}), {r.wins}-{r.losses}, "
            f"streak {format_streak(r.streak)}, experience {r.experience}"
        )
    for p in stats.performance:
        lines.append(f"• {find_variant(p.variant).title}: {average_pr(p)}")
    return "\n".join(lines)


def average_pr(p) -> str:
    """A player's average PR in one game (:class:`~bot.core.standings.AveragePR`), as a phrase."""
    last = "the last analysed match" if p.matches == 1 else f"the last {p.matches} analysed matches"
    return f"average PR {p.average:.1f} over {last} (lower is better)"


_HOW = {"borne_off": "", "dropped": ", double dropped", "resigned": ", resignation", "forfeit": ", forfeit"}


def history(games: Sequence[GameRecord]) -> str:
    if not games:
        return "No finished games in this server yet."
    lines = ["**Recent games** (see one's analysis: `/minigam analyse game:` and its number)"]
    for g in games:
        names = [s.name for s in g.seats]
        outcome = g.outcome or {}
        winner = outcome.get("winner", 0)
        loser = 1 - winner if len(names) == 2 else None
        kind = outcome.get("kind", "single")
        how = _HOW.get(outcome.get("termination", ""), "")
        points = outcome.get("points", 1)
        what = f"{kind}, " if kind not in ("single", "placings") else ""
        match = f" (game {g.number} of a match to {g.target})" if g.target > 1 else ""
        vs = f" beat {objective(names[loser])}" if loser is not None else ""
        if kind == "placings":  # multigam: everyone in place order
            order = [names[p] for p in outcome.get("placings", ()) if p < len(names)]
            places = ", ".join(f"{i}. {n}" for i, n in enumerate(order, start=1))
            title = find_variant(g.variant).title
            lines.append(f"• #{g.game_id} · {when(g.finished_at or 0)} · {title}: {places}")
            continue
        lines.append(
            f"• #{g.game_id} · {when(g.finished_at or 0)} · {find_variant(g.variant).title}{match}: "
            f"**{names[winner]}**{vs} ({what}{points} pt{'s' if points != 1 else ''}{how})"
        )
    return "\n".join(lines)


def last_match(
    v: Variant,
    names: Sequence[str],
    status: MatchStatus,
    outcome: Outcome | None,
    score: Sequence[int],
    target: int,
) -> str:
    """What the final board of the last match in a channel says: how it ended, and the score."""
    players = " vs ".join(names)
    if status is MatchStatus.CANCELLED or outcome is None:
        return f"The last match here, **{v.title}** ({players}), was cancelled; this is where it stopped."
    end = outcome_line(outcome, names)
    final = f" Final score: {score_text(score, names)} (match to {target})." if target > 1 else ""
    return f"The last match here, **{v.title}** ({players}), is over. {end}{final}"
