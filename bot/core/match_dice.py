"""A match's dice source (issue 33: dice anyone can verify).

Every match draws a secret :class:`~engine.dice.Seed` when it starts, stored apart from the match
(``match_dice``), and throws every die from it (:mod:`engine.dice.stream`). Where the stream stands
follows from the record: the dice the match's stored games show (:func:`engine.dice.record.thrown_dice`),
so a restart, a reload or another process throws the same next die. Nothing but this module reads the
seed from the store; in memory the seed hides itself and cannot cross to a worker process.

A source given to the core (``Core(dice=...)``: the tests' scripted and seeded dice) throws every match's
dice instead of the stream: such matches still draw, store and reveal a seed, but their dice do not follow
from it. (The console's ``--seed`` gives repeatable seeds instead, whose dice do follow.)
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import DamagedRecord, Store, Transaction
from engine import Event
from engine.dice import DiceSource, SecretDice, Seed
from engine.dice.record import thrown_dice
from engine.errors import DiceError


def dice_for(given: DiceSource | None, seed: Seed | None, thrown: int) -> DiceSource:
    """The dice a match throws next, after the ``thrown`` dice its record shows: the core's given source
    if any, else its seed's stream from there (a match started before seeds were kept: the system's
    secure dice)."""
    if given is not None:
        return given
    if seed is None:
        return SecretDice()
    return seed.dice(thrown)


def dice_in(games: Sequence[Sequence[Event]]) -> int:
    """How many dice the games' records show."""
    return sum(len(thrown_dice(events)) for events in games)


async def keep_seed(tx: Transaction, match_id: int, seed: Seed) -> None:
    """Store the seed of the match just inserted, in the same transaction."""
    await tx.add_match_seed(match_id, seed.reveal())


async def stored_seed(store: Store, match_id: int) -> Seed | None:
    """The seed of ``match_id`` (``None``: started before seeds were kept); :class:`DamagedRecord` if
    the stored one cannot be read."""
    text = await store.match_seed(match_id)
    if text is None:
        return None
    try:
        return Seed.from_hex(text)
    except DiceError:  # its text stays out of the message: it may be most of the secret
        raise DamagedRecord(f"the dice seed of match {match_id}", "it is not 64 hex digits") from None


__all__ = ["dice_for", "dice_in", "keep_seed", "stored_seed"]
