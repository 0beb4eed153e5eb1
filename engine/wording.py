"""English grammar for sentences about a player named in them, shared by everything that writes such
sentences: the engine's descriptions, the board pictures and the bot's texts.

The local console calls its player "You", and "You" is a pronoun: it takes a verb's plain form and
becomes "your" and "you" ("You start.", "Bob accepted your challenge.", "Waiting for you."). Every other
name is a third person ("Alice starts.", "Bob accepted Alice's challenge.").
"""

from __future__ import annotations

YOU = "You"
"""The name of the person at the local console."""


def is_you(name: str) -> bool:
    """Whether ``name`` is the second person, "You"."""
    return name == YOU


def verb(name: str, third_person: str, plain: str) -> str:
    """The verb's form for ``name`` as the subject: ``verb("Bob", "starts", "start")`` is ``starts``,
    ``verb("You", "starts", "start")`` is ``start``."""
    return plain if is_you(name) else third_person


def possessive(name: str, *, first: bool = False) -> str:
    """``Bob's``; for "You" ``your`` (``Your`` when the sentence starts with it, ``first``)."""
    if is_you(name):
        return "Your" if first else "your"
    return f"{name}'s"


def objective(name: str) -> str:
    """``name`` as an object ("waiting for Bob"); "you" for "You"."""
    return "you" if is_you(name) else name


def theirs(name: str) -> str:
    """What belongs to ``name``, standing alone: ``theirs``, or ``yours`` for "You"."""
    return "yours" if is_you(name) else "theirs"


__all__ = ["YOU", "is_you", "objective", "possessive", "theirs", "verb"]
