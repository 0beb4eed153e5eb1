"""Drawing boards off the event loop: in worker processes, in a thread, and after the workers break."""

from __future__ import annotations

import pytest

from bot.workers.drawing import ALT_TEXT_LIMIT, Painter, draw_board
from engine import Game, SeededDice
from images import BracketMatch, BracketPicture, BracketSlot, draw_bracket

NAMES = ("Alice", "Bob")


@pytest.fixture(scope="module")
def game() -> Game:
    g = Game.start("minigam", SeededDice(5))
    return g.play(g.legal_plays()[0])


def test_draw_board_gives_a_png_and_a_text_description(game: Game) -> None:
    png, alt = draw_board(game, NAMES)

    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert "Alice" in alt
    assert "Bob" in alt
    assert len(alt) <= ALT_TEXT_LIMIT


async def test_a_painter_without_workers_draws_in_a_thread(game: Game) -> None:
    painter = Painter(workers=0)
    painter.start()

    assert await painter.draw(game, NAMES) == draw_board(game, NAMES)
    painter.close()


async def test_worker_processes_draw_the_same_picture(game: Game) -> None:
    painter = Painter(workers=1)
    painter.start()
    try:
        assert await painter.draw(game, NAMES, 1) == draw_board(game, NAMES, 1)
    finally:
        painter.close()


async def test_a_painter_draws_a_bracket_in_its_workers() -> None:
    final = BracketMatch(BracketSlot("Alice", 1), BracketSlot("Bob", 2), 1, "5-3")
    picture = BracketPicture("Club knockout", ((final,),), champion="Bob")
    painter = Painter(workers=1)
    painter.start()
    try:
        assert await painter.bracket(picture) == draw_bracket(picture)
    finally:
        painter.close()
