"""What a resignation costs (RULES.md "Ending and scoring"), per variant, and how resigning scores it."""

from __future__ import annotations

import pytest

from engine import Game, GameStateError, MatchContext, Position, Termination, WinKind
from tests.engine.helpers import pos

# Backgammon coordinates: player 0 moves up (home board 19-24), player 1 moves down (home 1-6).


@pytest.mark.parametrize(
    ("points", "bar", "kind"),
    [
        # player 1 (the resigner) has 2 back checkers on point 24, in player 0's home board
        (None, (0, 0), WinKind.BACKGAMMON),
        # everything out of player 0's home board, nothing borne off: a gammon is still possible
        ({18: (1, 15), 1: (0, 15)}, (0, 0), WinKind.GAMMON),
        # one of player 1's checkers on the bar
        ({18: (1, 14), 1: (0, 15)}, (0, 1), WinKind.BACKGAMMON),
        # one in player 0's home board (19)
        ({19: (1, 1), 18: (1, 14), 1: (0, 15)}, (0, 0), WinKind.BACKGAMMON),
        # one borne off: only a single game, even with a checker on the bar
        ({18: (1, 13), 1: (0, 15)}, (0, 1), WinKind.SINGLE),
    ],
)
def test_a_backgammon_resignation_can_cost_what_the_game_still_can(points, bar, kind):
    position = Position.initial("backgammon", 1) if points is None else pos("backgammon", 1, points, bar=bar)
    game = Game(position, match=MatchContext(jacoby=False))
    assert game.resignation_value(1) is kind
    offered = game.resign(1)  # the default offer: everything the game can cost
    assert offered.resign_offer == (1, kind.multiplier)
    assert offered.accept_resignation().outcome.points == kind.multiplier


def test_a_backgammon_resignation_may_offer_less_but_never_more_than_the_game_can_cost():
    game = Game(pos("backgammon", 0, {18: (1, 15), 1: (0, 15)}), cube=4, cube_owner=0)
    assert game.resignation_value(1) is WinKind.GAMMON
    single = game.resign(1, 1).accept_resignation().outcome
    assert (single.kind, single.points, single.winner) == (WinKind.SINGLE, 4, 0)
    gammon = game.resign(1, 2).accept_resignation().outcome
    assert (gammon.kind, gammon.points) == (WinKind.GAMMON, 8)
    with pytest.raises(GameStateError, match="cannot cost more than a gammon"):
        game.resign(1, 3)


@pytest.mark.parametrize(
    ("points", "bar", "kind"),
    [
        (None, (0, 0), WinKind.MULLIGAN),  # the start: checkers far outside the home board (1-6)
        ({6: (1, 15), 24: (0, 15)}, (0, 0), WinKind.SINGLE),  # all home: a Mulligan is impossible
        ({6: (1, 14), 7: (1, 1), 24: (0, 15)}, (0, 0), WinKind.MULLIGAN),  # one on point 7
        ({6: (1, 10), 24: (0, 15)}, (0, 1), WinKind.MULLIGAN),  # on the bar, even with some off
        ({6: (1, 10), 24: (0, 15)}, (0, 0), WinKind.SINGLE),  # some off, the rest home
    ],
)
def test_a_mulligan_resignation_scores_3_while_a_mulligan_is_possible(points, bar, kind):
    v = "backgammon-mulligan"
    position = Position.initial(v, 1) if points is None else pos(v, 1, points, bar=bar)
    game = Game(position, match=MatchContext(jacoby=False))
    assert game.resignation_value(1) is kind
    outcome = game.resign(1).outcome  # lost at once: no offer to answer
    assert outcome.termination is Termination.RESIGNED
    assert (outcome.winner, outcome.kind, outcome.points) == (0, kind, kind.multiplier)


def test_a_mulligan_resignation_cannot_be_for_less_than_it_costs():
    game = Game(Position.initial("backgammon-mulligan", 0))
    with pytest.raises(GameStateError, match="costs 3 points now"):
        game.resign(0, 1)
    assert game.resign(0, 3).outcome.points == 3


@pytest.mark.parametrize("variant", ["minigam", "minigam-full-entry", "minigam-strict"])
def test_a_six_point_resignation_is_one_point(variant):
    game = Game(Position.initial(variant, 0))
    assert game.resignation_value(0) is WinKind.SINGLE
    assert game.resign(0).outcome.points == 1
    with pytest.raises(GameStateError, match="costs 1 point now"):
        game.resign(0, 2)


def test_a_multigam_resignation_costs_the_players_place():
    game = Game(Position.initial("multigam", 0))
    assert game.resignation_value(2) is WinKind.PLACINGS
    assert game.resign(2).active_players() == [0, 1, 3]


@pytest.mark.parametrize("player", [-1, 2, 7, True, "0", None])
def test_the_value_of_a_resignation_is_asked_of_a_player_of_the_game(player):
    game = Game(Position.initial("backgammon", 0))
    with pytest.raises(GameStateError, match="no player"):
        game.resignation_value(player)
    with pytest.raises(GameStateError, match="not playing"):
        game.resign(player)
