"""The puzzles' part of the store, on SQLite and PostgreSQL alike: attempts, ratings, the server's own
puzzles, harvest claims and the daily puzzle."""

from __future__ import annotations

import pytest

from bot.ratings.glicko import Rating
from bot.store import Store
from bot.store.protocol import StaleWrite
from bot.store.protocol_analysis import StoredAnalysis
from bot.store.protocol_puzzles import SERVER_PREFIX, PuzzleMode, PuzzlePlayer
from tests.bot.conftest import ALICE, BOB, GUILD, resign, start_challenge_match

NOW = 1_750_000_000.0


async def finished_game(make_core) -> int:
    core = make_core([3, 1])
    await start_challenge_match(core)
    await resign(core, ALICE)
    match_id = await core.store.last_match_here(100, ALICE.user_id)
    games = await core.store.games(match_id)
    return games[0].game_id


async def test_an_attempt_is_served_open_then_answered_once(storage: Store) -> None:
    async with storage.transaction() as tx:
        attempt_id = await tx.serve_puzzle(
            GUILD, ALICE.user_id, "minigam", "minigam:abc", PuzzleMode.SOLVE, NOW
        )
    opened = await storage.open_puzzle_attempt(GUILD, ALICE.user_id)
    assert opened is not None
    assert opened.attempt_id == attempt_id
    assert opened.is_open

    async with storage.transaction() as tx:
        await tx.answer_puzzle(attempt_id, ALICE.user_id, "bar/3", 0.05, "blunder", False, NOW + 5)
    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.answer_puzzle(attempt_id, ALICE.user_id, "bar/2", 0.0, "best", True, NOW + 6)

    answered = await storage.puzzle_attempt(attempt_id)
    assert answered is not None
    assert (answered.answer, answered.word, answered.solved, answered.answered_at) == (
        "bar/3",
        "blunder",
        False,
        NOW + 5,
    )
    assert await storage.open_puzzle_attempt(GUILD, ALICE.user_id) is None
    assert await storage.recent_puzzle_refs(GUILD, ALICE.user_id, 10) == ["minigam:abc"]


async def test_someone_else_cannot_answer_an_attempt(storage: Store) -> None:
    async with storage.transaction() as tx:
        attempt_id = await tx.serve_puzzle(
            GUILD, ALICE.user_id, "minigam", "minigam:abc", PuzzleMode.SOLVE, NOW
        )

    with pytest.raises(StaleWrite):
        async with storage.transaction() as tx:
            await tx.answer_puzzle(attempt_id, BOB.user_id, "bar/3", 0.0, "best", True, NOW)

    assert (await storage.puzzle_attempt(attempt_id)).is_open


async def test_player_and_puzzle_ratings_are_kept_and_ranked(storage: Store) -> None:
    async with storage.transaction() as tx:
        await tx.upsert_player(ALICE, NOW)
        await tx.upsert_player(BOB, NOW)
        await tx.put_puzzle_player(
            PuzzlePlayer(GUILD, ALICE.user_id, "minigam", Rating(1600, 200), 3, 2, 2, 2), NOW
        )
        await tx.put_puzzle_player(
            PuzzlePlayer(GUILD, BOB.user_id, "minigam", Rating(1700, 200), 1, 1, 1, 1), NOW
        )
        await tx.put_puzzle_player(
            PuzzlePlayer(GUILD, ALICE.user_id, "minigam", Rating(1650, 190), 4, 3, 3, 3), NOW
        )
        await tx.put_puzzle_rating("minigam:abc", "minigam", Rating(1450, 300), True)
        await tx.put_puzzle_rating("minigam:abc", "minigam", Rating(1440, 290), False)

    board = await storage.puzzle_leaderboard(GUILD, "minigam", 10)
    assert [(p.name, p.rating.rating, p.attempts) for p in board] == [("Bob", 1700, 1), ("Alice", 1650, 4)]
    alice = await storage.puzzle_player(GUILD, ALICE.user_id, "minigam")
    assert alice is not None
    assert (alice.streak, alice.best_streak, alice.solved) == (3, 3, 3)
    assert [p.family for p in await storage.puzzle_players(GUILD, ALICE.user_id)] == ["minigam"]
    assert await storage.puzzle_rating("minigam:abc") == Rating(1440, 290)
    assert await storage.puzzle_ratings("minigam") == {"minigam:abc": Rating(1440, 290)}
    assert await storage.puzzle_rating("minigam:none") is None
    rows = await storage._db.fetch("SELECT attempts, solved FROM puzzle_ratings")
    assert [(r["attempts"], r["solved"]) for r in rows] == [(2, 1)]


async def test_server_puzzles_leave_out_the_asker_and_players_who_opted_out(
    storage: Store, make_core
) -> None:
    game_id = await finished_game(make_core)
    async with storage.transaction() as tx:
        for user, puzzle_id, loss in ((ALICE, "a", 0.05), (BOB, "b", 0.09), (BOB, "c", 0.2), (BOB, "c", 0.3)):
            await tx.put_server_puzzle(
                GUILD, game_id, user.user_id, "minigam", puzzle_id, {"id": puzzle_id}, "x", loss, NOW
            )

    refs = await storage.server_puzzle_refs(GUILD, "minigam", but_of=ALICE.user_id)
    others = [await storage.server_puzzle(int(ref.removeprefix(SERVER_PREFIX))) for ref in refs]
    assert [p.data["id"] for p in others] == ["b", "c"]  # the same decision of a player kept once
    assert [p.ref for p in others] == refs
    assert [p.data["id"] for p in await storage.training_puzzles(GUILD, BOB.user_id)] == ["c", "b"]

    async with storage.transaction() as tx:
        await tx.set_player_pref(BOB.user_id, "puzzles", "off")
    assert await storage.server_puzzle_refs(GUILD, "minigam", but_of=ALICE.user_id) == []

    async with storage.transaction() as tx:  # Bob solves "c" in training: it is not served to him again
        attempt_id = await tx.serve_puzzle(
            GUILD, BOB.user_id, "minigam", others[1].ref, PuzzleMode.TRAIN, NOW
        )
        await tx.answer_puzzle(attempt_id, BOB.user_id, "x", 0.0, "best", True, NOW)
    assert [p.data["id"] for p in await storage.training_puzzles(GUILD, BOB.user_id)] == ["b"]
    assert await storage.own_puzzle_count(GUILD, BOB.user_id) == 2
    assert await storage.own_puzzle_count(GUILD, 999) == 0


async def test_an_analysed_game_is_harvested_once(storage: Store, make_core) -> None:
    game_id = await finished_game(make_core)
    assert await storage.games_to_harvest(10) == []
    async with storage.transaction() as tx:
        await tx.put_analysis(StoredAnalysis(game_id, 2, "exact", {"format": 2}, 0.1, NOW))
    assert await storage.games_to_harvest(10) == [game_id]

    async with storage.transaction() as tx:
        first = await tx.claim_harvest(game_id, NOW)
    async with storage.transaction() as tx:
        second = await tx.claim_harvest(game_id, NOW)

    assert (first, second) == (True, False)
    assert await storage.games_to_harvest(10) == []


async def test_the_daily_puzzle_is_claimed_once_a_day_and_its_results_counted(storage: Store) -> None:
    async with storage.transaction() as tx:
        await tx.upsert_guild(GUILD, "g", NOW)
        await tx.set_guild_setting(GUILD, "puzzle_channel", "<#500>")
        await tx.set_guild_setting(GUILD, "puzzle_hour", "9")
        await tx.upsert_guild(2, "h", NOW)
        await tx.set_guild_setting(2, "puzzle_hour", "9")  # no channel: no daily puzzle
    assert await storage.puzzle_settings() == {GUILD: {"puzzle_channel": "<#500>", "puzzle_hour": "9"}}

    async with storage.transaction() as tx:
        claimed = await tx.claim_daily_puzzle(GUILD, "2026-11-27", "minigam:abc", 500, NOW)
        again = await tx.claim_daily_puzzle(GUILD, "2026-11-27", "minigam:def", 500, NOW)
    assert (claimed, again) == (True, False)
    daily = await storage.daily_puzzle(GUILD, "2026-11-27")
    assert daily is not None
    assert (daily.puzzle_ref, daily.channel_id) == ("minigam:abc", 500)
    assert await storage.daily_puzzle_refs(GUILD) == ["minigam:abc"]
    async with storage.transaction() as tx:
        await tx.claim_daily_puzzle(GUILD, "2026-11-25", "minigam:old", 500, NOW)
        await tx.claim_daily_puzzle(GUILD, "2026-11-29", "minigam:new", 500, NOW)
    last = await storage.last_daily_puzzle(GUILD, "2026-11-29")
    assert last is not None
    assert (last.day, last.puzzle_ref) == ("2026-11-27", "minigam:abc")
    assert (await storage.last_daily_puzzle(GUILD, "2026-11-27")).puzzle_ref == "minigam:old"
    assert await storage.last_daily_puzzle(GUILD, "2026-11-25") is None
    assert await storage.last_daily_puzzle(2, "2026-11-30") is None

    async with storage.transaction() as tx:
        for user, solved in ((ALICE, True), (BOB, False)):
            attempt = await tx.serve_puzzle(
                GUILD, user.user_id, "minigam", "minigam:abc", PuzzleMode.DAILY, NOW, day="2026-11-27"
            )
            await tx.answer_puzzle(attempt, user.user_id, "x", 0.0, "best", solved, NOW)
    assert await storage.daily_results(GUILD, "2026-11-27") == (2, 1)
    assert (await storage.daily_attempt(GUILD, ALICE.user_id, "2026-11-27")).solved is True
    assert await storage.daily_attempt(GUILD, ALICE.user_id, "2026-11-28") is None

    async with storage.transaction() as tx:
        told = await tx.claim_daily_summary(GUILD, "2026-11-27", NOW)
    async with storage.transaction() as tx:
        told_again = await tx.claim_daily_summary(GUILD, "2026-11-27", NOW)
    assert (told, told_again) == (True, False)


async def test_the_ratings_an_answer_moves_are_read_in_its_transaction(storage: Store) -> None:
    async with storage.transaction() as tx:
        nothing = await tx.locked_puzzle_ratings(GUILD, ALICE.user_id, "minigam", "minigam:abc")
        await tx.put_puzzle_player(
            PuzzlePlayer(GUILD, ALICE.user_id, "minigam", Rating(1600, 200), 3, 2, 2, 2), NOW
        )
        await tx.put_puzzle_rating("minigam:abc", "minigam", Rating(1450, 300), True)
        player, puzzle = await tx.locked_puzzle_ratings(GUILD, ALICE.user_id, "minigam", "minigam:abc")

    assert nothing == (None, None)
    assert (player.rating, player.attempts) == (Rating(1600, 200), 3)
    assert puzzle == Rating(1450, 300)
