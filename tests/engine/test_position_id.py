"""Position IDs: gnubg's scheme for every variant; short, round-tripping, and specific about bad input."""

from __future__ import annotations

import base64

import pytest

from engine import Position, PositionIdError, find_variant
from engine.position_id import decode_position_id, encode_position_id
from tests.engine.helpers import pos


def test_backgammon_opening_is_gnubgs_id():
    assert Position.initial("backgammon").position_id() == "4HPwATDgc/ABMA"
    assert Position.initial("backgammon", 1).position_id() == "4HPwATDgc/ABMA"  # symmetric


def test_an_asymmetric_backgammon_position_matches_gnubg():
    # Verified in gnubg: player 0 on roll with own 1 (1), 6 (5), 8 (3), 13 (5) and 1 on the bar; player 1
    # with 6 (5), 8 (3), 13 (5) and 2 on the bar. In absolute points player 0's own q is 25 - q.
    p = pos(
        "backgammon",
        0,
        {24: (0, 1), 19: (0, 5), 17: (0, 3), 12: (0, 5), 6: (1, 5), 8: (1, 3), 13: (1, 5)},
        bar=(1, 2),
    )
    assert p.position_id() == "4HPwAWDB5+ADQA"
    # The same checkers with player 1 on roll is a different ID (the ID is relative to the player on roll).
    assert p.with_turn(1).position_id() != "4HPwAWDB5+ADQA"


def test_the_id_is_relative_to_the_player_on_roll():
    # Swapping the colours and the turn (the mirror image) gives the same ID.
    a = pos("backgammon", 0, {1: (0, 15), 13: (1, 15)})
    b = pos("backgammon", 1, {24: (1, 15), 12: (0, 15)})
    assert a.position_id() == b.position_id()


@pytest.mark.parametrize(
    ("variant", "length"),
    [("minigam", 6), ("minigam-full-entry", 6), ("minigam-strict", 6), ("multigam", 8), ("backgammon", 14)],
)
def test_ids_are_short(variant, length):
    # Bits: every checker plus a separator per point and bar, per player, rounded up to bytes, base64.
    assert len(Position.initial(variant).position_id()) == length


def test_full_ids_carry_variant_and_turn():
    p = Position.initial("multigam", 2)
    assert p.full_id() == "multigam:2:" + p.position_id()
    assert Position.from_id(p.full_id()) == p


def test_a_bare_id_reads_back_with_variant_and_turn():
    p = pos("minigam", 1, {2: (0, 3), 5: (1, 2)}, bar=(1, 4))
    assert Position.from_id(p.position_id(), "minigam", turn=1) == p
    parts = decode_position_id(encode_position_id(p), find_variant("minigam"), 1)
    assert parts == (p.variant, p.turn, p.board, p.bar, p.off)


def _id(bits: list[int], total: int) -> str:
    """Bits packed little-endian into bytes, base64 without padding (gnubg's scheme)."""
    bits = bits + [0] * (total - len(bits))
    data = bytes(sum(bits[i + j] << j for j in range(8)) for i in range(0, total, 8))
    return base64.b64encode(data).decode().rstrip("=")


def test_minigam_starting_id():
    # 8 on the bar for each: per player 6 point separators, then 8 ones and the bar's separator.
    # Bits (player not on roll first): 000000 11111111 0 | 000000 11111111 0, then 2 zero bits.
    bits = ([0] * 6 + [1] * 8 + [0]) * 2
    assert Position.initial("minigam").position_id() == _id(bits, 32)


def test_a_minigam_id_spelled_out():
    # Player 0 on roll: 3 on point 2 (distance 5), 1 on the bar, 4 off. Player 1 (written first, from
    # its ace point = absolute 1): 2 on point 5 (its distance 5), 6 off.
    p = pos("minigam", 0, {2: (0, 3), 5: (1, 2)}, bar=(1, 0))
    # A 1 per checker and a 0 after each point (distance 1 first), then the bar.
    player_1 = [0, 0, 0, 0, 1, 1, 0, 0, 0]  # points at distance 1-4 empty, 2 at distance 5, 6 empty, bar 0
    player_0 = [0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0]  # 3 at distance 5, 1 on the bar
    assert p.position_id() == _id(player_1 + player_0, 32)


def test_both_players_on_one_point_is_refused():
    # Player 1 on its distance 1 (absolute 1) and player 0 on its distance 6 (absolute 1 too).
    player_1 = [1, 0] + [0] * 5 + [1] * 7 + [0]
    player_0 = [0] * 5 + [1, 0] + [1] * 7 + [0]
    with pytest.raises(PositionIdError, match="two players' checkers on one point"):
        Position.from_id(_id(player_1 + player_0, 32), "minigam")


def test_everything_borne_off_reads_back():
    # All bits zero: no checker on the board or the bar: everything is off.
    p = Position.from_id("minigam:0:AAAAAA")
    assert p.off == (8, 8)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("4HPwATDgc/ABMA", "write it as variant:turn:ID"),
        ("chess:0:4HPwATDgc/ABMA", "unknown variant 'chess'"),
        ("backgammon:x:4HPwATDgc/ABMA", "the turn must be a player number"),
        ("backgammon:\u00b2:4HPwATDgc/ABMA", "the turn must be a player number"),
        ("backgammon:2:4HPwATDgc/ABMA", "turn must be from 0 to 1"),
        ("backgammon:0:4HPwATDgc", "should be 14 characters long"),
        ("backgammon:0:4HPwATDgc/AB!A", "characters outside base64"),
        ("backgammon:0:4HPwATDgc/ABMB", "stray bits"),
        ("backgammon:0://///////////w", "runs out of bits"),
        ("a:b:c:d", "write it as variant:turn:ID"),
        ("", "write it as variant:turn:ID"),
    ],
)
def test_malformed_ids_raise_a_specific_error(text, fragment):
    with pytest.raises(PositionIdError) as info:
        Position.from_id(text)
    assert fragment in str(info.value)


def test_too_many_checkers_for_one_player():
    # 9 ones on the first player's ace point: more than 8 checkers.
    bits = [1] * 9 + [0] * 7 + ([0] * 6 + [1] * 8 + [0])
    with pytest.raises(PositionIdError, match=r"more than 8 checkers|too many"):
        Position.from_id(_id(bits[:32], 32), "minigam")


def test_a_full_id_for_another_variant_than_asked_is_refused():
    with pytest.raises(PositionIdError, match="is a minigam position"):
        Position.from_id(Position.initial("minigam").full_id(), "backgammon")


def test_from_id_refuses_non_text():
    with pytest.raises(PositionIdError, match="must be text"):
        Position.from_id(1234)  # type: ignore[arg-type]
