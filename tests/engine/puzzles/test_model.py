"""The puzzle record: families found by name, JSON round trips, and strict reading."""

from __future__ import annotations

import json

import pytest

from engine.puzzles import FAMILIES, Puzzle, PuzzleDataError, UnknownFamilyError, find_family
from engine.puzzles.make import puzzle_of
from engine.puzzles.model import Kind
from engine.puzzles.sets import PuzzleSet, read_set, write_set
from engine.solve.index import SOLVABLE
from engine.solve.table import available
from tests.engine.puzzles.known import last_roll


def test_there_is_a_family_for_each_solved_game_and_two_for_backgammon():
    names = [f.name for f in FAMILIES]
    assert names == ["backgammon-play", "backgammon-cube", *SOLVABLE]
    assert find_family("Backgammon-Cube").kinds == (Kind.DOUBLE, Kind.TAKE)


def test_an_unknown_family_lists_the_families():
    with pytest.raises(UnknownFamilyError, match="backgammon-play, backgammon-cube, minigam"):
        find_family("chess")


@pytest.fixture(scope="module")
def puzzle():
    if not available("minigam"):
        pytest.skip("the minigam table is not installed")
    return puzzle_of(last_roll("minigam"), find_family("minigam"), origin="by hand")


def test_a_puzzle_reads_back_from_its_json(puzzle):
    again = Puzzle.from_json(json.loads(json.dumps(puzzle.to_json())))
    assert again == puzzle
    assert again.player == 0
    assert again.game.dice == (2, 1)


def test_a_puzzle_keeps_no_history_of_its_game(puzzle):
    data = puzzle.to_json()["game"]
    assert (data["events"], data["last_play"]) == ([], None)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 2}, "unknown puzzle format 2"),
        ({"family": "chess"}, "unknown puzzle family"),
        ({"family": "minigam-strict"}, "a minigam game cannot be of the minigam-strict family"),
        ({"kind": "take"}, "a take puzzle cannot be of the minigam family"),
        ({"best": "5/6/off"}, "names '5/6/off' best"),
        ({"margin": 0.5}, "margin 0.5 is not its best answer's lead"),
        ({"answers": [["5/6/off", 0.0], ["5/off 6/off", 1.0]]}, "not best first"),
        ({"answers": [["5/off 6/off", 1.0], ["5/off 6/off", 0.0]]}, "listed twice"),
        ({"answers": [["5/off 6/off", 1.0], ["5/6/off", "0"]]}, "finite number"),
        ({"game": {"format": 1}}, "a puzzle's game is not valid"),
        ({"extra": 1}, "unknown field 'extra'"),
    ],
)
def test_a_damaged_puzzle_is_refused_saying_why(puzzle, change, message):
    data = puzzle.to_json() | change
    with pytest.raises(PuzzleDataError, match=message):
        Puzzle.from_json(data)


def test_a_set_file_reads_back_and_refuses_a_puzzle_twice(puzzle, tmp_path):
    path = tmp_path / "set.json"
    write_set(path, PuzzleSet(puzzle.family, 7, 3, (puzzle,)))
    assert read_set(path) == PuzzleSet(puzzle.family, 7, 3, (puzzle,))
    write_set(path, PuzzleSet(puzzle.family, 7, 3, (puzzle, puzzle)))
    with pytest.raises(PuzzleDataError, match="twice"):
        read_set(path)


def test_a_file_that_is_not_json_is_a_data_error(tmp_path):
    path = tmp_path / "set.json"
    path.write_text("{not json")
    with pytest.raises(PuzzleDataError, match="is not a puzzle set"):
        read_set(path)
