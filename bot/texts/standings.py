"""Leaderboard pages and a player's card as the Discord app shows them (embeds): titles, table lines,
fields and footers. The whole leaderboards and stats as plain text are in :mod:`bot.texts.records`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.models import Standing
from bot.ratings.fibs import format_streak
from bot.texts.records import average_pr
from engine import find_variant

if TYPE_CHECKING:  # the records' data classes; only their attributes are read here
    from bot.core.standings import PlayerStats, StandingsPage

NAME_WIDTH = 20
_KINDS = {
    Standing.RATINGS: "ratings",
    Standing.MONEY: "money play (points won)",
    Standing.PLACINGS: "ratings (μ − 3σ)",
}


def standings_title(page: StandingsPage) -> str:
    return f"{find_variant(page.variant).title} · {_KINDS[page.kind]}"


def standings_empty(page: StandingsPage) -> str:
    title = find_variant(page.variant).title
    if page.kind is Standing.PLACINGS:
        return f"No rated {title} games in this server yet. Open a lobby with `/minigam multigam`!"
    return f"No rated {title} matches in this server yet. Challenge someone with `/minigam challenge`!"


def standings_lines(page: StandingsPage) -> list[str]:
    """The page's table: a header line, then a line per player (names cut to fit)."""
    match page.kind:
        case Standing.RATINGS:
            lines = [f"{'#':>3}  {'name':<{NAME_WIDTH}} {'rating':>7}  {'W-L':>7}  streak"]
            for rank, row in enumerate(page.rows, start=page.first):
                r = row.rating  # type: ignore[union-attr]
                lines.append(
                    f"{rank:>3}  {_name(row.name)} {r.rating:>7.1f}  {f'{r.wins}-{r.losses}':>7}  "
                    f"{format_streak(r.streak)}"
                )
        case Standing.MONEY:
            lines = [f"{'#':>3}  {'name':<{NAME_WIDTH}} {'games':>5}  {'points':>7}"]
            for rank, row in enumerate(page.rows, start=page.first):
                lines.append(f"{rank:>3}  {_name(row.name)} {row.games:>5}  {row.points:>+7}")  # type: ignore[union-attr]
        case Standing.PLACINGS:
            lines = [f"{'#':>3}  {'name':<{NAME_WIDTH}} {'rating':>6}  {'games':>5}  {'wins':>4}  avg place"]
            for rank, row in enumerate(page.rows, start=page.first):
                r = row.rating  # type: ignore[union-attr]
                lines.append(
                    f"{rank:>3}  {_name(row.name)} {r.conservative:>6.1f}  {r.games:>5}  {r.wins:>4}  "
                    f"{r.average_place or 0:>9.2f}"
                )
    return lines


def standings_footer(page: StandingsPage) -> str:
    last = page.first + len(page.rows) - 1
    shown = f"players {page.first}-{last} of {page.total}" if page.rows else "no players yet"
    return f"Page {page.page + 1} of {page.pages} · {shown}"


def _name(name: str) -> str:
    return (name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…").ljust(NAME_WIDTH)


# ---------------------------------------------------------------------- a player's card
def card_title(stats: PlayerStats) -> str:
    return f"{stats.name} in this server"


def card_record(stats: PlayerStats) -> str:
    record = stats.record
    lines = [
        f"Matches against people: **{record.wins}** won, **{record.losses}** lost",
        f"Against the computer: **{record.computer_wins}** won, **{record.computer_losses}** lost",
    ]
    if record.unfinished:
        lines.append(f"In progress: {record.unfinished}")
    played, won = stats.tournaments
    if played:
        lines.append(f"Tournaments: **{played}** played, **{won}** won")
    if not stats.ratings and not stats.placings:
        lines.append("No rating yet: ratings come from rated matches against people.")
    return "\n".join(lines)


def card_fields(stats: PlayerStats) -> list[tuple[str, str]]:
    """A field per rating (and per game of money play): its name and value."""
    fields = []
    for vr in stats.ratings:
        r = vr.rating
        fields.append(
            (
                find_variant(vr.variant).title,
                f"Rating **{r.rating:.1f}** (#{vr.rank})\n{r.wins}-{r.losses}, "
                f"streak {format_streak(r.streak)}\nExperience {r.experience}",
            )
        )
    for p in stats.placings:
        r = p.rating
        place = f"{r.average_place:.2f}" if r.average_place is not None else "-"
        fields.append(
            (
                find_variant(p.variant).title,
                f"Rating **{r.conservative:.1f}** (#{p.rank}; μ {r.mu:.1f}, σ {r.sigma:.1f})\n"
                f"{r.games} games, {r.wins} wins, average place {place}",
            )
        )
    for variant, m in stats.money:
        games = f"{m.games} game{'s' if m.games != 1 else ''}"
        fields.append((f"{find_variant(variant).title} money play", f"{games}, **{m.points:+}** points"))
    for p in stats.performance:
        fields.append((f"{find_variant(p.variant).title} PR", average_pr(p)))
    return fields


def chart_title(name: str) -> str:
    return f"{name}'s rating after each rated result"


__all__ = [
    "card_fields",
    "card_record",
    "card_title",
    "chart_title",
    "standings_empty",
    "standings_footer",
    "standings_lines",
    "standings_title",
]
