"""Making a set: reproducible from its seed, resumable, each puzzle once, the family's margin kept."""

from __future__ import annotations

import pytest

from engine.puzzles.__main__ import main
from engine.puzzles.make import candidates
from engine.puzzles.model import find_family
from engine.puzzles.sets import read_set
from engine.solve.table import available


@pytest.fixture(autouse=True)
def _table():
    if not available("minigam"):
        pytest.skip("the minigam table is not installed")


def test_a_self_play_game_gives_the_same_puzzles_from_the_same_seed():
    family = find_family("minigam")
    first = [p.id for p in candidates(family, 5, 0)]
    assert first
    assert [p.id for p in candidates(family, 5, 0)] == first
    assert [p.id for p in candidates(family, 6, 0)] != first


def test_every_puzzle_found_clears_the_familys_margin():
    family = find_family("minigam")
    for puzzle in candidates(family, 5, 1):
        assert puzzle.margin >= family.margin
        assert puzzle.answers[0].value - puzzle.answers[1].value == puzzle.margin


def test_a_stopped_run_goes_on_to_the_same_set(tmp_path, capsys):
    whole, parts = tmp_path / "whole.json", tmp_path / "parts.json"
    assert main(["make", "--family", "minigam", "--count", "40", "--seed", "3", "--out", str(whole)]) == 0
    assert "a minute" in capsys.readouterr().out
    assert main(["make", "--family", "minigam", "--count", "15", "--seed", "3", "--out", str(parts)]) == 0
    assert main(["make", "--family", "minigam", "--count", "40", "--seed", "3", "--out", str(parts)]) == 0
    assert "going on" in capsys.readouterr().out
    made = read_set(whole)
    assert read_set(parts) == made
    assert len(made.puzzles) >= 40
    assert len({p.id for p in made.puzzles}) == len(made.puzzles)


def test_a_set_of_another_seed_is_not_extended(tmp_path, capsys):
    out = tmp_path / "set.json"
    assert main(["make", "--family", "minigam", "--count", "1", "--seed", "3", "--out", str(out)]) == 0
    assert main(["make", "--family", "minigam", "--count", "5", "--seed", "4", "--out", str(out)]) == 2
    assert "choose another --out" in capsys.readouterr().err
