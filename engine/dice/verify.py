"""Checking a match's dice against its revealed seed: ``python -m engine.dice verify --seed HEX
--commitment HEX --rolls FILE``.

``FILE`` is the listing ``/minigam dice`` gives (:mod:`engine.dice.record`: every die of the match), or the
match's ``.mat`` record (``/minigam export``). A ``.mat`` does not write everything thrown: the re-rolls of
a tied opening roll are left out (the seed's dice show them: the first two dice that differ start the game)
and so is a roll its thrower never played because the other player resigned; after a game that ended by
resignation the next game may therefore start two dice later. Every die the ``.mat`` shows is checked.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.dice.record import read_listing
from engine.dice.stream import SEED_BYTES, commitment, dice_stream, read_hex
from engine.errors import DiceError, EngineError
from engine.events import EventKind
from engine.mat import MatchRecord
from engine.mat_read import read_match
from engine.scoring import Termination


class DiceMismatch(EngineError):
    """The record's dice are not the seed's, or the seed is not the committed one; the message says where."""


@dataclass(frozen=True, slots=True)
class Verified:
    """What a check found right: how many dice, in how many games (``None``: a listing has no games)."""

    dice: int
    games: int | None = None


class _Thrown:
    """The seed's dice, by index, thrown as far as asked."""

    def __init__(self, seed: bytes) -> None:
        self._stream: Iterator[int] = dice_stream(seed)
        self._dice: list[int] = []

    def __getitem__(self, index: int) -> int:
        while len(self._dice) <= index:
            self._dice.append(next(self._stream))
        return self._dice[index]

    def pair(self, index: int) -> tuple[int, int]:
        return self[index], self[index + 1]


def check_commitment(seed: bytes, committed: str) -> None:
    """:class:`DiceMismatch` unless ``committed`` is the SHA-256 of ``seed``."""
    if not hmac.compare_digest(commitment(seed), committed.strip().lower()):
        raise DiceMismatch(
            f"the seed's SHA-256 is {commitment(seed)}, not the commitment {committed.strip()}"
        )


def verify_dice(seed: bytes, committed: str, dice: Sequence[int]) -> Verified:
    """Check a list of dice, in the order thrown, against the seed that ``committed`` commits to."""
    check_commitment(seed, committed)
    for index, (shown, thrown) in enumerate(zip(dice, dice_stream(seed), strict=False)):
        if shown != thrown:
            raise DiceMismatch(f"die {index + 1} of the record is {shown}, but the seed throws {thrown}")
    return Verified(len(dice))


def verify_mat(seed: bytes, committed: str, record: MatchRecord) -> Verified:
    """Check every die a ``.mat`` record shows (see the module's docstring)."""
    check_commitment(seed, committed)
    thrown = _Thrown(seed)
    at, checked, resigned = 0, 0, False
    for number, game in enumerate(record.games, 1):
        openings = [e.dice for e in game.events if e.kind is EventKind.OPENING]
        starts = (at, at + 2) if resigned else (at,)
        found = None
        for start in starts:
            end, opening = _opening(thrown, start)
            if openings and tuple(openings[-1]) == opening:
                found = end
                break
        if found is None:
            _, opening = _opening(thrown, at)
            shown = "-".join(map(str, openings[-1])) if openings else "nothing"
            raise DiceMismatch(
                f"game {number}: the opening roll is {shown}, but the seed throws {opening[0]}-{opening[1]}"
            )
        at, checked = found, checked + 2
        for roll, event in enumerate((e for e in game.events if e.kind is EventKind.ROLL), 2):
            expected = thrown.pair(at)
            if tuple(event.dice) != expected:
                raise DiceMismatch(
                    f"game {number}, roll {roll}: the record shows {event.dice[0]}-{event.dice[1]}, "
                    f"but the seed throws {expected[0]}-{expected[1]}"
                )
            at, checked = at + 2, checked + 2
        resigned = game.outcome is not None and game.outcome.termination is Termination.RESIGNED
    return Verified(checked, len(record.games))


def _opening(thrown: _Thrown, at: int) -> tuple[int, tuple[int, int]]:
    """Where the opening roll thrown from ``at`` ends, and its dice (player 0's first): pairs are thrown
    until the two dice differ."""
    while True:
        first, second = thrown.pair(at)
        at += 2
        if first != second:
            return at, (first, second)


def is_mat(text: str) -> bool:
    """Whether ``text`` is a ``.mat`` record rather than a listing of dice."""
    return any(line.strip().endswith("point match") for line in text.splitlines())


def verify_text(seed_hex: str, committed: str, text: str) -> Verified:
    """Check ``text`` (a listing or a ``.mat``); :class:`DiceMismatch` where it differs, another
    :class:`~engine.errors.EngineError` if the seed, the commitment or the text cannot be read."""
    seed = read_hex(seed_hex, "the seed", SEED_BYTES)
    read_hex(committed, "the commitment", 32)
    if is_mat(text):
        return verify_mat(seed, committed, read_match(text))
    dice = read_listing(text)
    if not dice:  # an empty or wrong file proves nothing: not an "OK"
        raise DiceError("it has no dice: give the listing /minigam dice attached, or the match's .mat")
    return verify_dice(seed, committed, dice)


__all__ = [
    "DiceMismatch",
    "Verified",
    "check_commitment",
    "is_mat",
    "verify_dice",
    "verify_mat",
    "verify_text",
]
