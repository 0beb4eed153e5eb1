"""The help page and the rules of each game, as the bot shows them."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Variant, find_variant

WRITING_MOVES = (
    "Write each move as from/to: `bar` for the bar, `off` to bear off, `*` marks a hit (optional), "
    "`bar/3/5` moves one checker twice, `6/off(2)` repeats a move. In the 6-point games the points are "
    "numbered 1–6 as on the picture; in backgammon each player counts from their own home board (1–6)."
)
"""How to write a play, for every help page."""

_HELP = """\
**Minigam** — backgammon-family dice games, each match in a thread of its own.

**Start a match**
• `/minigam challenge @someone [variant] [points] [clock]` — they get Accept / Decline buttons.
• `/minigam vs-bot [variant] [level] [clock]` — play the computer ({levels}; unrated).
• `/minigam multigam [level]` — open a four-player Multigam lobby: up to four join with its \
button, the host starts, and the computer takes the empty seats. Rated when two people or more play.
Play several at once; anyone may watch. In a match's thread, commands are about that match.

**Play**
Each turn the bot posts the board and your roll, and mentions you when it is your turn. \
The dice are rolled for you when you can't double, and a turn \
with no legal move passes by itself (`/minigam prefs`: more at once). \
Play your whole turn with the menu under the board, or type it:
• `/minigam move bar/3 5/off` — autocomplete lists the legal plays.
{writing_moves}

**More**
`/minigam board` shows the board (after the end too) · \
`/minigam hint` suggests plays and cube actions (unrated \
games) · `/minigam analyse [game]` analyses a finished game · \
`/minigam puzzle solve` · `/minigam train` · \
`/minigam resign` gives up (Multigam: the last free place) · `/minigam leave` hands \
your Multigam seat to the computer (its place is yours) · `/minigam rules [variant]` · \
`/minigam leaderboard [variant]` · \
`/minigam stats [@user]` · `/minigam history` · `/minigam export` (.mat) · \
`/minigam dice`, `/minigam tournament` · \
`/minigam cancel`, `/minigam settings` (Manage Server).
Slow players are reminded at half time and forfeit at the limit (Multigam: the computer takes \
the seat); on a `clock`, running out of time loses."""


def help_text(levels: Sequence[str]) -> str:
    """How to play with the bot; ``levels``: the computer's levels, weakest first."""
    return _HELP.format(levels=either(levels), writing_moves=WRITING_MOVES)


def either(words: Sequence[str]) -> str:
    """``easy, medium or hard``."""
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


_FORCED = {
    "order": "You choose which die to play first; then each die, in that order, must be played if it can be "
    "at that moment, so you may end up playing only one die even where the other order plays both. With a "
    "double the second move must be played whenever it can be.",
    "standard": "Use as many dice as you can (all four moves of a double if possible); when only one die can "
    "be used and either could be, use the larger.",
}
_BAR = {
    "loose": "Checkers on the bar and on the board move in any order.",
    "strict": "While you have a checker on the bar, you must enter it before any other checker may move.",
}
_BEAROFF = {
    "always": "You may bear off at any time, even with checkers on the bar, so one checker may enter and "
    "another bear off in the same turn.",
    "no-bar": "You may bear off only when none of your checkers is on the bar; a checker that enters may "
    "still bear off later in the same turn once none is left there.",
    "home": "You may bear off only when all {checkers} of your checkers are in your home board, none on the "
    "bar.",
}
_OVERSHOOT = {
    "always": "A die equal to a checker's distance to the end bears it off; a higher die bears off only your "
    "farthest-back checker, counting the bar (so never while you have a checker on the bar).",
    "no-bar": "A die equal to a checker's distance to the end bears it off; a higher die bears off only your "
    "farthest-back checker.",
    "home": "A die equal to a checker's point bears it off; a higher die bears off only your farthest-back "
    "checker.",
}
_SCORING = {
    "single": "The first to bear off all {checkers} checkers wins one point; there are no gammons and no "
    "doubling cube. A match is played to the points chosen with the challenge (1 unless you choose more).",
    "placings": "A player who bears off all {checkers} checkers takes the next place and is skipped from "
    "then on; the game ends when the third player finishes, and the last takes fourth. Places score 5, 3, 2 "
    "and 1 points.",
    "backgammon": "A win is 1 point, a gammon 2 (the loser has borne off no checker), a backgammon 3 (the "
    "loser has borne off none and still has a checker on the bar or in the winner's home board), times the "
    "cube.",
    "mulligan": "There is no doubling cube. A win is 1 point, a Mulligan 3 (the loser still has a checker "
    "on the bar or outside their own home board when the winner bears off the last checker). The match is "
    "the best of five games: the first to 3 points wins. A resignation costs 3 while a Mulligan is still "
    "possible, else 1.",
}
_CUBE = (
    "Before rolling, the cube's owner (either player while it is in the middle) may double; the other takes "
    "(the cube doubles and is theirs) or drops (and loses the game at the cube's value). Resigning offers a "
    "single game, a gammon or a backgammon, which the other accepts (that value times the cube) or declines.",
    "Money play is one game, with the Jacoby rule unless the server turns it off (gammons and backgammons "
    "count single while the cube is in the middle) and no beavers. A match to N points has the Crawford "
    "rule (no double in the first game after a player reaches N − 1); in every other game, whatever the "
    "score, unless the cube is dead (a win at its value wins the match).",
)
_OPENING = {
    2: "Each player rolls one die to start, again on a tie; the higher moves first with those two dice, so "
    "never with a double.",
    4: "All four roll one die to start; if several tie for the highest, only they roll again. The highest "
    "moves first with their die and the lowest die among the others (never a double); play then goes round "
    "the table in seat order.",
}
_PATHS = {
    "two": "Player 1 moves up: from the bar onto point `d` with a die `d`, toward point 6 and off past it. "
    "Player 2 moves down: from the bar onto point 7 − `d`, toward point 1 and off past it.",
    "all": "Everyone moves up: from the bar onto point `d` with a die `d`, toward point 6 and off past it.",
    "own": "You count the points from your own side: your home board is 1–6, you bear off past your point 1, "
    "and you enter with a die `d` on your point 25 − `d`.",
}


def rules_text(variant: str | Variant) -> str:
    """The rules of one variant as RULES.md states them, in a few lines that fit a Discord message (the
    full text with examples is docs/RULES.md)."""
    v = find_variant(variant)
    start = "starting from the backgammon layout" if v.start else "every checker starting on the bar"
    path = "own" if v.numbering == "own" else "all" if v.is_multiplayer else "two"
    doubles = "twice (two moves of that number)" if v.doubles_moves == 2 else "four times"
    lines = [
        f"**{v.title}** (`{v.name}`) — {v.summary}",
        f"• {v.players} players, {v.points} points, {v.checkers} checkers each, {start}. {_PATHS[path]}",
        "• Two or more checkers of one player close a point to everyone else; landing on (or entering onto) "
        "a lone opposing checker hits it to the bar.",
        f"• {_OPENING[v.players]}",
        f"• A double is played {doubles}. {_FORCED[v.forced]} If no die can be played, the turn passes.",
        f"• {_BAR[v.bar_rule]}",
        f"• {_BEAROFF[v.bearoff].format(checkers=v.checkers)} {_OVERSHOOT[v.bearoff]}",
        f"• {_SCORING[v.scoring].format(checkers=v.checkers)}",
    ]
    if v.cube:
        lines.extend(f"• {line}" for line in _CUBE)
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
        lines.append(f"• **{v.title}** (`{v.name}`) — {v.summary}")
    return "\n".join(lines)
