"""The one self-play loop: computer seats play a game (or a match) to the end, one decision at a time.

Every tool that lets programs play (the arena, the benchmarks, the fitting and training of the
evaluations, the example pictures) drives games through :func:`steps`; :func:`play_game` and
:func:`play_match` are its whole-game and whole-match forms. A seat is anything with the four
decisions of :class:`Seat` (``engine.ai``'s players are seats); :class:`ChoosePlays` makes a seat of
a function that picks plays. Each action is reported as a :class:`Step` (the game before and after,
who acted, the play and how long the seat thought about it).

With ``cube=True`` (the default) a seat on roll that :meth:`Game.may_double` is asked whether it
wants to double, and its opponent takes or drops; ``cube=False`` never asks (the seats' plays alone).
A resignation offer waiting in a game is answered by the seat it is offered to. Given the same
seats and dice, a loop is deterministic.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.dice import DiceSource
from engine.game import Awaiting, Game
from engine.match import Match
from engine.position import Play
from engine.variants import Variant

MAX_ACTIONS = 10_000
"""A game longer than this many actions is a bug (random backgammon players need a few hundred)."""


class Seat(Protocol):
    """A player of self-play games: the decisions a game asks of it."""

    def choose_play(self, game: Game) -> Play: ...

    def wants_to_double(self, game: Game) -> bool: ...

    def accepts_double(self, game: Game) -> bool: ...

    def accepts_resignation(self, game: Game) -> bool: ...


@dataclass(frozen=True, slots=True)
class ChoosePlays:
    """A seat that picks its plays with ``choose(game)`` and doubles when ``double(game)`` says so
    (never, without it); it takes every double and accepts every resignation."""

    choose: Callable[[Game], Play]
    double: Callable[[Game], bool] | None = None

    def choose_play(self, game: Game) -> Play:
        return self.choose(game)

    def wants_to_double(self, game: Game) -> bool:
        return self.double is not None and self.double(game)

    def accepts_double(self, game: Game) -> bool:
        return True

    def accepts_resignation(self, game: Game) -> bool:
        return True


class Action(enum.StrEnum):
    ROLL = "roll"
    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    ACCEPT = "accept"
    REJECT = "reject"


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a self-play game. ``play`` and ``seconds`` (the seat's thinking time) are set
    for a play; for a play ``before`` is the game awaiting it, dice rolled."""

    before: Game
    action: Action
    player: int
    after: Game
    play: Play | None = None
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A match played to its end and its games in order."""

    match: Match
    games: tuple[Game, ...]


def steps(
    game: Game | Variant | str,
    seats: Sequence[Seat],
    dice: DiceSource,
    *,
    cube: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> Iterator[Step]:
    """Play ``game`` (or a new game of a variant, opening roll from ``dice``) to its end, ``seats[p]``
    deciding for player ``p``, and yield each action as it happens. Raises ``RuntimeError`` after
    ``max_actions`` actions."""
    if not isinstance(game, Game):
        game = Game.start(game, dice)
    clock = time.perf_counter
    for _ in range(max_actions):
        match game.awaiting:
            case Awaiting.OVER:
                return
            case Awaiting.ROLL:
                player = game.turn
                if cube and game.may_double() and seats[player].wants_to_double(game):
                    step = Step(game, Action.DOUBLE, player, game.double())
                else:
                    step = Step(game, Action.ROLL, player, game.roll(dice))
            case Awaiting.PLAY:
                player = game.turn
                start = clock()
                play = seats[player].choose_play(game)
                seconds = clock() - start
                step = Step(game, Action.PLAY, player, game.play(play), play, seconds)
            case Awaiting.DOUBLE_ANSWER:
                player = game.actor
                if seats[player].accepts_double(game):
                    step = Step(game, Action.TAKE, player, game.take())
                else:
                    step = Step(game, Action.DROP, player, game.drop())
            case Awaiting.RESIGN_ANSWER:
                player = game.actor
                if seats[player].accepts_resignation(game):
                    step = Step(game, Action.ACCEPT, player, game.accept_resignation())
                else:
                    step = Step(game, Action.REJECT, player, game.reject_resignation())
        yield step
        game = step.after
    if game.outcome is None:
        raise RuntimeError(f"a {game.variant.name} game did not end after {max_actions} actions")


def play_game(
    game: Game | Variant | str,
    seats: Sequence[Seat],
    dice: DiceSource,
    *,
    cube: bool = True,
    max_actions: int = MAX_ACTIONS,
    on_step: Callable[[Step], None] | None = None,
) -> Game:
    """:func:`steps` to the end, each step reported to ``on_step``; the game over."""
    final = game if isinstance(game, Game) else None
    for step in steps(game, seats, dice, cube=cube, max_actions=max_actions):
        if on_step is not None:
            on_step(step)
        final = step.after
    assert final is not None
    return final


def play_match(
    match: Match,
    seats: Sequence[Seat],
    dice: DiceSource,
    *,
    cube: bool = True,
    max_actions: int = MAX_ACTIONS,
    on_step: Callable[[Step], None] | None = None,
    on_game: Callable[[Game, Match], None] | None = None,
) -> PlayedMatch:
    """Games of ``match`` until it is over (the Crawford game comes from the
    match), ``seats[p]`` always player ``p``; ``on_game(game, match)`` after each game with the match
    as it then stands."""
    games: list[Game] = []
    while not match.is_over:
        game = play_game(
            match.start_game(dice), seats, dice, cube=cube, max_actions=max_actions, on_step=on_step
        )
        assert game.outcome is not None
        match = match.record(game.outcome)
        games.append(game)
        if on_game is not None:
            on_game(game, match)
    return PlayedMatch(match, tuple(games))
