"""Known positions, one or more per family, built by hand for the puzzle tests."""

from __future__ import annotations

from engine.game import Game
from engine.position import Dice, Position


def opening_31() -> Game:
    """Backgammon's opening 3-1 for player 0: making the 5-point (8/5 6/5) is best by far."""
    return Game(Position.initial("backgammon", turn=0), dice=Dice(3, 1))


def race(behind: int) -> Game:
    """A backgammon race, money play, player 0 on roll with 57 pips against 57 + ``behind``, the cube
    centred: even (0), double / take (4), double / pass (8) by gnubg at 2 ply.

    Player 0 (moving up, home 19-24): 3 on 19, 20, 21; 2 on 22, 23, 24.
    Player 1 (moving down, home 6-1): 2 on 1, 2, 3; 3 on 4, 5; 3 on 6, one of them ``behind`` pips back.
    """
    points = {19: (0, 3), 20: (0, 3), 21: (0, 3), 22: (0, 2), 23: (0, 2), 24: (0, 2)}
    points |= {1: (1, 2), 2: (1, 2), 3: (1, 2), 4: (1, 3), 5: (1, 3)}
    if behind:
        points |= {6: (1, 2), 6 + behind: (1, 1)}
    else:
        points |= {6: (1, 3)}
    return Game(Position.from_points("backgammon", turn=0, points=points, bar=[0, 0]))


def last_roll(variant: str) -> Game:
    """A 6-point game where player 0, with 2-1 to play, wins at once with ``5/off 6/off``; any other
    play leaves a checker, and the opponent (one checker on its last point) wins with any roll.

        point:   1   2   3   4   5   6
                 o               x   x     (x: player 0, moving up; o: player 1)
    """
    pos = Position.from_points(variant, turn=0, points={5: (0, 1), 6: (0, 1), 1: (1, 1)}, bar=[0, 0])
    return Game(pos, dice=Dice(2, 1))
