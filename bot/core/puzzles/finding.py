"""Finding puzzles: a puzzle by its ref (shipped with the engine, or made from a server's game), the
families a typed name means, and the puzzle to serve someone: near their rating, not one of their recent
ones.

The shipped sets are read once per process, off the event loop (:func:`shipped_index`). Choosing is
deterministic: the candidate whose rating is nearest the player's, ties broken by a hash of the player
and the puzzle (so two players of the same rating get different puzzles, and a test gets the same one)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Iterable, Sequence

from bot.core.errors import ServiceError
from bot.ratings.glicko import Rating
from bot.store import DamagedRecord, Store
from bot.store.protocol_puzzles import SERVER_PREFIX, ServerPuzzle
from bot.texts import puzzles as words
from engine import UnknownVariantError, find_variant
from engine.errors import GameDataError
from engine.puzzles import FAMILIES, Family, Puzzle, UnknownFamilyError, find_family, shipped_by_id

log = logging.getLogger(__name__)

RECENT = 200
"""A player is not served again any of their last this many puzzles (while others are left)."""

_shipped: list[dict[str, Puzzle]] = []  # filled once


async def shipped_index() -> dict[str, Puzzle]:
    """Every shipped puzzle by id; read from the package once, in a thread."""
    if not _shipped:
        _shipped.append(await asyncio.to_thread(shipped_by_id))
    return _shipped[0]


def choice_names() -> list[str]:
    """What ``/minigam puzzle solve`` offers: each family, and ``backgammon`` for both of its families."""
    variants = [f.variant for f in FAMILIES if sum(g.variant == f.variant for g in FAMILIES) > 1]
    return [*dict.fromkeys(variants), *(f.name for f in FAMILIES)]


def families_meant(typed: str | None) -> list[Family]:
    """The families ``typed`` names: a family, every family of a game, or all of them (nothing typed)."""
    if typed is None or not typed.strip():
        return list(FAMILIES)
    try:
        return [find_family(typed)]
    except UnknownFamilyError:
        pass
    try:
        variant = find_variant(typed.strip().lower())
    except UnknownVariantError:
        raise ServiceError(words.unknown_family(typed, choice_names())) from None
    found = [f for f in FAMILIES if f.variant == variant.name]
    if not found:
        raise ServiceError(words.no_puzzles_of(variant.title, choice_names()))
    return found


async def puzzle_by_ref(store: Store, ref: str) -> tuple[Puzzle, ServerPuzzle | None]:
    """The puzzle ``ref`` names and, for one of a server's games, its row; a refusal if it is gone or
    cannot be read (logged)."""
    if not ref.startswith(SERVER_PREFIX):
        found = (await shipped_index()).get(ref)
        if found is None:
            raise ServiceError(words.NO_SUCH_PUZZLE)
        return found, None
    try:
        row = await store.server_puzzle(int(ref.removeprefix(SERVER_PREFIX)))
        if row is None:
            raise ServiceError(words.NO_SUCH_PUZZLE)
        return Puzzle.from_json(row.data), row
    except (DamagedRecord, GameDataError, ValueError) as exc:
        log.error("puzzle %s cannot be read: %s", ref, exc)
        raise ServiceError(words.PUZZLE_UNREADABLE) from None


def nearest(
    candidates: Iterable[str],
    ratings: dict[str, Rating],
    player: Rating,
    *,
    avoid: Sequence[str] = (),
    salt: str = "",
) -> str | None:
    """The ref among ``candidates`` whose rating is nearest ``player``'s (unrated puzzles count as new,
    1500), leaving out ``avoid`` while any other is left; ``None`` if there are none."""
    pool = list(dict.fromkeys(candidates))
    if not pool:
        return None
    avoided = set(avoid)
    fresh = [ref for ref in pool if ref not in avoided] or pool
    default = Rating()

    def distance(ref: str) -> tuple[float, str]:
        gap = abs(ratings.get(ref, default).rating - player.rating)
        return round(gap, 6), hashlib.sha256(f"{salt}|{ref}".encode()).hexdigest()

    return min(fresh, key=distance)


_NUMBER = re.compile(r"bar|off|\d+")


def menu_order(texts: Iterable[str]) -> list[str]:
    """Answers in an order that gives nothing away: the plays from the highest point moved from, as a
    player reads them (the stored order is best first)."""

    def key(text: str) -> tuple[int, ...]:
        out = []
        for token in _NUMBER.findall(text):
            out.append(-(25 if token == "bar" else 0 if token == "off" else int(token)))
        return tuple(out)

    return sorted(texts, key=lambda t: (key(t), t))


__all__ = [
    "RECENT",
    "choice_names",
    "families_meant",
    "menu_order",
    "nearest",
    "puzzle_by_ref",
    "shipped_index",
]
