"""``python -m images``: render, text, examples and bench; bad input gets one clear line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import images
from engine import Game, Position
from images.__main__ import main
from tests.images.cases import decode, minigam_game_with_hit, minigam_position


def test_render_a_full_position_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pos = minigam_position()
    out = tmp_path / "board.png"
    assert main(["render", "--position", pos.full_id(), "--out", str(out)]) == 0
    assert out.read_bytes() == images.render(Position.from_id(pos.full_id()))
    assert "wrote" in capsys.readouterr().out


def test_render_a_position_json_file_with_names(tmp_path: Path) -> None:
    pos = Position.initial("backgammon", turn=1)
    source = tmp_path / "position.json"
    source.write_text(json.dumps(pos.to_json()))
    out = tmp_path / "board.png"
    assert main(["render", "--position", str(source), "--out", str(out), "--names", "Alice, Bob"]) == 0
    assert out.read_bytes() == images.render(pos, names=["Alice", "Bob"])


def test_render_a_game_json_file_for_another_perspective(tmp_path: Path) -> None:
    game = minigam_game_with_hit()
    source = tmp_path / "game.json"
    source.write_text(json.dumps(game.to_json()))
    out = tmp_path / "board.png"
    assert main(["render", "--position", str(source), "--out", str(out), "--perspective", "1"]) == 0
    assert out.read_bytes() == images.render(Game.from_json(game.to_json()), perspective=1)


def test_render_with_a_final_score_and_a_footer(tmp_path: Path) -> None:
    game = minigam_game_with_hit()
    source = tmp_path / "game.json"
    source.write_text(json.dumps(game.to_json()))
    out = tmp_path / "board.png"
    args = ["render", "--position", str(source), "--out", str(out), "--score", "3,1", "--footer", "ID: x"]
    assert main([*args, "--footer", "more"]) == 0
    expected = images.render(Game.from_json(game.to_json()), score=(3, 1), footer=["ID: x", "more"])
    assert out.read_bytes() == expected


@pytest.mark.parametrize(
    ("score", "words"), [("3-1", "--score must be whole numbers"), ("1,2,3", "score must be 2")]
)
def test_a_bad_score_gets_one_line(tmp_path: Path, capsys, score: str, words: str) -> None:
    pos = minigam_position()
    assert (
        main(["render", "--position", pos.full_id(), "--out", str(tmp_path / "b.png"), "--score", score]) == 2
    )
    assert words in capsys.readouterr().err


def test_text_prints_the_text_board(capsys: pytest.CaptureFixture[str]) -> None:
    pos = minigam_position()
    assert main(["text", "--position", pos.full_id()]) == 0
    assert capsys.readouterr().out == images.render_text(pos) + "\n"


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("position", "words"),
    [
        ("minigam:0:!!!!", "Position ID"),
        ("chess:0:AAAA", "unknown variant 'chess'"),
        ("AAAAAA", "not a Position ID; write it as variant:turn:ID"),
        ("missing.json", "no such file"),
        (lambda p: write(p, "bad.json", "{not json"), "is not JSON"),
        (lambda p: write(p, "list.json", "[1, 2]"), "must hold a JSON object"),
        (lambda p: write(p, "pos.json", '{"variant": "minigam", "points": [[0, 9]]}'), "'points'"),
        (lambda p: write(p, "game.json", '{"format": 99, "position": {}}'), "format"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(tmp_path: Path, capsys, position, words: str) -> None:
    if callable(position):
        position = position(tmp_path)
    elif position.endswith(".json"):
        position = str(tmp_path / position)
    out = tmp_path / "board.png"
    assert main(["render", "--position", position, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert words in err
    assert not out.exists()


def test_a_perspective_out_of_range_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    pos = minigam_position().full_id()
    assert main(["render", "--position", pos, "--out", str(out), "--perspective", "3"]) == 2
    assert "--perspective must be a player from 0 to 1" in capsys.readouterr().err
    assert not out.exists()


def test_an_unwritable_output_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no-such-folder" / "board.png"
    assert main(["render", "--position", minigam_position().full_id(), "--out", str(out)]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_examples_writes_one_picture_per_board_type(tmp_path: Path) -> None:
    assert main(["examples", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["backgammon.png", "minigam.png", "multigam.png"]
    assert all(decode(p.read_bytes()).width == 900 for p in tmp_path.iterdir())


def test_bench_prints_a_line_per_board_type(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--states", "2", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["board", "first", "ms"]
    assert [line.split()[0] for line in lines[1:4]] == ["6-point,", "6-point,", "24-point"]
