"""``for_drawing``: a game cut down to the events its picture reads draws exactly the same picture and
text board, and is much smaller than a long game."""

from __future__ import annotations

import pickle

import pytest

from engine import Game
from images import for_drawing, render, render_text
from images.__main__ import bench_states
from tests.images.cases import CASES

GAME_CASES = [name for name, make in CASES.items() if isinstance(make()[0], Game)]


@pytest.mark.parametrize("name", GAME_CASES)
def test_each_pinned_game_draws_the_same_from_its_cut_down_record(name: str) -> None:
    game, options = CASES[name]()
    cut = for_drawing(game)
    assert render(cut, **options) == render(game, **options)
    assert render_text(cut, options.get("names")) == render_text(game, options.get("names"))


def _states() -> list[Game]:
    out: list[Game] = []
    for games in bench_states(10, seed=7).values():
        out.extend(games)
    # multigam players leaving mid-game: each leaver is drawn with its place and "resigned"/"timed out"
    for game in bench_states(6, seed=3)["six4"]:
        if game.outcome is None and len(game.active_players()) > 2:
            out.append(game.forfeit(game.active_players()[-1]))
    return out


def test_games_along_random_play_draw_the_same_from_their_cut_down_records() -> None:
    states = _states()
    assert any(len(for_drawing(g).events) < len(g.events) for g in states)
    assert any(e.kind == "forfeit" for g in states for e in g.events)
    for game in states:
        cut = for_drawing(game)
        assert render(cut) == render(game), game.position
        assert render_text(cut) == render_text(game)


def test_a_long_game_crosses_to_a_worker_in_a_fraction_of_its_bytes() -> None:
    game = max(bench_states(60, seed=5)["six2"], key=lambda g: len(g.events))
    assert len(game.events) > 30
    cut = for_drawing(game)
    assert len(cut.events) <= 2
    assert len(pickle.dumps(cut)) < len(pickle.dumps(game)) / 2
