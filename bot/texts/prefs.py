"""What the bot says about a person's own preferences (``/minigam prefs``) and the actions it takes for
them: the automatic roll, a forced play, bearing off."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.grammar import objective
from bot.texts.help import either

ROLL_CHOICES = ("ask", "no-double", "always")
"""The ``roll`` preference's values, in the order they are offered (the core's ``AutoRoll``)."""

_ROLL = {
    "ask": "when you may double, you choose Roll or Double (when you can't, your dice are rolled at once)",
    "no-double": (
        "your dice are rolled at once when doubling isn't worth it, by the computer's cube advice"
        " (in unrated matches: in rated ones that would be a hint, so you choose)"
    ),
    "always": "your dice are rolled at once, even when you could double",
}
_FORCED = {
    True: "a forced play (the only legal play) is played for you at once",
    False: "you make even a forced play yourself",
}
_BEAR_OFF = {
    True: "in a backgammon race, a roll that bears off a checker with every die is played for you at once",
    False: "you bear off yourself",
}

_PUZZLES = {
    True: "the positions of your worst decisions may be puzzles for others in the server (without names)",
    False: "your positions are kept out of others' puzzles (your own training still has them)",
}

PREFS_HOW = (
    "Change them with `/minigam prefs` and its options: `roll` ("
    + either(ROLL_CHOICES)
    + "), `forced`, `bear_off` and `puzzles` (on or off)."
)


def prefs_text(
    roll: str, forced: bool, bear_off: bool, *, changed: Sequence[str] = (), puzzles: bool = True
) -> str:
    """A person's preferences, each with what it does (``changed``: the names just changed)."""
    lines = [
        ("Saved. " if changed else "") + "Your preferences, the same in every server:",
        f"- `roll`: **{roll}** — {_ROLL[roll]}.",
        f"- `forced`: **{_on(forced)}** — {_FORCED[forced]}.",
        f"- `bear_off`: **{_on(bear_off)}** — {_BEAR_OFF[bear_off]}.",
        f"- `puzzles`: **{_on(puzzles)}** — {_PUZZLES[puzzles]}.",
        PREFS_HOW,
    ]
    return "\n".join(lines)


def _on(value: bool) -> str:
    return "on" if value else "off"


def bad_pref(name: str) -> str:
    return f"There's no preference called `{name[:40]}`. {PREFS_HOW}"


def bad_roll(value: str) -> str:
    return f"`roll` can be {either([f'`{c}`' for c in ROLL_CHOICES])}, not `{value[:40]}`."


def bad_switch(name: str, value: str) -> str:
    return f"`{name}` can be `on` or `off`, not `{value[:40]}`."


def rolled_automatically(name: str, *, no_double: bool) -> str:
    """The board's line for a roll the bot made for ``name``."""
    why = "no double, by the cube advice" if no_double else "as asked"
    return f"Rolled at once for {objective(name)} (automatic roll: {why})."


def played_automatically(line: str, *, bear_off: bool) -> str:
    """``line`` (who played what) for a play the bot made for its player: a forced play, or bearing off."""
    why = "bearing off with every die" if bear_off else "the only play"
    return f"{line.removesuffix('.')} (automatic: {why})."


__all__ = [
    "PREFS_HOW",
    "ROLL_CHOICES",
    "bad_pref",
    "bad_roll",
    "bad_switch",
    "played_automatically",
    "prefs_text",
    "rolled_automatically",
]
