"""Building, validating, reading and serialising positions."""

from __future__ import annotations

import json

import pytest

from engine import BAR, OFF, Dice, Move, Position, PositionError, UnknownVariantError, all_dice
from tests.engine.helpers import pos


def test_board_values_pack_count_and_owner():
    p = pos("minigam", 0, {2: (0, 3), 5: (1, 1)})
    assert p.board == (0, 3 * 4 + 0, 0, 0, 1 * 4 + 1, 0)
    assert p.point(2) == (0, 3)
    assert p.point(5) == (1, 1)
    assert p.point(1) is None
    assert p.points() == [None, (0, 3), None, None, (1, 1), None]


def test_missing_checkers_are_off_when_neither_bar_nor_off_is_given():
    p = pos("minigam", 0, {2: (0, 3), 5: (1, 1)})
    assert p.bar == (0, 0)
    assert p.off == (5, 7)


def test_off_is_derived_from_the_bar_when_only_the_bar_is_given():
    p = pos("minigam", 0, {2: (0, 3)}, bar=(2, 8))
    assert p.off == (3, 0)


@pytest.mark.parametrize(
    ("points", "bar", "off", "fragment"),
    [
        ({2: (0, 3)}, (0, 0), (0, 8), "player 0 has 3 checkers (3 on the board, 0 on the bar, 0 off)"),
        ({2: (0, 9)}, None, None, "a count of 9 checkers"),
        ({2: (2, 1)}, None, None, "there is no player 2"),
        ({7: (0, 1)}, None, None, "point 7 is not on a 6-point board"),
        ({2: (0, -1)}, None, None, "a count of -1"),
        ({2: "01"}, None, None, "must be null or [player, count]"),
        ({2: (0, 1.5)}, None, None, "must be null or [player, count]"),
        ({2: (True, 1)}, None, None, "must be null or [player, count]"),
        ({}, (0, -1), None, "'bar' must be a list of counts from 0 to 8"),
        ({}, (8,), None, "bar and off counts for 2 players"),
    ],
)
def test_bad_positions_are_refused_with_a_specific_error(points, bar, off, fragment):
    with pytest.raises(PositionError) as info:
        pos("minigam", 0, points, bar=bar, off=off)
    assert fragment in str(info.value)


def test_a_turn_outside_the_players_is_refused():
    with pytest.raises(PositionError, match="turn must be a player from 0 to 3"):
        pos("multigam", 4)


def test_positions_are_values():
    a = pos("minigam", 0, {2: (0, 3)}, bar=(2, 8))
    b = pos("minigam", 0, {2: (0, 3)}, bar=(2, 8))
    assert a == b
    assert hash(a) == hash(b)
    assert a != a.with_turn(1)
    assert a != pos("minigam-strict", 0, {2: (0, 3)}, bar=(2, 8))
    a.legal_plays(Dice(3, 1))  # the memo does not take part in equality
    assert a == b


def test_repr_is_a_position_id_that_reads_back():
    p = pos("backgammon", 1, {1: (0, 15), 24: (1, 15)})
    assert eval(repr(p), {"Position": Position}) == p


# ------------------------------------------------------------------ JSON


def test_json_has_the_machine_interface_shape():
    p = pos("minigam", 1, {2: (0, 2), 4: (1, 1)}, bar=(2, 0), off=(4, 7))
    assert p.to_json() == {
        "variant": "minigam",
        "turn": 1,
        "bar": [2, 0],
        "off": [4, 7],
        "points": [None, [0, 2], None, [1, 1], None, None],
    }
    assert "turn" not in p.to_json(with_turn=False)


@pytest.mark.parametrize("name", ["minigam", "multigam", "backgammon", "backgammon-mulligan"])
def test_json_round_trips_through_text(name):
    p = Position.initial(name, turn=1)
    assert Position.from_json(json.loads(json.dumps(p.to_json()))) == p


@pytest.mark.parametrize(
    ("data", "error", "fragment"),
    [
        ([], PositionError, "must be a JSON object"),
        ({"points": [None] * 6}, PositionError, "needs 'variant'"),
        ({"variant": "minigam"}, PositionError, "needs 'points'"),
        ({"variant": 3, "points": []}, PositionError, "'variant' must be"),
        ({"variant": "nope", "points": []}, UnknownVariantError, "unknown variant"),
        ({"variant": "minigam", "points": [None] * 5}, PositionError, "list of 6 entries"),
        (
            {"variant": "minigam", "points": [None] * 6, "bar": [8]},
            PositionError,
            "'bar' must be a list of 2",
        ),
        ({"variant": "minigam", "points": [None] * 6, "off": "88"}, PositionError, "'off' must be"),
        ({"variant": "minigam", "points": [None] * 6, "bar": [8, 8], "turn": "0"}, PositionError, "'turn'"),
        ({"variant": "minigam", "points": [None] * 6, "bar": [8, 8], "turn": True}, PositionError, "'turn'"),
        ({"variant": "minigam", "points": [[0]] + [None] * 5}, PositionError, "point 1 must be null"),
    ],
)
def test_malformed_json_raises_a_specific_error(data, error, fragment):
    with pytest.raises(error) as info:
        Position.from_json(data)
    assert fragment in str(info.value)


# ------------------------------------------------------------------ dice, moves


def test_dice_basics():
    d = Dice(2, 5)
    assert (d.high, d.low, d.is_double, str(d)) == (5, 2, False, "5-2")  # the higher die first
    assert Dice(4, 4).is_double


def test_the_21_distinct_rolls():
    rolls = list(all_dice())
    assert len(rolls) == 21
    assert len({(r.high, r.low) for r in rolls}) == 21
    assert all(r.first >= r.second for r in rolls)
    assert sum(1 for r in rolls if r.is_double) == 6


def test_legal_plays_refuses_impossible_dice():
    with pytest.raises(ValueError, match="1 to 6"):
        Position.initial("minigam").legal_plays((0, 7))


def test_move_constants_and_repr():
    assert (BAR, OFF) == (0, -1)
    assert repr(Move(3, 5, True)) == "Move(3, 5, hit=True)"
    assert repr(Move(0, 4)) == "Move(0, 4)"


def test_a_pickled_position_is_equal_and_keeps_the_registry_variant():
    # Positions cross process boundaries (the bot draws boards in worker processes).
    import pickle

    original = Position.initial("backgammon", turn=1)
    original.legal_plays(Dice(3, 1))  # fills the memo, which is not pickled
    copy = pickle.loads(pickle.dumps(original))

    assert copy == original
    assert copy.variant is original.variant
    assert len(pickle.dumps(original)) < 400
    assert copy.legal_plays(Dice(3, 1)) == original.legal_plays(Dice(3, 1))
