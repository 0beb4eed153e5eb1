"""A resignation is a decision, and so is its answer: graded against what playing on is worth with the
cube (gnubg at 2 ply), in the game's stakes."""

from __future__ import annotations

import pytest

from engine import Game, ScriptedDice, SeededDice
from engine.analysis import Decision, analyse
from engine.analysis.sixpoint import exact_table


def _opening() -> Game:
    """Player 0 opens 3-1 with the book play; player 1 is to roll, the game about even."""
    return Game.start("backgammon", ScriptedDice([3, 1])).play("8/5 6/5")


def _review(game: Game, kind: Decision):
    a = analyse("backgammon", game.events, game.match)
    (review,) = [r for r in a.reviews if r.kind is kind]
    return a, review


def test_resigning_a_gammon_in_an_even_game_is_graded_as_the_blunder_it_is():
    game = _opening().resign(1, 2).accept_resignation()

    a, review = _review(game, Decision.RESIGN)

    assert (review.player, review.played, review.best) == (1, "resign a gammon", "play on")
    assert review.loss == pytest.approx(2.0, abs=0.3)  # two points given away for a game worth about 0
    resigner = a.players[1]
    assert resigner.decisions == 1
    assert resigner.worst == (review,)
    assert resigner.rating == "Awful!"  # not "Supernatural" for losing nothing on no decisions


def test_accepting_the_gammon_offered_is_right():
    game = _opening().resign(1, 2).accept_resignation()

    _a, answer = _review(game, Decision.RESIGN_ANSWER)

    assert (answer.player, answer.played, answer.best, answer.loss) == (0, "accept", "accept", 0.0)


def test_declining_a_resignation_worth_more_than_the_game_loses_the_difference():
    game = _opening().resign(1, 1).reject_resignation()
    playing_on = _review(game, Decision.RESIGN)[1].loss - 1.0  # what player 1's game is worth, from there

    _a, answer = _review(game, Decision.RESIGN_ANSWER)

    assert (answer.played, answer.best) == ("decline", "accept")
    assert answer.loss == pytest.approx(1.0 + playing_on, abs=1e-9)  # +1 refused for what the game is worth
    assert 0.6 < answer.loss < 1.2


def test_giving_up_a_solved_game_loses_the_exact_chance_playing_on_had():
    if exact_table("minigam") is None:
        pytest.skip("the minigam table is not installed")
    game = Game.start("minigam", SeededDice(7))
    game = game.play(game.legal_plays()[0]).resign(1)  # player 1 gives up before rolling

    a = analyse("minigam", game.events, game.match)

    (review,) = [r for r in a.reviews if r.kind is Decision.RESIGN]
    chance = exact_table("minigam").win(game.position.with_turn(1))  # the game before the resignation
    assert (review.player, review.played, review.best) == (1, "resign", "play on")
    assert review.loss == pytest.approx(chance)
    assert 0.05 < review.loss < 0.95
    assert a.players[1].worst[0] is review
