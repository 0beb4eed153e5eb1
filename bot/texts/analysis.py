"""What the bot says about post-game analyses: refusals, the numbers in each game's unit, the summary of
each player, the worst decisions, and the words on the analysis's pictures."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.grammar import when
from engine import find_variant
from engine.analysis import Decision, GameAnalysis, PlayerSummary, Review, Source, Unit
from engine.analysis.rating import performance_rating

ANALYSE_LABEL = "Analyse"
NOTHING_ANALYSED_HERE = (
    "No game has finished in this channel yet. Pick one of your games with `/minigam analyse game:` "
    "(the game numbers are in `/minigam history`)."
)
GAME_STILL_PLAYED_HERE = (
    "The game here is still being played: it can be analysed once it is over. An earlier game: "
    "`/minigam analyse game:` (the game numbers are in `/minigam history`)."
)
CANNOT_ANALYSE = "Sorry, this game could not be analysed; it has been logged."
ANALYSIS_TOO_SLOW = (
    "This game's analysis is taking longer than usual (the analysis workers are busy). "
    "Ask again in a few minutes: it will be ready."
)


def no_such_game(game_id: int) -> str:
    return f"There is no game #{game_id} in this server. The game numbers are in `/minigam history`."


def game_in_play(game_id: int) -> str:
    return f"Game #{game_id} is still being played: it can be analysed once it is over."


def game_unfinished(game_id: int) -> str:
    return f"Game #{game_id} never finished (its match was cancelled): there is nothing to analyse."


# ---------------------------------------------------------------------- the numbers


def amount(unit: Unit, value: float, *, signed: bool = False, precise: bool = False) -> str:
    """``value`` in the words of ``unit``: equity in millipoints (``107 mp``), winning chance in percent
    (``3.2%``), placing points with two decimals. ``precise``: one more decimal (rates per decision)."""
    sign = "+" if signed else ""
    match unit:
        case Unit.EQUITY:
            return f"{value * 1000:{sign}.{1 if precise else 0}f} mp"
        case Unit.WIN_CHANCE:
            return f"{value * 100:{sign}.{2 if precise else 1}f}%"
        case Unit.PLACING_POINTS:
            return f"{value:{sign}.{3 if precise else 2}f} placing points"
    raise ValueError(f"no words for the unit {unit!r}")


SOURCES = {
    Source.GNUBG: "Numbers from GNU Backgammon's nets at 2 ply, in equity (mp: thousandths of a point).",
    Source.EXACT: "Exact numbers from the solved game, in winning chances.",
    Source.HARD: (
        "Approximate: from the hard computer level's evaluation, in winning chances "
        "(exact numbers come once the game is solved)."
    ),
    Source.PLACING_MODEL: (
        "Approximate: from the placing model, in expected placing points (5, 3, 2 and 1 for 1st to 4th). "
        "No ratings: gnubg's scale rates two-player games."
    ),
}


def source_line(analysis: GameAnalysis) -> str:
    line = SOURCES[analysis.source]
    if analysis.approximate and not line.startswith("Approximate"):
        return line.replace("Numbers from", "Numbers (approximate) from", 1)
    return line


def title(game_id: int, variant: str, number: int, target: int) -> str:
    """``Game #77 · Backgammon, game 2 of a match to 5``."""
    v = find_variant(variant)
    if target > 1:
        what = f", game {number} of a match to {target}"
    elif target == 0 and v.cube:
        what = ", a money game"
    else:
        what = ""
    return f"Analysis of game #{game_id} · {v.title}{what}"


def vs(names: Sequence[str]) -> str:
    return " vs ".join(names) if len(names) == 2 else ", ".join(names)


def rating_words(analysis: GameAnalysis | Unit, summary: PlayerSummary) -> str | None:
    """gnubg's rating of the player's game, in bold, and in equity (backgammon) the performance rating
    beside it; ``None`` where gnubg's scale does not apply (the source line says so, once)."""
    if summary.rating is None:
        return None
    unit = analysis if isinstance(analysis, Unit) else analysis.unit
    pr = performance_rating(summary.loss, summary.decisions) if unit is Unit.EQUITY else None
    return f"**{summary.rating}**" + (f" · PR {pr:.1f}" if pr is not None else "")


MATCH_PR = (
    "PR: 500 × the equity lost per decision not forced or obvious (world class about 2-3, intermediate 10)."
)


def match_title(games: int) -> str:
    return f"The whole match: {games} games"


def match_summary(summary: PlayerSummary) -> str:
    """One player's whole match (backgammon): the loss per decision, gnubg's rating and the PR, the luck."""
    return player_summary(Unit.EQUITY, summary)


def player_summary(analysis: GameAnalysis | Unit, summary: PlayerSummary) -> str:
    """Two or three short lines: the loss per decision and its rating (with the PR in backgammon), the
    luck."""
    unit = analysis if isinstance(analysis, Unit) else analysis.unit
    n = summary.decisions
    if n:
        per = amount(unit, summary.loss_per_decision, precise=True)
        decisions = f"{n} decision{'s' if n != 1 else ''}"
        lines = [f"Loses {per} per decision ({decisions})"]
        rated = rating_words(unit, summary)
        if rated is not None:
            lines.append(rated)
    else:
        lines = ["No decisions with a choice"]
    lines.append(f"Luck of the dice: {amount(unit, summary.luck, signed=True)}")
    return "\n".join(lines)


def decision_words(review: Review) -> str:
    """``move 30, 4-3`` / ``before move 12: to double or not`` / ``move 12: answering a double``."""
    match review.kind:
        case Decision.PLAY:
            return f"move {review.turn}, {review.dice}"
        case Decision.CUBE:
            return f"before move {review.turn}: to double or not"
        case Decision.ANSWER:
            return f"before move {review.turn}: take or pass"
        case Decision.RESIGN:
            return f"before move {review.turn}: resign or play on"
        case Decision.RESIGN_ANSWER:
            return f"before move {review.turn}: accept or decline a resignation"
    raise ValueError(f"no words for the decision {review.kind!r}")


def worst_title(name: str, rank: int, review: Review) -> str:
    return f"{name} · worst decision {rank} · {decision_words(review)}"


def shown(review: Review, decision: str) -> str:
    """A play in notation as code (an empty play: "no move"); a cube action in words."""
    if review.kind is not Decision.PLAY:
        return decision
    return f"`{decision}`" if decision else "no move"


def worst_text(analysis: GameAnalysis, review: Review) -> str:
    return (
        f"Played: {shown(review, review.played)}\nBest: {shown(review, review.best)}\n"
        f"Cost: **{amount(analysis.unit, review.loss)}**"
    )


def worst_footer(name: str, rank: int, review: Review, analysis: GameAnalysis) -> str:
    """The small print under a worst decision's board (one line)."""
    cost = amount(analysis.unit, review.loss)
    return f"{name}'s worst decision {rank}: best {review.best or 'no move'}, cost {cost}"


def chart_title(analysis: GameAnalysis) -> str:
    if find_variant(analysis.variant).is_multiplayer:
        return "Chances to finish first, move by move"
    return "Winning chances, move by move"


CHART_X = "move"
CHART_MARKS = "Rings: each player's worst decisions (1 = the worst), on their own line."


def summary_text(
    heading: str,
    outcome: str,
    analysis: GameAnalysis,
    names: Sequence[str],
    match_totals: Sequence[PlayerSummary] = (),
    match_games: int = 0,
) -> str:
    """The whole analysis in plain lines (the console, and the description of the chart); with a match's
    totals, those after the game's."""
    lines = [heading, outcome, source_line(analysis)]
    for summary in analysis.players:
        name = names[summary.player]
        lines.append(f"{name}: " + player_summary(analysis, summary).replace("\n", " · ").replace("**", ""))
        for rank, review in enumerate(summary.worst, start=1):
            lines.append(
                f"  {rank}. {decision_words(review)}: played {review.played or 'no move'}, "
                f"best {review.best or 'no move'}, cost {amount(analysis.unit, review.loss)}"
            )
    if match_totals:
        lines.append(f"{match_title(match_games)}. {MATCH_PR}")
        for summary in match_totals:
            plain = match_summary(summary).replace("\n", " · ").replace("**", "")
            lines.append(f"{names[summary.player]}: {plain}")
    return "\n".join(lines)


def game_choice(game_id: int, variant: str, names: Sequence[str], finished_at: float | None) -> str:
    """An autocomplete choice for ``/minigam analyse game:`` (at most 100 characters)."""
    text = f"#{game_id} · {find_variant(variant).title} · {vs(names)}"
    if finished_at:
        text += f" · {when(finished_at)}"
    return text if len(text) <= 100 else text[:99] + "…"


__all__ = [
    "ANALYSE_LABEL",
    "CANNOT_ANALYSE",
    "CHART_MARKS",
    "CHART_X",
    "GAME_STILL_PLAYED_HERE",
    "MATCH_PR",
    "NOTHING_ANALYSED_HERE",
    "amount",
    "chart_title",
    "decision_words",
    "game_choice",
    "game_in_play",
    "game_unfinished",
    "match_summary",
    "match_title",
    "no_such_game",
    "player_summary",
    "source_line",
    "summary_text",
    "title",
    "vs",
    "worst_footer",
    "worst_text",
    "worst_title",
]
