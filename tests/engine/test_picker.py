"""Picking a play move by move (Game.next_moves): hand-worked positions and the picker's two promises."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import BAR, OFF, VARIANTS, Dice, Game, Move, Position, SeededDice
from tests.engine.helpers import pos


def ends(moves) -> list[tuple[int, int]]:
    return [(m.src, m.dst) for m in moves]


def test_entering_with_3_1_in_minigam_offers_either_die_first():
    # All 8 checkers on the bar, an empty board; the plays are bar/3 bar/1 and bar/3/4.
    game = Game(Position.initial("minigam", 0), dice=Dice(3, 1))
    assert ends(game.next_moves()[0]) == [(BAR, 3), (BAR, 1)]  # the higher die first
    options, complete = game.next_moves([Move(BAR, 1)])
    assert (ends(options), complete) == ([(BAR, 3), (1, 4)], None)  # the 3 must still be played
    options, complete = game.next_moves([Move(BAR, 1), Move(1, 4)])
    assert options == ()
    assert complete is not None
    assert game.position.format_play(complete) == "bar/3/4"
    options, complete = game.next_moves([Move(BAR, 3), Move(BAR, 1)])
    assert options == ()
    assert complete is not None
    assert ends(complete.moves) == [(BAR, 3), (BAR, 1)]


def test_a_bear_off_may_have_used_either_die():
    # Backgammon, player 0: one checker on its 5 point (20), one on its 2 point (23); 6-5.
    # 5/off takes the 5 exactly or the 6 (nothing behind it); either way 2/off follows.
    game = Game(pos("backgammon", 0, {20: (0, 1), 23: (0, 1), 1: (1, 15)}), dice=Dice(6, 5))
    assert ends(game.next_moves()[0]) == [(20, OFF)]
    assert game.next_moves([Move(20, OFF)]) == ((Move(23, OFF),), None)
    options, complete = game.next_moves([Move(20, OFF), Move(23, OFF)])
    assert options == ()
    assert complete == game.legal_plays()[0]


def test_a_prefix_may_be_a_whole_play_and_still_go_on():
    # Minigam, player 0: one checker on the bar, 7 off; player 1 holds point 6. With 6-1 the 6
    # cannot be played first, so bar/1 alone is legal, and so is bar/1/off.
    game = Game(pos("minigam", 0, {6: (1, 2)}, bar=(1, 6), off=(7, 0)), dice=Dice(6, 1))
    options, complete = game.next_moves([Move(BAR, 1)])
    assert ends(options) == [(1, OFF)]
    assert complete is not None
    assert ends(complete.moves) == [(BAR, 1)]


def test_nothing_to_pick_without_dice_after_the_game_or_for_a_pass_or_a_wrong_start():
    assert Game(Position.initial("minigam", 0)).next_moves() == ((), None)
    blocked = Game(pos("minigam", 0, {1: (0, 1), 2: (1, 2), 3: (1, 2)}, bar=(7, 0)), dice=Dice(2, 2))
    assert blocked.must_pass()
    assert blocked.next_moves() == ((), None)
    game = Game(Position.initial("minigam", 0), dice=Dice(3, 1))
    assert game.next_moves([Move(BAR, 5)]) == ((), None)
    over = game.forfeit(0)
    assert over.next_moves() == ((), None)


def reachable(variant: str, seed: int, turns: int) -> Game:
    """A game with dice rolled after up to ``turns`` random turns."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    game = Game.start(variant, dice)
    for _ in range(turns):
        if game.dice is None:
            game = game.roll(dice)
        nxt = game.play(rng.choice(game.legal_plays()))
        if nxt.outcome is not None:
            break
        game = nxt
    return game if game.dice is not None else game.roll(dice)


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000), turns=st.integers(0, 60))
def test_every_legal_play_can_be_picked_move_by_move(variant: str, seed: int, turns: int):
    game = reachable(variant, seed, turns)
    for play in game.legal_plays():
        if not play.moves:
            continue
        for i, move in enumerate(play.moves):
            options, _ = game.next_moves(play.moves[:i])
            assert (move.src, move.dst) in ends(options)
        options, complete = game.next_moves(play.moves)
        assert complete is not None
        assert complete.result == play.result


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 60),
    picks=st.randoms(use_true_random=False),
)
def test_every_picked_sequence_that_completes_is_a_legal_play(variant, seed, turns, picks):
    game = reachable(variant, seed, turns)
    legal = {p.result: p for p in game.legal_plays()}
    prefix: list[Move] = []
    options, complete = game.next_moves(prefix)
    while options:
        assert len(set(ends(options))) == len(options)  # each move offered once
        prefix.append(picks.choice(options))
        options, complete = game.next_moves(prefix)
        if complete is not None:
            assert legal[complete.result] == complete
    if prefix:
        assert complete is not None, "the picker ran out of moves before a legal play"
    else:
        assert game.must_pass()
