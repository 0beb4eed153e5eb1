"""The perfect index: one rank per position, every rank a position, both seats read alike."""

from __future__ import annotations

import random

import pytest

from engine import Position
from engine.solve.index import NotSolvableError, position_index, position_rows, rows_position, space, swapped


def test_the_full_board_has_the_issue_s_count_of_positions():
    # 8 checkers a side over bar, six points and off, no point shared
    assert space(8).size == 3_910_437


@pytest.mark.parametrize("checkers", [1, 2, 3])
def test_rank_and_rows_are_inverse_on_every_small_board_position(checkers):
    sp = space(checkers)
    seen = set()
    for x in range(sp.size):
        mover, opp = sp.rows(x)
        assert sum(mover) == sum(opp) == checkers
        assert not any(mover[k] and opp[k] for k in range(1, 7))
        assert sp.rank(mover, opp) == x
        seen.add((mover, opp))
    assert len(seen) == sp.size


def test_rank_and_rows_are_inverse_at_random_full_board_indexes():
    sp = space(8)
    rng = random.Random(5)
    for x in [0, sp.size - 1, *(rng.randrange(sp.size) for _ in range(2000))]:
        assert sp.rank(*sp.rows(x)) == x


def test_a_position_reads_the_same_from_either_seat():
    # player 0 to move with a blot on 2 and two checkers on 5; player 1 holds 3 and has one on the bar
    p0 = Position.from_points("minigam", turn=0, points={2: (0, 1), 5: (0, 2), 3: (1, 3)}, bar=[0, 1])
    # the same game with the seats swapped: player 1 moves down the points 6 -> 1
    p1 = Position.from_points("minigam", turn=1, points={5: (1, 1), 2: (1, 2), 4: (0, 3)}, bar=[1, 0])
    assert position_rows(p0) == position_rows(p1) == ([0, 0, 1, 0, 0, 2, 0, 5], [1, 0, 0, 3, 0, 0, 0, 4])
    assert position_index(p0) == position_index(p1)


def test_swapping_twice_gives_the_position_back_and_matches_the_other_seat():
    pos = Position.from_points("minigam-strict", turn=0, points={1: (0, 2), 4: (1, 1), 6: (1, 2)}, bar=[3, 1])
    me, them = position_rows(pos)
    out_me, out_them = [0] * 8, [0] * 8
    swapped(me, them, out_me, out_them)
    assert (out_me, out_them) == position_rows(pos, mover=1)
    back_me, back_them = [0] * 8, [0] * 8
    swapped(out_me, out_them, back_me, back_them)
    assert (back_me, back_them) == (me, them)


def test_rows_build_the_engine_position_for_either_seat():
    sp = space(8)
    rng = random.Random(2)
    for _ in range(200):
        mover, opp = sp.rows(rng.randrange(sp.size))
        for turn in (0, 1):
            pos = rows_position("minigam", mover, opp, turn)
            assert pos.turn == turn
            assert tuple(position_rows(pos)[0]) == mover
            assert tuple(position_rows(pos)[1]) == opp


def test_only_the_two_player_six_point_games_are_indexed():
    with pytest.raises(NotSolvableError, match="not a two-player 6-point game"):
        position_index(Position.initial("multigam"))
    with pytest.raises(NotSolvableError):
        position_index(Position.initial("backgammon"))
