"""gnubg's nets behind the evaluator interface: hand-checked plays, the mapping of gnubg's plays to
the engine's on many random positions, and the package's known pitfalls."""

from __future__ import annotations

import random

import gnubg_nn
import pytest

from engine import Dice, Game, Position, SeededDice, all_dice, find_variant
from engine.ai import get_player
from engine.ai.evaluator import final_chances, rank_plays
from engine.ai.gnubg import evaluator, from_board, result_key, to_board
from engine.ai.stakes import Stakes

BG = find_variant("backgammon")


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions with a player to roll, from games between random players (some with checkers on the
    bar, some in the bear-off)."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    out: list[Position] = []
    while len(out) < count:
        game = Game.start(BG, dice)
        while game.outcome is None and len(out) < count:
            if game.dice is None:
                if rng.random() < 0.3:
                    out.append(game.position)
                game = game.roll(dice)
            else:
                game = game.play(rng.choice(game.legal_plays()))
    return out


# ------------------------------------------------------------------ hand-checked plays


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        (Dice(3, 1), "8/5 6/5"),  # make the 5-point
        (Dice(4, 2), "8/4 6/4"),  # make the 4-point
        (Dice(6, 1), "13/7 8/7"),  # make the bar point
        (Dice(6, 6), "24/18(2) 13/7(2)"),
        (Dice(6, 5), "24/13"),  # lover's leap
    ],
)
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_opening_plays_are_the_book_plays(dice, expected, level):
    for turn in (0, 1):  # both seats: the engine's numbering is each player's own
        game = Game(Position.initial(BG, turn), dice=dice)
        play = get_player(BG, level).choose_play(game)
        # compared as positions: the notation's short forms are another module's business
        assert play.result == game.position.parse_play(dice, expected).result


def test_the_opening_position_is_even_for_gnubg():
    chances = evaluator().on_roll(Position.initial(BG, 0), 0)
    # gnubg's net: the side on roll before its first roll is a slight favourite
    assert 0.5 < chances.win < 0.55
    assert chances.win_gammon > chances.win_backgammon > 0


# ------------------------------------------------------------------ the engine and gnubg agree


def test_positions_convert_both_ways_and_read_the_same_id():
    for pos in random_positions(60, seed=3):
        board = to_board(pos, pos.turn)
        assert from_board(board, BG, pos.turn) == pos
        # the pitfall: gnubg's first half is the player NOT on roll, as in our Position ID
        assert gnubg_nn.position_id(board) == pos.position_id()


def test_every_gnubg_play_is_an_engine_play_with_the_same_result():
    # 40 positions x 21 rolls: gnubg's legal plays, as positions, are exactly the engine's
    checked = 0
    for pos in random_positions(40, seed=7):
        for dice in all_dice():
            ours = {p.result for p in pos.legal_plays(dice)}
            board = to_board(pos, pos.turn)
            theirs = set()
            for key in gnubg_nn.moves(board, dice[0], dice[1]):
                result = from_board([list(s) for s in gnubg_nn.board_from_position_key(key)], BG, pos.turn)
                theirs.add(result)
            if not theirs:  # gnubg lists nothing where no die can be played; we list the pass
                assert ours == {pos}
                continue
            assert theirs == ours, (pos, dice)
            checked += 1
    assert checked > 700


def test_every_play_is_valued_once_and_sorted():
    ev = evaluator()
    for pos in random_positions(10, seed=11):
        dice = Dice(5, 2)
        listed = ev.plays(pos, dice)
        assert sorted(map(id, (p for p, _ in listed))) == sorted(map(id, pos.legal_plays(dice)))
        ranked = rank_plays(ev, pos, dice, Stakes(pos.turn), 2, at_least=2)
        values = [s.value for s in ranked if s.ply == ranked[0].ply]
        assert values == sorted(values, reverse=True)


def test_zero_ply_values_are_gnubgs_own_equities():
    pos = Position.initial(BG, 0)
    ours = {result_key(p.result, 0): c.money for p, c in evaluator().plays(pos, Dice(5, 3))}
    _, listed = gnubg_nn.best_move(to_board(pos, 0), 5, 3, n=0, list=1)
    for key, _steps, _probs, equity in listed:
        assert ours[key] == pytest.approx(equity, abs=1e-6)


# ------------------------------------------------------------------ pitfalls


# Player 0 on roll: 14 checkers borne off and its last checker on its 24-point; player 1 has all
# fifteen on its own 6-point. 6-5 has one legal play: 24/18/13.
FORCED = Position.from_points(BG, turn=0, points={1: (0, 1), 6: (1, 15)}, off=[14, 0])


def test_a_forced_play_is_never_sent_to_best_move():
    legal = FORCED.legal_plays(Dice(6, 5))
    assert len(legal) == 1
    # The pitfall itself: gnubg's list for a single legal play holds nonsense (here player 1, 15
    # checkers on its 6-point against one checker 12 pips from home, is called a certain winner
    # of... a gammon-free game with equity -0.47 for the mover).
    _, listed = gnubg_nn.best_move(to_board(FORCED, 0), 6, 5, n=0, list=1)
    honest = evaluator().after_play(legal[0].result, 0, 0)
    assert abs(listed[0][3] - honest.money) > 0.5
    # The evaluator values the forced play itself: player 0 is the big favourite.
    ((play, chances),) = evaluator().plays(FORCED, Dice(6, 5))
    assert play is legal[0]
    assert chances.win > 0.9
    assert chances == honest


def test_a_bear_off_play_is_mapped_whole():
    # Player 0: checkers on its 6-, 5- and 2-points; 6-3. gnubg's old findbestmove cut a play at its
    # first bear-off; the mapping by resulting position keeps every move of it.
    points = {19: (0, 1), 20: (0, 1), 23: (0, 1), 1: (1, 15)}
    pos = Position.from_points(BG, turn=0, points=points, off=[12, 0])
    game = Game(pos, dice=Dice(6, 3))
    for level in ("hard", "expert"):
        play = get_player(BG, level).choose_play(game)
        assert play.result.off[0] == 13
        assert len(play.moves) == 2
    _, listed = gnubg_nn.best_move(to_board(pos, 0), 6, 3, n=0, list=1)
    best = get_player(BG, "hard").choose_play(game)
    assert result_key(best.result, 0) == listed[0][0]


def test_a_finished_game_is_certain_not_evaluated():
    # Player 0 bears off its last checker while player 1 still has one on player 0's home board:
    # a backgammon.
    pos = Position.from_points(BG, turn=0, points={24: (0, 1), 20: (1, 1), 1: (1, 14)}, off=[14, 0])
    (play,) = pos.legal_plays(Dice(2, 1))[:1]
    assert play.result.off[0] == 15
    chances = evaluator().after_play(play.result, 0, 2)
    assert chances == final_chances(play.result, 0)
    assert (chances.win, chances.win_gammon, chances.win_backgammon) == (1.0, 1.0, 1.0)


# ------------------------------------------------------------------ Mulligans


def test_mulligan_scoring_changes_the_choice_of_play():
    # From a game between random players: player 0's 4-5. By money equity (gammons twice) gnubg
    # hits, 13/8/4*; with Mulligans three-fold while possible the quiet 22/17 21/17 is best.
    pos = Position.from_id("backgammon-mulligan:0:Dz4sgAWGBxzDCg")
    game = Game(pos, dice=Dice(4, 5))
    listed = evaluator().plays(pos, game.dice)
    money_best = max(listed, key=lambda t: t[1].money)[0]
    assert money_best.result == pos.parse_play(game.dice, "13/8/4*").result
    stakes = Stakes.of(game, 0)
    assert stakes.mulligan
    mulligan_best = max(listed, key=lambda t: stakes.equity(t[1], t[0].result))[0]
    assert mulligan_best.result == pos.parse_play(game.dice, "22/17 21/17").result
    assert get_player("backgammon-mulligan", "hard").choose_play(game) is mulligan_best
