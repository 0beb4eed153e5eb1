"""Fixed games used to build each board type's colour palette, and the README's example pictures.

The palette games are written out by hand (no legal-play generation), so the palette, and with it every
picture's bytes, depends only on the theme and the drawing code.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine import (
    BAR,
    OFF,
    Dice,
    Event,
    Game,
    Match,
    MatchContext,
    Move,
    Outcome,
    Play,
    Position,
    SeededDice,
    Termination,
    WinKind,
    selfplay,
)
from images.layout import BG, SIX2, SIX4


def _game(pos: Position, **fields) -> Game:
    return replace(Game(position=pos), **fields)


PALETTE_NAMES = ("Ann 😀🎲❤️🍀", "山田 🔥💎🌊🍇")


def palette_games(kind: str) -> list[tuple[Game, tuple[str, ...] | None]]:
    """Games (and names) that show every colour a board type uses: all players' checkers, dice (rolled
    and last), hits, ghosts, arrows, the cube, offers, badges, text, and colour emoji in names."""
    games = _palette_games(kind)
    players = games[0].variant.players
    names = (*PALETTE_NAMES, *PALETTE_NAMES)[:players]
    return [(g, names if i == 0 else None) for i, g in enumerate(games)]


def _palette_games(kind: str) -> list[Game]:
    if kind == SIX2:
        pos = Position.from_points(
            "minigam",
            turn=0,
            points={1: (0, 1), 2: (1, 7), 3: (0, 6), 5: (1, 1), 6: (0, 1)},
            bar=[0, 0],
        )
        play = Play((Move(BAR, 5, False), Move(6, 2, False), Move(4, 1, True)), pos)
        pos2 = Position.from_points(
            "minigam", turn=1, points={2: (1, 2), 4: (0, 3), 6: (1, 1)}, bar=[2, 3], off=[3, 2]
        )
        play2 = Play((Move(BAR, 4, True), Move(4, 6, False), Move(5, OFF, False)), pos2)
        return [
            _game(
                pos,
                dice=Dice(5, 3),
                match=MatchContext(3, (1, 2)),
                last_play=play,
                last_player=1,
                events=(Event("play", 1, (4, 2), ("bar/5", "6/2")),),
            ),
            _game(
                pos2,
                match=MatchContext(3, (2, 2)),
                last_play=play2,
                last_player=0,
                events=(Event("play", 0, (6, 6), ("bar/4*",)),),
            ),
            _game(
                pos2,
                dice=Dice(6, 6),
                last_play=play,
                last_player=1,
                outcome=Outcome(Termination.BORNE_OFF, 1, WinKind.SINGLE, 1),
            ),
        ]
    if kind == SIX4:
        pos = Position.from_points(
            "multigam",
            turn=1,
            points={1: (0, 2), 2: (1, 1), 3: (2, 3), 4: (3, 2), 5: (1, 2), 6: (3, 1)},
            bar=[1, 1, 0, 2],
        )
        play = Play((Move(BAR, 2, True), Move(4, OFF, False)), pos)
        games = []
        for p in range(4):
            games.append(
                _game(
                    pos.with_turn(p),
                    dice=Dice(6, 2) if p % 2 == 0 else None,
                    finished=(2,) if p < 2 else (2, 1),
                    match=MatchContext(0, (0, 0, 0, 0)),
                    last_play=play,
                    last_player=(p + 3) % 4,
                    events=(Event("play", (p + 3) % 4, (4, 1), ("bar/2*",)),),
                )
            )
        return games
    if kind == BG:
        pos = Position.from_points(
            "backgammon",
            turn=0,
            points={1: (1, 2), 6: (0, 2), 12: (0, 7), 13: (1, 5), 17: (0, 3), 19: (1, 5), 24: (0, 2)},
            bar=[1, 2],
            off=[0, 1],
        )
        play = Play((Move(24, 18, True), Move(18, 13, False), Move(6, 2, False)), pos)
        return [
            _game(
                pos,
                dice=Dice(6, 5),
                cube=2,
                cube_owner=0,
                match=MatchContext(7, (3, 5)),
                last_play=play,
                last_player=1,
            ),
            _game(
                pos.with_turn(1),
                cube=4,
                cube_owner=1,
                match=MatchContext(5, (4, 2), crawford=True),
                last_play=play,
                last_player=0,
                events=(Event("play", 0, (3, 1), ("8/5",)),),
            ),
            _game(pos, double_offered=True, last_play=play, last_player=1),
            _game(pos.with_turn(1), resign_offer=(1, 2), cube=2, cube_owner=1, last_play=play, last_player=0),
        ]
    raise ValueError(f"unknown board type {kind!r}")


# ------------------------------------------------------------------------------- README examples


def _play_until(game: Game, rng: random.Random, dice: SeededDice, done, double_at: int = 0) -> Game | None:
    """Random plays from ``game`` until ``done`` holds for a game awaiting a play (``None`` if the game
    ends first); with ``double_at``, the player on roll doubles (and is taken) once the game has that
    many plays and the cube is still at 1."""

    def wants_to_double(g: Game) -> bool:
        plays = sum(1 for e in g.events if e.kind == "play")
        return bool(double_at) and plays >= double_at and g.cube == 1

    seat = selfplay.ChoosePlays(lambda g: rng.choice(g.legal_plays()), double=wants_to_double)
    if game.awaiting == "play" and done(game):
        return game
    for step in selfplay.steps(game, [seat] * game.variant.players, dice):
        if step.after.awaiting == "play" and done(step.after):
            return step.after
    return None


def example_games() -> list[tuple[str, Game, tuple[str, ...]]]:
    """``(file name, game, names)`` for one picture of each board type, found by playing seeded games."""
    out = []

    def minigam_done(g: Game) -> bool:
        plays = sum(1 for e in g.events if e.kind == "play")
        hit = g.last_play is not None and any(m.hit for m in g.last_play.moves)
        return plays >= 6 and hit and g.awaiting == "play" and g.position.off[0] + g.position.off[1] > 0

    for seed in range(1, 500):
        dice = SeededDice(seed)
        g = _play_until(
            Game.start("minigam", dice, match=MatchContext(3, (1, 1))),
            random.Random(seed),
            dice,
            minigam_done,
        )
        if g is not None:
            out.append(("minigam.png", g, ("Alice", "Bob")))
            break

    def multigam_done(g: Game) -> bool:
        return (
            len(g.finished) == 1
            and g.awaiting == "play"
            and sum(g.position.bar) > 0
            and g.last_play is not None
        )

    for seed in range(1, 500):
        dice = SeededDice(seed)
        g = _play_until(Game.start("multigam", dice), random.Random(seed), dice, multigam_done)
        if g is not None:
            out.append(("multigam.png", g, ("Ann", "Ben", "Cleo", "Dev")))
            break

    def backgammon_done(g: Game) -> bool:
        plays = sum(1 for e in g.events if e.kind == "play")
        hit = g.last_play is not None and any(m.hit for m in g.last_play.moves)
        return plays >= 10 and hit and g.awaiting == "play"

    match = Match.new("backgammon", 7)
    match = replace(match, score=(2, 4))
    for seed in range(1, 500):
        dice = SeededDice(seed)
        g = _play_until(match.start_game(dice), random.Random(seed), dice, backgammon_done, double_at=5)
        if g is not None and g.cube > 1:
            out.append(("backgammon.png", g, ("Alice", "Bob")))
            break
    return out
