"""Position IDs: short text that fits a chat message and reads back to the same position.

Every variant uses gnubg's scheme (GNU Backgammon manual, "A technical description of the Position
ID"): for each player, starting with the player *not* on roll and ending with the player on roll
(gnubg's own order; for more players, the others follow in seat order before the player on roll),
walk that player's path from their ace point (distance 1) to the far end and then the bar, writing
one ``1`` per checker and a ``0`` after each point. The bits are packed little-endian into bytes and
written in base64 without padding. For ``backgammon`` this is exactly gnubg's 14-character Position
ID, so it can be pasted into gnubg.

The ID is relative to the player on roll; :func:`encode_full_id` adds the variant and the turn
(``minigam:0:ID``) so any position reads back on its own. Decoding gives the parts of a position
(:class:`DecodedId`); ``Position.from_id`` builds and checks the position.
"""

from __future__ import annotations

import base64
import binascii
from typing import NamedTuple

from engine.errors import PositionIdError, quoted
from engine.moves import PositionLike, paths_for
from engine.variants import UnknownVariantError, Variant, find_variant


class DecodedId(NamedTuple):
    """What an ID says: a position's parts, not yet checked against the variant's rules."""

    variant: Variant
    turn: int
    board: tuple[int, ...]
    bar: tuple[int, ...]
    off: tuple[int, ...]


def _order(variant: Variant, turn: int) -> list[int]:
    """Players in the order their bits are written: the others from ``turn + 1`` on, ``turn`` last."""
    n = variant.players
    return [(turn + i) % n for i in range(1, n + 1)]


def _key_bits(pos: PositionLike) -> list[int]:
    v = pos.variant
    paths = paths_for(v)
    bits: list[int] = []
    for p in _order(v, pos.turn):
        path = paths[p]
        for k in range(v.points - 1, -1, -1):  # ace point (distance 1) first
            val = pos.board[path[k]]
            if val and (val & 3) == p:
                bits.extend([1] * (val >> 2))
            bits.append(0)
        bits.extend([1] * pos.bar[p])
        bits.append(0)
    return bits


def _key_length(variant: Variant) -> int:
    """Bits in a key: every checker and one separator per point and bar, rounded up to whole bytes."""
    raw = variant.players * (variant.checkers + variant.points + 1)
    return (raw + 7) // 8 * 8


def encode_position_id(pos: PositionLike) -> str:
    """The ID relative to the player on roll (for backgammon: gnubg's Position ID)."""
    bits = _key_bits(pos)
    total = _key_length(pos.variant)
    bits.extend([0] * (total - len(bits)))
    data = bytearray()
    for i in range(0, total, 8):
        byte = 0
        for j in range(8):
            byte |= bits[i + j] << j
        data.append(byte)
    return base64.b64encode(bytes(data)).decode("ascii").rstrip("=")


def encode_full_id(pos: PositionLike) -> str:
    return f"{pos.variant.name}:{pos.turn}:{encode_position_id(pos)}"


def decode_position_id(text: str, variant: str | Variant, turn: int = 0) -> DecodedId:
    """Read an ID made by :func:`encode_position_id` for ``variant`` with ``turn`` on roll
    (``Position.from_id`` checks the result against the rules)."""
    v = find_variant(variant)
    if not isinstance(text, str):
        raise PositionIdError("a Position ID must be text")
    if type(turn) is not int or not 0 <= turn < v.players:
        raise PositionIdError(f"turn must be from 0 to {v.players - 1}, not {quoted(turn)}")
    raw = text.strip()
    total = _key_length(v)
    want_chars = (total + 5) // 6
    if len(raw) != want_chars:
        raise PositionIdError(
            f"{text!r} is not a {v.name} Position ID: it should be {want_chars} characters long"
        )
    try:
        data = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise PositionIdError(f"{text!r} is not a Position ID: it has characters outside base64") from None
    if base64.b64encode(data).decode("ascii").rstrip("=") != raw:
        raise PositionIdError(f"{text!r} is not a Position ID: its last character has stray bits")
    bits = [(byte >> j) & 1 for byte in data for j in range(8)][:total]
    board = [0] * v.points
    bar = [0] * v.players
    paths = paths_for(v)
    i = 0
    try:
        for p in _order(v, turn):
            path = paths[p]
            for slot in range(v.points + 1):
                count = 0
                while bits[i]:
                    count += 1
                    i += 1
                i += 1
                if slot == v.points:
                    bar[p] = count
                elif count:
                    idx = path[v.points - 1 - slot]
                    if board[idx]:
                        raise PositionIdError(f"{text!r} puts two players' checkers on one point")
                    board[idx] = count * 4 + p
    except IndexError:
        raise PositionIdError(f"{text!r} is not a Position ID: it runs out of bits") from None
    if any(bits[i:]):
        raise PositionIdError(f"{text!r} is not a Position ID: it has too many checkers")
    on = list(bar)
    for val in board:
        if val:
            on[val & 3] += val >> 2
    if any(c > v.checkers for c in on):
        raise PositionIdError(f"{text!r} has more than {v.checkers} checkers for one player")
    off = tuple(v.checkers - c for c in on)
    return DecodedId(v, turn, tuple(board), tuple(bar), off)


def decode_id(text: str, variant: str | Variant | None = None, turn: int = 0) -> DecodedId:
    """Read ``variant:turn:ID`` or, with ``variant`` given, a bare ID (``turn`` on roll)."""
    if not isinstance(text, str):
        raise PositionIdError("a Position ID must be text")
    parts = text.strip().split(":")
    if len(parts) == 3:
        name, turn_text, bare = parts
        try:
            v = find_variant(name)
        except UnknownVariantError as exc:
            raise PositionIdError(str(exc)) from None
        if variant is not None and find_variant(variant) is not v:
            raise PositionIdError(f"{text!r} is a {v.name} position, not {find_variant(variant).name}")
        if not (turn_text.isascii() and turn_text.isdigit()):
            raise PositionIdError(f"{text!r}: the turn must be a player number, not {turn_text!r}")
        return decode_position_id(bare, v, int(turn_text))
    if len(parts) == 1 and variant is not None:
        return decode_position_id(parts[0], variant, turn)
    raise PositionIdError(
        f"{text!r} is not a Position ID; write it as variant:turn:ID, e.g. 'backgammon:0:4HPwATDgc/ABMA'"
    )
