"""Multigam: four players on six points, all moving up; the high/low opening; placings 5/3/2/1."""

from __future__ import annotations

import pytest

from engine import Dice, Game, GameStateError, Position, ScriptedDice, SeededDice, Termination, WinKind
from engine.game import opening_roll
from engine.variants import find_variant
from tests.engine.helpers import assert_plays, count, pos

MULTIGAM = find_variant("multigam")


# ------------------------------------------------------------------ moving


@pytest.mark.parametrize("turn", range(4))
def test_every_player_enters_on_the_point_of_the_die(turn):
    p = Position.initial("multigam", turn)
    after = p.parse_play(Dice(3, 1), "bar/1 bar/3").result
    assert after.point(1) == (turn, 1)
    assert after.point(3) == (turn, 1)


def test_any_opponents_made_point_blocks_and_a_blot_goes_to_its_owners_bar():
    #   point   1     2     3     4     5     6
    #          1x2   0x1   2x1    .    3x2   0x1       bar: 0: 1, 2: 1;  off: 0: 2, 1: 3, 2: 3, 3: 3
    p = pos("multigam", 0, M_POINTS, bar=M_BAR)
    # The 1 cannot enter (player 1's point); 2/5 with a 3 is blocked (player 3's point).
    assert all(m.src != 0 or m.dst != 1 for m, _ in p.single_moves(1))
    assert all(m.src != 2 for m, _ in p.single_moves(3))
    # 2/3* hits player 2's blot, which goes to player 2's bar.
    after = p.parse_play(Dice(2, 1), "2/3* bar/2").result
    assert after.bar == (0, 0, 2, 0)
    assert after.point(3) == (0, 1)


# The position M (player 0 on roll), worked by hand:
#
#   point   1     2     3     4     5     6
#          1x2   0x1   2x1    .    3x2   0x1       bar: player 0: 1, player 2: 1
#                                                  off: player 0: 2, players 1-3: 3 each
#
# Player 0's single moves: 1: 2/3*, 6/off (bar/1 blocked);  2: bar/2, 2/4;  3: bar/3* (2/5 blocked);
# 4: bar/4, 2/6;  5: 2/off (exact; bar/5 blocked);  6: bar/6 (no overshoots: a checker is on the bar).
# 2-1 (standard): 2 then 1: bar/2 then 2/3* | 6/off;  2/4 then 6/off (4/5 blocked).
#                 1 then 2: 2/3* then bar/2 (3/5 blocked);  6/off then bar/2 | 2/4.
#   Results: bar/2 2/3*, bar/2 6/off, 2/4 6/off  ->  3.
# 4-4 (four moves): bar/4, 2/6, then 4/off (now farthest back, overshoot), then 6/off  ->  1.
# 6-5: bar/6 then 2/off (exact), or 2/off then bar/6: the same  ->  1.
# 3-1: bar/3* then 2/3 | 3/4 | 6/off;  2/3* then bar/3 | 3/6;  6/off then bar/3*.
#   Results: bar/3* 2/3 (= 2/3* bar/3), bar/3*/4, bar/3* 6/off (= 6/off bar/3*), 2/3*/6  ->  4.
M_POINTS = {1: (1, 2), 2: (0, 1), 3: (2, 1), 5: (3, 2), 6: (0, 1)}
M_BAR = (1, 0, 1, 0)
M_COUNTS = {(2, 1): 3, (4, 4): 1, (6, 5): 1, (3, 1): 4}


@pytest.mark.parametrize("roll", list(M_COUNTS), ids=lambda r: f"{r[0]}-{r[1]}")
def test_perft_middle_game(roll):
    assert count(pos("multigam", 0, M_POINTS, bar=M_BAR), roll) == M_COUNTS[roll]


def test_middle_game_plays_spelled_out():
    p = pos("multigam", 0, M_POINTS, bar=M_BAR)
    assert_plays(p, (2, 1), ["bar/2 2/3*", "bar/2 6/off", "2/4 6/off"])
    assert_plays(p, (3, 1), ["bar/3* 2/3", "bar/3*/4", "bar/3* 6/off", "2/3*/6"])
    assert_plays(p, (4, 4), ["bar/4/off 2/6/off"])


# From the start (all 20 checkers on the bars): a non-double a-b enters both, or one checker a+b pips
# (on point a+b, or off exactly when a+b == 7: bearing off is always allowed, exactly); doubles are four
# moves: partitions of 4 into parts of at most 6 // d (as in minigam-strict).
START_COUNTS = {
    (2, 1): 2,
    (6, 1): 2,
    (4, 3): 2,
    (6, 2): 1,
    (6, 5): 1,
    (1, 1): 5,
    (2, 2): 4,
    (3, 3): 3,
    (4, 4): 1,
}


@pytest.mark.parametrize("roll", list(START_COUNTS), ids=lambda r: f"{r[0]}-{r[1]}")
def test_perft_from_the_start(roll):
    for turn in range(4):
        assert count(Position.initial("multigam", turn), roll) == START_COUNTS[roll]


def test_hitting_is_forced_when_it_is_the_only_move():
    # Player 0: one checker on 2 (4 off); player 1 holds 4, 5 and 6... only the 1 to point 3 (a blot of
    # player 2) is open: 1-1 must hit (2/3*), then 3/4 is blocked.
    p = pos("multigam", 0, {2: (0, 1), 3: (2, 1), 4: (1, 2), 5: (1, 2), 6: (3, 2)})
    assert_plays(p, (1, 1), ["2/3*"])


# ------------------------------------------------------------------ the opening


def test_opening_high_low_split():
    # Round 1: 5 2 5 1 -> players 0 and 2 tie for highest and re-roll (only they): 6 4.
    # Player 0 starts with its 6 and the lowest die on the table: player 3's 1.
    first, dice, rounds = opening_roll(MULTIGAM, ScriptedDice([5, 2, 5, 1, 6, 4]))
    assert first == 0
    assert dice == Dice(6, 1)
    assert rounds == ((5, 2, 5, 1), (6, 0, 4, 0))


def test_opening_lowest_die_can_come_from_a_re_roll():
    # 5 5 3 4 -> 0 and 1 re-roll: 2 6. Player 1 starts: 6 and the lowest showing, player 0's new 2.
    first, dice, _ = opening_roll(MULTIGAM, ScriptedDice([5, 5, 3, 4, 2, 6]))
    assert (first, dice) == (1, Dice(6, 2))


def test_opening_re_rolls_only_among_those_still_tied():
    # 6 6 6 1 -> 0, 1, 2 re-roll: 4 4 2 -> 0 and 1 re-roll: 3 5. Player 1 starts with 5 and the 1.
    dice = ScriptedDice([6, 6, 6, 1, 4, 4, 2, 3, 5])
    first, opening, rounds = opening_roll(MULTIGAM, dice)
    assert (first, opening) == (1, Dice(5, 1))
    assert len(rounds) == 3
    assert dice.remaining == 0


def test_the_opening_never_is_a_double():
    for seed in range(200):
        game = Game.start("multigam", SeededDice(seed))
        assert not game.dice.is_double
        assert game.dice.first > game.dice.second


def test_play_goes_round_the_table():
    game = Game.start("multigam", ScriptedDice([1, 2, 6, 3]))  # player 2 starts with 6-1
    assert (game.turn, game.dice) == (2, Dice(6, 1))
    game = game.play(game.legal_plays()[0])
    assert game.turn == 3
    order = []
    for roll in [(2, 1), (3, 1), (4, 1), (5, 1)]:
        order.append(game.turn)
        game = game.roll(ScriptedDice(roll))
        game = game.play(game.legal_plays()[0])
    assert order == [3, 0, 1, 2]


# ------------------------------------------------------------------ finishing places


def near_the_end() -> Game:
    """Player 0 on roll. Last checkers: player 0 on point 6, player 1 on 5, player 2 on the bar (4 off
    each); player 3 has all five on the bar."""
    return Game(pos("multigam", 0, {6: (0, 1), 5: (1, 1)}, bar=(0, 0, 1, 5)))


def test_a_player_who_bears_off_everything_takes_the_next_place_and_is_skipped():
    game = near_the_end().roll(ScriptedDice([6, 5]))
    game = game.play("6/off")
    assert game.finished == (0,)
    assert game.outcome is None
    assert game.turn == 1
    game = game.roll(ScriptedDice([3, 1])).play("5/off")
    assert game.finished == (0, 1)
    assert game.turn == 2
    game = game.roll(ScriptedDice([1, 1])).play("bar/4")
    assert game.turn == 3
    game = game.roll(ScriptedDice([6, 5])).play("bar/6 bar/5")
    assert game.turn == 2  # players 0 and 1 are skipped


def test_the_game_ends_when_the_third_player_finishes_and_scores_5_3_2_1():
    # Players 0 and 1 have finished (in that order); player 2's last checker is on 4.
    game = Game(pos("multigam", 2, {4: (2, 1)}, bar=(0, 0, 0, 5)), finished=(0, 1))
    game = game.roll(ScriptedDice([3, 1])).play("4/off")
    assert game.outcome is not None
    assert game.outcome.kind is WinKind.PLACINGS
    assert game.outcome.placings == (0, 1, 2, 3)
    assert game.outcome.scores == (5, 3, 2, 1)
    assert game.outcome.winner == 0
    assert game.outcome.points == 5
    assert game.awaiting == "over"
    assert game.outcome.describe(["Ann", "Bob", "Cy", "Di"]) == "1. Ann (5), 2. Bob (3), 3. Cy (2), 4. Di (1)"


def test_a_player_who_leaves_takes_the_last_open_place():
    game = Game.start("multigam", ScriptedDice([6, 1, 2, 3]))  # player 0 starts
    game = game.forfeit(2)
    assert game.active_players() == [0, 1, 3]
    assert game.outcome is None
    game = game.resign(3)
    assert game.outcome is None
    game = game.forfeit(1)
    # Only player 0 is left: first; then the leavers, the first to leave last.
    assert game.outcome.placings == (0, 1, 3, 2)
    assert game.outcome.scores == (5, 2, 1, 3)[0:0] or game.outcome.scores == (5, 3, 1, 2)


def test_leaving_on_your_turn_hands_the_turn_on():
    game = Game.start("multigam", ScriptedDice([6, 1, 2, 3]))
    assert game.turn == 0
    game = game.forfeit(0)
    assert game.turn == 1
    assert game.dice is None
    assert game.awaiting == "roll"


def test_multigam_has_no_cube_and_no_resignation_offer():
    game = Game.start("multigam", ScriptedDice([6, 1, 2, 3]))
    assert not game.may_double()
    with pytest.raises(GameStateError, match="without the doubling cube"):
        Game(game.position).double()
    left = game.resign(1)
    assert left.resign_offer is None
    assert 1 not in left.active_players()


def test_placings_outcome_is_borne_off():
    game = Game(pos("multigam", 2, {4: (2, 1)}, bar=(0, 0, 0, 5)), finished=(0, 1))
    game = game.roll(ScriptedDice([3, 1])).play("4/off")
    assert game.outcome.termination is Termination.BORNE_OFF


def test_the_higher_die_rule_applies_in_multigam():
    # Player 0: one checker on 1; player 1 holds 4. 2-1: 1/3 then 3/4, or 1/2 then 2/4: both blocked.
    # Only one die can be played, either could be: the larger, 1/3.
    p = pos("multigam", 0, {1: (0, 1), 4: (1, 2), 6: (2, 2)}, bar=(0, 0, 0, 5))
    assert_plays(p, (2, 1), ["1/3"])
