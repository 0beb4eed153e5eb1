"""Tournament pairing (issue 32): knockout seeding, Swiss rounds, round robin and the standings, checked by
hand on small cases and by their properties for 2 to 128 players (Swiss against an exhaustive search of
every pairing for small fields, over several simulated rounds)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.tournaments.pairing import (
    MatchResult,
    Pairing,
    Standing,
    SwissPlayer,
    bracket_order,
    round_robin,
    standings,
    swiss_pairing,
    swiss_rounds,
)

# ------------------------------------------------------------------------------------ knockout


def test_an_eight_bracket_is_the_standard_seeding() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(2) == [1, 2]


def test_byes_go_to_the_top_seeds() -> None:
    assert bracket_order(3) == [1, None, 2, 3]
    assert bracket_order(5) == [1, None, 4, 5, 2, None, 3, None]
    assert bracket_order(6) == [1, None, 4, 5, 2, None, 3, 6]


@pytest.mark.parametrize("n", [0, 1, -3, True, 2.0])
def test_a_bracket_needs_two_players(n) -> None:
    with pytest.raises(ValueError, match="at least 2 players"):
        bracket_order(n)


def rounds_of(order: list[int | None]) -> Iterator[list[tuple[int | None, int | None]]]:
    """The bracket's matches round by round, the better (lower) seed always winning."""
    slots = order
    while len(slots) > 1:
        matches = [(slots[i], slots[i + 1]) for i in range(0, len(slots), 2)]
        yield matches
        slots = [min((s for s in m if s is not None), default=None) for m in matches]


@given(st.integers(2, 128))
def test_a_bracket_holds_every_seed_once_in_the_next_power_of_two(n: int) -> None:
    order = bracket_order(n)
    size = len(order)
    assert size >= n
    assert size & (size - 1) == 0
    assert size < 2 * n
    assert sorted(s for s in order if s is not None) == list(range(1, n + 1))
    assert order.count(None) == size - n


@given(st.integers(2, 128))
def test_byes_are_only_in_round_one_and_face_the_top_seeds(n: int) -> None:
    order = bracket_order(n)
    first, *later = rounds_of(order)
    facing_byes = {a if b is None else b for a, b in first if None in (a, b)}
    assert None not in facing_byes  # no match of two byes
    assert facing_byes == set(range(1, len(order) - n + 1))
    # whoever wins, a later round never has a bye: every round-1 match has a player
    assert all(a is not None and b is not None for matches in later for a, b in matches)


@given(st.integers(2, 128))
def test_the_top_seeds_meet_only_late(n: int) -> None:
    """Seeds 1 and 2 are in different halves (they can meet only in the final), seeds 1-4 in different
    quarters (only in the semi-finals or later), and so on."""
    order = bracket_order(n)
    size = len(order)
    parts = 2
    while parts <= size:
        width = size // parts
        sections = [order.index(s) // width for s in range(1, min(parts, n) + 1)]
        assert len(set(sections)) == len(sections), (parts, order)
        parts *= 2


@given(st.integers(2, 128))
def test_the_better_seed_winning_every_match_leaves_seeds_one_and_two_in_the_final(n: int) -> None:
    *_, final = rounds_of(bracket_order(n))
    assert final == [(1, 2)]


# ------------------------------------------------------------------------------------ Swiss


def test_default_swiss_rounds_find_a_single_winner() -> None:
    assert [swiss_rounds(n) for n in (1, 2, 3, 4, 5, 8, 9, 16, 17, 128, 256)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        7,
        8,
    ]
    with pytest.raises(ValueError, match="at least 1 player"):
        swiss_rounds(0)


def field(scores: dict[int, float]) -> list[SwissPlayer]:
    """Players seeded by their id."""
    return [SwissPlayer(pid, score, pid) for pid, score in scores.items()]


def test_the_first_round_pairs_the_top_half_against_the_bottom_half() -> None:
    pairing = swiss_pairing(field(dict.fromkeys(range(1, 9), 0)), [], [])
    assert pairing == Pairing(((1, 5), (2, 6), (3, 7), (4, 8)))


def test_same_scores_meet_and_the_odd_one_floats_down() -> None:
    # 1, 2, 3 won their first match, 4, 5, 6 lost it
    scores = {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0}
    played = [frozenset(p) for p in ((1, 4), (2, 5), (3, 6))]
    pairing = swiss_pairing(field(scores), played, [])
    assert pairing.pairs == ((1, 2), (3, 4), (5, 6))


def test_a_rematch_in_the_group_is_avoided_by_the_next_partner() -> None:
    # four winners; 1 already met 3 (the top of the bottom half): 1 plays 4, so 2 plays 3
    scores = {1: 1, 2: 1, 3: 1, 4: 1}
    pairing = swiss_pairing(field(scores), [frozenset((1, 3)), frozenset((2, 4))], [])
    assert pairing.pairs == ((1, 4), (2, 3))


def test_the_bye_goes_to_the_lowest_placed_player_without_one() -> None:
    scores = {1: 2, 2: 1, 3: 1, 4: 0, 5: 0}
    assert swiss_pairing(field(scores), [], []).bye == 5
    assert swiss_pairing(field(scores), [], [5]).bye == 4
    assert swiss_pairing(field(scores), [], [4, 5]).bye == 3
    assert swiss_pairing(field(scores), [], [1, 2, 3, 4, 5]).bye == 5  # everyone had one


def test_the_bye_moves_up_when_it_would_force_a_rematch() -> None:
    # 3 players: 1 met 2. A bye to 3 would force 1 against 2 again; a bye to 2 does not.
    pairing = swiss_pairing(field({1: 1, 2: 1, 3: 0}), [frozenset((1, 2))], [])
    assert pairing == Pairing(((1, 3),), bye=2)


def test_a_rematch_is_made_when_nothing_else_is_left() -> None:
    pairing = swiss_pairing(field({1: 1, 2: 0}), [frozenset((1, 2))], [])
    assert pairing.pairs == ((1, 2),)


def test_a_player_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        swiss_pairing([SwissPlayer(1, 0, 1), SwissPlayer(1, 0, 2)], [], [])


def check_round(pairing: Pairing, ids: list[int]) -> None:
    """Every player once in the round, counting the bye; a bye only when the number is odd."""
    seen = Counter(x for pair in pairing.pairs for x in pair)
    if pairing.bye is not None:
        seen[pairing.bye] += 1
    assert seen == Counter(ids)
    assert (pairing.bye is not None) == (len(ids) % 2 == 1)


def rematches(pairing: Pairing, played: set[frozenset[int]]) -> int:
    return sum(frozenset(pair) in played for pair in pairing.pairs)


def fewest_rematches(ids: list[int], played: set[frozenset[int]], had_bye: set[int]) -> int:
    """By trying every pairing: the fewest rematches a round can have, its bye (if any) to a player
    without one when there is such a player."""

    def best(left: list[int]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        return min(
            (frozenset((first, other)) in played) + best([x for x in rest if x != other]) for other in rest
        )

    if len(ids) % 2 == 0:
        return best(ids)
    eligible = [i for i in ids if i not in had_bye] or ids
    return min(best([x for x in ids if x != b]) for b in eligible)


def simulate(n: int, rounds: int, seed: int, check) -> None:
    """``rounds`` Swiss rounds of ``n`` players, winners drawn at random (the better score more often),
    calling ``check(players, played, had_bye, pairing)`` on each round's pairing."""
    rng = random.Random(seed)
    ids = list(range(1, n + 1))
    rng.shuffle(ids)
    seeds = {pid: i for i, pid in enumerate(ids, start=1)}
    score = dict.fromkeys(ids, 0.0)
    played: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for _ in range(rounds):
        players = [SwissPlayer(pid, score[pid], seeds[pid]) for pid in ids]
        pairing = swiss_pairing(players, frozenset(played), frozenset(had_bye))
        check(players, set(played), set(had_bye), pairing)
        for a, b in pairing.pairs:
            played.add(frozenset((a, b)))
            score[a if rng.random() < 0.6 else b] += 1
        if pairing.bye is not None:
            had_bye.add(pairing.bye)
            score[pairing.bye] += 1


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 9), rounds=st.integers(1, 12), seed=st.integers(0, 2**32))
def test_swiss_makes_no_rematch_an_exhaustive_search_avoids(n: int, rounds: int, seed: int) -> None:
    def check(players, played, had_bye, pairing) -> None:
        ids = [p.player_id for p in players]
        check_round(pairing, ids)
        assert rematches(pairing, played) == fewest_rematches(ids, played, had_bye)
        if pairing.bye is not None and set(ids) - had_bye:
            assert pairing.bye not in had_bye

    simulate(n, rounds, seed, check)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 128), rounds=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_swiss_rounds_for_up_to_128_players(n: int, rounds: int, seed: int) -> None:
    done = [0]

    def check(players, played, had_bye, pairing) -> None:
        ids = [p.player_id for p in players]
        check_round(pairing, ids)
        if done[0] <= n // 2 - 1:
            # fewer rounds than half the field: each player may still meet more than half of the rest,
            # so a pairing without rematches exists (Dirac), and it must be found
            assert rematches(pairing, played) == 0
        if pairing.bye is not None and set(ids) - had_bye:
            lowest = max((p for p in players if p.player_id not in had_bye), key=lambda p: (-p.score, p.seed))
            # the bye is the lowest-placed player without one, unless that forced a rematch
            assert pairing.bye not in had_bye
            assert pairing.bye == lowest.player_id or rematches(pairing, played) == 0
        done[0] += 1

    simulate(n, rounds, seed, check)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 64), seed=st.integers(0, 2**32))
def test_swiss_pairs_equal_scores_while_they_have_not_met(n: int, seed: int) -> None:
    """In the second round (winners and losers of the first), a pair of different scores only where a
    score group is odd: one floater per group at most."""

    def check(players, played, had_bye, pairing) -> None:
        if not played:
            return
        score = {p.player_id: p.score for p in players}
        mixed = [pair for pair in pairing.pairs if score[pair[0]] != score[pair[1]]]
        assert len(mixed) <= len(set(score.values())) - 1

    simulate(n, 2, seed, check)


# ------------------------------------------------------------------------------------ round robin


def test_round_robin_of_four() -> None:
    assert round_robin([1, 2, 3, 4]) == [
        Pairing(((1, 4), (2, 3))),
        Pairing(((1, 3), (4, 2))),
        Pairing(((1, 2), (3, 4))),
    ]


def test_round_robin_of_three_gives_a_bye_each_round() -> None:
    rounds = round_robin([7, 8, 9])
    assert len(rounds) == 3
    assert sorted(r.bye for r in rounds) == [7, 8, 9]


def test_round_robin_of_fewer_than_two_is_empty_and_twice_is_refused() -> None:
    assert round_robin([]) == []
    assert round_robin([5]) == []
    with pytest.raises(ValueError, match="twice"):
        round_robin([1, 2, 1])


@given(st.integers(2, 128))
def test_round_robin_meets_every_pair_exactly_once(n: int) -> None:
    ids = list(range(100, 100 + n))
    rounds = round_robin(ids)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = Counter(frozenset(pair) for r in rounds for pair in r.pairs)
    assert set(met.values()) == {1}
    assert len(met) == n * (n - 1) // 2
    for r in rounds:
        check_round(r, ids)


# ------------------------------------------------------------------------------------ standings


def test_standings_order_by_wins_then_buchholz_then_points_then_seed() -> None:
    # round 1: 1 beats 2 (3-1), 3 beats 4 (3-2), 5 a bye; round 2: 1 beats 3 (3-0), 2 beats 5 (3-2), 4 a bye
    results = [
        MatchResult(1, 2, 1, (3, 1)),
        MatchResult(3, 4, 3, (3, 2)),
        MatchResult(5, None, 5, (0, 0)),
        MatchResult(1, 3, 1, (3, 0)),
        MatchResult(2, 5, 2, (3, 2)),
        MatchResult(4, None, 4, (0, 0)),
    ]
    table = standings([1, 2, 3, 4, 5], results, {p: p for p in range(1, 6)})
    assert table == [
        Standing(1, 2.0, 2.0, 5, 2),  # opponents 2 (1 win) and 3 (1 win)
        Standing(2, 1.0, 3.0, -1, 2),  # opponents 1 (2) and 5 (1)
        Standing(3, 1.0, 3.0, -2, 2),  # opponents 4 (1) and 1 (2): equal Buchholz, fewer points
        Standing(4, 1.0, 1.0, -1, 2),  # the bye adds nothing; opponent 3 (1)
        Standing(5, 1.0, 1.0, -1, 2),  # as 4 (opponent 2), but seeded after
    ]


def test_standings_of_a_removed_player_count_for_their_opponents_only() -> None:
    results = [MatchResult(1, 9, 9, (1, 3)), MatchResult(2, 3, 2, (3, 0))]
    table = standings([1, 2, 3], results, {1: 1, 2: 2, 3: 3})
    assert [s.player_id for s in table] == [2, 1, 3]
    assert table[1].buchholz == 1.0  # player 9's win


def test_a_result_with_a_winner_who_did_not_play_is_refused() -> None:
    with pytest.raises(ValueError, match="neither"):
        standings([1, 2], [MatchResult(1, 2, 3, (1, 0))], {})
    with pytest.raises(ValueError, match="bye"):
        standings([1, 2], [MatchResult(1, None, 2, (0, 0))], {})
