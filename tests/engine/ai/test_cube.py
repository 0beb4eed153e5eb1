"""The match equity table, the stakes of a game, and cube decisions worked out by hand."""

from __future__ import annotations

import pytest

from engine import Game, MatchContext, Position
from engine.ai import cube_hint, get_player
from engine.ai.cube import CubeAction, CubeState, Owner, cube_efficiency, decide
from engine.ai.evaluator import Chances
from engine.ai.met import MAX_AWAY, POST_CRAWFORD, PRE_CRAWFORD, mulligan_mwc, mwc
from engine.ai.stakes import Stakes, mulligan_possible

START = Position.initial("backgammon", 0)
X = 0.68


def plain(p: float) -> Chances:
    """Chances without gammons."""
    return Chances(p, 0.0, 0.0, 0.0, 0.0)


# ------------------------------------------------------------------ the match equity table


def test_the_table_is_square_and_each_score_adds_up_to_one():
    assert len(PRE_CRAWFORD) == MAX_AWAY == len(POST_CRAWFORD)
    for i in range(MAX_AWAY):
        assert len(PRE_CRAWFORD[i]) == MAX_AWAY
        for j in range(MAX_AWAY):
            assert PRE_CRAWFORD[i][j] + PRE_CRAWFORD[j][i] == pytest.approx(1.0, abs=1e-9)
            if j > i:  # needing fewer points is better
                assert PRE_CRAWFORD[i][j] > PRE_CRAWFORD[i][j - 1]


def test_known_entries_of_kazaross_xg2():
    assert mwc(1, 2, post_crawford=False) == 0.67736  # the Crawford game, leader 1-away
    assert mwc(2, 1, post_crawford=True) == 0.48803  # post-Crawford, the trailer 2-away
    assert mwc(3, 3, post_crawford=False) == 0.5
    assert mwc(1, 1, post_crawford=True) == 0.5
    assert mwc(0, 4, post_crawford=False) == 1.0
    assert mwc(4, -1, post_crawford=False) == 0.0


def test_beyond_25_points_the_lead_is_kept():
    assert mwc(30, 28, post_crawford=False) == mwc(25, 23, post_crawford=False)
    assert mwc(30, 2, post_crawford=False) == mwc(25, 2, post_crawford=False)


def test_mulligan_table_by_hand():
    m = 0.12
    s = 0.5 - m
    assert mulligan_mwc(1, 1) == 0.5
    # 1-away against 3-away: any win ends the match; losing a single gives 1-away against 2-away
    one_two = s + m + s * mulligan_mwc(1, 1)  # losing a single again: 1-away v 1-away
    assert mulligan_mwc(1, 2) == pytest.approx(one_two)
    assert mulligan_mwc(1, 3) == pytest.approx(s + m + s * one_two)
    assert mulligan_mwc(3, 3) == pytest.approx(0.5)


# ------------------------------------------------------------------ stakes


def test_money_equity_counts_gammons_and_backgammons():
    c = Chances(0.6, 0.2, 0.05, 0.1, 0.02)
    assert Stakes(0).equity(c, START) == pytest.approx(0.2 + 0.1 + 0.03)
    assert c.money == pytest.approx(0.33)


def test_a_match_equity_is_plus_one_for_a_single_win_and_minus_one_for_a_loss():
    stakes = Stakes(0, away=(5, 3))
    assert stakes.equity(Chances(1.0, 0.0, 0.0, 0.0, 0.0), START) == pytest.approx(1.0)
    assert stakes.equity(Chances(0.0, 0.0, 0.0, 0.0, 0.0), START) == pytest.approx(-1.0)
    # at double match point a gammon is worth nothing more
    dmp = Stakes(0, away=(1, 1))
    assert dmp.equity(Chances(0.6, 0.3, 0.1, 0.2, 0.0), START) == pytest.approx(0.2)


def test_mulligans_count_three_fold_only_while_possible():
    #  Player 1 has all fifteen checkers in its home board: it can no longer lose a Mulligan.
    home = Position.from_points("backgammon-mulligan", turn=0, points={1: (1, 15), 13: (0, 15)})
    assert not mulligan_possible(home, 1)
    assert mulligan_possible(home, 0)
    c = Chances(0.4, 0.1, 0.0, 0.2, 0.0)
    stakes = Stakes(0, mulligan=True)
    # player 0 cannot win a Mulligan any more, but can still lose one: 3 points
    assert stakes.equity(c, home) == pytest.approx((0.4 - 0.6) - 2 * 0.2)
    start = Position.initial("backgammon-mulligan", 0)
    assert stakes.equity(c, start) == pytest.approx((0.4 - 0.6) + 2 * (0.1 - 0.2))


# ------------------------------------------------------------------ money play


def test_janowski_money_points_without_gammons():
    # W = L = 1: live take point 0.5 / 2.5 = 20%, cash point 2 / 2.5 = 80%.
    at_take = decide(plain(0.2), Stakes(0), CubeState(owner=Owner.OPPONENT), 1.0, START)
    assert at_take.no_double == pytest.approx(-1.0)
    d = decide(plain(0.7), Stakes(0), CubeState(), X, START)
    # centred, p = 0.7: live -1 + 2 (0.7 - 0.2) / 0.6; dead 0.4
    assert d.no_double == pytest.approx(X * (-1 + 2 * 0.5 / 0.6) + (1 - X) * 0.4)
    # doubled and taken: the opponent owns the cube; live -1 + 2 (0.5) / 0.8, twice
    assert d.double_take == pytest.approx(2 * (X * (-1 + 2 * 0.5 / 0.8) + (1 - X) * 0.4))
    assert d.double_pass == 1.0


@pytest.mark.parametrize(
    ("p", "action", "advice"),
    [
        (0.60, CubeAction.NO_DOUBLE_TAKE, "no double"),
        (0.72, CubeAction.DOUBLE_TAKE, "double / take"),
        (0.85, CubeAction.DOUBLE_PASS, "double / pass"),
    ],
)
def test_money_decisions_without_gammons(p, action, advice):
    d = decide(plain(p), Stakes(0), CubeState(), X, START)
    assert d.action is action
    assert d.advice == advice


def test_too_good_when_the_gammons_are_worth_more_than_the_point():
    # 90% to win, half of the wins gammons: playing on is worth about 1.2 > a pass's 1
    d = decide(Chances(0.9, 0.45, 0.0, 0.0, 0.0), Stakes(0), CubeState(), X, START)
    assert d.too_good
    assert not d.double
    assert d.action is CubeAction.TOO_GOOD_PASS
    assert d.advice == "too good"
    assert d.doubling_error(True) == pytest.approx(d.no_double - 1.0)


def test_jacoby_makes_gammons_count_only_after_a_double():
    c = Chances(0.7, 0.25, 0.0, 0.05, 0.0)
    plain_rule = decide(c, Stakes(0), CubeState(), X, START)
    jacoby = decide(c, Stakes(0), CubeState(jacoby=True), X, START)
    assert jacoby.no_double < plain_rule.no_double
    assert jacoby.double_take == plain_rule.double_take  # the double turns the gammons back on


def test_redouble_is_named_so():
    d = decide(plain(0.75), Stakes(0), CubeState(value=2, owner=Owner.ROLLER), X, START)
    assert d.advice == "redouble / take"


def test_cube_efficiency_from_gnubgs_constants():
    assert cube_efficiency(START, 0, contact=True) == 0.68
    race = Position.from_points("backgammon", turn=0, points={19: (0, 15), 6: (1, 15)})
    assert race.pip_count(0) == 90
    assert cube_efficiency(race, 0, contact=False) == pytest.approx(0.55 + 0.00125 * 90)
    long = Position.from_points("backgammon", turn=0, points={1: (0, 15), 24: (1, 15)})
    assert cube_efficiency(long, 0, contact=False) == 0.7


# ------------------------------------------------------------------ matches


@pytest.mark.parametrize("p", [0.6, 0.7, 0.75, 0.8])
def test_a_long_match_decides_like_money(p):
    money = decide(plain(p), Stakes(0), CubeState(), X, START)
    match = decide(plain(p), Stakes(0, away=(25, 25)), CubeState(), X, START)
    assert match.action is money.action
    assert match.no_double == pytest.approx(money.no_double, abs=0.01)
    assert match.double_take == pytest.approx(money.double_take, abs=0.02)


def test_the_trailer_doubles_post_crawford_and_the_leader_takes_when_not_worse():
    # 3-away against 1-away after the Crawford game: the trailer has nothing to lose by doubling
    d = decide(plain(0.3), Stakes(0, away=(3, 1)), CubeState(), X, START)
    assert d.double
    assert d.take
    # the leader cannot gain from a cube that its single win already covers
    leader = decide(plain(0.7), Stakes(0, away=(1, 3)), CubeState(), X, START)
    assert not leader.double


def test_the_crawford_game_has_a_dead_cube():
    c = Chances(0.55, 0.1, 0.0, 0.1, 0.0)
    stakes = Stakes(0, away=(4, 1))
    d = decide(c, stakes, CubeState(available=False, crawford=True), X, START)
    assert d.value == d.no_double
    assert d.no_double == pytest.approx(stakes.equity(c, START))


def test_a_free_drop_at_two_away_one_away():
    # post-Crawford, trailer 2-away: passing a double costs the leader only a point (1-away each
    # then), so the leader passes when the trailer is the favourite
    d = decide(plain(0.6), Stakes(0, away=(2, 1)), CubeState(), X, START)
    assert d.double
    assert not d.take


# ------------------------------------------------------------------ the players and the hint


def test_cube_hint_before_the_roll_and_facing_a_double():
    # Player 0 on roll, 60 pips against 72 (a clear double and pass: see test_ai_decisions)
    mine = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}
    points = {25 - n: (0, c) for n, c in mine.items()}
    points.update({6: (1, 5), 5: (1, 5), 4: (1, 4), 1: (1, 1)})
    game = Game(Position.from_points("backgammon", turn=0, points=points))
    hint = cube_hint(game)
    assert hint is not None
    assert not hint.facing_double
    assert hint.advice == "double / pass"
    answer = cube_hint(game.double())
    assert answer is not None
    assert answer.facing_double
    assert answer.advice == "pass"
    assert cube_hint(Game(Position.initial("backgammon-mulligan", 0))) is None


# Player 0 (on roll) has all fifteen checkers in its closed home board; player 1 has two on the bar
# and thirteen on its own 13- to 18-points, far from home: a gammon is likely, a backgammon possible.
CRUSHED = Position.from_points(
    "backgammon",
    turn=0,
    points={
        19: (0, 3),
        20: (0, 3),
        21: (0, 3),
        22: (0, 2),
        23: (0, 2),
        24: (0, 2),
        13: (1, 3),
        14: (1, 2),
        15: (1, 2),
        16: (1, 2),
        17: (1, 2),
        18: (1, 2),
    },
    bar=[0, 2],
)


def test_resignations_are_accepted_exactly_when_worth_playing_on():
    chances = get_player("backgammon", "hard").ev.on_roll(CRUSHED, 0)
    assert chances.win > 0.9
    assert chances.win_gammon > 0.5
    no_jacoby = MatchContext(jacoby=False)  # with the Jacoby rule a single is all a centred cube gives
    for level in ("hard", "expert"):
        player = get_player("backgammon", level)
        assert not player.accepts_resignation(Game(CRUSHED, match=no_jacoby).resign(1, 1))  # far too little
        assert player.accepts_resignation(Game(CRUSHED, match=no_jacoby).resign(1, 3))  # all there is
    # The opening position: a single is worth far more than the small edge of the side on roll.
    assert get_player("backgammon", "hard").accepts_resignation(Game(START).resign(1, 1))
    # At double match point a single wins the match: always accepted, even when crushing.
    dmp = Game(CRUSHED, match=MatchContext(5, (4, 4))).resign(1, 1)
    assert get_player("backgammon", "expert").accepts_resignation(dmp)
