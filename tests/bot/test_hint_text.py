"""The hint text of a solved game: exact chances and what each play gives up against the best."""

from __future__ import annotations

import pytest

from bot.texts.hints import plays as hints
from engine import Game, SeededDice
from engine.ai import hint
from engine.solve.table import available


def test_a_solved_game_s_hints_show_exact_chances_and_the_loss_of_each_play():
    if not available("minigam"):
        pytest.skip("the minigam table is not installed")
    game = Game.start("minigam", SeededDice(7))  # 3-2 to open
    found = hint(game, 3)
    lines = hints(game, found).splitlines()
    assert lines[1] == f"1. `{found[0].notation}` — {found[0].win:.1%} to win, the best play"
    assert (
        lines[2]
        == f"2. `{found[1].notation}` — {found[1].win:.1%} to win, {found[1].loss:.1%} less than the best"
    )
