"""Our cube decisions in match play against GNU Backgammon's own (tests/data/gnubg_cube_decisions.json,
made by tests/engine/gnubg_cube_reference.py inside gnubg 1.07): after the Crawford game (the trailer
on roll, the leader on roll), in the Crawford game, and redoubling past what the leader needs.

Both sides evaluate at 0 ply with gnubg's nets; gnubg's cubeful equities come from its own cube code
(``cfevaluate``), ours from :mod:`engine.ai.cube`. The actions must agree and the match winning chances
of no double, double/take and double/pass must be within :data:`MWC_TOLERANCE`.
"""

from __future__ import annotations

import json

import pytest

from engine import Game, MatchContext
from engine.ai import get_player
from engine.ai.backgammon import cube_decision
from engine.ai.cube import CubeDecision
from engine.ai.gnubg import evaluator
from engine.ai.stakes import Stakes
from tests.engine.gnubg_cube_data import CUBE_FILE, GNUBG_CUBE_COMMAND, run_gnubg_cube
from tests.engine.gnubg_data import board_to_position, gnubg_available

DATA = json.loads(CUBE_FILE.read_text())
CASES = DATA["cases"]
MWC_TOLERANCE = 0.005
"""The two builds of gnubg's nets (the ``gnubg-nn`` package and gnubg 1.07) differ by up to 0.004 in
a few bar positions; the same position evaluates to the same figures to 0.0002 elsewhere."""


def case_id(case: dict) -> str:
    return f"{case['board_name']}:{case['case']}"


def game_of(case: dict) -> Game:
    """The case as our game: player 0 on roll (gnubg's board is ``[not on roll, on roll]``)."""
    match = MatchContext(case["match"], tuple(case["score"]), case["crawford"])
    return Game(
        board_to_position(case["board"], 0), cube=case["cube"], cube_owner=case["cube_owner"], match=match
    )


def ours(case: dict) -> tuple[CubeDecision, dict[str, float]]:
    """Our 0-ply decision for the case and its three match winning chances."""
    game = game_of(case)
    decision = cube_decision(game, evaluator(), DATA["plies"])
    stakes = Stakes.of(game, 0)
    win, lose = stakes.mwc_after(1), stakes.mwc_after(-1)

    def mwc(equity: float) -> float:
        return (equity * (win - lose) + win + lose) / 2

    chances = {
        "no_double": mwc(decision.no_double),
        "double_take": mwc(decision.double_take),
        "double_pass": mwc(decision.double_pass),
    }
    return decision, chances


def gnubg_doubles(case: dict) -> bool:
    return case["action"].startswith(("Double", "Redouble"))


def gnubg_takes(case: dict) -> bool:
    return "pass" not in case["action"]


def test_the_data_names_the_command_that_made_it_and_covers_the_cases():
    assert DATA["command"] == GNUBG_CUBE_COMMAND
    assert DATA["gnubg"].startswith("GNU Backgammon")
    actions = {case["action"] for case in CASES}
    assert {"Double, take", "Double, pass", "Redouble, take", "Never double, take (dead cube)"} <= actions
    assert any(a.startswith("Too good") for a in actions)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_our_cube_decision_is_gnubgs(case):
    decision, chances = ours(case)
    assert decision.double is gnubg_doubles(case), case["action"]
    if "dead cube" not in case["action"]:  # there is a double to answer
        assert decision.take is gnubg_takes(case), case["action"]
    for key, value in chances.items():
        assert value == pytest.approx(case["mwc"][key], abs=MWC_TOLERANCE), key


OPENING_TRAILER = [
    c for c in CASES if c["board_name"] == "opening" and c["case"].startswith("post-crawford-trailer")
]


def test_after_the_crawford_game_the_trailer_doubles_at_once():
    # from the opening position of a post-Crawford game, 2- to 7-away against 1-away
    assert len(OPENING_TRAILER) == 6
    for case in OPENING_TRAILER:
        assert gnubg_doubles(case)
        assert ours(case)[0].double, case["case"]


@pytest.mark.parametrize("case", OPENING_TRAILER, ids=case_id)
def test_the_computer_doubles_at_once_after_the_crawford_game_and_the_leader_answers_as_gnubg(case):
    game = game_of(case)
    player = get_player("backgammon", "hard")  # gnubg's nets at 0 ply, no noise
    assert game.may_double()
    assert player.wants_to_double(game)
    offered = game.double()
    assert player.accepts_double(offered) is gnubg_takes(case)  # the leader's free drops at even scores


def test_the_leader_never_doubles_after_the_crawford_game():
    leader = [c for c in CASES if c["case"] == "post-crawford-leader"]
    assert leader
    assert all("dead cube" in c["action"] for c in leader)
    player = get_player("backgammon", "hard")
    for case in leader:
        game = game_of(case)
        assert not game.may_double()  # the cube is dead for the leader, as gnubg says
        assert game.cube_is_dead(game.turn)
        assert not ours(case)[0].double
        assert not player.wants_to_double(game)


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="gnubg is not installed (apt-get install gnubg)")
def test_live_gnubg_reproduces_the_committed_cube_decisions():
    live = run_gnubg_cube()
    assert [(c["case"], c["board_name"], c["action"]) for c in live["cases"]] == [
        (c["case"], c["board_name"], c["action"]) for c in CASES
    ]
    for now, committed in zip(live["cases"], CASES, strict=True):
        for key, value in now["mwc"].items():
            assert value == pytest.approx(committed["mwc"][key], abs=1e-6)
