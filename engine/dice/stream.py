"""A match's dice, committed to before the first is thrown (the rule is published in docs/RULES.md).

A match draws a secret :class:`Seed` of 32 bytes; its commitment, the SHA-256 of the seed in hex, is shown
from the first board on. Every die of the match comes from one stream (:func:`dice_stream`): the bytes of
SHA-256(seed + counter as 8 bytes big-endian) for counter = 0, 1, 2, ...; a byte ``b`` below 252 gives the
die ``1 + b % 6``, a byte of 252 or more is skipped (252 is the largest multiple of 6 a byte holds, so
every face has the same 42 bytes). Once the match is over the seed is revealed, and anyone can throw the
same dice again and compare (:mod:`engine.dice.verify`).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import secrets
from collections.abc import Callable, Iterator

from engine.errors import DiceError, quoted

SEED_BYTES = 32
FAIR_BYTES = 252
"""Bytes below this give a die; the others are skipped (252 = 6 x 42: every face equally likely)."""


def commitment(seed: bytes) -> str:
    """The commitment to ``seed``: its SHA-256, in lower-case hex."""
    return hashlib.sha256(seed).hexdigest()


def dice_stream(seed: bytes) -> Iterator[int]:
    """Every die that ``seed`` gives, in order (endless)."""
    counter = 0
    while True:
        for byte in hashlib.sha256(seed + counter.to_bytes(8, "big")).digest():
            if byte < FAIR_BYTES:
                yield 1 + byte % 6
        counter += 1


def read_hex(text: object, what: str, size: int) -> bytes:
    """``size`` bytes written as ``2 * size`` hex digits (either case, surrounding spaces allowed), or
    :class:`DiceError` naming ``what``."""
    if not isinstance(text, str):
        raise DiceError(f"{what} is written in hex, not {quoted(text)}")
    body = text.strip()
    if len(body) != 2 * size or any(c not in "0123456789abcdefABCDEF" for c in body):
        raise DiceError(f"{what} is {2 * size} hex digits, not {quoted(text)}")
    return bytes.fromhex(body)


class Seed:
    """A match's secret seed. It keeps itself hidden: its ``repr`` shows only the start of its commitment,
    it refuses to be pickled (so it never crosses to a worker process), and its bytes come out only
    through :meth:`dice` (the match's dice source) and :meth:`reveal` (once the match is over)."""

    __slots__ = ("_value",)

    def __init__(self, value: bytes) -> None:
        if type(value) is not bytes or len(value) != SEED_BYTES:
            raise DiceError(f"a match's seed is {SEED_BYTES} bytes, not {quoted(value)}")
        self._value = value

    @classmethod
    def new(cls) -> Seed:
        """A fresh seed from the operating system's secure random source."""
        return cls(secrets.token_bytes(SEED_BYTES))

    @classmethod
    def from_hex(cls, text: object) -> Seed:
        return cls(read_hex(text, "a match's seed", SEED_BYTES))

    @property
    def commitment(self) -> str:
        return commitment(self._value)

    def dice(self, thrown: int = 0) -> StreamDice:
        """The match's dice source, after the first ``thrown`` dice."""
        return StreamDice(self._value, thrown)

    def reveal(self) -> str:
        """The seed in hex: for the end of the match only."""
        return self._value.hex()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seed) and hmac.compare_digest(self._value, other._value)

    def __hash__(self) -> int:
        return hash(self.commitment)

    def __repr__(self) -> str:
        return f"Seed(commitment={self.commitment[:12]}...)"

    def __reduce__(self):
        raise TypeError("a match's seed stays in the process that throws its dice")


def repeatable_seeds(number: int) -> Callable[[], Seed]:
    """Seeds that follow from ``number``, one per call (the n-th: SHA-256 of ``minigam seed {number} {n}``):
    a session started with the same number throws the same dice, and each match's dice still follow from the
    seed it commits to and reveals. Not secret: for playing locally and for tests, never for a server."""
    count = itertools.count()

    def next_seed() -> Seed:
        return Seed(hashlib.sha256(f"minigam seed {number} {next(count)}".encode()).digest())

    return next_seed


class StreamDice:
    """A :class:`~engine.dice.DiceSource` that throws a seed's dice (:func:`dice_stream`), starting after
    the first ``thrown`` of them. Hidden like :class:`Seed`."""

    __slots__ = ("_stream", "thrown")

    def __init__(self, seed: bytes, thrown: int = 0) -> None:
        if thrown < 0:
            raise ValueError(f"dice thrown cannot be negative, not {thrown}")
        self._stream = dice_stream(seed)
        for _ in range(thrown):
            next(self._stream)
        self.thrown = thrown

    def roll_die(self) -> int:
        self.thrown += 1
        return next(self._stream)

    def __repr__(self) -> str:
        return f"StreamDice(thrown={self.thrown})"

    def __reduce__(self):
        raise TypeError("a match's dice source stays in the process that throws its dice")


__all__ = [
    "FAIR_BYTES",
    "SEED_BYTES",
    "Seed",
    "StreamDice",
    "commitment",
    "dice_stream",
    "read_hex",
    "repeatable_seeds",
]
