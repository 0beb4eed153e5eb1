"""Fixed game states for the picture tests, written out by hand (no legal-play generation), so the
pictures do not change when the engine lists its plays in another order."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from engine import (
    BAR,
    OFF,
    Dice,
    Event,
    Game,
    MatchContext,
    Move,
    Outcome,
    Play,
    Position,
    Termination,
    WinKind,
)


def decode(png: bytes) -> Image.Image:
    """The PNG as an RGB image (to sample pixels)."""
    return Image.open(io.BytesIO(png)).convert("RGB")


def game(position: Position, **fields) -> Game:
    return replace(Game(position=position), **fields)


def minigam_position() -> Position:
    #  point:   1    2    3    4    5    6
    #           X2   .    O7   X1   .    O1      bar: X 3, O 0; off: X 2, O 0
    return Position.from_points(
        "minigam", turn=0, points={1: (0, 2), 3: (1, 7), 4: (0, 1), 6: (1, 1)}, bar=[3, 0], off=[2, 0]
    )


def minigam_game_with_hit() -> Game:
    """Player 1 (O, moving 6 -> 1) just played 3-3: bar/4* (hitting X's blot) and 3/off; X has 5-2."""
    pos = Position.from_points(
        "minigam", turn=0, points={1: (0, 2), 3: (1, 5), 4: (1, 1), 5: (0, 1)}, bar=[2, 1], off=[3, 1]
    )
    play = Play((Move(BAR, 4, True), Move(3, OFF, False)), pos)
    return game(
        pos,
        dice=Dice(5, 2),
        match=MatchContext(3, (1, 0)),
        last_play=play,
        last_player=1,
        events=(Event("opening", -1, (3, 5)), Event("play", 1, (3, 3), ("bar/4*", "3/off"))),
    )


def multigam_game() -> Game:
    """Seat 2 finished first; seat 3 is to play; seat 1 made the last play."""
    pos = Position.from_points(
        "multigam",
        turn=3,
        points={1: (0, 2), 2: (1, 1), 4: (3, 3), 6: (0, 1)},
        bar=[1, 2, 0, 1],
        off=[1, 2, 5, 1],
    )
    play = Play((Move(BAR, 2, False), Move(5, OFF, False)), pos)
    return game(
        pos,
        dice=Dice(6, 4),
        finished=(2,),
        match=MatchContext(0, (0, 0, 0, 0)),
        last_play=play,
        last_player=1,
        events=(Event("play", 1, (2, 1), ("bar/2", "5/off")),),
    )


def backgammon_cube_game() -> Game:
    """A match to 7 at 3-5, the cube on 2 owned by player 1, player 0 to roll; player 1's last play hit."""
    pos = Position.from_points(
        "backgammon",
        turn=0,
        points={
            1: (0, 1),
            2: (1, 1),
            6: (1, 4),
            8: (1, 3),
            12: (0, 4),
            13: (1, 4),
            17: (0, 3),
            19: (0, 5),
            22: (1, 2),
            24: (1, 1),
        },
        bar=[1, 0],
        off=[1, 0],
    )
    play = Play((Move(13, 8, False), Move(6, 2, True)), pos)
    return game(
        pos,
        cube=2,
        cube_owner=1,
        match=MatchContext(7, (3, 5)),
        last_play=play,
        last_player=1,
        events=(Event("play", 1, (5, 4), ("13/8", "6/2*")),),
    )


def backgammon_double_offered() -> Game:
    return game(Position.initial("backgammon", turn=1), double_offered=True, match=MatchContext(5, (0, 2)))


def backgammon_mulligan_over() -> Game:
    pos = Position.from_points("backgammon-mulligan", turn=1, points={20: (0, 2)}, bar=[0, 0])
    return game(
        pos,
        match=MatchContext(3, (1, 1)),
        outcome=Outcome(Termination.BORNE_OFF, 1, WinKind.MULLIGAN, 3),
    )


def backgammon_resign_offer() -> Game:
    """Player 1 offers to resign a gammon with the cube on 2."""
    return replace(backgammon_cube_game(), resign_offer=(1, 2))


def multigam_with_a_leaver() -> Game:
    """Seat 0 resigned (4th, checkers left on the board); seat 2 finished first."""
    g = multigam_game()
    return replace(g, events=(*g.events, Event("resign", 0)))


CASES = {
    "minigam-position": lambda: (minigam_position(), {}),
    "minigam-game-hit": lambda: (minigam_game_with_hit(), {"names": ["Alice", "Bob"]}),
    "minigam-strict-initial": lambda: (Position.initial("minigam-strict", turn=1), {}),
    "multigam-finished": lambda: (multigam_game(), {"names": ["Ann", "Ben", "Cleo", "Dev"]}),
    "backgammon-initial-p1": lambda: (Position.initial("backgammon"), {"perspective": 1}),
    "backgammon-cube-match": lambda: (backgammon_cube_game(), {"names": ["Alice", "Bob"]}),
    "backgammon-double-offered": lambda: (backgammon_double_offered(), {}),
    "backgammon-mulligan-over": lambda: (backgammon_mulligan_over(), {"names": ["Alice", "Bob"]}),
    "backgammon-resign-offer-names": lambda: (
        backgammon_resign_offer(),
        {
            "names": ["محمد علي 🎲", "山田太郎"],
            "score": (3, 5),
            "footer": ("Position ID: 4HPwATDgc/ABMA", "Match ID: cAkAAAAAAAAA"),
        },
    ),
    "multigam-leaver-names": lambda: (
        multigam_with_a_leaver(),
        {"names": ["Annabelle Featherstonehaugh", "김민준", "Cleo 🦊", "नमस्ते"]},
    ),
}
