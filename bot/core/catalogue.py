"""What can be played here, in one place: the variants a match can be started with and the computer's
levels. Slash-command choices, help texts and the checks below are all made from these lists."""

from __future__ import annotations

from bot import texts
from bot.core.errors import ServiceError
from engine import MAX_MATCH_POINTS, VARIANTS, UnknownVariantError, Variant, find_variant
from engine.ai import levels_for

TWO_PLAYER_VARIANTS: tuple[str, ...] = tuple(name for name, v in VARIANTS.items() if v.players == 2)
"""Variants a challenge or a game against the computer can be started with."""

MULTIPLAYER_VARIANTS: tuple[str, ...] = tuple(name for name, v in VARIANTS.items() if v.is_multiplayer)
"""Variants played by more than two (multigam): started from a lobby."""

ALL_VARIANTS: tuple[str, ...] = tuple(VARIANTS)
"""Every variant (rules, leaderboards)."""

CUBE_VARIANTS: tuple[str, ...] = tuple(name for name in TWO_PLAYER_VARIANTS if VARIANTS[name].cube)
"""Variants played with the doubling cube: money play is theirs."""

LEVELS: tuple[str, ...] = tuple(dict.fromkeys(level for name in VARIANTS for level in levels_for(name)))
"""Every level the computer plays at in some variant, weakest first (each variant offers some of them)."""

DEFAULT_VARIANT = "minigam"
DEFAULT_LEVEL = "medium"


def known_variant(name: str) -> Variant:
    """The variant called ``name`` (any case), whether or not a match can be started with it here (its
    rules, say); a refusal that lists the variants otherwise."""
    try:
        return find_variant(name)
    except UnknownVariantError:
        raise ServiceError(texts.unknown_variant(name, tuple(VARIANTS))) from None


def two_player_variant(name: str) -> Variant:
    """The variant called ``name`` (any case), if a two-player match can be started with it."""
    try:
        v = find_variant(name)
    except UnknownVariantError:
        raise ServiceError(texts.unknown_variant(name, TWO_PLAYER_VARIANTS)) from None
    if v.name not in TWO_PLAYER_VARIANTS:
        raise ServiceError(texts.not_startable_here(v, TWO_PLAYER_VARIANTS))
    return v


def multiplayer_variant(name: str) -> Variant:
    """The variant called ``name`` (any case), if it is played from a lobby."""
    try:
        v = find_variant(name)
    except UnknownVariantError:
        raise ServiceError(texts.unknown_variant(name, MULTIPLAYER_VARIANTS)) from None
    if v.name not in MULTIPLAYER_VARIANTS:
        raise ServiceError(texts.unknown_variant(name, MULTIPLAYER_VARIANTS))
    return v


def match_length(variant: Variant, points: int | None) -> int:
    """The match target for a start with ``points`` (``None``: not chosen): the variant's fixed target if it
    has one; with the doubling cube a money game (0) unless a length is chosen; else 1 point by default."""
    if variant.fixed_target is not None:
        return variant.fixed_target
    if points is None:
        return 0 if variant.cube else 1
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_MATCH_POINTS:
        raise ServiceError(texts.match_length(points))
    if points == 0 and not variant.cube:
        raise ServiceError(texts.no_money_play(variant))
    return points


def level_for(variant: Variant, level: str) -> str:
    """``level`` (any case) if the computer plays ``variant`` at it."""
    offered = levels_for(variant)
    key = str(level).strip().lower()
    if key not in offered:
        raise ServiceError(texts.unknown_level(level, variant, offered))
    return key


__all__ = [
    "ALL_VARIANTS",
    "CUBE_VARIANTS",
    "DEFAULT_LEVEL",
    "DEFAULT_VARIANT",
    "LEVELS",
    "MULTIPLAYER_VARIANTS",
    "TWO_PLAYER_VARIANTS",
    "known_variant",
    "level_for",
    "match_length",
    "multiplayer_variant",
    "two_player_variant",
]
