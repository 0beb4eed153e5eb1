"""Matches: first to N points, the Crawford game, Mulligan's first to 3, money play, JSON."""

from __future__ import annotations

import json

import pytest

from engine import (
    MAX_MATCH_POINTS,
    Game,
    GameDataError,
    GameStateError,
    Match,
    MatchTargetError,
    Outcome,
    ScriptedDice,
    Termination,
    WinKind,
    find_variant,
)


def win(player: int, points: int = 1, kind: WinKind = WinKind.SINGLE, how=Termination.BORNE_OFF) -> Outcome:
    return Outcome(how, player, kind, points)


def test_minigam_matches_default_to_one_point():
    m = Match.new("minigam")
    assert (m.target, m.score, m.is_over) == (1, (0, 0), False)
    m = m.record(win(1))
    assert (m.score, m.is_over, m.winner, m.games_played) == ((0, 1), True, 1, 1)


def test_a_match_to_three_needs_three_points():
    m = Match.new("minigam", 3)
    for winner in (0, 1, 0, 1):
        m = m.record(win(winner))
        assert not m.is_over
    m = m.record(win(0))
    assert (m.score, m.is_over, m.winner) == ((3, 2), True, 0)
    with pytest.raises(GameStateError, match="the match is over"):
        m.start_game(ScriptedDice([1, 2]))


def test_money_play_is_one_game():
    m = Match.new("backgammon", 0)
    game = m.start_game(ScriptedDice([3, 1]))
    assert game.match.target == 0
    m = m.record(win(1, 4, WinKind.GAMMON))
    assert (m.is_over, m.winner, m.score) == (True, 1, (0, 4))


def test_backgammon_points_count_the_cube_and_gammons():
    m = Match.new("backgammon", 7).record(win(0, 4, WinKind.GAMMON)).record(win(1, 2))
    assert m.score == (4, 2)


def test_the_crawford_game_comes_once_when_a_player_first_needs_one_point():
    m = Match.new("backgammon", 5).record(win(0, 4, WinKind.GAMMON))  # 4-0: player 0 needs 1
    ctx = m.next_context()
    assert ctx.crawford
    game = m.start_game(ScriptedDice([3, 1]))
    assert game.match.crawford
    assert not Game(game.position, match=game.match).may_double()  # before a roll, still no double
    m = m.record(win(1, 1))  # the Crawford game: 4-1
    assert m.crawford_done
    assert not m.next_context().crawford  # post-Crawford: doubling allowed again
    m = m.record(win(1, 2))  # 4-3
    assert not m.next_context().crawford


def test_no_crawford_game_when_both_need_one_point():
    m = Match(Match.new("backgammon", 5).variant, 5, (4, 4))
    assert not m.next_context().crawford


def test_no_crawford_rule_without_a_cube_or_in_one_point_matches():
    assert not Match.new("backgammon", 1).next_context().crawford
    mulligan = Match.new("backgammon-mulligan").record(win(0, 2))
    assert not mulligan.next_context().crawford


def test_mulligan_matches_are_first_to_three():
    m = Match.new("backgammon-mulligan", 7)
    assert m.target == 3  # "the majority of 5 games"
    m = m.record(win(1, 3, WinKind.MULLIGAN))
    assert (m.is_over, m.winner) == (True, 1)


def test_a_forfeit_loses_the_match():
    m = Match.new("backgammon", 7).record(win(0, 2))
    m = m.record(win(1, 1, how=Termination.FORFEIT))
    assert m.score == (2, 7)
    assert m.winner == 1


def test_multigam_is_one_game_scored_by_places():
    m = Match.new("multigam", 5)
    assert m.target == 0
    outcome = Outcome(Termination.BORNE_OFF, 2, WinKind.PLACINGS, 5, (2, 0, 3, 1), (3, 1, 5, 2))
    m = m.record(outcome)
    assert (m.is_over, m.winner, m.score) == (True, 2, (3, 1, 5, 2))


@pytest.mark.parametrize("target", [-1, MAX_MATCH_POINTS + 1, 100, 2.0, True, "3", [3]])
def test_targets_out_of_range_are_refused_with_the_limit(target):
    with pytest.raises(MatchTargetError, match=f"from 1 to {MAX_MATCH_POINTS} points"):
        Match.new("minigam", target)


@pytest.mark.parametrize("target", [0, 1, MAX_MATCH_POINTS])
def test_targets_from_0_to_the_limit_are_accepted(target):
    assert Match.new("backgammon", target).target == target


def test_the_limit_is_25_points_and_the_target_errors_are_game_state_errors():
    assert MAX_MATCH_POINTS == 25
    assert issubclass(MatchTargetError, GameStateError)


@pytest.mark.parametrize(("variant", "fixed"), [("backgammon-mulligan", 3), ("multigam", 0)])
def test_a_variant_with_a_fixed_target_always_gets_it(variant, fixed):
    assert find_variant(variant).fixed_target == fixed
    for asked in (None, 1, 7, 99):
        assert Match.new(variant, asked).target == fixed


def test_variants_without_a_fixed_target_default_to_one_point():
    for name in ("minigam", "minigam-full-entry", "minigam-strict", "backgammon"):
        assert find_variant(name).fixed_target is None
        assert Match.new(name).target == 1


def test_matches_round_trip_through_json_text():
    m = Match.new("backgammon", 5).record(win(0, 4, WinKind.GAMMON)).record(win(1, 1))
    back = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m
    assert back.crawford_done


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ("match", "must be a JSON object"),
        ({"format": 2}, "unknown match format 2"),
        ({"format": 1, "variant": "backgammon", "target": 5}, "lacks its 'score' field"),
        (
            {"format": 1, "variant": "backgammon", "target": 5, "score": [1, 2, 3]},
            "must have 2 entries, not 3",
        ),
        ({"format": 1, "variant": "nope", "target": 5, "score": [0, 0]}, "unknown variant"),
        (
            {"format": 1, "variant": "minigam", "target": "x", "score": [0, 0]},
            "target must be a whole number",
        ),
    ],
)
def test_malformed_stored_matches_raise_game_data_error(data, fragment):
    with pytest.raises(GameDataError) as info:
        Match.from_json(data)
    assert fragment in str(info.value)
