"""Four-player ratings: the OpenSkill update from the placings, computers at a fixed rating, the guards
(only people who made a play, at least two of them, the same people three times a day), the leaderboard."""

from __future__ import annotations

from bot.core import Core
from bot.core.context import Context
from bot.core.multirating import rate_placings
from bot.models import COMPUTER_ID, MatchRecord, MatchStatus, Seat
from bot.ratings import placings
from bot.ratings.placings import PlacingRating
from engine import Outcome
from engine.scoring import placings_outcome
from engine.variants import find_variant
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    DAN,
    GUILD,
    ScriptThenSeeded,
    live,
    play_until,
    resign,
    start_multigam,
)

MULTIGAM = find_variant("multigam")


def outcome(*order: int) -> Outcome:
    return placings_outcome(MULTIGAM, tuple(order))


def record(seats: tuple[Seat, ...], match_id: int, *, rated: bool = True) -> MatchRecord:
    return MatchRecord(match_id, GUILD, 100, "multigam", 0, rated, MatchStatus.FINISHED, seats, 5, None, 0.0)


PEOPLE = (Seat(ALICE.user_id, "Alice"), Seat(BOB.user_id, "Bob"), Seat(CAROL.user_id, "Carol"))
WITH_COMPUTER = (*PEOPLE, Seat(COMPUTER_ID, "Computer 4 (hard)", "hard"))


async def rated_game(core: Core, seats, order, played=frozenset({0, 1, 2, 3}), now=0.0, match_id=1):
    ctx: Context = core.ctx
    async with core.store.transaction() as tx:
        await tx.upsert_guild(GUILD, "", now)
        for s in seats:
            await tx.upsert_player(s, now)
        match_id = await tx.insert_match(record(seats, 0))
        return await rate_placings(ctx, tx, record(seats, match_id), outcome(*order), played, now)


def test_the_update_rewards_the_order_and_leaves_computers_fixed() -> None:
    new = placings.rate_order([(25.0, 25 / 3), (25.0, 25 / 3), (25.0, 25 / 3), (25.0, 1.0)], [1, 2, 3, 4])
    mus = [mu for mu, _ in new]
    assert mus[0] > mus[1] > 25.0 > mus[2]
    assert all(sigma < 25 / 3 for _, sigma in new[:3])  # every game makes the model surer


def test_a_surprise_moves_ratings_more_than_the_expected_order() -> None:
    strong, weak = (35.0, 3.0), (15.0, 3.0)
    expected = placings.rate_order([strong, weak], [1, 2])
    upset = placings.rate_order([strong, weak], [2, 1])
    assert upset[1][0] - weak[0] > expected[0][0] - strong[0] > 0


async def test_people_are_rated_in_place_order_and_computers_are_not_stored(make_core, storage) -> None:
    core = make_core()

    lines = await rated_game(core, WITH_COMPUTER, (3, 1, 0, 2))

    assert lines[0].startswith("Ratings (μ − 3σ): Bob 0.0 → ")
    board = await storage.placing_leaderboard(GUILD, "multigam")
    assert [p.name for p in board] == ["Bob", "Alice", "Carol"]
    bob = board[0].rating
    assert (bob.games, bob.wins, bob.place_sum, bob.points) == (1, 0, 2, 3)
    assert board[0].rating.mu > placings.START_MU > board[2].rating.mu
    assert COMPUTER_ID not in {p.user_id for p in board}


async def test_a_person_who_made_no_play_is_left_out_and_nobody_gains_from_them(make_core, storage) -> None:
    core = make_core()

    await rated_game(core, WITH_COMPUTER, (0, 1, 3, 2), played=frozenset({0, 1, 3}))

    board = {p.name: p.rating for p in await storage.placing_leaderboard(GUILD, "multigam")}
    assert set(board) == {"Alice", "Bob"}


async def test_fewer_than_two_people_who_played_is_unrated(make_core, storage) -> None:
    core = make_core()

    lines = await rated_game(core, WITH_COMPUTER, (0, 3, 1, 2), played=frozenset({0, 3}))

    assert lines == ["Unrated: fewer than two people made a play in this game."]
    assert await storage.placing_leaderboard(GUILD, "multigam") == []


async def test_a_seat_taken_over_counts_for_its_person_if_they_had_played(make_core, storage) -> None:
    core = make_core()
    seats = (
        Seat(ALICE.user_id, "Alice"),
        Seat(BOB.user_id, "Bob", "hard", replaced_plays=2),  # left after two plays
        Seat(CAROL.user_id, "Carol", "hard", replaced_plays=0),  # timed out before any play
        Seat(COMPUTER_ID, "Computer 4 (hard)", "hard"),
    )

    await rated_game(core, seats, (1, 0, 2, 3))

    board = {p.name: p.rating for p in await storage.placing_leaderboard(GUILD, "multigam")}
    assert set(board) == {"Alice", "Bob"}
    assert board["Bob"].wins == 1


async def test_the_same_people_count_three_times_a_day(make_core, clock) -> None:
    core = make_core()
    for n in range(3):
        lines = await rated_game(core, (*PEOPLE, Seat(DAN.user_id, "Dan")), (0, 1, 2, 3), now=n * 60.0)
        assert lines[0].startswith("Ratings")

    fourth = await rated_game(core, (*PEOPLE, Seat(DAN.user_id, "Dan")), (0, 1, 2, 3), now=200.0)
    other_table = await rated_game(core, WITH_COMPUTER, (0, 1, 2, 3), now=200.0)
    next_day = await rated_game(core, (*PEOPLE, Seat(DAN.user_id, "Dan")), (0, 1, 2, 3), now=86400.0 + 1)

    assert fourth == [
        "Unrated: the same people's games count for the ratings 3 times a day at most, "
        "and this one is past that."
    ]
    assert other_table[0].startswith("Ratings")  # Alice, Bob and Carol without Dan: other people
    assert next_day[0].startswith("Ratings")


async def test_a_game_where_one_person_resigns_at_once_rates_nobody(make_core, storage) -> None:
    core = make_core(ScriptThenSeeded([5, 5, 2, 1, 3, 6]))  # Bob starts
    await start_multigam(core, ALICE, BOB)
    match_id = live(core).match_id

    await resign(core, ALICE)
    results = await play_until(core, match_id, lambda: False)

    assert "Unrated: fewer than two people made a play in this game." in results[-1].boards[-1].text
    assert await storage.placing_leaderboard(GUILD, "multigam") == []


def test_conservative_rating_and_averages() -> None:
    r = PlacingRating(30.0, 2.0, games=4, wins=1, place_sum=9, points=11)
    assert r.conservative == 24.0
    assert r.average_place == 2.25
    assert r.points_per_game == 2.75
    assert PlacingRating().average_place is None


def test_computer_ratings_follow_the_levels() -> None:
    assert placings.computer_rating("hard")[0] > placings.computer_rating("medium")[0]
    assert placings.computer_rating("medium")[0] > placings.computer_rating("easy")[0]
    assert placings.computer_rating("unknown") == placings.computer_rating("medium")


async def test_the_multigam_leaderboard_stats_and_history(make_core) -> None:
    core = make_core()
    await rated_game(core, WITH_COMPUTER, (1, 0, 3, 2))
    await rated_game(core, WITH_COMPUTER, (1, 2, 0, 3), now=10.0)

    board = (await core.records.leaderboard(GUILD, "multigam")).notices[0].text
    everything = (await core.records.leaderboard(GUILD)).notices[0].text
    stats = (await core.records.stats(GUILD, BOB)).notices[0].text

    lines = board.splitlines()
    assert lines[0] == "**Multigam** leaderboard (rating: μ − 3σ)"
    assert lines[3].split()[:2] == ["1", "Bob"]  # first twice
    assert lines[3].split()[3:] == ["2", "2", "1.00", "5.00"]  # games, wins, average place, points a game
    assert board in everything
    assert "Multigam: rating" in stats
    assert "2 games, 2 wins, average place 1.00, 5.00 points a game" in stats


async def test_an_empty_multigam_leaderboard_says_how_to_play(make_core) -> None:
    core = make_core()

    text = (await core.records.leaderboard(GUILD, "multigam")).notices[0].text

    assert text == "No rated Multigam games in this server yet. Open a lobby with `/minigam multigam`!"
