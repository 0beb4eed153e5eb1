"""Post-game analysis of known games: backgammon with gnubg, the 6-point games with an exact table
or hard's evaluation, multigam with the placing model."""

from __future__ import annotations

import random

import pytest

from engine import Game, GameDataError, ScriptedDice, SeededDice
from engine.ai import hint
from engine.analysis import Decision, GameAnalysis, Source, Unit, analyse
from engine.analysis.rating import Luck, luck_of, rating
from engine.analysis.sixpoint import register_exact


def known_backgammon_game() -> Game:
    """A short money game with two poor plays and a premature double, ended by a resignation."""
    dice = ScriptedDice([3, 1, 6, 6, 5, 2, 4, 3, 6, 4])
    g = Game.start("backgammon", dice)  # player 0 opens with 3-1
    g = g.play("8/5 6/5")
    g = g.roll(dice).play("13/7(2) 8/2(2)")  # player 1's 6-6: the book play is 24/18(2) 13/7(2)
    g = g.double().take()  # player 0 doubles far too early; player 1 rightly takes
    g = g.roll(dice).play("13/8 13/11")
    g = g.roll(dice).play("13/9 13/10")
    g = g.roll(dice).play("13/7 13/9")
    return g.resign(1, 1).accept_resignation()


@pytest.fixture(scope="module")
def known() -> tuple[Game, GameAnalysis]:
    game = known_backgammon_game()
    return game, analyse("backgammon", game.events, game.match)


def test_every_play_and_cube_decision_is_reviewed_in_order(known):
    _, a = known
    assert (a.source, a.unit, a.variant) == (Source.GNUBG, Unit.EQUITY, "backgammon")
    kinds = [(r.turn, r.player, r.kind) for r in a.reviews]
    assert kinds == [
        (1, 0, Decision.PLAY),
        (2, 1, Decision.PLAY),
        (3, 0, Decision.CUBE),
        (3, 1, Decision.ANSWER),
        (3, 0, Decision.PLAY),
        (4, 1, Decision.PLAY),
        (5, 0, Decision.PLAY),
        (6, 1, Decision.RESIGN),
        (6, 0, Decision.RESIGN_ANSWER),
    ]
    assert [r.index for r in a.reviews] == sorted(r.index for r in a.reviews)


def test_the_book_plays_lose_nothing_and_the_bad_66_is_found(known):
    _, a = known
    opening, sixes = a.reviews[0], a.reviews[1]
    assert (opening.played, opening.best, opening.loss) == ("8/5 6/5", "8/5 6/5", 0.0)
    assert sixes.played == "13/7(2) 8/2(2)"
    assert sixes.best_play().result == sixes.before.parse_play(sixes.dice, "24/18(2) 13/7(2)").result
    assert sixes.loss > 0.2  # a blunder by any standard (gnubg: about 0.46)
    assert sixes.played_play().result != sixes.best_play().result
    # the best play is the one the hint would give first
    before = Game(sixes.before, dice=sixes.dice)
    assert hint(before, count=1)[0].play.result == sixes.best_play().result


def test_the_premature_double_and_the_right_take(known):
    _, a = known
    double, take = a.reviews[2], a.reviews[3]
    assert (double.played, double.best) == ("double", "no double")
    assert double.loss > 0.05
    assert (take.played, take.best, take.loss) == ("take", "take", 0.0)


def test_each_player_has_totals_worst_decisions_and_a_rating(known):
    _, a = known
    p0, p1 = a.players
    assert p0.decisions == 5  # the resignation's answer included
    assert p1.decisions == 4  # the resignation included
    assert p0.loss == pytest.approx(sum(r.loss for r in a.reviews if r.player == 0))
    assert p1.worst[0] is a.reviews[-2]  # resigning a game still about even, with the cube on 2
    assert p1.worst[1] is a.reviews[1]  # the 6-6
    assert [r.loss for r in p0.worst] == sorted((r.loss for r in p0.worst), reverse=True)
    assert len(p0.worst) == 3
    assert all(r.loss > 0 for r in p0.worst)
    assert p0.rating == rating(p0.loss_per_decision) == "Awful!"
    # luck: 6-6 is a great roll (gnubg: "lucky"), and each roll counts for its roller
    assert luck_of(a.reviews[1].luck) in (Luck.LUCKY, Luck.VERY_LUCKY)
    assert p1.luck == pytest.approx(sum(r.luck for r in a.reviews if r.player == 1 and r.luck is not None))


def test_the_winning_chances_follow_every_play(known):
    _, a = known
    assert [c.turn for c in a.chances] == [0, 1, 2, 3, 4, 5]
    assert a.chances[0].chances == (0.5, 0.5)
    for point in a.chances:
        assert sum(point.chances) == pytest.approx(1.0)
        assert all(0.0 <= x <= 1.0 for x in point.chances)
    assert a.chances[1].chances[0] > 0.5  # 3-1 made the 5-point


def test_an_analysis_survives_json(known):
    _, a = known
    again = GameAnalysis.from_json(a.to_json())
    assert again == a
    with pytest.raises(GameDataError):
        GameAnalysis.from_json({"format": 99})


def test_ratings_on_gnubgs_scale():
    assert rating(0.0015) == "Supernatural"
    assert rating(0.004) == "World class"
    assert rating(0.0216) == "Casual player"
    assert rating(0.04) == "Awful!"


# ------------------------------------------------------------------ the other variants


def random_game(variant: str, seed: int) -> Game:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    game = Game.start(variant, dice)
    while game.outcome is None:
        game = game.roll(dice) if game.dice is None else game.play(rng.choice(game.legal_plays()))
    return game


class DoubleOrNothing:
    """A stand-in exact table: the player to move wins with the chance of having fewer pips."""

    def win(self, pos):
        mine, theirs = pos.pip_count(pos.turn), pos.pip_count(1 - pos.turn)
        return 0.5 if mine == theirs else (0.75 if mine < theirs else 0.25)


def test_six_point_games_use_hard_until_an_exact_table_is_registered(monkeypatch):
    monkeypatch.setattr("engine.solve.win_table", lambda variant: None)  # as if no table were installed
    game = random_game("minigam", seed=4)
    approx = analyse("minigam", game.events)
    assert (approx.source, approx.unit, approx.approximate) == (Source.HARD, Unit.WIN_CHANCE, True)
    plays = sum(1 for e in game.events if e.kind == "play")
    assert len(approx.reviews) == plays
    assert len(approx.chances) == plays + 1
    assert all(r.loss == 0.0 for r in approx.reviews if r.forced)
    register_exact("minigam", DoubleOrNothing())
    try:
        exact = analyse("minigam", game.events)
    finally:
        register_exact("minigam", None)
    assert (exact.source, exact.approximate) == (Source.EXACT, False)
    # with the table, a play's value is 1 - the opponent's chance to win on roll
    table = DoubleOrNothing()

    def value(result, mover):
        return 1.0 if result.off[mover] == 8 else 1.0 - table.win(result.with_turn(1 - mover))

    for r in exact.reviews:
        values = [value(p.result, r.player) for p in r.before.legal_plays(r.dice)]
        assert r.loss == pytest.approx(max(values) - value(r.played_play().result, r.player))


def test_the_solved_games_are_analysed_exactly_with_the_shipped_table():
    from engine.solve import win_table

    table = win_table("minigam")
    if table is None:
        pytest.skip("the minigam table is not installed")
    game = random_game("minigam", seed=4)
    exact = analyse("minigam", game.events)
    assert (exact.source, exact.approximate) == (Source.EXACT, False)
    for r in exact.reviews:
        values = [table.after(p.result, r.player) for p in r.before.legal_plays(r.dice)]
        assert r.loss == pytest.approx(max(values) - table.after(r.played_play().result, r.player), abs=1e-4)


def test_multigam_uses_the_placing_model_and_has_no_rating():
    game = random_game("multigam", seed=2)
    a = analyse("multigam", game.events)
    assert (a.source, a.unit, a.approximate) == (Source.PLACING_MODEL, Unit.PLACING_POINTS, True)
    assert len(a.players) == 4
    assert all(p.rating is None for p in a.players)
    assert all(len(c.chances) == 4 for c in a.chances)
    assert any(p.loss > 0 for p in a.players)  # random players lose placing points
