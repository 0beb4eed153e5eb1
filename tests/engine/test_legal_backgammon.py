"""Backgammon legal plays worked out by hand (the gnubg cross-check is in test_gnubg.py).

Positions are built in absolute points (player 0 moves up from 1 to 24, player 1 down from 24 to 1);
plays are written as players see them, in the mover's own numbering (own point = pips to bear off:
player 0's absolute p is own 25 - p, player 1's is p).
"""

from __future__ import annotations

import pytest

from engine import Dice, Position
from tests.engine.helpers import assert_plays, count, pos

VARIANTS = ["backgammon", "backgammon-mulligan"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_opening_2_1_has_15_plays(variant):
    # From the opening, 2s: 24/22, 13/11, 8/6, 6/4; 1s: 24/23, 8/7, 6/5 (13/12 lands on the opponent's
    # 13 point). 4 x 3 = 12 pairs of different checkers, all different positions (8/6 6/5 is the chain
    # 8/5), plus the chains that are new: 24/21, 13/10, 6/3.  12 + 3 = 15 (gnubg says 15 too).
    p = Position.initial(variant)
    twos = ["24/22", "13/11", "8/6", "6/4"]
    ones = ["24/23", "8/7", "6/5"]
    assert_plays(p, (2, 1), [f"{a} {b}" for a in twos for b in ones] + ["24/21", "13/10", "6/3"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_opening_6_6_is_four_moves(variant):
    # 6s from 24 (to 18, at most the 2 there), 13 (to 7) and 8 (to 2, at most 3); 18/12 and 7/1 land on
    # the opponent's points. Four moves a + b + c = 4 with a <= 2, c <= 3: a=0: 4, a=1: 4, a=2: 3 -> 11.
    p = Position.initial(variant)
    expected = []
    for a in range(3):
        for c in range(4):
            b = 4 - a - c
            if b < 0:
                continue
            moves = (("24/18", a), ("13/7", b), ("8/2", c))
            parts = [f"{src}({n})" if n > 1 else src for src, n in moves if n]
            expected.append(" ".join(parts))
    assert len(expected) == 11
    assert_plays(p, (6, 6), expected)


@pytest.mark.parametrize("variant", VARIANTS)
def test_opening_6_5_has_7_plays(variant):
    # 6s: 24/18, 13/7, 8/2; 5s: 13/8, 8/3 (24/19 and 6/1 are blocked). Pairs: 3 x 2 = 6, but 8/2 13/8 is
    # the same position as the chain 13/2 (= 13/7/2 = 13/8/2); plus the run 24/13: 6 - 1 + 1 + 1 = 7.
    p = Position.initial(variant)
    assert_plays(p, (6, 5), ["24/13", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "13/2", "8/2 8/3"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_entering_from_the_bar_comes_first(variant):
    # Player 0: 1 on the bar, 14 on own 6 (absolute 19). Player 1: 15 on absolute 6 (own 6).
    # 3-1: enter with the 3 (own 22) or the 1 (own 24), then the other die by any checker:
    #   bar/22/21, bar/22 6/5, bar/24/21 (= bar/22/21), bar/24 6/3  ->  3 plays.
    p = pos(variant, 0, {19: (0, 14), 6: (1, 15)}, bar=(1, 0))
    assert_plays(p, (3, 1), ["bar/21", "bar/22 6/5", "bar/24 6/3"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_strict_bar_nothing_moves_while_a_checker_still_waits(variant):
    # Player 0: 2 on the bar, 13 on absolute 19. Player 1 holds absolute 3 (player 0's entry for a 3).
    # 3-1: the 1 enters (bar/24); the 3 cannot enter and, with a checker still on the bar, nothing else
    # may move: one play, one die.
    p = pos(variant, 0, {19: (0, 13), 3: (1, 2), 6: (1, 13)}, bar=(2, 0))
    assert_plays(p, (3, 1), ["bar/24"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_player_1_enters_in_its_own_numbering_too(variant):
    # Mirror of the entering test: player 1 with 1 on the bar enters a 3 on absolute 22 (its own 22).
    p = pos(variant, 1, {6: (1, 14), 19: (0, 15)}, bar=(0, 1))
    assert_plays(p, (3, 1), ["bar/21", "bar/22 6/5", "bar/24 6/3"])
    after = p.parse_play(Dice(3, 1), "bar/22 6/5").result
    assert after.point(22) == (1, 1)
    assert after.point(5) == (1, 1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_bearing_off_until_all_fifteen_are_home(variant):
    # Player 0: own 7 (absolute 18): 1, own 3: 7, own 1: 7. Player 1: 15 on absolute 12.
    # 6-1: the 6 first: 7/1, then everything is home: 3/2 or 1/off.
    #      the 1 first: 7/6 (now home), then 6/off (exact); or 3/2, then the 6 must be 7/1 (no bear-off
    #      yet: 7 is outside). Results: 7/1 3/2 (twice), 7/1 1/off (= 7/6/off)  ->  2 plays.
    p = pos(variant, 0, {18: (0, 1), 22: (0, 7), 24: (0, 7), 12: (1, 15)})
    assert_plays(p, (6, 1), ["7/1 3/2", "7/6/off"])
    # Now player 1 holds player 0's 6 and 5 points (absolute 19 and 20): with 2-1 the checker on 7 cannot
    # come in, so nothing may bear off. 2s: 3/1 (7/5 blocked); 1s: 3/2 (7/6 blocked; 1/off and, after 3/2,
    # 2/off would be bear-offs). The only play using both dice: 3/1 3/2.
    q = pos(variant, 0, {18: (0, 1), 22: (0, 7), 24: (0, 7), 19: (1, 2), 20: (1, 2), 12: (1, 11)})
    assert_plays(q, (2, 1), ["3/1 3/2"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_bear_off_exact_and_from_the_highest_point(variant):
    # Player 0: own 3: 1, own 2: 2 (12 off). Player 1: 15 on absolute 12.
    # 2-1: 2 first: 3/1 then 2/1 | 1/off;  2/off then 3/2 | 2/1.  1 first: 3/2 then 2/off;  2/1 then
    # 3/1 | 2/off. Distinct results: 3/1 2/1 (own 2: 1, own 1: 2);  3/2 2/off (= 3/1 1/off: own 2: 2,
    # one more off);  2/off 2/1 (own 3: 1, own 1: 1, one more off)  ->  3.
    p = pos(variant, 0, {22: (0, 1), 23: (0, 2), 12: (1, 15)})
    assert_plays(p, (2, 1), ["3/1 2/1", "3/2 2/off", "2/off 2/1"])
    # 6-5: both dice overshoot; each bears off the highest checker: 3/off, then 2/off.
    assert_plays(p, (6, 5), ["3/off 2/off"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_higher_die_rule(variant):
    # Player 0: own 24 (absolute 1): 1, own 1: 14 (cannot move: no bearing off with a checker outside).
    # Player 1: 2 on absolute 12, 13 on absolute 13. 6-5: the back checker can play the 6 (to absolute 7)
    # or the 5 (to 6), but not both (absolute 12 is blocked): the larger die must be played.
    p = pos(variant, 0, {1: (0, 1), 24: (0, 14), 12: (1, 2), 13: (1, 13)})
    assert_plays(p, (6, 5), ["24/18"])
    # Block absolute 7 as well: the 6 cannot be played at all, so the 5 is.
    q = pos(variant, 0, {1: (0, 1), 24: (0, 14), 7: (1, 2), 12: (1, 2), 13: (1, 11)})
    assert_plays(q, (6, 5), ["24/19"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_doubles_play_as_many_of_the_four_as_possible(variant):
    # Player 0: own 24: 1, own 1: 14; player 1 holds absolute 17 = player 0's own 8 (2 checkers, and 13
    # on absolute 14). 4-4: 24/20/16/12, then 12/8 is blocked: three moves, one play.
    p = pos(variant, 0, {1: (0, 1), 24: (0, 14), 17: (1, 2), 14: (1, 13)})
    assert_plays(p, (4, 4), ["24/12"])
    (play,) = p.legal_plays(Dice(4, 4))
    assert len(play.moves) == 3


def test_perft_table_from_the_opening_for_a_few_rolls():
    # Worked out above and in the tests of this file; all 21 rolls are checked against gnubg.
    p = Position.initial("backgammon")
    assert [count(p, r) for r in [(2, 1), (6, 5), (6, 6)]] == [15, 7, 11]


@pytest.mark.parametrize("variant", VARIANTS)
def test_hitting_sends_a_blot_to_the_bar_and_made_points_block(variant):
    # Player 0: 15 on absolute 1 (own 24). Player 1: a blot on absolute 4 (player 0's own 21), 2 on
    # absolute 3 (own 22), 12 on absolute 13. 3-1: 24/21* hits; 24/22 is blocked (made point).
    p = pos(variant, 0, {1: (0, 15), 4: (1, 1), 3: (1, 2), 13: (1, 12)})
    assert_plays(p, (3, 1), ["24/21*/20", "24/21* 24/23", "24/23/20"])
    after = p.parse_play(Dice(3, 1), "24/21* 24/23").result
    assert after.bar == (0, 1)
    assert after.point(4) == (0, 1)
    # Player 1 must now enter before anything else moves: every 6-6 play starts with bar/19.
    nxt = after.with_turn(1)
    assert all(play.moves[0].src == 0 for play in nxt.legal_plays(Dice(6, 6)))
