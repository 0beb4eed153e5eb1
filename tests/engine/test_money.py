"""Money play and the Jacoby rule (RULES.md "Ending and scoring"): a money game is one game with the
cube; with the Jacoby rule (on by default) gammons and backgammons count as single games while the
cube is still centred."""

from __future__ import annotations

import pytest

from engine import Dice, Game, GameDataError, Match, MatchContext, Termination, WinKind
from engine.scoring import Outcome
from tests.engine.helpers import pos

# Player 0 has one checker left on its own 1 point (absolute 24) and 1-2 to roll; player 1 has all 15
# on its own 6 point (absolute 6): bearing off is a gammon.
GAMMON = {24: (0, 1), 6: (1, 15)}
# The same with one of player 1's checkers on the bar: a backgammon.
BACKGAMMON = {24: (0, 1), 6: (1, 14)}


def last_roll(points=GAMMON, bar=(0, 0), **kw) -> Game:
    return Game(pos("backgammon", 0, points, bar=bar), dice=Dice(1, 2), **kw)


def test_money_play_uses_the_jacoby_rule_by_default():
    assert MatchContext().jacoby
    assert Match.new("backgammon", 0).next_context().jacoby
    assert Match.new("backgammon", 0).is_money
    assert not Match.new("backgammon-mulligan").is_money


def test_a_gammon_with_the_cube_centred_is_a_single_game_by_jacoby():
    outcome = last_roll().play("1/off").outcome
    assert (outcome.kind, outcome.points, outcome.jacoby) == (WinKind.GAMMON, 1, True)
    described = outcome.describe(["Ann", "Bob"])
    assert described == "Ann wins a gammon, 1 point (Jacoby rule: no double, a single game)"


def test_a_backgammon_with_the_cube_centred_is_a_single_game_by_jacoby():
    outcome = last_roll(BACKGAMMON, bar=(0, 1)).play("1/off").outcome
    assert (outcome.kind, outcome.points, outcome.jacoby) == (WinKind.BACKGAMMON, 1, True)


def test_once_the_cube_is_turned_gammons_count_again():
    outcome = last_roll(cube=2, cube_owner=0).play("1/off").outcome
    assert (outcome.kind, outcome.points, outcome.jacoby) == (WinKind.GAMMON, 4, False)
    assert outcome.describe(["Alice", "Bob"]) == "Alice wins a gammon, 4 points"


def test_without_the_jacoby_rule_a_gammon_counts_double():
    outcome = last_roll(match=MatchContext(jacoby=False)).play("1/off").outcome
    assert (outcome.kind, outcome.points, outcome.jacoby) == (WinKind.GAMMON, 2, False)
    assert outcome.describe(["Ann", "Bob"]) == "Ann wins a gammon, 2 points"


def test_the_jacoby_rule_never_applies_in_a_match():
    outcome = last_roll(match=MatchContext(5, (1, 2), jacoby=True)).play("1/off").outcome
    assert (outcome.points, outcome.jacoby) == (2, False)


def test_a_resigned_gammon_with_the_cube_centred_is_a_single_game_by_jacoby():
    game = Game(pos("backgammon", 1, GAMMON)).resign(1, 2)
    outcome = game.accept_resignation().outcome
    assert (outcome.termination, outcome.kind, outcome.points, outcome.jacoby) == (
        Termination.RESIGNED,
        WinKind.GAMMON,
        1,
        True,
    )


def test_a_jacoby_outcome_reads_back_and_is_checked_against_the_game():
    game = last_roll().play("1/off")
    assert Game.from_json(game.to_json()) == game
    assert Outcome.from_json(game.outcome.to_json()) == game.outcome
    data = game.to_json()
    data["match"]["jacoby"] = False  # the rule was off: the gammon would have been worth 2
    with pytest.raises(GameDataError, match="Jacoby"):
        Game.from_json(data)


@pytest.mark.parametrize(
    "data",
    [
        {"termination": "dropped", "winner": 0, "kind": "gammon", "points": 1, "jacoby": True},
        {"termination": "borne_off", "winner": 0, "kind": "single", "points": 1, "jacoby": True},
        {"termination": "borne_off", "winner": 0, "kind": "gammon", "points": 2, "jacoby": True},
        {"termination": "borne_off", "winner": 0, "kind": "gammon", "points": 1, "jacoby": "yes"},
    ],
)
def test_an_outcome_claiming_the_jacoby_rule_must_be_a_centred_gammon(data):
    with pytest.raises(GameDataError):
        Outcome.from_json(data)


def test_a_match_keeps_its_jacoby_setting():
    match = Match.new("backgammon", 0, jacoby=False)
    assert not match.next_context().jacoby
    assert Match.from_json(match.to_json()) == match
    assert Match.from_json({**match.to_json(), "jacoby": True}).next_context().jacoby
    with pytest.raises(ValueError, match="jacoby"):
        Match.new("backgammon", 0, jacoby="no")


def test_a_money_game_is_one_game():
    match = Match.new("backgammon", 0)
    game = last_roll(match=match.next_context()).play("1/off")
    match = match.record(game.outcome)
    assert match.is_over
    assert (match.winner, match.score) == (0, (1, 0))
