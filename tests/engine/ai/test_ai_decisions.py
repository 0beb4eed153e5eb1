"""Hand-checked decisions of the computer players.

Backgammon boards are written in player 0's own numbering (its home board is 1-6, absolute point
``25 - n``); player 1 moves the other way, enters with die ``d`` on player 0's ``d``-point, and its own
``n``-point is absolute point ``n``.
"""

from __future__ import annotations

import pytest

from engine import Dice, Game, Position
from engine.ai import get_player
from engine.game import MatchContext


def bg(mine: dict[int, int], theirs: dict[int, int], *, bar=(0, 0), turn=0, variant="backgammon") -> Position:
    """Player 0's checkers by its own point number, player 1's by *its* own point number."""
    points = {25 - n: (0, c) for n, c in mine.items()}
    points.update({n: (1, c) for n, c in theirs.items()})
    return Position.from_points(variant, turn=turn, points=points, bar=list(bar))


def moves_text(game: Game, level: str, seed: int = 0) -> str:
    play = get_player(game.variant, level, seed=seed).choose_play(game)
    return game.position.format_play(play)


# ------------------------------------------------------------------ checker play


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bears_off_safely_rather_than_leaving_a_shot(level):
    # Player 0: two on the 6-point, one on the 5-point; player 1 has a checker on the bar and the
    # rest home. 6-1: 6/5 6/off leaves nothing to hit; 6/off 5/4 leaves blots on the 6 and the 4,
    # hit by any 6 or 4 from the bar (20 of 36 rolls), and a hit loses the game.
    pos = bg({6: 2, 5: 1}, {1: 4, 2: 4, 3: 3, 4: 3}, bar=(0, 1))
    game = Game(pos, dice=Dice(6, 1))
    assert {pos.format_play(p) for p in game.legal_plays()} == {"6/5 6/off", "6/off 5/4"}
    assert moves_text(game, level) == "6/5 6/off"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_hits_when_hitting_clearly_wins(level):
    # Player 1 has borne off 13 and needs about three rolls; its straggler sits on player 0's
    # 5-point. Player 0 has 15 checkers to bear off: it can only win by hitting (3-1: 8/5* or 6/5*),
    # then the straggler must come in against a 5-point board.
    pos = bg({8: 1, 6: 3, 4: 3, 3: 3, 2: 3, 1: 2}, {20: 1, 1: 1})
    game = Game(pos, dice=Dice(3, 1))
    plays = game.legal_plays()
    assert any(not any(m.hit for m in p.moves) for p in plays)  # not hitting is possible
    play = get_player("backgammon", level, seed=0).choose_play(game)
    assert any(m.hit for m in play.moves)


@pytest.mark.parametrize("variant", ["minigam", "minigam-full-entry", "minigam-strict"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_minigam_hits_the_last_checker_instead_of_losing_the_race(variant, level):
    #   1    2    3    4    5    6        player 0 (up): one on the bar, one on point 6, six off
    #   .    .    .   1x1   .   0x1       player 1 (down): its last checker on point 4, seven off
    # 3-1. Not hitting (bar/3 6/off) leaves player 1 to bear off 4 pips next roll, which every roll
    # but 1-1 and 2-1 does (33 of 36 in minigam): about 8% for player 0. Hitting (bar/3/4*) sends
    # that checker back to the bar, 7 pips from home, while player 0 needs 3 + 1.
    pos = Position.from_points(variant, turn=0, points={4: (1, 1), 6: (0, 1)}, bar=[1, 0], off=[6, 7])
    game = Game(pos, dice=Dice(3, 1))
    texts = {pos.format_play(p) for p in game.legal_plays()}
    assert texts == {"bar/3/4*", "bar/3 6/off"}
    assert moves_text(game, level) == "bar/3/4*"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_multigam_bears_off_the_last_checker_for_first_place(level):
    # Player 0 has one checker left on point 5; 2-1: 5/off with the 2 finishes first (5 points);
    # 5/6 with the 1 then 6/off with the 2 finishes as well; but 5/6... any play that does not bear
    # off is worse. Every other player is still on the bar.
    pos = Position.from_points("multigam", turn=0, points={5: (0, 1)}, bar=[0, 5, 5, 5], off=[4, 0, 0, 0])
    game = Game(pos, dice=Dice(2, 1))
    play = get_player("multigam", level, seed=0).choose_play(game)
    assert play.result.off[0] == 5


# ------------------------------------------------------------------ the cube


def race_game(mine: dict[int, int], theirs: dict[int, int], **kw) -> Game:
    return Game(bg(mine, theirs), **kw)


# 15 checkers of player 0 with 60 pips: 6x3, 5x3, 4x3, 3x3, 2x3 = 18 + 15 + 12 + 9 + 6 = 60.
SIXTY = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}
# Player 1 with 75 pips: 6x5, 5x5, 4x3, 3x1, 0 ... = 30 + 25 + 12 + 3 + 2x... : 6x5 5x5 4x4 1x1
SEVENTY_FIVE = {6: 5, 5: 5, 4: 4, 1: 1}


def test_race_numbers_used_below():
    pos = bg(SIXTY, SEVENTY_FIVE)
    assert pos.pip_count(0) == 60
    assert pos.pip_count(1) == 30 + 25 + 16 + 1 == 72


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_doubles_a_clear_racing_double_and_the_opponent_drops(level):
    # Keith counts: player 0 on roll 60 (no adjustments: the 1-point is empty... +0; 4-, 5-, 6-points
    # held) * 8/7 = 68.6; player 1: 72 + 0 (one on the 1-point) ... = 72. 68.6 - 72 <= 4: double;
    # the doubler's count does not exceed the taker's by 2 or more: drop.
    game = race_game(SIXTY, SEVENTY_FIVE)
    assert game.may_double()
    player = get_player("backgammon", level, seed=0)
    assert player.wants_to_double(game)
    offered = game.double()
    assert not get_player("backgammon", level, seed=1).accepts_double(offered)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_double_when_behind_in_the_race(level):
    # Now player 1 is on roll with 72 pips against 60: 72 * 8/7 = 82.3, exceeds 60 by far.
    game = Game(bg(SIXTY, SEVENTY_FIVE, turn=1))
    assert not get_player("backgammon", level, seed=0).wants_to_double(game)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_a_double_in_the_opening_position(level):
    # A double before the first roll: even game, an obvious take.
    pos = Position.initial("backgammon", 0)
    offered = Game(pos).double()
    assert get_player("backgammon", level, seed=0).accepts_double(offered)
    assert not get_player("backgammon", level, seed=0).wants_to_double(Game(pos))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_a_racing_double_when_the_race_is_close(level):
    # Player 0 on roll 60 * 8/7 = 68.6 against player 1's 65 (6x3 5x3 4x2 3x2 2x2 1x3 = 18+15+8+6+4+3
    # = 54 ... see below): the doubler's count exceeds the taker's by at least 2: take.
    theirs = {6: 4, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}  # 24 + 15 + 12 + 6 + 4 + 1 = 62, Keith 62 + 0 = 62
    pos = bg(SIXTY, theirs)
    assert pos.pip_count(1) == 62
    offered = Game(pos).double()
    assert get_player("backgammon", level, seed=0).accepts_double(offered)


def test_never_doubles_when_the_cube_is_not_available():
    game = race_game(SIXTY, SEVENTY_FIVE, cube=2, cube_owner=1)
    assert not game.may_double()
    assert not get_player("backgammon", "hard").wants_to_double(game)
    crawford = race_game(SIXTY, SEVENTY_FIVE, match=MatchContext(5, (4, 2), True))
    assert not get_player("backgammon", "hard").wants_to_double(crawford)


def test_no_cube_in_the_variants_without_one():
    pos = Position.initial("backgammon-mulligan", 0)
    assert not get_player("backgammon-mulligan", "hard").wants_to_double(Game(pos))


def test_accepts_a_resignation_worth_more_than_playing_on():
    # Player 1 resigns a single game in the racing position where player 0 is a big favourite.
    game = race_game(SIXTY, SEVENTY_FIVE).resign(1, 1)
    assert get_player("backgammon", "hard").accepts_resignation(game)
    # In the opening position a resignation of a gammon is worth far more than the game.
    opening = Game(Position.initial("backgammon", 0)).resign(1, 2)
    assert get_player("backgammon", "hard").accepts_resignation(opening)


# Player 1 (on roll) has two checkers on the bar against player 0's five-point board and seven
# checkers borne off; player 0 has all fifteen left but every one of player 1's entering checkers
# must first come in on the single open point and then escape: player 1 is the clear underdog (the
# network: about 19% to win). Pubeval-based chances rated player 1 the 69% favourite here, and two
# levels once redoubled each other to a cube of 256 in this very position.
CLOSED_OUT = "backgammon:1:tm2CwAjOAQDAAA"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_never_doubles_when_closed_out(level):
    pos = Position.from_id(CLOSED_OUT)
    assert pos.bar[1] == 2
    assert pos.off[1] == 7
    game = Game(pos, cube=4, cube_owner=1)
    assert game.may_double()
    assert not get_player("backgammon", level, seed=0).wants_to_double(game)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_drops_when_closed_out(level):
    # The same checkers with player 0 on roll: player 0 doubles, player 1 must pass.
    pos = Position.from_id(CLOSED_OUT).with_turn(0)
    offered = Game(pos, cube=2, cube_owner=0).double()
    assert not get_player("backgammon", level, seed=0).accepts_double(offered)
