"""No sentence on a board loses its meaning to the width: a shorter sentence rather than a cut one, names
shortened before the words about them, and computer seats still told apart by name."""

from __future__ import annotations

import importlib

import pytest

from engine import Game, SeededDice
from images.canvas import Canvas
from images.scene import build_scene
from images.theme import DEFAULT_THEME
from images.typeset import ELLIPSIS
from tests.images.cases import backgammon_resign_offer

drawing = importlib.import_module("images.render")  # the module; ``images.render`` is its function

LONG = "Frederick the Great of Prussia"
COMPUTERS = ["Alexandra Bartholomew", "Computer 2 (medium)", "Computer 3 (medium)", "Computer 4 (medium)"]


class Recording(Canvas):
    """A canvas that keeps the text of every line drawn on it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.texts: list[str] = []

    def line(self, xy, line, colour, anchor="la"):
        self.texts.append(line.text)
        return super().line(xy, line, colour, anchor)


def drawn(monkeypatch: pytest.MonkeyPatch, state, **options) -> list[str]:
    """The lines of text drawn on the picture of ``state``, in the order drawn."""
    monkeypatch.setattr(drawing, "Canvas", Recording)
    canvas = drawing.draw_canvas(build_scene(state, **options), DEFAULT_THEME)
    assert isinstance(canvas, Recording)
    return canvas.texts


def finished_multigam() -> Game:
    dice = SeededDice(4)
    game = Game.start("multigam", dice)
    while game.outcome is None:
        game = game.roll(dice) if game.awaiting == "roll" else game.play(game.legal_plays()[0])
    return game


def test_multigam_places_tell_the_computer_seats_apart(monkeypatch) -> None:
    texts = drawn(monkeypatch, finished_multigam(), names=COMPUTERS)

    (status,) = [t for t in texts if t.startswith("1. ")]
    for seat in ("Computer 2", "Computer 3", "Computer 4"):
        assert seat in status, status
        assert seat in texts  # its card: the level left out rather than the number
    assert "(5)" not in status  # the points are on the cards


def test_a_resignation_offer_is_said_whole_on_the_board(monkeypatch) -> None:
    game = backgammon_resign_offer()  # player 1 offers a gammon, the cube on 2: 4 points

    texts = drawn(monkeypatch, game, names=["You", LONG])

    assert "resigns a gammon" in texts  # the badge, no word cut
    assert "4 points" in texts
    (status,) = [t for t in texts if "resign" in t and "offer" in t]
    assert not status.endswith(ELLIPSIS), status
    assert status.endswith(("You to accept or decline", "You to answer", "(4)")), status
