"""The computer's thinking off the event loop: in a worker process it answers as the engine does in this
process, and in a thread without workers; a custom computer; errors reach the caller; the warm-up. (The
workers themselves, started, broken and closed: tests/bot/test_workers.py.)"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator

import pytest

from bot.workers import thinking
from bot.workers.thinking import Thinker, warm_up
from engine import VARIANTS, Game, SeededDice
from engine import ai as engine_ai
from engine.ai.perfect import exact_values
from engine.solve.table import load


@pytest.fixture(scope="module")
def workers() -> Iterator[Thinker]:
    """One worker process for the whole module (it warms up once)."""
    thinker = Thinker(workers=1)
    thinker.start()
    yield thinker
    broke = not thinker.workers.in_processes
    thinker.close()
    assert not broke, "the worker process broke during the tests: they ran in a thread instead"


def position(variant: str, seed: int) -> Game:
    """A repeatable position of ``variant`` a few turns in, rolled, with four plays or more to choose from."""
    game = Game.start(variant, SeededDice(seed))
    dice = SeededDice(seed + 1000)
    for _ in range(400):
        assert game.outcome is None, f"no position with a choice in {variant} from seed {seed}"
        if game.awaiting == "roll":
            game = game.roll(dice)
            continue
        plays = game.legal_plays()
        if len(game.events) > 8 and len(plays) >= 4:
            return game
        game = game.play(plays[len(plays) // 2])
    raise AssertionError("unreachable")


def backgammon_after(actions: int) -> Game:
    """A backgammon game after ``actions`` rolls and plays, player 0 taking the engine's first legal play
    and player 1 its last: the game turns lopsided, so the cube and resignation answers vary."""
    game = Game.start("backgammon", SeededDice(1))
    dice = SeededDice(1001)
    for _ in range(actions):
        if game.awaiting == "roll":
            game = game.roll(dice)
        else:
            plays = game.legal_plays()
            game = game.play(plays[0] if game.turn == 0 else plays[-1])
    return game


@pytest.mark.parametrize(
    ("variant", "level", "seed"),
    [
        ("minigam", "perfect", 1),
        ("minigam-strict", "perfect", 2),
        ("multigam", "hard", 3),
        ("backgammon", "hard", 4),
    ],
)
async def test_a_worker_chooses_the_play_the_engine_chooses_here(
    workers: Thinker, variant: str, level: str, seed: int
) -> None:
    game = position(variant, seed)

    play = await workers.choose_play(game, level)

    assert play == engine_ai.get_player(variant, level).choose_play(game)
    assert play in game.legal_plays()


async def test_a_worker_plays_the_solved_games_levels_from_the_table(workers: Thinker) -> None:
    # easy, medium and hard there are the table's values with noise: not the same play every time, but
    # always a legal one, and hard's never far from the best
    game = position("minigam", 1)
    table = load(game.variant)
    ranked = exact_values(table, game)
    for level in ("easy", "medium", "hard"):
        play = await workers.choose_play(game, level)
        assert play in game.legal_plays()
    hard = [await workers.choose_play(game, "hard") for _ in range(10)]
    value = {p.result: v for v, _, p in ranked}
    assert all(value[p.result] >= ranked[0][0] - 0.05 for p in hard)


@pytest.mark.parametrize(("variant", "seed"), [("minigam-strict", 5), ("backgammon", 6)])
async def test_a_worker_gives_the_hints_the_engine_gives_here(
    workers: Thinker, variant: str, seed: int
) -> None:
    game = position(variant, seed)

    hints = await workers.hint(game, 3)

    assert len(hints) == 3
    assert hints == engine_ai.hint(game, 3)


@pytest.mark.parametrize("actions", [3, 29])  # the hard player takes the first double, drops the second
async def test_a_worker_answers_a_double_as_the_engine_does_here(workers: Thinker, actions: int) -> None:
    game = backgammon_after(actions).double()

    take = await workers.accepts_double(game, "hard")

    assert take is engine_ai.get_player("backgammon", "hard").accepts_double(game)


@pytest.mark.parametrize("actions", [10, 50])  # the hard player accepts the first single, rejects the second
async def test_a_worker_answers_a_resignation_as_the_engine_does_here(workers: Thinker, actions: int) -> None:
    game = backgammon_after(actions).resign(1, 1)

    accept = await workers.accepts_resignation(game, "hard")

    assert accept is engine_ai.get_player("backgammon", "hard").accepts_resignation(game)


async def test_workers_think_in_another_process(workers: Thinker) -> None:
    assert await workers.workers.run(os.getpid) != os.getpid()


async def test_without_workers_the_thinking_is_done_in_this_process() -> None:
    thinker = Thinker(workers=0)
    thinker.start()
    game = position("backgammon", 7)

    pid = await thinker.workers.run(os.getpid)
    play = await thinker.choose_play(game, "hard")
    thinker.close()

    assert pid == os.getpid()
    assert play == engine_ai.get_player("backgammon", "hard").choose_play(game)


async def test_a_custom_computer_is_asked_once_per_variant_and_level() -> None:
    made: list[tuple[str, str]] = []

    def computer(variant: str, level: str) -> engine_ai.Player:
        made.append((variant, level))
        return engine_ai.get_player(variant, "medium")

    thinker = Thinker(workers=0, computer=computer)
    game = position("backgammon", 8)
    for _ in range(2):
        await thinker.choose_play(game, "easy")
    await thinker.accepts_resignation(game.resign(game.turn, 1), "easy")

    assert made == [("backgammon", "easy")]


async def test_an_error_in_the_thinking_reaches_the_caller(workers: Thinker) -> None:
    game = position("backgammon", 10)

    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        await workers.choose_play(game, "grandmaster")


def test_the_warm_up_makes_every_level_and_logs_a_variant_that_fails(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(thinking, "_players", {})
    monkeypatch.setattr(thinking, "VARIANTS", {"no-such-game": None, "backgammon": VARIANTS["backgammon"]})

    with caplog.at_level(logging.ERROR, logger="bot.workers.thinking"):
        warm_up()

    assert set(thinking._players) == {("backgammon", level) for level in engine_ai.LEVELS}
    assert [r.getMessage() for r in caplog.records] == [
        "warming up the no-such-game players failed; they load on first use"
    ]
