"""The actions a person (or the computer) can take in a match: the one way in.

Every action goes through :meth:`bot.core.matches.Matches.act` as ``(match, version, user, action,
argument)``. Buttons and menus are built from this set: a :class:`Control` on a board names an action (and
the options of its menu, when it has one), the Discord views turn it into a component whose custom id is
``mg:<match>:<version>:<action>``, and a click comes back here. Adding an action means a handler in the core
and a label in :mod:`bot.texts`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Action(enum.StrEnum):
    """A match action; the value is what a component's custom id carries."""

    PLAY = "play"  # a whole play, in notation (typed, or chosen from the board's menu)
    FIRST = "first"  # the first single move of a play picked move by move (the board's menu)
    STEP = "step"  # the next single move of a play being picked (the picker's menu)
    UNDO = "undo"  # take back the last picked move
    DONE = "done"  # play the moves picked so far
    RESIGN = "offer"  # give up the game (argument: how much, where the game lets the resigner choose)
    ACCEPT = "accept"  # accept an offered resignation
    DECLINE = "decline"  # decline an offered resignation
    DOUBLE = "double"  # offer the doubling cube before rolling
    TAKE = "take"  # take an offered double
    DROP = "drop"  # drop an offered double
    ROLL = "roll"  # roll instead of doubling
    CANCEL = "cancel"  # a moderator ends the match; it counts for nobody
    LEAVE = "leave"  # multigam: leave the table; the computer plays your seat, its place counts for you

    @property
    def has_menu(self) -> bool:
        """Chosen from a menu of options (the argument is the chosen option) rather than a button."""
        return self in _MENU_ACTIONS

    @property
    def changes_match(self) -> bool:
        """Whether the action moves the match on (picking moves does not, until the play is made)."""
        return self not in _PICKING

    @property
    def out_of_turn(self) -> bool:
        """Open to any seated player at any moment, not only to the one whose turn it is."""
        return self in _OUT_OF_TURN

    @property
    def from_private_reply(self) -> bool:
        """Clicked on a private reply to one person (a question, the picker), answered privately there;
        the others are answered by the match's new public board."""
        return self in _FROM_PRIVATE_REPLY or not self.changes_match


_MENU_ACTIONS = frozenset({Action.PLAY, Action.FIRST, Action.STEP})
_PICKING = frozenset({Action.FIRST, Action.STEP, Action.UNDO})
_OUT_OF_TURN = frozenset({Action.RESIGN, Action.LEAVE})
_FROM_PRIVATE_REPLY = frozenset({Action.RESIGN, Action.DONE, Action.LEAVE})

LEGACY_TOKENS = {"confirm": Action.RESIGN}
"""Custom-id tokens of boards posted by earlier versions of the bot, still honoured after an upgrade."""


class Prompt(enum.StrEnum):
    """Buttons that only open or close a question (nothing happens to the match)."""

    RESIGN = "resign"  # ask "resign this game?" (its answer is the RESIGN action)
    KEEP = "keep"  # "no, play on": close the question
    ANALYSE = "analyse"  # a finished game's analysis, for anyone (argument: the game's id)

    @property
    def out_of_turn(self) -> bool:
        """Open to any seated player at any moment (the resignation question and its "play on")."""
        return self in (Prompt.RESIGN, Prompt.KEEP)


class AfterMatch(enum.StrEnum):
    """Buttons under a finished match's last board: they start something new from it."""

    REMATCH = "rematch"  # the same match again, seats swapped


@dataclass(frozen=True, slots=True)
class Control:
    """One component under a board or a reply: an action (or a prompt, or an after-match button), the
    options of its menu, and the argument a button sends."""

    action: Action | Prompt | AfterMatch
    options: tuple[str, ...] = ()
    argument: str = ""


def parse_token(token: str) -> Action | Prompt | None:
    """The action or prompt a custom id's token names (old tokens included); ``None`` for anything else."""
    if token in LEGACY_TOKENS:
        return LEGACY_TOKENS[token]
    for kind in (Action, Prompt):
        try:
            return kind(token)
        except ValueError:
            continue
    return None


__all__ = ["LEGACY_TOKENS", "Action", "AfterMatch", "Control", "Prompt", "parse_token"]
