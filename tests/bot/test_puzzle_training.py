"""Puzzles from the server's own games: the worst decisions of an analysed game become puzzles (once,
whatever the sweeps), shown to others without names unless their maker opted out, and served to their
maker by /minigam train until they find the best play."""

from __future__ import annotations

import pytest

from bot.core import Action, ServiceError
from bot.core.notices import PuzzleCard
from bot.core.prefs import PlayerPrefs
from bot.core.puzzles import TRAIN
from bot.core.puzzles.harvest import puzzles_of_game
from bot.ratings.glicko import Rating
from bot.store.protocol_puzzles import SERVER_PREFIX
from engine import Awaiting, SeededDice
from engine.analysis import Decision, Review
from engine.puzzles import Kind, Puzzle, find_family, shipped
from engine.puzzles.make import _table, exact_answers, selfplay_game
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, act, game_of, live, start_challenge_match


def card(result) -> PuzzleCard:
    (only,) = result.notices
    assert isinstance(only, PuzzleCard)
    return only


async def worst_game(core) -> int:
    """Alice and Bob play a minigam game, each choosing the play with the least chance to win; its id."""
    await start_challenge_match(core)
    match_id = live(core).match_id
    while (found := core.ctx.live.get(match_id)) is not None:
        game = game_of(core)
        if game.awaiting is not Awaiting.PLAY:
            break
        user = ALICE if found.record.seats[game.actor].user_id == ALICE.user_id else BOB
        worst = exact_answers(game, _table("minigam"))[-1].text
        await act(core, user, Action.PLAY, worst, channel=CHANNEL)
    games = await core.store.games(match_id)
    return games[-1].game_id


async def harvested(make_core):
    core = make_core(SeededDice(7))
    core.analyses.jobs.start()  # this process's analysis workers (a thread here)
    game_id = await worst_game(core)
    await core.analyses.report(GUILD, CHANNEL, game_id)  # analysed (and stored), as /minigam analyse does
    kept = await core.puzzles.harvest()
    return core, game_id, kept


async def test_an_analysed_game_s_worst_decisions_become_puzzles_once(make_core) -> None:
    core, game_id, kept = await harvested(make_core)

    assert kept > 0
    assert await core.puzzles.harvest() == 0  # looked at once
    rows = await core.store.training_puzzles(GUILD, ALICE.user_id) + await core.store.training_puzzles(
        GUILD, BOB.user_id
    )
    assert len(rows) == kept
    for row in rows:
        puzzle = Puzzle.from_json(row.data)
        assert row.game_id == game_id
        assert row.family == "minigam"
        assert row.loss >= 0.02  # at least an error
        assert puzzle.best.text != row.played  # what they played was not the best


async def test_train_serves_one_s_own_worst_position_until_the_best_play_is_found(make_core) -> None:
    core, game_id, _kept = await harvested(make_core)
    rows = await core.store.training_puzzles(GUILD, ALICE.user_id)
    worst = rows[0]
    puzzle = Puzzle.from_json(worst.data)

    served = card(await core.puzzles.train(GUILD, ALICE))
    assert f"From your game #{game_id}: you played `{worst.played}`" in served.text
    missed = card(await core.puzzles.answer(served.attempt_id, ALICE, puzzle.answers[-1].text))
    assert (missed.next, missed.next_label) == (TRAIN, "Try again")
    assert "comes back until you find the best play" in missed.text
    assert puzzle.best.text not in missed.text  # a miss does not give the answer away
    assert missed.picture.game == puzzle.game  # the position as it was, not the best play drawn

    again = card(await core.puzzles.train(GUILD, ALICE))
    assert (await core.store.puzzle_attempt(again.attempt_id)).puzzle_ref == worst.ref  # the same one
    found = card(await core.puzzles.answer(again.attempt_id, ALICE, puzzle.best.text))
    assert found.text.startswith("**Best!**")
    assert await core.store.puzzle_player(GUILD, ALICE.user_id, "minigam") is None  # training is unrated

    left = await core.store.training_puzzles(GUILD, ALICE.user_id)
    assert worst.ref not in [r.ref for r in left]


async def test_train_without_analysed_games_says_where_positions_come_from(make_core) -> None:
    core = make_core([])
    with pytest.raises(ServiceError, match="analysed games"):
        await core.puzzles.train(GUILD, CAROL)


async def test_others_get_the_server_s_puzzles_without_names_unless_their_maker_opted_out(make_core) -> None:
    core, _game_id, _kept = await harvested(make_core)
    alices = await core.store.training_puzzles(GUILD, ALICE.user_id)
    assert alices
    everyone = alices + await core.store.training_puzzles(GUILD, BOB.user_id)
    refs = {r.ref for r in alices}

    async with core.store.transaction() as tx:  # the shipped puzzles far from Carol's rating
        for p in shipped("minigam").puzzles:
            await tx.put_puzzle_rating(p.id, "minigam", Rating(2500), True)

    served = set()
    for _ in everyone:  # none repeated while others are left
        attempt = card(await core.puzzles.solve(GUILD, CAROL, "minigam"))
        served.add((await core.store.puzzle_attempt(attempt.attempt_id)).puzzle_ref)
        assert "From a game played in this server (names left out)." in attempt.text
        assert "Alice" not in attempt.text
    assert served == {r.ref for r in everyone}
    await PlayerPrefs(core.ctx).change(ALICE, {"puzzles": "off"})
    assert [
        ref
        for ref in await core.store.server_puzzle_refs(GUILD, "minigam", but_of=CAROL.user_id)
        if ref in refs
    ] == []
    assert all(ref.startswith(SERVER_PREFIX) for ref in refs)


def test_a_take_decision_is_made_a_puzzle_from_the_position_before_the_double() -> None:
    """The shipped take puzzle's position, reached again by its self-play, then doubled and taken: the
    harvest grades the answer from the game before the double, as the shipped set did."""
    shipped_take = next(p for p in shipped("backgammon-cube").puzzles if p.kind is Kind.TAKE)
    seed, index, action = (int(w) for w in shipped_take.origin.split()[1::2])
    family = find_family("backgammon-cube")
    game = next(g for n, (g, _a) in enumerate(selfplay_game(family, seed, index)) if n == action)
    offered = game.double()
    after = offered.take()
    review = Review(
        len(offered.events), 0, offered.actor, Decision.ANSWER, offered.position, None, "pass", "take", 0.3
    )

    ((seat, data, played, loss),) = puzzles_of_game("backgammon", after.events, game.match, (review,))

    assert (seat, played, loss) == (offered.actor, "pass", 0.3)
    assert Puzzle.from_json(data).id == shipped_take.id
