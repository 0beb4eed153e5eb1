"""The help page and the rules of each game, as the bot shows them."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Variant, find_variant

_HELP = """\
**Minigam** — backgammon-family dice games, played in the channel.

**Start a match**
• `/minigam challenge @someone [variant] [points]` — they get Accept / Decline buttons.
• `/minigam vs-bot [variant] [level]` — play the computer ({levels}; unrated).
• `/minigam multigam [level]` — open a four-player Multi-Gam lobby: up to four join with its \
button, the host starts, and the computer takes the empty seats. Rated when two people or more play.
One match per channel: start more in threads.

**Play**
Each turn the bot posts the board and your roll and mentions you. The dice are rolled for you, and a turn \
with no legal move passes by itself. Play your whole turn with the menu under the board, or type it:
• `/minigam move bar/3 5/off` — autocomplete lists the legal plays as you type.
Write each move as from/to: `bar` for the bar, `off` to bear off, `*` marks a hit (optional), \
`bar/3/5` moves one checker twice, `6/off(2)` repeats a move. In the 6-point games the points are \
numbered 1–6 as on the picture; in backgammon each player counts from their own home board (1–6).

**More**
`/minigam board` shows the board again · `/minigam hint` suggests plays and cube actions (unrated \
games) · `/minigam analyse [game]` analyses a finished game (also the Analyse button on its last board) · \
`/minigam resign` gives up the game (in Multi-Gam: the last free place) · `/minigam leave` hands \
your Multi-Gam seat to the computer (its place counts for you) · `/minigam rules [variant]` · \
`/minigam leaderboard [variant]` · \
`/minigam stats [@user]` · `/minigam history` · `/minigam cancel` (Manage Server).
If the player to move doesn't play, a reminder goes out at half time and they forfeit at the limit \
(in Multi-Gam the computer takes their seat and the game goes on)."""


def help_text(levels: Sequence[str]) -> str:
    """How to play with the bot; ``levels``: the computer's levels, weakest first."""
    return _HELP.format(levels=", ".join(levels[:-1]) + f" or {levels[-1]}" if len(levels) > 1 else levels[0])


_FORCED = {
    "order": "You choose which die to play first; each die must then be played if it can be at that moment, "
    "so you may end up playing only one die.",
    "standard": "You must use both dice when you can (all four moves of a double), and the larger die when "
    "only one can be played.",
}
_BAR = {
    "loose": "Checkers on the bar and on the board move in any order; a checker may enter and bear off "
    "in the same turn.",
    "strict": "While you have a checker on the bar, you must enter it before moving anything else.",
}
_BEAROFF = {
    "always": "You may bear off at any time; a higher die bears off your farthest-back checker only "
    "(counting the bar).",
    "no-bar": "You may bear off once none of your checkers is on the bar; a higher die bears off your "
    "farthest-back checker only.",
    "home": "You bear off once all your checkers are in your home board; a higher die bears off only "
    "from your highest point.",
}
_SCORING = {
    "single": "The first to bear off all {checkers} checkers wins one point; a match is first to N points.",
    "placings": "Places score 5, 3, 2 and 1; the game ends when the third player finishes.",
    "backgammon": "A win is 1 point, a gammon 2 (the loser bore off none), a backgammon 3 (and still has a "
    "checker on the bar or in the winner's home board), times the cube. Matches use the Crawford rule.",
    "mulligan": "No cube. A win is 1 point, a Mulligan 3 (the loser still has a checker on the bar or "
    "outside their home board); the match is first to 3.",
}


def rules_text(variant: str | Variant) -> str:
    """The rules of one variant in a few lines (the full text is docs/RULES.md)."""
    v = find_variant(variant)
    if v.start:
        start = "the standard backgammon layout"
    else:
        start = f"all {v.checkers} checkers on the bar"
    if v.points == 6 and v.players == 2:
        direction = (
            "Player 1 moves up from point 1 to 6 and bears off past 6; player 2 moves down from 6 to 1."
        )
    elif v.players > 2:
        direction = "Everyone moves the same way, from point 1 to 6, and bears off past 6."
    else:
        direction = "Each player moves toward their own home board, numbered 1 to 6 for them."
    doubles = f"Doubles move {'twice' if v.doubles_moves == 2 else 'four times'}."
    lines = [
        f"**{v.title}** (`{v.name}`) — {v.summary}",
        f"• {v.players} players, {v.points} points, {v.checkers} checkers each, starting with {start}.",
        f"• {direction} A point with two or more of a player's checkers is closed to the others; landing "
        "on a single opposing checker hits it to the bar.",
        f"• {doubles} {_FORCED[v.forced]}",
        f"• {_BAR[v.bar_rule]}",
        f"• {_BEAROFF[v.bearoff]}",
        f"• {_SCORING[v.scoring].format(checkers=v.checkers)}",
    ]
    if v.players > 2:
        lines.append(
            "• Seats go round in the order players joined the lobby; the computer plays the empty seats. "
            "Resigning takes the lowest place still free; `/minigam leave` hands your seat to the computer. "
            "Open a game with `/minigam multigam [level]`."
        )
    return "\n".join(lines)


def all_rules_text(names: Sequence[str]) -> str:
    """The overview of the games ``names``, a line each."""
    lines = ["**The games** — `/minigam rules <variant>` for one in full."]
    for name in names:
        v = find_variant(name)
        lines.append(f"• `{v.name}` — {v.summary}")
    return "\n".join(lines)
