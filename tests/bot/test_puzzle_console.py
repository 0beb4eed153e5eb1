"""Puzzles at the local console: the same core as on Discord, in words."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console.commands import YOU
from bot.console.console import Console
from engine.puzzles import shipped_by_id


async def test_a_puzzle_is_served_answered_and_counted_at_the_console(make_core, tmp_path: Path) -> None:
    core = make_core([])
    out = io.StringIO()
    console = Console(core, out=out, output_dir=tmp_path)

    await console.handle("puzzle minigam-strict")
    attempt = await core.store.open_puzzle_attempt(0, YOU.user_id)
    puzzle = shipped_by_id()[attempt.puzzle_ref]
    served = out.getvalue()
    await console.handle("puzzle answer nonsense")
    await console.handle(f"puzzle answer {puzzle.best.text}")
    await console.handle("puzzle stats")
    await console.handle("puzzle leaderboard minigam-strict")
    await console.handle("train")

    text = out.getvalue().replace("**", "").replace("`", "")
    assert served.startswith("Puzzle · Minigam Strict · your rating 1500")
    assert "rated" not in served.splitlines()[0]  # the puzzle's rating is not shown before the answer
    assert "Answers (puzzle answer ...): " in served
    assert "  point   1   2   3   4   5   6" in served  # the text board
    assert "That is not an answer to this puzzle: 'nonsense' is not a move" in text
    assert f"Best! {puzzle.best.text} is the best answer" in text
    assert "this puzzle was rated 1500." in text  # shown once answered
    assert "Your puzzles\n• Minigam Strict: rating" in text
    assert "1 tried, 1 best (100%)" in text
    assert "1. You — " in text
    assert "No positions of your own to train on yet" in text
    assert (await core.store.puzzle_attempt(attempt.attempt_id)).solved is True
