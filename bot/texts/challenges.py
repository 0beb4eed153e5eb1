"""What the bot says about challenges and the clock."""

from __future__ import annotations

from bot.models import ChallengeStatus
from bot.texts.grammar import addressed, duration, objective, possessive, verb
from engine import Variant, find_variant

NOT_A_MEMBER = "That isn't a member you can challenge. To play the computer, use `/minigam vs-bot`."
CHALLENGE_YOURSELF = "You can't challenge yourself. To play the computer, use `/minigam vs-bot`."
CHALLENGE_GONE = "That challenge doesn't exist any more."
CHALLENGE_EXPIRED = "This challenge has expired."
YOU_DECLINED = "You declined the challenge."
YOUR_CHALLENGE_WAITS = "You have a challenge waiting in this channel; wait for it to be answered or expire."


# ---------------------------------------------------------------------- the clock
def forfeits(name: str, limit: float) -> str:
    return f"{name} didn't play within {duration(limit)} and {verb(name, 'forfeits', 'forfeit')} the match."


def reminder(name: str, left: float) -> str:
    within = duration(left)
    return addressed(
        name, f"it's still your turn in this match: play within {within} or you forfeit the match."
    )


# ---------------------------------------------------------------------- challenges
def challenge_a_bot(name: str) -> str:
    return (
        f"{name} is a bot account and can't accept challenges. To play the computer, use `/minigam vs-bot`."
    )


def already_challenging(who: str, challenger: str, opponent: str) -> str:
    return (
        f"{who} already {verb(who, 'has', 'have')} a challenge waiting in this channel "
        f"({challenger} vs {opponent}); "
        "wait for it to be answered or expire."
    )


def challenge_text(
    challenger: str, opponent: str, v: Variant, points: int, rated: bool, timeout: float
) -> str:
    if points == 0:
        length = "a money game"
    else:
        length = f"a match to {points} points" if points > 1 else "a 1-point match"
        if not rated:
            length += ", unrated"
    return (
        f"{opponent}, {challenger} challenges you to **{v.title}** ({length}). "
        f"Accept or decline within {duration(timeout)}."
    )


def challenge_sent(opponent: str) -> str:
    return f"Challenge sent to {opponent}."


def not_your_challenge(opponent: str) -> str:
    return f"This isn't your challenge: only {opponent} can answer it."


def challenge_already(status: ChallengeStatus) -> str:
    return f"This challenge has already been {status}."


def challenge_closed(c, status: ChallengeStatus) -> str:
    title = find_variant(c.variant).title
    a, b = c.challenger_name, c.opponent_name
    match status:
        case ChallengeStatus.ACCEPTED:
            return f"{b} accepted {possessive(a)} challenge to {title}."
        case ChallengeStatus.DECLINED:
            return f"{b} declined {possessive(a)} challenge to {title}."
        case ChallengeStatus.EXPIRED:
            return f"{possessive(a, first=True)} challenge to {objective(b)} ({title}) expired unanswered."
    return f"{possessive(a, first=True)} challenge to {objective(b)} ({title}) was cancelled."


__all__ = [
    "CHALLENGE_EXPIRED",
    "CHALLENGE_GONE",
    "CHALLENGE_YOURSELF",
    "NOT_A_MEMBER",
    "YOUR_CHALLENGE_WAITS",
    "YOU_DECLINED",
    "already_challenging",
    "challenge_a_bot",
    "challenge_already",
    "challenge_closed",
    "challenge_sent",
    "challenge_text",
    "forfeits",
    "not_your_challenge",
    "reminder",
]
