"""The daily puzzle under the fake clock: posted from the server's hour, once a day whatever restarts, by
the process that owns the server; served once a person; the next day, how it went and its solution."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import Core, Runner, ServiceError
from bot.core.notices import PuzzleCard, Result
from bot.core.puzzles.daily import day_of
from bot.models import Shards
from engine.puzzles import shipped_by_id
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD, MODERATOR

CHANNEL = 500
HOUR = 16  # the fake clock starts at 15:06 UTC (2025-06-15)


async def daily_on(core: Core, hour: int = HOUR) -> None:
    await core.settings.change(
        GUILD, MODERATOR, {"puzzle_channel": f"<#{CHANNEL}>", "puzzle_hour": str(hour)}
    )


def posts(result: Result) -> list[PuzzleCard]:
    return [n for n in result.notices if isinstance(n, PuzzleCard)]


async def test_the_daily_puzzle_is_posted_from_its_hour_once_a_day(make_core, clock) -> None:
    core = make_core([])
    await daily_on(core)

    assert posts(await core.puzzles.daily.due()) == []  # 15:06: not yet
    clock.advance(3600)
    (post,) = posts(await core.puzzles.daily.due())
    again = posts(await core.puzzles.daily.due())

    assert (post.channel_id, post.day) == (CHANNEL, day_of(clock.now()))
    assert post.text.startswith(f"**Daily puzzle of {post.day}**")
    assert post.attempt_id is None  # its button serves it privately
    assert "To play" in post.picture.names  # a public post: nobody is "You"
    assert "You" not in post.picture.names
    assert again == []


async def test_a_restart_does_not_post_the_day_s_puzzle_again(make_core, clock) -> None:
    core = make_core([])
    await daily_on(core)
    clock.advance(3600)
    assert len(posts(await core.puzzles.daily.due())) == 1

    restarted = make_core([])
    await restarted.load()

    assert posts(await restarted.puzzles.daily.due()) == []


async def test_two_processes_looking_at_once_post_it_once(make_core, clock) -> None:
    one, two = make_core([]), make_core([])
    await daily_on(one)
    clock.advance(3600)

    both = await asyncio.gather(one.puzzles.daily.due(), two.puzzles.daily.due())

    assert sum(len(posts(r)) for r in both) == 1


async def test_only_the_process_that_owns_the_server_posts_it(make_core, clock) -> None:
    owner = Shards(2).of(GUILD)
    elsewhere = make_core([], shards=Shards(2, frozenset({1 - owner})))
    await daily_on(elsewhere)
    clock.advance(3600)

    assert posts(await elsewhere.puzzles.daily.due()) == []
    here = make_core([], shards=Shards(2, frozenset({owner})))
    assert len(posts(await here.puzzles.daily.due())) == 1


async def test_the_daily_puzzle_is_served_once_a_person_and_the_next_day_says_how_it_went(
    make_core, clock
) -> None:
    core = make_core([])
    await daily_on(core)
    clock.advance(3600)
    (post,) = posts(await core.puzzles.daily.due())
    day = post.day
    puzzle = shipped_by_id()[(await core.store.daily_puzzle(GUILD, day)).puzzle_ref]

    for user, answer in ((ALICE, puzzle.best.text), (BOB, puzzle.answers[1].text)):
        (served,) = posts(await core.puzzles.daily.solve(GUILD, day, user))
        assert served.text.startswith("**Daily puzzle**")
        await core.puzzles.answer(served.attempt_id, user, answer)
    with pytest.raises(ServiceError, match=r"already answered this daily puzzle \(best\)"):
        await core.puzzles.daily.solve(GUILD, day, ALICE)
    (carol,) = posts(await core.puzzles.daily.solve(GUILD, day, CAROL))  # served, never answered
    (again,) = posts(await core.puzzles.daily.solve(GUILD, day, CAROL))  # its private message lost
    assert (again.attempt_id, again.plays, again.cube) == (carol.attempt_id, carol.plays, carol.cube)
    assert again.text == carol.text

    clock.advance(86400 - 1800)  # the next day, before its hour: nothing yet
    assert posts(await core.puzzles.daily.due()) == []
    with pytest.raises(ServiceError) as refused:  # the day before's button, pressed today
        await core.puzzles.daily.solve(GUILD, day, ALICE)
    assert str(refused.value) == (
        "You already answered this daily puzzle (best). Its solution comes with the next one."
    )
    clock.advance(1800)
    summary, new = posts(await core.puzzles.daily.due())

    assert summary.channel_id == CHANNEL
    assert f"**How the daily puzzle of {day} went**" in summary.text
    assert "2 tried it; 1 found the best" in summary.text
    assert f"The solution: `{puzzle.best.text}`" in summary.text
    assert new.day == day_of(clock.now()) != day
    assert (await core.store.daily_puzzle(GUILD, new.day)).puzzle_ref != puzzle.id
    with pytest.raises(ServiceError, match="over: its solution is posted in the channel"):
        await core.puzzles.daily.solve(GUILD, day, CAROL)
    assert carol.attempt_id is not None
    assert posts(await core.puzzles.daily.due()) == []


async def test_no_channel_no_daily_puzzle(make_core, clock) -> None:
    core = make_core([])
    await core.settings.change(GUILD, MODERATOR, {"puzzle_hour": "0"})
    clock.advance(3600)

    assert posts(await core.puzzles.daily.due()) == []
    with pytest.raises(ServiceError, match="no daily puzzle"):
        await core.puzzles.daily.solve(GUILD, day_of(clock.now()), ALICE)


async def test_a_bad_hour_is_refused_and_changes_nothing(make_core) -> None:
    core = make_core([])
    with pytest.raises(ServiceError, match="from 0 to 23"):
        await core.settings.change(GUILD, MODERATOR, {"puzzle_channel": "<#500>", "puzzle_hour": "25"})
    assert (await core.settings.of(GUILD)).puzzle_channel is None


async def test_the_runner_s_sweep_posts_it(make_core, clock) -> None:
    core = make_core([])
    await daily_on(core)
    clock.advance(3600)
    published: list[Result] = []

    async def publish(result: Result) -> None:
        published.append(result)

    runner = Runner(core, publish)
    await runner.sweep()
    await runner.sweep()

    assert sum(len(posts(r)) for r in published) == 1
    await runner.close()


async def test_two_presses_at_once_make_one_attempt_and_both_show_it(make_core, clock) -> None:
    core = make_core([])
    await daily_on(core)
    clock.advance(3600)
    (post,) = posts(await core.puzzles.daily.due())

    both = await asyncio.gather(*(core.puzzles.daily.solve(GUILD, post.day, ALICE) for _ in range(2)))

    shown = {card.attempt_id for result in both for card in posts(result)}
    assert len(shown) == 1
    rows = await core.store._db.fetch("SELECT attempt_id FROM puzzle_attempts WHERE mode = 'daily'")
    assert [r["attempt_id"] for r in rows] == list(shown)


async def test_a_daily_answer_after_its_solution_was_posted_is_graded_unrated(make_core, clock) -> None:
    core = make_core([])
    await daily_on(core)
    clock.advance(3600)
    (post,) = posts(await core.puzzles.daily.due())
    puzzle = shipped_by_id()[(await core.store.daily_puzzle(GUILD, post.day)).puzzle_ref]
    (served,) = posts(await core.puzzles.daily.solve(GUILD, post.day, CAROL))
    clock.advance(86400)
    summary, _new = posts(await core.puzzles.daily.due())  # the solution, in the channel
    assert f"The solution: `{puzzle.best.text}`" in summary.text

    (graded,) = posts(await core.puzzles.answer(served.attempt_id, CAROL, puzzle.best.text))

    assert graded.text.startswith("**Best!**")
    assert "Unrated: this daily puzzle's solution was already posted." in graded.text
    assert "puzzle rating:" not in graded.text
    assert await core.store.puzzle_player(GUILD, CAROL.user_id, puzzle.family.name) is None
    assert await core.store.puzzle_rating(puzzle.id) is None
    assert (await core.store.puzzle_attempt(served.attempt_id)).solved is True


async def test_a_day_missed_the_last_daily_puzzle_still_gets_its_solution(make_core, clock) -> None:
    core = make_core([])
    await daily_on(core)
    clock.advance(3600)
    (post,) = posts(await core.puzzles.daily.due())
    puzzle = shipped_by_id()[(await core.store.daily_puzzle(GUILD, post.day)).puzzle_ref]

    clock.advance(2 * 86400)  # the bot was away the whole next day
    summary, new = posts(await core.puzzles.daily.due())

    assert f"**How the daily puzzle of {post.day} went**" in summary.text
    assert f"The solution: `{puzzle.best.text}`" in summary.text
    assert new.day == day_of(clock.now())
    with pytest.raises(ServiceError, match="over"):  # its button no longer serves it
        await core.puzzles.daily.solve(GUILD, post.day, ALICE)
    assert posts(await core.puzzles.daily.due()) == []
