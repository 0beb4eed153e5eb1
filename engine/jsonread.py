"""Strict readers of stored JSON values: each checks one value's type and range and raises
:class:`GameDataError` naming the field and quoting the value; nothing else escapes them.

JSON booleans are never numbers here (``True`` is not 1), floats are never whole numbers, and every
number has a range, so a damaged record fails loudly instead of becoming a strange game.
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from typing import TypeVar

from engine.errors import GameDataError, quoted

E = TypeVar("E", bound=enum.Enum)


def read_object(
    value: object,
    what: str,
    keys: Collection[str],
    required: Collection[str] = (),
    *,
    version: int | None = None,
) -> dict:
    """A JSON object with only ``keys`` (and every one of ``required``); with ``version``, its
    ``format`` field must be exactly that (checked first: another format may have other fields)."""
    if not isinstance(value, dict):
        raise GameDataError(f"{what} must be a JSON object, not {quoted(value)}")
    if version is not None:
        found = value.get("format")
        if not isinstance(found, int) or isinstance(found, bool) or found != version:
            kind = what.rsplit(maxsplit=1)[-1]
            raise GameDataError(f"unknown {kind} format {quoted(found)} (this engine reads {version})")
    for key in value:
        if key not in keys:
            raise GameDataError(f"{what} has an unknown field {quoted(key)}")
    for key in required:
        if key not in value:
            raise GameDataError(f"{what} lacks its {key!r} field")
    return value


def is_int(x: object) -> bool:
    """A whole number, and not a boolean (``True`` is an ``int`` to Python, never a number here)."""
    return isinstance(x, int) and not isinstance(x, bool)


def read_int(value: object, what: str, lo: int, hi: int) -> int:
    if not is_int(value):
        raise GameDataError(f"{what} must be a whole number, not {quoted(value)}")
    if not lo <= value <= hi:
        raise GameDataError(f"{what} must be from {lo} to {hi}, not {quoted(value)}")
    return value


def read_optional_int(value: object, what: str, lo: int, hi: int) -> int | None:
    return None if value is None else read_int(value, what, lo, hi)


def read_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise GameDataError(f"{what} must be true or false, not {quoted(value)}")
    return value


def read_list(value: object, what: str, max_len: int, min_len: int = 0) -> list:
    if not isinstance(value, list):
        raise GameDataError(f"{what} must be a list, not {quoted(value)}")
    if not min_len <= len(value) <= max_len:
        size = str(max_len) if min_len == max_len else f"{min_len} to {max_len}"
        raise GameDataError(f"{what} must have {size} entries, not {len(value)}")
    return value


def read_ints(value: object, what: str, lo: int, hi: int, max_len: int, min_len: int = 0) -> tuple[int, ...]:
    items = read_list(value, what, max_len, min_len)
    for x in items:
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise GameDataError(f"{what} must be whole numbers from {lo} to {hi}, not {quoted(value)}")
    return tuple(items)


def read_str(value: object, what: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise GameDataError(f"{what} must be text, not {quoted(value)}")
    if len(value) > max_len:
        raise GameDataError(f"{what} must be at most {max_len} characters, not {quoted(value)}")
    return value


def read_enum(cls: type[E], value: object, what: str) -> E:
    """A member of ``cls`` by its stored value (a string)."""
    if isinstance(value, str):
        for member in cls:
            if member.value == value:
                return member
    names = ", ".join(str(m.value) for m in cls)
    raise GameDataError(f"{what} must be one of {names}, not {quoted(value)}")
