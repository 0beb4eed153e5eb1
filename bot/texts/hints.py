"""What ``/minigam hint`` says: the best plays for a roll, each with what it gives up against the best, and
backgammon's cube advice (to double or not; facing a double, to take or pass)."""

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


def plays(game: Game, found: Sequence[Hint]) -> str:
    """The best plays for the roll, best first, each with what it gives up against the best: exactly in a
    solved game (its chances then to a tenth of a percent), else by the evaluation's own numbers."""
    if not found:
        return NO_HINT
    lines = [f"Best plays for your {game.dice}:"]
    best, _ = measure(found[0])
    for i, h in enumerate(found, start=1):
        extra = ""
        if h.gammon is not None:
            extra += f", {h.gammon:.0%} gammon"
        if h.equity is not None:
            extra += f", equity {h.equity:+.3f}"
        goal = "to win"
        if h.expected_points is not None:  # multigam
            goal, extra = "to finish first", f", {h.expected_points:.2f} expected points{extra}"
        value, written = measure(h)
        loss = h.loss if h.loss is not None else max(0.0, best - value)
        extra += ", the best play" if i == 1 or loss == 0 else f", {written.format(loss)} less than the best"
        chance = f"{h.win:.1%}" if h.loss is not None else f"{h.win:.0%}"
        lines.append(f"{i}. `{h.notation}` — {chance} {goal}{extra}")
    return "\n".join(lines)


def cube(hint: CubeHint, game: Game) -> str:
    """The cube advice and the equities it comes from (per unit of the cube as it is now), for the player
    who must decide: the roller before rolling, or the player facing a double."""
    d = hint.decision
    now = game.cube
    lines = [f"Cube advice: **{hint.advice}**"]
    if hint.facing_double:
        chances = d.chances.flipped()
        lines += [
            f"• Take (the cube on {now * 2}, yours): {-d.double_take:+.3f}",
            f"• Pass (lose {now} point{'s' if now != 1 else ''}): {-d.double_pass:+.3f}",
            f"The other answer would cost {d.answer_error(not d.take):.3f}.",
        ]
    else:
        chances = d.chances
        word = "Redouble" if d.redouble else "Double"
        lines += [
            f"• No {word.lower()}: {d.no_double:+.3f}",
            f"• {word}, take: {d.double_take:+.3f}",
            f"• {word}, pass: {d.double_pass:+.3f}",
            f"The other choice would cost {d.doubling_error(not d.double):.3f}.",
        ]
    lines.append(f"Your chances: {chances_line(chances)}. Equities per unit of the cube now ({now}).")
    return "\n".join(lines)


def chances_line(chances: Chances) -> str:
    win, gammon, lose_gammon = chances.win, chances.win_gammon, chances.lose_gammon
    return f"{win:.0%} to win, {gammon:.0%} win a gammon, {lose_gammon:.0%} lose a gammon"


__all__ = ["NO_HINT", "NO_HINT_NOW", "chances_line", "cube", "measure", "plays"]
