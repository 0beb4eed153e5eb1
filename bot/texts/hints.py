"""What ``/minigam hint`` says: the best plays for a roll, each with what it gives up against the best (and
every other play, a page at a time, on request), and backgammon's cube advice (to double or not; facing a
double, to take or pass); in match play the match winning chances beside the equities."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import Game

if TYPE_CHECKING:  # only their attributes are read here
    from engine.ai import CubeHint, Hint
    from engine.ai.chances import Chances

NO_HINT = "No hint for this roll."
NO_HINT_NOW = "There's no hint for this: hints are for your roll, and for the cube in backgammon."


def measure(hint: Hint) -> tuple[float, str]:
    """The number plays are ranked by, and how to write a difference of it: the equity where there is one
    (backgammon), else the expected placing points (multigam), else the chance to win (a solved game's
    exact ``loss``, when the hint has one, is used as it is)."""
    if hint.equity is not None:
        return hint.equity, "{:.3f}"
    if hint.expected_points is not None:
        return hint.expected_points, "{:.2f} points"
    return hint.win, "{:.1%}"


FIRST_PAGE = 3
"""How many plays a hint shows at first; **More plays** pages through the rest."""
PAGE_LINES = 15
"""At most this many plays on a later page (and never more than :data:`PAGE_CHARS`)."""
PAGE_CHARS = 1800
"""A page's length at most: Discord's messages hold 2,000 characters."""
MORE_LABEL = "More plays"


def plays(game: Game, found: Sequence[Hint]) -> str:
    """The best plays for the roll (all of ``found``), best first, each with what it gives up against the
    best: exactly in a solved game (its chances then to a tenth of a percent), else by the evaluation's own
    numbers."""
    if not found:
        return NO_HINT
    return "\n".join([f"Best plays for your {game.dice}:", *_lines(found, range(len(found)))])


def pages(game: Game, found: Sequence[Hint]) -> list[str]:
    """Every play of ``found`` on pages: the best :data:`FIRST_PAGE` first, then the rest, each page within
    Discord's length (a later page says which plays it shows, of how many)."""
    if not found:
        return [NO_HINT]
    lines = _lines(found, range(len(found)))
    chunks: list[list[str]] = [lines[:FIRST_PAGE]]
    for line in lines[FIRST_PAGE:]:
        last = chunks[-1]
        full = len(last) == PAGE_LINES or sum(len(x) + 1 for x in last) + len(line) > PAGE_CHARS
        if len(chunks) == 1 or full:
            chunks.append([])
        chunks[-1].append(line)
    out, shown = [], 0
    for number, chunk in enumerate(chunks):
        if number == 0:
            head = f"Best plays for your {game.dice}:"
        else:
            head = f"Plays {shown + 1}-{shown + len(chunk)} of {len(found)} for your {game.dice}:"
        shown += len(chunk)
        out.append("\n".join([head, *chunk]))
    return out


def _lines(found: Sequence[Hint], numbers: range) -> list[str]:
    """One line per play: its number, notation, chances, equity (and match winning chance), and what it
    gives up against the best (``found[0]``)."""
    best, _ = measure(found[0])
    deepest = max((h.ply for h in found if h.ply is not None), default=None)
    lines = []
    for i in numbers:
        h = found[i]
        extra = ""
        if h.gammon is not None:
            extra += f", {h.gammon:.0%} gammon"
        if h.equity is not None:
            extra += f", equity {h.equity:+.3f}"
        if h.mwc is not None:
            extra += f", match winning chance {h.mwc:.1%}"
        goal = "to win"
        if h.expected_points is not None:  # multigam
            goal, extra = "to finish first", f", {h.expected_points:.2f} expected points{extra}"
        value, written = measure(h)
        loss = h.loss if h.loss is not None else max(0.0, best - value)
        extra += ", the best play" if i == 0 or loss == 0 else f", {written.format(loss)} less than the best"
        if h.ply is not None and h.ply != deepest:
            extra += f" ({h.ply}-ply)"
        chance = f"{h.win:.1%}" if h.loss is not None else f"{h.win:.0%}"
        lines.append(f"{i + 1}. `{h.notation}` — {chance} {goal}{extra}")
    return lines


def cube(hint: CubeHint, game: Game) -> str:
    """The cube advice and the equities it comes from (per unit of the cube as it is now), for the player
    who must decide: the roller before rolling, or the player facing a double."""
    d = hint.decision
    now = game.cube
    lines = [f"Cube advice: **{hint.advice}**"]
    if hint.facing_double:
        chances = d.chances.flipped()
        take, drop = (None, None) if hint.mwc is None else (1 - hint.mwc[1], 1 - hint.mwc[2])
        lines += [
            f"• Take (the cube on {now * 2}, yours): {-d.double_take:+.3f}{_mwc(take)}",
            f"• Pass (lose {now} point{'s' if now != 1 else ''}): {-d.double_pass:+.3f}{_mwc(drop)}",
            f"The other answer would cost {d.answer_error(not d.take):.3f}.",
        ]
    else:
        chances = d.chances
        word = "Redouble" if d.redouble else "Double"
        mwc = hint.mwc or (None, None, None)
        lines += [
            f"• No {word.lower()}: {d.no_double:+.3f}{_mwc(mwc[0])}",
            f"• {word}, take: {d.double_take:+.3f}{_mwc(mwc[1])}",
            f"• {word}, pass: {d.double_pass:+.3f}{_mwc(mwc[2])}",
            f"The other choice would cost {d.doubling_error(not d.double):.3f}.",
        ]
    lines.append(f"Your chances: {chances_line(chances)}. Equities per unit of the cube now ({now}).")
    return "\n".join(lines)


def _mwc(chance: float | None) -> str:
    """`` (match winning chance 54.2%)`` after an equity in match play; nothing in money play."""
    return "" if chance is None else f" (match winning chance {chance:.1%})"


def chances_line(chances: Chances) -> str:
    win, gammon, lose_gammon = chances.win, chances.win_gammon, chances.lose_gammon
    return f"{win:.0%} to win, {gammon:.0%} win a gammon, {lose_gammon:.0%} lose a gammon"


__all__ = [
    "FIRST_PAGE",
    "MORE_LABEL",
    "NO_HINT",
    "NO_HINT_NOW",
    "PAGE_CHARS",
    "PAGE_LINES",
    "chances_line",
    "cube",
    "measure",
    "pages",
    "plays",
]
