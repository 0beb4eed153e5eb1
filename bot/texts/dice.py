"""What the bot says about a match's dice: the commitment from the first board on, the seed once the match
is over, and ``/minigam dice`` (issue 33; the rule is in docs/RULES.md, "Dice anyone can verify")."""

from __future__ import annotations

from collections.abc import Sequence

LISTING_FILE = "minigam-match-{match_id}-dice.txt"


def committed(commitment: str) -> str:
    """On the first board and in ``/minigam board``: the commitment, in full so it can be kept."""
    return f"🎲 Dice committed: SHA-256 `{commitment}`. The seed is revealed when the match ends."


def revealed(seed: str, match_id: int) -> str:
    """On the last board (and the final board, and a cancelled match's message)."""
    return (
        f"🎲 Dice seed revealed: `{seed}`. `/minigam dice match:{match_id}` lists every die to check "
        "against it."
    )


DICE_IN_PLAY = (
    "The dice of a match in play stay secret until it ends: the seed is revealed on its last board, and "
    "`/minigam dice` lists every die then."
)
NO_DICE_HERE = (
    "There's no match in this channel whose dice I could show. Give its number: `/minigam dice match:12`."
)
NO_SEED = (
    "That match was started before the bot committed to its dice, so there is no seed to show. Every match "
    "started since has one."
)


def cannot_list(exc: Exception) -> str:
    return f"This match's dice can't be listed: its record can't be read ({exc})."


def no_such_match(match_id: int) -> str:
    return f"There's no match {match_id} in this server."


def listing_header(match_id: int, title: str, names: Sequence[str], seed: str, commitment: str) -> list[str]:
    """The comment lines at the top of the listing file."""
    return [
        f"Minigam match {match_id}: {title}, {' vs '.join(names)}",
        f"commitment {commitment}",
        f"seed {seed}",
        "Each game's dice in the order thrown: each round of the opening roll (one die per player rolling),",
        "then each roll. Check them (docs/RULES.md, 'Dice anyone can verify'):",
        f"python -m engine.dice verify --seed {seed} --commitment {commitment} "
        f"--rolls {LISTING_FILE.format(match_id=match_id)}",
    ]


def listing_reply(match_id: int, dice: int, games: int, seed: str, commitment: str) -> str:
    return (
        f"Match {match_id}'s {dice} dice in {games} game{'s' if games != 1 else ''}, all from the seed "
        f"`{seed}`, whose SHA-256 `{commitment}` was shown from the first board on. The file lists them "
        "and says how to check them."
    )


__all__ = [
    "DICE_IN_PLAY",
    "LISTING_FILE",
    "NO_DICE_HERE",
    "NO_SEED",
    "cannot_list",
    "committed",
    "listing_header",
    "listing_reply",
    "no_such_match",
    "revealed",
]
