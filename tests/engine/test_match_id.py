"""gnubg's Match ID, checked against IDs that gnubg itself produced (tests/data/gnubg_match_ids.json,
made by tests/engine/gnubg_match_reference.py with the command stored in the file): its encoder on
field values, and every step of matches and a money session played through gnubg's commands and
replayed here through the engine."""

from __future__ import annotations

import base64
import json
from dataclasses import replace

import pytest

from engine import Dice, Game, GameDataError, Match, Position, PositionIdError, ScriptedDice
from engine.match_id import GameState, MatchId, MatchIdError, game_from_ids, gnubg_ids
from tests.engine.gnubg_data import gnubg_available
from tests.engine.gnubg_match_data import GNUBG_MATCH_COMMAND, MATCH_IDS_FILE, run_gnubg_matches

DATA = json.loads(MATCH_IDS_FILE.read_text())
LEVELS = {"single": 1, "gammon": 2, "backgammon": 3}


def from_gnubg_fields(case: dict) -> MatchId:
    cube, pos = case["cubeinfo"], case["posinfo"]
    return MatchId(
        cube=cube["cube"],
        cube_owner=None if cube["cubeowner"] == -1 else cube["cubeowner"],
        on_roll=cube["move"],
        crawford=bool(cube["crawford"]),
        state=GameState(pos["gamestate"]),
        turn=pos["turn"],
        double_offered=bool(pos["doubled"]),
        resignation=pos["resigned"],
        dice=None if pos["dice"] == [0, 0] else tuple(pos["dice"]),
        length=cube["matchto"],
        score=tuple(cube["score"]),
        jacoby=bool(cube["jacoby"]),
    )


def test_the_data_names_the_command_that_made_it():
    assert DATA["command"] == GNUBG_MATCH_COMMAND
    assert DATA["gnubg"].startswith("GNU Backgammon")
    assert len(DATA["fields"]) > 300


@pytest.mark.parametrize("case", DATA["fields"], ids=[c["match_id"] for c in DATA["fields"]])
def test_fields_encode_and_decode_as_gnubg_does(case):
    ours = from_gnubg_fields(case)
    assert ours.encode() == case["match_id"]
    assert MatchId.parse(case["match_id"]) == ours


def replay_session(session: dict):
    """Replay gnubg's commands through the engine; yield (step, the game after it, session score
    before the game) for each step."""
    length = int(session["start"].split()[-1]) if "match" in session["start"] else 0
    match = Match.new("backgammon", length)
    game: Game | None = None
    base = (0, 0)
    previous = None
    for step in session["steps"]:
        command = step["do"]
        gnubg = MatchId.parse(step["match_id"])
        if command.startswith("new"):
            if game is not None:
                if length:
                    match = match.record(game.outcome)
                else:  # a money session: each game is a money game of its own
                    base = MatchId.parse(previous["match_id"]).score
            high, low = gnubg.dice
            opening = [high, low] if gnubg.on_roll == 0 else [low, high]
            game = (match if length else Match.new("backgammon", 0)).start_game(ScriptedDice(opening))
        elif command == "roll":
            game = game.roll(ScriptedDice(step["rolled"]))
            if game.must_pass() and gnubg.dice is None:  # gnubg passed the turn by itself
                game = game.play(game.legal_plays()[0])
        elif command in ("double", "take", "drop"):
            game = getattr(game, command)()
        elif command.startswith("resign"):
            game = game.resign(previous["turn"], LEVELS[command.split()[1]])
        elif command == "accept":
            game = game.accept_resignation()
        elif command == "reject":
            game = game.reject_resignation()
        else:
            game = game.play(command)  # gnubg's notation, as typed to it
        previous = step
        yield step, game, base


def ours_for_money(game: Game, base: tuple[int, int]) -> MatchId:
    ours = MatchId.of(game)
    return replace(ours, score=(ours.score[0] + base[0], ours.score[1] + base[1]))


@pytest.mark.parametrize("session", DATA["sessions"], ids=[s["start"] for s in DATA["sessions"]])
def test_every_state_of_gnubgs_games_has_gnubgs_ids(session):
    assert_same_ids(session)


def assert_same_ids(session: dict) -> None:
    for step, game, base in replay_session(session):
        ours = ours_for_money(game, base)
        assert (gnubg_ids(game)[0], ours.encode()) == (step["position_id"], step["match_id"]), (
            step["do"],
            ours,
            MatchId.parse(step["match_id"]),
        )


def test_the_replayed_states_cover_the_cube_crawford_offers_and_endings():
    seen = [MatchId.parse(step["match_id"]) for session in DATA["sessions"] for step in session["steps"]]
    assert {m.state for m in seen} >= {
        GameState.PLAYING,
        GameState.OVER,
        GameState.RESIGNED,
        GameState.DROPPED,
    }
    assert any(m.crawford for m in seen)
    assert any(m.double_offered for m in seen)
    assert {m.resignation for m in seen} >= {1, 2, 3}
    assert any(m.cube_owner == 0 for m in seen)
    assert any(m.cube_owner == 1 for m in seen)
    assert any(m.length == 0 and m.jacoby for m in seen)
    doubles = [m for m in seen if m.double_offered and m.length]
    # doubles after the Crawford game, and cubes past what the leader needs (RULES.md)
    assert any(not m.crawford and min(m.length - s for s in m.score) == 1 for m in doubles)
    assert any(2 * m.cube > min(m.length - s for s in m.score) for m in doubles)


def test_a_new_match_game_reads_as_its_fields():
    game = Match.new("backgammon", 5).start_game(ScriptedDice([3, 5]))  # player 1 opens with 5-3
    position_id, match_id = gnubg_ids(game)
    assert position_id == "4HPwATDgc/ABMA"
    assert MatchId.parse(match_id) == MatchId(on_roll=1, turn=1, dice=(5, 3), length=5)


@pytest.mark.parametrize("session", DATA["sessions"][:2], ids=[s["start"] for s in DATA["sessions"][:2]])
def test_a_game_read_from_gnubgs_ids_is_the_game_in_play(session):
    for step, game, _base in replay_session(session):
        if game.outcome is not None or game.match.target == 0:
            continue
        read = game_from_ids(step["position_id"], step["match_id"])
        assert gnubg_ids(read) == gnubg_ids(game)
        assert (read.position, read.dice, read.cube, read.cube_owner) == (
            game.position,
            game.dice,
            game.cube,
            game.cube_owner,
        )
        assert (read.double_offered, read.resign_offer, read.match) == (
            game.double_offered,
            game.resign_offer,
            game.match,
        )


def with_bits(first: int, bits: int, value: int, base: str = "cImuAAAAAAAE") -> str:
    """``base`` with bits ``first`` .. ``first + bits - 1`` set to ``value``."""
    number = int.from_bytes(base64.b64decode(base), "little")
    number = number & ~(((1 << bits) - 1) << first) | (value << first)
    return base64.b64encode(number.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("cImuAAAAAAA", "11 characters, not 12"),
        ("cImuAAAAAAAEx", "13 characters"),
        ("cImu AAAAAAE", "outside base64"),
        ("cImuAAAAAA==", "padding"),
        (with_bits(67, 1, 1), "bits past the 67th"),
        (with_bits(4, 2, 2), "owner field is 2"),
        (with_bits(8, 3, 7), "game state 7"),
        (with_bits(15, 3, 7), "dice 7-3"),
        (with_bits(0, 4, 13), "past 4096"),
        (with_bits(36, 15, 5), "5-0 in a 5-point match"),
        (with_bits(7, 1, 1, MatchId().encode()), "money play has no Crawford game"),
        (12345, "is text"),
    ],
)
def test_a_bad_match_id_says_what_is_wrong(text, fragment):
    with pytest.raises(MatchIdError) as info:
        MatchId.parse(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_game_from_ids_refuses_what_cannot_be_played_on():
    over = MatchId(state=GameState.OVER, length=5, score=(5, 2))
    with pytest.raises(MatchIdError, match="over"):
        game_from_ids("4HPwATDgc/ABMA", over.encode())
    with pytest.raises(MatchIdError, match="after the roll"):
        game_from_ids("4HPwATDgc/ABMA", MatchId(double_offered=True, turn=1, dice=(3, 1)).encode())
    with pytest.raises(MatchIdError, match="to decide"):
        game_from_ids("4HPwATDgc/ABMA", MatchId(double_offered=True, turn=0).encode())
    with pytest.raises(PositionIdError):
        game_from_ids("4HPwATDgc/ABM", MatchId().encode())
    with pytest.raises(GameDataError):  # owned by player 1 but player 0 doubles
        game_from_ids("4HPwATDgc/ABMA", MatchId(cube=2, cube_owner=1, double_offered=True, turn=1).encode())


def test_match_ids_are_for_games_with_the_cube():
    game = Game(Position.initial("backgammon-mulligan"), dice=Dice(3, 1))
    with pytest.raises(MatchIdError, match="doubling cube"):
        MatchId.of(game)


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="gnubg is not installed (apt-get install gnubg)")
def test_live_gnubg_reproduces_the_committed_match_ids(tmp_path):
    data = run_gnubg_matches(mat_dir=str(tmp_path))
    assert data["fields"] == DATA["fields"]
    # gnubg's choice among plays of equal value may differ from run to run: replay what it did now
    for session in data["sessions"]:
        assert_same_ids(session)
