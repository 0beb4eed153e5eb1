"""The pictures of a post-game analysis: the winning chances over the game, and each worst decision's
board. Pure functions (a game's record and its analysis in, PNG bytes out) run in the drawing workers.

A worst play is drawn on the board as it was left, from the mover's side with the mover's point numbers:
the checkers that moved have a ghost where they stood (the position before) and an arrow to where they
went, the dice are the roll it played. A cube decision shows the board at the decision (before the roll,
or the double to answer). The small print under the board says what the best was and what the decision
cost, with gnubg's IDs of the position before it (backgammon), to study it further.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from bot.texts import analysis as words
from bot.texts import board_footer
from engine import Event, Game, MatchContext
from engine.analysis import Decision, GameAnalysis, Review
from engine.replay import states
from images import Mark, Series, line_chart, render, render_text

ALT_LIMIT = 1000  # Discord's limit for an attachment's description
CHART_FILE = "chances.png"


@dataclass(frozen=True, slots=True)
class DrawnPicture:
    """One picture of the analysis: its file name (unique in the analysis), PNG bytes and description."""

    filename: str
    png: bytes
    description: str


def worst_filename(player: int, rank: int) -> str:
    return f"worst-{player + 1}-{rank}.png"


def chances_chart(analysis: GameAnalysis, names: Sequence[str]) -> DrawnPicture:
    """Each player's chance (to win; multigam: to finish first) after every move, in percent, their worst
    decisions ringed on their own line and numbered 1 (the worst) to 3."""
    players = range(len(analysis.players))
    series = [
        Series(names[p], tuple((c.turn, 100.0 * c.chances[p]) for c in analysis.chances)) for p in players
    ]
    marks = [
        Mark(_chart_x(review), str(rank), series=summary.player)
        for summary in analysis.players
        for rank, review in enumerate(summary.worst, start=1)
    ]
    png = line_chart(
        series,
        title=words.chart_title(analysis),
        x_label=words.CHART_X,
        y_range=(0.0, 100.0),
        y_format="{:.0f}%",
        y_lines=(100.0 / len(players),),
        marks=marks,
    )
    last = analysis.chances[-1]
    end = ", ".join(f"{names[p]} {100 * last.chances[p]:.0f}%" for p in players)
    description = f"{words.chart_title(analysis)}: {len(analysis.chances) - 1} moves; at the end {end}."
    return DrawnPicture(CHART_FILE, png, description[:ALT_LIMIT])


def _chart_x(review: Review) -> int:
    """Where a decision sits on the chart: after its play; a cube decision, before the play it precedes."""
    return review.turn if review.kind is Decision.PLAY else max(0, review.turn - 1)


def decision_board(
    before: Game, review: Review, names: Sequence[str], rank: int, analysis: GameAnalysis
) -> DrawnPicture:
    """The board of one of a player's worst decisions, from ``before``, the game as the decision found
    it (see the module's docstring)."""
    shown = before
    if review.kind is Decision.PLAY:
        play = review.played_play()
        assert play is not None
        after = before.play(play)
        # the board as the play left it, still from the mover's side and numbering, with the roll it played
        shown = dataclasses.replace(after, position=after.position.with_turn(review.player), dice=before.dice)
    name = names[review.player]
    footer = (words.worst_footer(name, rank, review, analysis), *board_footer(before))
    png = render(shown, names=list(names), perspective=review.player, footer=footer)
    description = f"{words.worst_title(name, rank, review)}. " + render_text(shown, list(names))
    return DrawnPicture(worst_filename(review.player, rank), png, description[:ALT_LIMIT])


def games_before(
    variant: str, events: Sequence[Event], match: MatchContext, indices: set[int]
) -> dict[int, Game]:
    """The game as it stood before each event of ``indices``, from one replay of the record."""
    out = {}
    for at, _event, game in states(variant, events, match):
        if at in indices:
            out[at] = game
            if len(out) == len(indices):
                break
    missing = indices - out.keys()
    if missing:
        raise ValueError(f"the record has no decision at event {min(missing)}")
    return out


def draw_analysis(
    variant: str,
    events: tuple[Event, ...],
    match: MatchContext,
    analysis: GameAnalysis,
    names: tuple[str, ...],
) -> list[DrawnPicture]:
    """Every picture of an analysis: the chart first, then each player's worst decisions in order."""
    out = [chances_chart(analysis, names)]
    worst = [(rank, review) for s in analysis.players for rank, review in enumerate(s.worst, start=1)]
    before = games_before(variant, events, match, {review.index for _rank, review in worst})
    for rank, review in worst:
        out.append(decision_board(before[review.index], review, names, rank, analysis))
    return out


__all__ = [
    "CHART_FILE",
    "DrawnPicture",
    "chances_chart",
    "decision_board",
    "draw_analysis",
    "games_before",
    "worst_filename",
]
