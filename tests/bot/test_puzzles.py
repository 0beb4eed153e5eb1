"""Puzzles through the core: serving, grading by look-up in every family, both ratings moving, streaks,
stats and leaderboards, and the refusals that change nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import ServiceError
from bot.core.notices import Info, PuzzleCard
from bot.ratings import glicko
from bot.ratings.glicko import Rating
from bot.store.protocol_puzzles import PuzzleMode
from engine.puzzles import FAMILIES, Kind, Puzzle, shipped
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD, resign, start_challenge_match


def first(family: str) -> Puzzle:
    return shipped(family).puzzles[0]


def card(result) -> PuzzleCard:
    (only,) = result.notices
    assert isinstance(only, PuzzleCard)
    return only


async def serve(core, puzzle: Puzzle, user=ALICE, mode=PuzzleMode.SOLVE) -> PuzzleCard:
    return card(await core.puzzles.serve(GUILD, user, puzzle.id, mode))


@pytest.mark.parametrize("family", [f.name for f in FAMILIES])
async def test_the_best_answer_of_a_known_position_is_graded_best(make_core, family: str) -> None:
    core = make_core([])
    puzzle = first(family)
    served = await serve(core, puzzle)

    graded = card(await core.puzzles.answer(served.attempt_id, ALICE, puzzle.best.text))

    assert graded.text.startswith(f"**Best!** `{puzzle.best.text}`")
    assert graded.attempt_id is None  # no answer controls any more
    assert graded.next == family
    attempt = await core.store.puzzle_attempt(served.attempt_id)
    assert (attempt.word, attempt.solved, attempt.loss) == ("best", True, 0.0)


@pytest.mark.parametrize("family", [f.name for f in FAMILIES])
async def test_the_second_answer_loses_the_stored_margin_with_its_word(make_core, family: str) -> None:
    core = make_core([])
    puzzle = first(family)
    second = puzzle.answers[1]
    served = await serve(core, puzzle)
    typed = second.text if puzzle.kind is not Kind.PLAY else " ".join(reversed(second.text.split()))

    graded = card(await core.puzzles.answer(served.attempt_id, ALICE, typed))

    attempt = await core.store.puzzle_attempt(served.attempt_id)
    assert attempt.loss == pytest.approx(puzzle.best.value - second.value, abs=1e-9)
    assert attempt.word in ("error", "blunder")  # a shipped puzzle's second answer is at least an error
    assert attempt.solved is False
    assert f"Best: `{puzzle.best.text}`" in graded.text
    assert "The words, by what an answer loses" in graded.text


async def test_a_checker_play_puzzle_offers_its_plays_and_draws_the_best_one_when_graded(make_core) -> None:
    core = make_core([])
    puzzle = first("backgammon-play")
    served = await serve(core, puzzle)

    assert set(served.plays) <= {a.text for a in puzzle.answers}
    assert len(served.plays) == min(125, len(puzzle.answers))
    assert list(served.plays) != [a.text for a in puzzle.answers][: len(served.plays)]  # not best first
    assert served.picture.game == puzzle.game
    assert served.picture.names[puzzle.player] == "You"

    graded = card(await core.puzzles.answer(served.attempt_id, ALICE, puzzle.best.text))
    shown = graded.picture.game
    assert shown.last_play == puzzle.play_of(puzzle.best)  # the best play drawn with its arrows
    assert shown.dice == puzzle.game.dice
    assert graded.picture.perspective == puzzle.player


async def test_a_cube_puzzle_offers_its_two_answers_as_buttons(make_core) -> None:
    core = make_core([])
    puzzle = next(p for p in shipped("backgammon-cube").puzzles if p.kind is Kind.TAKE)
    served = await serve(core, puzzle)

    assert served.cube == (("take", "Take"), ("pass", "Drop"))
    assert served.plays == ()
    assert "Take or drop?" in served.text
    (graded,) = (await core.puzzles.answer(served.attempt_id, ALICE, "pass")).notices
    assert "`drop`" in graded.text  # called as its button is
    assert "`pass`" not in graded.text


async def test_a_win_against_a_hard_puzzle_gains_more_than_against_an_easy_one(make_core) -> None:
    core = make_core([])
    hard, easy = shipped("minigam").puzzles[:2]
    async with core.store.transaction() as tx:
        await tx.put_puzzle_rating(hard.id, "minigam", Rating(2000, 60), True)
        await tx.put_puzzle_rating(easy.id, "minigam", Rating(1000, 60), True)

    for user, puzzle in ((ALICE, hard), (BOB, easy)):
        served = await serve(core, puzzle, user)
        await core.puzzles.answer(served.attempt_id, user, puzzle.best.text)

    alice = await core.store.puzzle_player(GUILD, ALICE.user_id, "minigam")
    bob = await core.store.puzzle_player(GUILD, BOB.user_id, "minigam")
    assert alice.rating.rating - 1500 > bob.rating.rating - 1500 > 0
    assert (await core.store.puzzle_rating(hard.id)).rating < 2000  # the puzzle moved too: it lost
    assert (await core.store.puzzle_rating(easy.id)).rating < 1000


async def test_a_miss_lowers_the_player_raises_the_puzzle_and_ends_the_streak(make_core) -> None:
    core = make_core([])
    one, two = shipped("minigam").puzzles[:2]
    served = await serve(core, one)
    await core.puzzles.answer(served.attempt_id, ALICE, one.best.text)
    served = await serve(core, two)
    graded = card(await core.puzzles.answer(served.attempt_id, ALICE, two.answers[1].text))

    alice = await core.store.puzzle_player(GUILD, ALICE.user_id, "minigam")
    assert (alice.attempts, alice.solved, alice.streak, alice.best_streak) == (2, 1, 0, 1)
    assert (await core.store.puzzle_rating(two.id)).rating > 1500
    assert "puzzle rating:" in graded.text
    assert "streak 0 (best 1)" in graded.text


async def test_solve_serves_the_puzzle_nearest_the_rating_and_not_a_recent_one(make_core) -> None:
    core = make_core([])
    puzzles = shipped("minigam-strict").puzzles
    async with core.store.transaction() as tx:
        for p in puzzles:  # every puzzle far away, but two
            await tx.put_puzzle_rating(p.id, p.family.name, Rating(2500), True)
        await tx.put_puzzle_rating(puzzles[7].id, "minigam-strict", Rating(1510), True)
        await tx.put_puzzle_rating(puzzles[9].id, "minigam-strict", Rating(1480), True)

    first_served = card(await core.puzzles.solve(GUILD, ALICE, "minigam-strict"))
    again = card(await core.puzzles.solve(GUILD, ALICE, "minigam-strict"))

    refs = [(await core.store.puzzle_attempt(c.attempt_id)).puzzle_ref for c in (first_served, again)]
    assert refs == [puzzles[7].id, puzzles[9].id]


async def test_a_game_name_serves_the_family_tried_least(make_core) -> None:
    core = make_core([])
    served = card(await core.puzzles.solve(GUILD, ALICE, "backgammon"))
    await core.puzzles.answer(served.attempt_id, ALICE, "double" if served.cube else served.plays[0])
    first_family = (await core.store.puzzle_attempt(served.attempt_id)).family

    then = card(await core.puzzles.solve(GUILD, ALICE, "backgammon"))

    second_family = (await core.store.puzzle_attempt(then.attempt_id)).family
    assert {first_family, second_family} == {"backgammon-play", "backgammon-cube"}


async def test_an_unknown_family_is_refused_with_the_choices(make_core) -> None:
    core = make_core([])
    with pytest.raises(ServiceError, match="backgammon-cube"):
        await core.puzzles.solve(GUILD, ALICE, "chess")
    assert await core.store.open_puzzle_attempt(GUILD, ALICE.user_id) is None


async def test_a_game_without_puzzles_is_refused_as_such(make_core) -> None:
    core = make_core([])
    with pytest.raises(ServiceError) as refused:
        await core.puzzles.solve(GUILD, ALICE, "multigam")
    assert str(refused.value).startswith("There are no Multigam puzzles. Choose one of: backgammon,")
    assert await core.store.open_puzzle_attempt(GUILD, ALICE.user_id) is None


async def test_a_puzzle_answered_twice_is_refused_and_changes_nothing(make_core) -> None:
    core = make_core([])
    puzzle = first("minigam")
    served = await serve(core, puzzle)
    await core.puzzles.answer(served.attempt_id, ALICE, puzzle.answers[1].text)
    before = await core.store.puzzle_player(GUILD, ALICE.user_id, "minigam")

    with pytest.raises(ServiceError, match="already answered"):
        await core.puzzles.answer(served.attempt_id, ALICE, puzzle.best.text)

    assert await core.store.puzzle_player(GUILD, ALICE.user_id, "minigam") == before
    assert (await core.store.puzzle_attempt(served.attempt_id)).solved is False


async def test_someone_elses_puzzle_is_refused(make_core) -> None:
    core = make_core([])
    puzzle = first("minigam")
    served = await serve(core, puzzle)

    with pytest.raises(ServiceError, match="someone else's"):
        await core.puzzles.answer(served.attempt_id, BOB, puzzle.best.text)

    assert (await core.store.puzzle_attempt(served.attempt_id)).is_open


async def test_an_answer_that_is_no_answer_is_refused_and_the_puzzle_stays_open(make_core) -> None:
    core = make_core([])
    cube = next(p for p in shipped("backgammon-cube").puzzles if p.kind is Kind.DOUBLE)
    served = await serve(core, cube)

    with pytest.raises(ServiceError, match="not an answer"):
        await core.puzzles.answer(served.attempt_id, ALICE, "take")
    with pytest.raises(ServiceError, match="not an answer"):
        await core.puzzles.answer_open(GUILD, ALICE, "13/7 8/7")

    assert (await core.store.puzzle_attempt(served.attempt_id)).is_open


async def test_a_typed_answer_goes_to_the_newest_open_puzzle(make_core) -> None:
    core = make_core([])
    puzzle = first("minigam-full-entry")
    with pytest.raises(ServiceError, match="no puzzle waiting"):
        await core.puzzles.answer_open(GUILD, ALICE, puzzle.best.text)
    served = await serve(core, puzzle)

    suggested = await core.puzzles.suggestions(GUILD, ALICE.user_id, "")
    graded = card(await core.puzzles.answer_open(GUILD, ALICE, puzzle.best.text))

    assert sorted(suggested) == sorted(a.text for a in puzzle.answers)
    assert graded.text.startswith("**Best!**")
    assert not (await core.store.puzzle_attempt(served.attempt_id)).is_open
    assert await core.puzzles.suggestions(GUILD, ALICE.user_id, "") == []


async def test_stats_and_leaderboard_show_the_puzzle_ratings(make_core) -> None:
    core = make_core([])
    puzzle = first("minigam")
    for user, answer in ((ALICE, puzzle.best.text), (BOB, puzzle.answers[1].text)):
        served = await serve(core, puzzle, user)
        await core.puzzles.answer(served.attempt_id, user, answer)

    (stats,) = (await core.puzzles.stats(GUILD, ALICE)).notices
    (board,) = (await core.puzzles.leaderboard(GUILD, "minigam")).notices
    (nobody,) = (await core.puzzles.stats(GUILD, CAROL)).notices

    assert isinstance(stats, Info)
    assert "Minigam: rating **" in stats.text
    assert "1 tried, 1 best (100%) · streak 1 (best 1)" in stats.text
    assert board.text.index("Alice") < board.text.index("Bob")
    assert "has not solved any puzzles" in nobody.text


async def test_two_answers_at_once_are_stored_once(make_core) -> None:
    core = make_core([])
    puzzle = first("minigam")
    served = await serve(core, puzzle)

    results = await asyncio.gather(
        core.puzzles.answer(served.attempt_id, ALICE, puzzle.best.text),
        core.puzzles.answer(served.attempt_id, ALICE, puzzle.answers[1].text),
        return_exceptions=True,
    )

    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1
    assert "already answered" in str(refused[0])
    alice = await core.store.puzzle_player(GUILD, ALICE.user_id, "minigam")
    assert alice.attempts == 1


async def test_players_answering_one_puzzle_at_once_each_move_its_rating(make_core) -> None:
    core = make_core([])
    puzzle = first("minigam")
    players = (ALICE, BOB, CAROL)
    served = [await serve(core, puzzle, user) for user in players]

    await asyncio.gather(
        *(
            core.puzzles.answer(s.attempt_id, user, puzzle.best.text)
            for s, user in zip(served, players, strict=True)
        )
    )

    rows = await core.store._db.fetch("SELECT attempts, solved FROM puzzle_ratings")
    assert [(r["attempts"], r["solved"]) for r in rows] == [(3, 3)]
    expected = Rating()
    for _ in players:  # each attempt moved it from where the one before left it: none lost
        _player, expected = glicko.attempt(Rating(), expected, True)
    got = await core.store.puzzle_rating(puzzle.id)
    assert (got.rating, got.deviation) == pytest.approx((expected.rating, expected.deviation))


async def test_a_puzzle_served_before_a_restart_is_answered_after_it(make_core) -> None:
    puzzle = first("backgammon-play")
    served = await serve(make_core([]), puzzle)

    restarted = make_core([])
    await restarted.load()
    graded = card(await restarted.puzzles.answer(served.attempt_id, ALICE, puzzle.best.text))

    assert graded.text.startswith("**Best!**")
    assert (await restarted.store.puzzle_player(GUILD, ALICE.user_id, "backgammon-play")).solved == 1


async def test_a_damaged_puzzle_of_the_server_does_not_stop_the_others_being_served(make_core) -> None:
    core = make_core([3, 1])
    await start_challenge_match(core)
    await resign(core, ALICE)
    game_id = (await core.store.games(await core.store.last_match_here(100, ALICE.user_id)))[0].game_id
    async with core.store.transaction() as tx:
        data = first("minigam").to_json()
        await tx.put_server_puzzle(GUILD, game_id, BOB.user_id, "minigam", "x", data, "x", 0.1, 0.0)
    await core.store._db.execute("UPDATE server_puzzles SET puzzle = '{damaged'")

    served = card(await core.puzzles.solve(GUILD, CAROL, "minigam"))

    assert served.attempt_id is not None
    assert (await core.store.puzzle_attempt(served.attempt_id)).puzzle_ref.startswith("minigam:")
