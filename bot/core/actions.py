"""The actions a person (or the computer) can take in a match: the one way in.

Every action goes through :meth:`bot.core.matches.Matches.act` as ``(match, version, user, action,
argument)``. Buttons and menus are built from this set: a :class:`Control` on a board names an action (and
the options of its menu, when it has one), the Discord views turn it into a component whose custom id is
``mg:<match>:<version>:<action>``, and a click comes back here. The actions themselves
(:class:`~bot.models.Action`, :class:`~bot.models.Prompt`, :class:`~bot.models.AfterMatch`) are words the
texts use too, so they live in :mod:`bot.models`. Adding an action means a handler in the core and a label
in :mod:`bot.texts`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.models import Action, AfterMatch, Prompt

LEGACY_TOKENS = {"confirm": Action.RESIGN}
"""Custom-id tokens of boards posted by earlier versions of the bot, still honoured after an upgrade."""


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


__all__ = ["LEGACY_TOKENS", "Control", "parse_token"]
