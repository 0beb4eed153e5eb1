"""Backgammon legal plays and Position IDs checked against GNU Backgammon, an independent engine.

The reference data in tests/data/ was produced by gnubg itself (tests/engine/gnubg_reference.py, run with
the command stored in each file). gnubg's moves are applied to gnubg's boards by the tiny literal
applier in gnubg_data.py, so the comparison is between resulting positions, not between two
notations. When gnubg is installed the reference script also runs live and must reproduce the files.
"""

from __future__ import annotations

import json

import pytest

from engine import Dice, Position
from tests.engine.gnubg_data import (
    GNUBG_COMMAND,
    OPENING_FILE,
    POSITIONS_FILE,
    apply_gnubg_move,
    board_to_position,
    gnubg_available,
    run_gnubg,
)

OPENING = json.loads(OPENING_FILE.read_text())
POSITIONS = json.loads(POSITIONS_FILE.read_text())["positions"]

# gnubg's counts from the opening position, as committed (also in the data file's "counts").
GNUBG_OPENING_COUNTS = {
    "11": 42, "21": 15, "22": 75, "31": 16, "32": 17, "33": 73, "41": 14,
    "42": 18, "43": 17, "44": 52, "51": 8, "52": 8, "53": 9, "54": 9,
    "55": 4, "61": 10, "62": 14, "63": 14, "64": 14, "65": 7, "66": 11,
}  # fmt: skip


def our_results(position: Position, roll: str) -> set[Position]:
    plays = position.legal_plays(Dice(int(roll[0]), int(roll[1])))
    return {p.result for p in plays if p.moves}


def gnubg_results(board: list[list[int]], moves: list[str], turn: int) -> set[Position]:
    return {board_to_position(apply_gnubg_move(board, m), turn) for m in moves}


def as_sets(plays: dict[str, list[str]]) -> dict[str, set[str]]:
    return {roll: set(moves) for roll, moves in plays.items()}


def test_the_data_files_name_the_command_that_made_them():
    assert OPENING["command"] == GNUBG_COMMAND
    assert json.loads(POSITIONS_FILE.read_text())["command"] == GNUBG_COMMAND
    assert OPENING["gnubg"].startswith("GNU Backgammon")


def test_gnubg_opening_counts_are_the_committed_ones():
    assert OPENING["counts"] == GNUBG_OPENING_COUNTS
    assert {roll: len(plays) for roll, plays in OPENING["plays"].items()} == GNUBG_OPENING_COUNTS


@pytest.mark.parametrize("turn", [0, 1])
def test_opening_counts_match_gnubg_for_all_21_rolls(turn):
    p = Position.initial("backgammon", turn)
    ours = {roll: len(our_results(p, roll)) for roll in GNUBG_OPENING_COUNTS}
    assert ours == GNUBG_OPENING_COUNTS


@pytest.mark.parametrize("roll", sorted(GNUBG_OPENING_COUNTS))
def test_opening_plays_are_the_same_positions_gnubg_lists(roll):
    p = Position.initial("backgammon", 0)
    assert board_to_position(OPENING["board"], 0) == p
    assert our_results(p, roll) == gnubg_results(OPENING["board"], OPENING["plays"][roll], 0)


@pytest.mark.parametrize("roll", sorted(GNUBG_OPENING_COUNTS))
def test_our_parser_reads_every_gnubg_opening_play(roll):
    # gnubg's notation (24/18 13/11*, 8/5(2), bar/22) is the notation players type.
    p = Position.initial("backgammon", 1)
    dice = Dice(int(roll[0]), int(roll[1]))
    expected = gnubg_results(OPENING["board"], OPENING["plays"][roll], 1)
    assert {p.parse_play(dice, text).result for text in OPENING["plays"][roll]} == expected


def test_opening_position_id_is_gnubgs():
    assert Position.initial("backgammon").position_id() == OPENING["position_id"] == "4HPwATDgc/ABMA"


@pytest.mark.parametrize("entry", POSITIONS, ids=[e["name"] for e in POSITIONS])
def test_other_positions_match_gnubg(entry):
    for turn in (0, 1):
        p = board_to_position(entry["board"], turn)
        assert p.position_id() == entry["position_id"]
        for roll, moves in entry["plays"].items():
            assert our_results(p, roll) == gnubg_results(entry["board"], moves, turn), (turn, roll)


@pytest.mark.parametrize("entry", POSITIONS[:9], ids=[e["name"] for e in POSITIONS[:9]])
def test_our_parser_reads_gnubg_notation_in_other_positions(entry):
    # The hand-made positions (bar, bear-off, prime, blots, race), every roll, the first plays of each.
    p = board_to_position(entry["board"], 0)
    for roll, moves in entry["plays"].items():
        dice = Dice(int(roll[0]), int(roll[1]))
        for text in moves[:8]:
            assert p.parse_play(dice, text).result == board_to_position(
                apply_gnubg_move(entry["board"], text), 0
            )


def test_the_reference_covers_bar_bear_off_and_doubles():
    names = {e["name"] for e in POSITIONS}
    assert {"bar-two-against-three-points", "bear-off-last-four", "race", "behind-a-prime"} <= names
    assert all(len(e["plays"]) == 21 for e in POSITIONS)
    passes = sum(1 for e in POSITIONS for moves in e["plays"].values() if not moves)
    assert passes > 0  # some rolls cannot be played at all (closed boards)


def test_gnubg_applier_reads_hits_chains_and_repeats():
    board = OPENING["board"]
    after = apply_gnubg_move(board, "24/18 13/11")
    assert [after[1][i] for i in (23, 17, 12, 10)] == [1, 1, 4, 1]
    after = apply_gnubg_move(board, "8/5(2)")
    assert [after[1][i] for i in (7, 4)] == [1, 2]
    blot = [[0] * 25, [0] * 25]
    blot[0][19] = 1  # the opponent's 20 point is our 5 point
    blot[1][7] = 1
    after = apply_gnubg_move(blot, "8/5*/3")
    assert [after[1][2], after[0][19], after[0][24]] == [1, 0, 1]


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="gnubg is not installed (apt install gnubg)")
def test_live_gnubg_reproduces_the_reference_data_and_agrees_with_the_engine():
    data = run_gnubg()
    # gnubg lists plays best first; plays of equal value come in no fixed order from run to run
    assert as_sets(data["opening"]["plays"]) == as_sets(OPENING["plays"])
    assert data["opening"]["position_id"] == OPENING["position_id"]
    for live, committed in zip(data["positions"], POSITIONS, strict=True):
        assert as_sets(live.pop("plays")) == as_sets(committed["plays"])
        assert live == {k: v for k, v in committed.items() if k != "plays"}
    p = Position.initial("backgammon")
    for roll, moves in data["opening"]["plays"].items():
        assert len(our_results(p, roll)) == len(moves)


@pytest.mark.parametrize("entry", POSITIONS, ids=[e["name"] for e in POSITIONS])
def test_plays_are_written_exactly_as_gnubg_writes_them(entry):
    # The standard short form (24/14, 13/3, 8/6(2), 13/7*, bar/22, 6/off), in gnubg's own order of moves.
    for turn in (0, 1):
        p = board_to_position(entry["board"], turn)
        for roll, moves in entry["plays"].items():
            ours = {
                p.format_play(play) for play in p.legal_plays(Dice(int(roll[0]), int(roll[1]))) if play.moves
            }
            assert ours == set(moves), (turn, roll)


@pytest.mark.parametrize("roll", sorted(GNUBG_OPENING_COUNTS))
def test_opening_plays_are_written_exactly_as_gnubg_writes_them(roll):
    p = Position.initial("backgammon", 1)
    ours = {p.format_play(play) for play in p.legal_plays(Dice(int(roll[0]), int(roll[1])))}
    assert ours == set(OPENING["plays"][roll])
