"""What a puzzle looks like when it is served and when it is graded: :class:`~bot.core.notices.PuzzleCard`
notices, their pictures (drawn by the publisher, in the drawing workers) and their controls.

The board is drawn from the side of the player who must answer. A graded checker play shows the best
play drawn on the board (the checkers' ghosts where they stood, arrows to where they went, the roll it
played); a graded cube decision shows the board at the decision, the best answer written under it."""

from __future__ import annotations

import dataclasses

from bot.core.notices import Picture, PuzzleCard
from bot.core.puzzles.finding import menu_order
from bot.texts import board_footer
from bot.texts import puzzles as words
from engine.puzzles import Kind, Puzzle

MENUS = 5
"""Discord shows at most five rows of components: five menus of 25 plays."""
MENU_SIZE = 25


def names(puzzle: Puzzle, *, public: bool = False) -> tuple[str, ...]:
    """The seats' names: the player who must answer is "You" (in a public post, "To play")."""
    players = puzzle.game.variant.players
    me = words.ON_ROLL if public else words.YOU
    return tuple(me if seat == puzzle.player else words.OPPONENT for seat in range(players))


def picture(puzzle: Puzzle, *, graded: bool, public: bool = False) -> Picture:
    game = puzzle.game
    shown = game
    if graded and puzzle.kind is Kind.PLAY:
        after = game.play(puzzle.play_of(puzzle.best))
        shown = dataclasses.replace(after, position=after.position.with_turn(puzzle.player), dice=game.dice)
    note = words.picture_footer(puzzle, graded=graded)
    footer = (*((note,) if note else ()), *board_footer(game))
    return Picture(shown, names(puzzle, public=public), perspective=puzzle.player, footer=footer)


def menu_plays(puzzle: Puzzle) -> tuple[str, ...]:
    """The plays its menus list (at most :data:`MENUS` × :data:`MENU_SIZE`), in :func:`menu_order`."""
    return tuple(menu_order(a.text for a in puzzle.answers)[: MENUS * MENU_SIZE])


def cube_buttons(puzzle: Puzzle) -> tuple[tuple[str, str], ...]:
    """The cube's answers as (answer, label), in the usual order (double first; take first)."""
    if puzzle.kind is Kind.PLAY:
        return ()
    order = ("double", "no double") if puzzle.kind is Kind.DOUBLE else ("take", "pass")
    redouble = puzzle.kind is Kind.DOUBLE and puzzle.game.cube_owner is not None
    labels = {**words.CUBE_LABELS, **(words.REDOUBLE_LABELS if redouble else {})}
    return tuple((answer, labels[answer]) for answer in order)


def served(puzzle: Puzzle, attempt_id: int, text: str) -> PuzzleCard:
    """The puzzle to answer, with its controls."""
    plays = menu_plays(puzzle) if puzzle.kind is Kind.PLAY else ()
    return PuzzleCard(text, picture(puzzle, graded=False), attempt_id, plays=plays, cube=cube_buttons(puzzle))


def truncated(puzzle: Puzzle) -> int:
    """How many plays the menus list when they cannot list all (0: all of them)."""
    listed = len(menu_plays(puzzle)) if puzzle.kind is Kind.PLAY else 0
    return listed if puzzle.kind is Kind.PLAY and listed < len(puzzle.answers) else 0


def graded(puzzle: Puzzle, text: str, *, next_: str, retry: bool = False) -> PuzzleCard:
    """The answer graded: the best play drawn, and a button to the next puzzle; or, ``retry`` (training,
    not found), the position as it was and a button to try again."""
    label = words.RETRY_LABEL if retry else words.NEXT_LABEL
    return PuzzleCard(text, picture(puzzle, graded=not retry), next=next_, next_label=label if next_ else "")


def daily_post(puzzle: Puzzle, channel_id: int, day: str) -> PuzzleCard:
    return PuzzleCard(
        words.daily_post(puzzle, day),
        picture(puzzle, graded=False, public=True),
        channel_id=channel_id,
        day=day,
    )


def daily_summary(puzzle: Puzzle, channel_id: int, day: str, tried: int, found: int) -> PuzzleCard:
    return PuzzleCard(
        words.daily_summary(puzzle, day, tried, found),
        picture(puzzle, graded=True, public=True),
        channel_id=channel_id,
    )


__all__ = [
    "cube_buttons",
    "daily_post",
    "daily_summary",
    "graded",
    "menu_plays",
    "names",
    "picture",
    "served",
]
