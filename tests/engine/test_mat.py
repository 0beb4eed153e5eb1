""".mat records: gnubg's own exports (tests/data/gnubg_session_N.mat, made with the Match ID data by
tests/engine/gnubg_match_reference.py) read and replayed through the engine to gnubg's scores and
written back as gnubg wrote them; our records round-trip; bad files get errors that name the line."""

from __future__ import annotations

import json

import pytest

from engine import Match, SeededDice, selfplay
from engine.ai import get_player
from engine.mat import MatError, write_match
from engine.mat_read import read_match, replay_match
from engine.match_id import MatchId
from engine.selfplay_cli import main, match_record
from tests.engine.gnubg_data import DATA
from tests.engine.gnubg_match_data import MATCH_IDS_FILE

SESSIONS = json.loads(MATCH_IDS_FILE.read_text())["sessions"]
NUMBERS = range(1, len(SESSIONS) + 1)


def gnubg_file(number: int) -> str:
    return (DATA / f"gnubg_session_{number}.mat").read_text()


def body(text: str) -> list[str]:
    """The lines from ' N point match' on (the comment lines above differ by design)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "point match" in line)
    return lines[start:]


@pytest.mark.parametrize("number", NUMBERS)
def test_gnubgs_files_replay_to_gnubgs_final_score(number):
    record = read_match(gnubg_file(number))
    final = MatchId.parse(SESSIONS[number - 1]["steps"][-1]["match_id"])
    assert record.names == ("gnubg", "root")
    assert record.target == final.length
    assert record.score == final.score
    match, games = replay_match(record)
    assert [g.outcome for g in games] == [g.outcome for g in record.games]
    if record.target:
        assert match.is_over
        assert match.score == final.score


@pytest.mark.parametrize("number", NUMBERS)
def test_writing_gnubgs_files_again_gives_gnubgs_text(number):
    text = gnubg_file(number)
    assert body(write_match(read_match(text))) == body(text)


def test_the_files_cover_cube_actions_resignations_and_money():
    texts = [gnubg_file(n) for n in NUMBERS]
    for word in ("Doubles =>", "Takes", "Drops", "Wins", " 0 point match"):
        assert any(word in t for t in texts), word


def played(points: int, seed: int) -> selfplay.PlayedMatch:
    seats = [get_player("backgammon", "medium", seed=seed), get_player("backgammon", "easy", seed=seed + 1)]
    return selfplay.play_match(Match.new("backgammon", points), seats, SeededDice(seed))


@pytest.mark.parametrize(("points", "seed"), [(3, 1), (0, 2), (0, 5)])
def test_our_records_round_trip(points, seed):
    result = played(points, seed)
    record = match_record(result, ("Ann", "Bob"))
    text = write_match(record)
    back = read_match(text)
    assert back.score == result.match.score
    assert [g.outcome for g in back.games] == [g.outcome for g in result.games]
    assert write_match(back) == text


def test_a_match_in_progress_is_written_and_read():
    result = played(3, 4)
    record = match_record(result, ("Ann", "Bob"))
    last = record.games[-1]
    cut = [e for e in last.events if e.kind.value != "accept"][: len(last.events) // 2]
    partial = type(record)(
        record.names, record.target, (*record.games[:-1], type(last)(tuple(cut), last.context))
    )
    back = read_match(write_match(partial))
    assert back.games[-1].outcome is None
    assert len(back.games) == len(record.games)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("hello", "line 1: expected ' N point match'"),
        (" 5 point match\n", "no ' Game 1'"),
        (" 5 point match\n\n Game 1\n A : 0  B : 1\n  1) 31: 8/5 6/5\n", "the score is 0-1"),
        (" 5 point match\n\n Game 1\n A : 0  B : 0\n  1) 31: 8/4 6/5\n", "line 5: '8/4 6/5' is not possible"),
        (" 5 point match\n\n Game 1\n A : 0  B : 0\n  1) 33: 8/5 6/5\n", "opening roll cannot be a double"),
        (" 5 point match\n\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5   Beavers => 4\n", "beavers"),
        (" 30 point match\n", "longer than the 25"),
    ],
)
def test_bad_files_say_what_and_where(text, fragment):
    with pytest.raises(MatError) as info:
        read_match(text)
    assert fragment in str(info.value)


def test_selfplay_command_plays_a_match_and_writes_it(tmp_path, capsys):
    path = tmp_path / "match.mat"
    assert main(["--points", "3", "--a", "medium", "--b", "easy", "--seed", "2", "--mat", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    record = read_match(path.read_text())
    assert last == f"final score: medium {record.score[0]}, easy {record.score[1]}"
    assert max(record.score) >= 3


def test_selfplay_command_plays_money(capsys):
    assert main(["--points", "0", "--a", "easy", "--b", "easy", "--seed", "3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("final score: easy A ")


@pytest.mark.parametrize(("resigner", "level"), [(1, 2), (0, 1), (0, 3)])
def test_a_game_resigned_before_its_first_play_keeps_its_opening_roll(resigner: int, level: int):
    from engine import MatchContext
    from engine.dice import ScriptedDice
    from engine.mat import GameRecord, MatchRecord

    match = Match.new("backgammon", 5)
    game = match.start_game(ScriptedDice([6, 5]))  # player 0 opens 6-5 and is on roll
    game = game.resign(resigner, level).accept_resignation()
    record = MatchRecord(("Ann", "Bob"), 5, (GameRecord(game.events, MatchContext(5), game.outcome),))

    text = write_match(record)
    back = read_match(text)

    assert " 1) 65:" in text
    assert back.games[0].outcome == game.outcome
    assert back.score == record.score
    assert write_match(back) == text
