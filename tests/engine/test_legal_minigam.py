"""Legal plays on the 6-point board for two players: minigam, minigam-full-entry, minigam-strict.

Every expectation is worked out by hand from RULES.md. Boards are drawn point 1 to 6 from the left;
``0x2`` is two of player 0's checkers. Player 0 moves up (enters on point d, bears off past 6; a checker
on point p needs 7 - p), player 1 moves down (enters on point 7 - d, bears off past 1; needs p).
"""

from __future__ import annotations

import pytest

from engine import Dice, IncompletePlayError, Position
from tests.engine.helpers import assert_plays, count, pos, results

MINIGAMS = ["minigam", "minigam-full-entry", "minigam-strict"]


# ------------------------------------------------------------------ entering


@pytest.mark.parametrize("variant", MINIGAMS)
def test_player_0_enters_on_the_point_of_the_die(variant):
    # All on the bar, 3-1: enter both (points 1 and 3), or one checker 4 pips (bar/1/4 = bar/3/4).
    assert_plays(Position.initial(variant, 0), (3, 1), ["bar/1 bar/3", "bar/4"])


@pytest.mark.parametrize("variant", MINIGAMS)
def test_player_1_enters_on_seven_minus_the_die(variant):
    # Player 1 enters a 3 on point 4 and a 1 on point 6; one checker 4 pips ends on point 3.
    p = Position.initial(variant, 1)
    assert_plays(p, (3, 1), ["bar/4 bar/6", "bar/3"])
    entered = p.parse_play(Dice(3, 1), "bar/4 bar/6").result
    assert entered.point(4) == (1, 1)
    assert entered.point(6) == (1, 1)
    assert entered.bar == (8, 6)


@pytest.mark.parametrize("variant", MINIGAMS)
def test_entering_onto_a_blot_hits_it(variant):
    #   1    2    3    4    5    6
    #   .    .   1x1   .    .    .     player 0: 8 on the bar; player 1: blot on 3, 7 off
    p = pos(variant, 0, {3: (1, 1)}, bar=(8, 0))
    after = p.parse_play(Dice(3, 1), "bar/3* bar/1").result
    assert after.point(3) == (0, 1)
    assert after.bar == (6, 1)
    play = next(pl for pl in p.legal_plays(Dice(3, 1)) if pl.result == after)
    assert any(m.hit for m in play.moves)
    assert "bar/3*" in p.format_play(play)


@pytest.mark.parametrize("variant", MINIGAMS)
def test_a_made_point_cannot_be_entered_or_landed_on(variant):
    #   1    2    3    4    5    6
    #  0x1  1x2  1x2   .    .    .     player 0: 1 on point 1, 7 on the bar; player 1: 4 off
    # 2-2: the bar checkers cannot enter on 2 (made), the checker on 1 cannot land on 3: no move.
    p = pos(variant, 0, {1: (0, 1), 2: (1, 2), 3: (1, 2)}, bar=(7, 0))
    assert_plays(p, (2, 2), [])
    # With point 3 free: 1/3, then 3/5; a further 5/off (exact) is not allowed with checkers on the bar
    # in the variants that need full entry, and minigam's doubles are only two moves anyway.
    free = pos(variant, 0, {1: (0, 1), 2: (1, 2)}, bar=(7, 0))
    assert_plays(free, (2, 2), ["1/5"])


@pytest.mark.parametrize("variant", MINIGAMS)
def test_hitting_on_the_board_sends_the_blot_to_its_bar(variant):
    #   1    2    3    4    5    6
    #   .   0x1   .   1x1   .    .     player 0: 7 off; player 1: blot on 4, 7 off
    p = pos(variant, 0, {2: (0, 1), 4: (1, 1)})
    after = p.parse_play(Dice(2, 1), "2/4*/5").result
    assert after.bar == (0, 1)
    assert after.point(4) is None
    assert after.point(5) == (0, 1)


# ------------------------------------------------------------------ the loose bar


@pytest.mark.parametrize("variant", MINIGAMS)
def test_loose_bar_moves_a_board_checker_while_one_waits_on_the_bar(variant):
    #   1    2    3    4    5    6
    #   .   0x1  1x2   .    .    .     player 0: 1 on the bar, 6 off; player 1: 2 on 3, 6 off
    # 3-3: bar/3 is blocked; 2/5 is legal (loose bar: no need to enter first). A second 3 would be
    # 5/off, an overshoot (5 needs 2), not allowed while a checker is on the bar. So only 2/5.
    p = pos(variant, 0, {2: (0, 1), 3: (1, 2)}, bar=(1, 0))
    assert_plays(p, (3, 3), ["2/5"])


def test_strict_bar_backgammon_would_pass_in_the_same_situation():
    # Backgammon: 1 on the bar, entry with a 3 (point 3 for player 0) blocked: nothing else may move.
    p = pos("backgammon", 0, {2: (0, 14), 3: (1, 2), 24: (1, 13)}, bar=(1, 0))
    assert_plays(p, (3, 3), [])


@pytest.mark.parametrize("variant", MINIGAMS)
def test_a_checker_may_enter_and_bear_off_in_the_same_turn(variant):
    # Player 0 has its last checker on the bar (7 off; player 1: 2 on point 3, 6 off); 6-1: enter on 6
    # and off with the 1, or enter
    # on 1 and off with the 6 (exact both ways). One play, one result: everything off.
    p = pos(variant, 0, {3: (1, 2)}, bar=(1, 0))
    assert_plays(p, (6, 1), ["bar/off"])
    (play,) = p.legal_plays(Dice(6, 1))
    assert play.result.off == (8, 6)
    assert play.result.winner == 0


# ------------------------------------------------------------------ bearing off


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        # minigam ("always"): the 2 bears the checker on 5 off exactly although one waits on the bar;
        # with the 1 first (5/6) the 2 cannot be played (bar/2 blocked, 6/off would overshoot).
        ("minigam", ["5/off", "5/6"]),
        # Full entry: no bearing off while a checker is on the bar; the 2 cannot be played at all.
        ("minigam-full-entry", ["5/6"]),
        ("minigam-strict", ["5/6"]),
    ],
)
def test_exact_bear_off_with_a_checker_on_the_bar(variant, expected):
    #   1    2    3    4    5    6
    #  1x2  1x2   .    .   0x1   .     player 0: 1 on the bar, 6 off; player 1: 4 off
    p = pos(variant, 0, {1: (1, 2), 2: (1, 2), 5: (0, 1)}, bar=(1, 0))
    assert_plays(p, (2, 1), expected)


@pytest.mark.parametrize("variant", MINIGAMS)
def test_overshoot_bears_off_only_the_farthest_back_checker(variant):
    #   1    2    3    4    5    6
    #  1x1  0x1   .    .   0x1  0x1    player 0: 5 off; player 1: 7 off
    # 4-3: the 4 moves 2/6 (5 and 6 may not overshoot: 2 is farther back); the 3 moves 2/5.
    # After 2/6 the farthest back is 5, which the 3 may bear off (overshoot): 2/6 5/off.
    # After 2/5 the 4 bears a checker off 5 (farthest back): 2/5/off. 6/off never: it is never farthest.
    p = pos(variant, 0, {2: (0, 1), 5: (0, 1), 6: (0, 1), 1: (1, 1)})
    assert_plays(p, (4, 3), ["2/6 5/off", "2/5/off"])


@pytest.mark.parametrize("variant", MINIGAMS)
def test_the_bar_counts_as_farthest_back(variant):
    # Player 0: 1 on the bar, 1 on point 6; player 1 holds 3 and 4 (entry for 3 and 4).
    # 4-3: cannot enter; 6/off would be an overshoot, and the bar checker is farther back: no move.
    blocked = pos(variant, 0, {6: (0, 1), 3: (1, 2), 4: (1, 2)}, bar=(1, 0))
    assert_plays(blocked, (4, 3), [])
    # The same without the bar checker (it is off): 6 is the farthest back and the 4 (or 3) bears it off.
    free = pos(variant, 0, {6: (0, 1), 3: (1, 2), 4: (1, 2)}, bar=(0, 0))
    assert_plays(free, (4, 3), ["6/off"])


@pytest.mark.parametrize("variant", MINIGAMS)
def test_no_die_exactly_matches_is_read_per_die(variant):
    #   1    2    3    4    5    6
    #  1x1   .   0x1   .   0x1   .     player 0: 6 off
    # 6-2: the 2 matches the checker on 5 exactly; the 6 matches nothing, so it may bear off the
    # farthest-back checker (3) even though the other die matches exactly (Decision: per die).
    #   6 first: 3/off, then 2: 5/off            -> all off
    #   2 first: 5/off, then 6: 3/off            -> all off (same)
    #            3/5,   then 6: 5/off (farthest) -> one left on 5
    p = pos(variant, 0, {3: (0, 1), 5: (0, 1), 1: (1, 1)})
    assert_plays(p, (6, 2), ["3/off 5/off", "3/5/off"])


# ------------------------------------------------------------------ forced moves: order vs standard

# The same position under both policies:
#   1    2    3    4    5    6
#  0x1   .    .   1x2   .    .      player 0: 7 off; player 1: 2 on point 4, 6 off
ORDER_VS_STANDARD = {1: (0, 1), 4: (1, 2)}


def test_order_policy_allows_a_single_die_when_the_other_cannot_be_played_first():
    # 3-2 under `order`: the 3 first is 1/4, blocked, so it is skipped and the 2 is played: 1/3.
    # The 2 first: 1/3, then the 3 must be played: 3/6. Both plays are legal.
    p = pos("minigam", 0, ORDER_VS_STANDARD)
    assert_plays(p, (3, 2), ["1/3", "1/3/6"])


def test_standard_policy_must_use_both_dice_when_it_can():
    p = pos("minigam-strict", 0, ORDER_VS_STANDARD)
    assert_plays(p, (3, 2), ["1/3/6"])


def test_order_policy_has_no_higher_die_rule():
    # 2-1: 1/3 then 3/4 is blocked; 1/2 then 2/4 is blocked. Under `order` either die alone is legal.
    p = pos("minigam", 0, ORDER_VS_STANDARD)
    assert_plays(p, (2, 1), ["1/3", "1/2"])


def test_standard_policy_plays_the_higher_die_when_only_one_can_be_played():
    p = pos("minigam-strict", 0, ORDER_VS_STANDARD)
    assert_plays(p, (2, 1), ["1/3"])


def test_standard_policy_plays_the_smaller_die_when_the_larger_cannot_be_played():
    #   1    2    3    4    5    6
    #  0x1   .    .   1x2  1x2   .     player 0: 7 off; player 1: 4 off
    # 3-1: the 3 cannot be played first (1/4) nor after the 1 (2/5): only the 1 can be played.
    p = pos("minigam-strict", 0, {1: (0, 1), 4: (1, 2), 5: (1, 2)})
    assert_plays(p, (3, 1), ["1/2"])


def test_order_policy_with_a_double_plays_the_second_move_whenever_it_can():
    # minigam 2-2 (two moves): 1/3 then 3/5 is possible, so 1/3 alone is not a legal play.
    p = pos("minigam", 0, ORDER_VS_STANDARD)
    assert_plays(p, (2, 2), ["1/5"])
    with pytest.raises(IncompletePlayError, match="you must also play the 2"):
        p.parse_play(Dice(2, 2), "1/3")


@pytest.mark.parametrize("variant", MINIGAMS)
def test_an_empty_play_is_illegal_when_a_die_can_be_played(variant):
    p = pos(variant, 0, ORDER_VS_STANDARD)
    for dice in [(3, 2), (2, 1), (6, 5)]:
        assert all(play.moves for play in p.legal_plays(Dice(*dice)))


@pytest.mark.parametrize("variant", MINIGAMS)
def test_the_turn_passes_when_no_die_can_be_played(variant):
    # 3-3 from point 1: 1/4 is blocked; nothing else to move.
    p = pos(variant, 0, ORDER_VS_STANDARD)
    (play,) = p.legal_plays(Dice(3, 3))
    assert play.moves == ()
    assert play.result == p


# ------------------------------------------------------------------ doubles: 2 vs 4 moves


def test_minigam_doubles_are_two_moves():
    # From the start with 1-1: enter two (bar/1(2)) or enter one and move it (bar/2).
    assert_plays(Position.initial("minigam"), (1, 1), ["bar/1(2)", "bar/2"])


def test_minigam_strict_doubles_are_four_moves():
    # 1-1, four moves, the bar never empties (so nothing bears off): the checkers entered sit on
    # points that add up to 4 moves: 4 | 3+1 | 2+2 | 2+1+1 | 1+1+1+1.
    assert_plays(
        Position.initial("minigam-strict"),
        (1, 1),
        ["bar/4", "bar/3 bar/1", "bar/2(2)", "bar/2 bar/1(2)", "bar/1(4)"],
    )


# ------------------------------------------------------------------ perft tables

# From the start (player 0 on roll, all 16 checkers on the bars, board empty).
#   non-double a-b: enter both (1 play), or one checker a+b pips: on point a+b if a+b <= 6; if
#   a+b == 7 it bears off exactly (minigam: "always"; full-entry and strict: not with checkers on
#   the bar); a+b >= 8 would be an overshoot, never allowed with checkers on the bar.
#   minigam / full-entry doubles (2 moves): enter two on d, or one checker to 2d if 2d <= 6.
#   strict doubles (4 moves, bar never empties): partitions of 4 into parts of at most 6 // d
#   (each part: one checker entered and moved part - 1 more times): d=1: 5, d=2: 4, d=3: 3, else 1.
# Each roll: the counts for (minigam, minigam-full-entry, minigam-strict).
OPENING_COUNTS = {
    (2, 1): (2, 2, 2),
    (3, 1): (2, 2, 2),
    (4, 1): (2, 2, 2),
    (5, 1): (2, 2, 2),
    (6, 1): (2, 1, 1),
    (3, 2): (2, 2, 2),
    (4, 2): (2, 2, 2),
    (5, 2): (2, 1, 1),
    (6, 2): (1, 1, 1),
    (4, 3): (2, 1, 1),
    (5, 3): (1, 1, 1),
    (6, 3): (1, 1, 1),
    (5, 4): (1, 1, 1),
    (6, 4): (1, 1, 1),
    (6, 5): (1, 1, 1),
    (1, 1): (2, 2, 5),
    (2, 2): (2, 2, 4),
    (3, 3): (2, 2, 3),
    (4, 4): (1, 1, 1),
    (5, 5): (1, 1, 1),
    (6, 6): (1, 1, 1),
}


@pytest.mark.parametrize("roll", list(OPENING_COUNTS), ids=lambda r: f"{r[0]}-{r[1]}")
def test_perft_from_the_start(roll):
    for variant, expected in zip(MINIGAMS, OPENING_COUNTS[roll], strict=True):
        for turn in (0, 1):
            assert count(Position.initial(variant, turn), roll) == expected, (variant, turn)


# A middle-game position S (player 0 on roll):
#
#   point   1     2     3     4     5     6
#          0x2    .    1x1    .    1x2   0x1        bar: player 0: 1, player 1: 2
#                                                   off: player 0: 4, player 1: 3
#
# Player 0's single moves from S, by die:
#   1: bar/1, 1/2, 6/off (exact)        2: bar/2, 1/3*          3: bar/3*, 1/4
#   4: bar/4 (1/5 blocked)              5: 1/6 (bar/5 blocked)  6: bar/6, 1/off (exact)
# (6 never bears off with more than 1: the bar and point 1 are farther back.)
#
# 2-1, minigam (order; bear-off always). 2 first: bar/2 then 1/2 | 2/3* | 6/off;  1/3* then bar/1 |
#   1/2 | 3/4 | 6/off.  1 first: bar/1 then 1/3*;  1/2 then bar/2 | 1/3* | 2/4;  6/off then bar/2 |
#   1/3*. Distinct results: bar/2 1/2, bar/2/3* (= 1/3* bar/1 = bar/1 1/3*), bar/2 6/off, 1/3* 1/2,
#   1/3*/4, 1/3* 6/off, 1/2/4  ->  7.
#   Full entry / strict: no bearing off while a checker is on the bar, so 6/off only after bar/2:
#   1/3* 6/off goes (6 left). Strict can always use both dice here, so the same 6.
# 6-5: bar/6 then 1/6 (the 5); 1/off then 1/6; 1/6 then bar/6 | 1/off. Results: bar/6 1/6,
#   1/off 1/6  ->  2. Full entry / strict: 1/off needs an empty bar: only bar/6 1/6  ->  1.
# 4-4: bar/4, then nothing (1/5 blocked, 4/off and 6/off would overshoot past point 1)  ->  1 for all.
# 3-3, minigam (2 moves): bar/3* then 1/4 | 3/6;  1/4 then bar/3* | 1/4 | 4/off (exact). Results:
#   bar/3* 1/4, bar/3*/6, 1/4(2), 1/4/off  ->  4. Full entry: 4/off not with the bar checker  ->  3.
#   Strict (4 moves): every 4-move sequence enters with bar/3*; the results are
#   {4,4,6,6}, {3,4,6} + 1 off, {1,6,6} + 1 off  ->  3.
# 6-6, minigam: bar/6 then 1/off;  1/off then bar/6 | 1/off. Results: bar/6 1/off, 1/off(2)  ->  2.
#   Full entry: only bar/6 1/off  ->  1. Strict (4 moves): bar/6 1/off(2) 6/off (6 is then the
#   farthest back, overshoot)  ->  1.
# 5-1, minigam: 5 first: 1/6 then bar/1 | 1/2 | 6/off;  1 first: bar/1 then 1/6; 1/2 then 1/6 |
#   2/off (exact); 6/off then 1/6. Results: 1/6 bar/1, 1/6 1/2, 1/6 6/off (= 1/2/off = 6/off 1/6)
#   ->  3. Full entry / strict: no 6/off or 2/off with the bar checker  ->  2.
S_POINTS = {1: (0, 2), 6: (0, 1), 3: (1, 1), 5: (1, 2)}
S_BAR = (1, 2)
S_COUNTS = {
    (2, 1): (7, 6, 6),
    (6, 5): (2, 1, 1),
    (4, 4): (1, 1, 1),
    (3, 3): (4, 3, 3),
    (6, 6): (2, 1, 1),
    (5, 1): (3, 2, 2),
}


@pytest.mark.parametrize("roll", list(S_COUNTS), ids=lambda r: f"{r[0]}-{r[1]}")
def test_perft_middle_game(roll):
    for variant, expected in zip(MINIGAMS, S_COUNTS[roll], strict=True):
        assert count(pos(variant, 0, S_POINTS, bar=S_BAR), roll) == expected, variant


def test_middle_game_2_1_plays_spelled_out():
    p = pos("minigam", 0, S_POINTS, bar=S_BAR)
    assert_plays(
        p,
        (2, 1),
        ["bar/2 1/2", "bar/2/3*", "bar/2 6/off", "1/3* 1/2", "1/3*/4", "1/3* 6/off", "1/2/4"],
    )


def test_middle_game_3_3_strict_plays_spelled_out():
    p = pos("minigam-strict", 0, S_POINTS, bar=S_BAR)
    # {4,4,6,6}, {3,4,6} + 1 off, {1,6,6} + 1 off
    assert_plays(p, (3, 3), ["bar/3* 1/4(2) 3/6", "bar/3* 1/4(2) 4/off", "bar/3*/6 1/4/off"])


def test_player_1_mirror_of_the_middle_game_gives_the_same_counts():
    # Mirror S: point p -> 7 - p, players swapped. Player 1 on roll must have the same plays.
    mirrored = {7 - k: (1 - owner, n) for k, (owner, n) in S_POINTS.items()}
    for variant, expected in zip(MINIGAMS, S_COUNTS[(2, 1)], strict=True):
        assert count(pos(variant, 1, mirrored, bar=S_BAR[::-1]), (2, 1)) == expected


def test_result_positions_keep_the_mover_on_turn():
    p = pos("minigam", 0, S_POINTS, bar=S_BAR)
    assert {r.turn for r in results(p, (2, 1))} == {0}
