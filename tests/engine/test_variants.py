"""The variant registry and each variant's data, as RULES.md's table says."""

from __future__ import annotations

import pytest

from engine import VARIANTS, EngineError, Position, UnknownVariantError, find_variant
from tests.engine.helpers import pos

RULES_TABLE = [
    # name, players, points, checkers, doubles, forced, bar, bear-off, scoring, cube
    ("minigam", 2, 6, 8, 2, "order", "loose", "always", "single", False),
    ("minigam-full-entry", 2, 6, 8, 2, "order", "loose", "no-bar", "single", False),
    ("minigam-strict", 2, 6, 8, 4, "standard", "loose", "no-bar", "single", False),
    ("multigam", 4, 6, 5, 4, "standard", "loose", "always", "placings", False),
    ("backgammon", 2, 24, 15, 4, "standard", "strict", "home", "backgammon", True),
    ("backgammon-mulligan", 2, 24, 15, 4, "standard", "strict", "home", "mulligan", False),
]


def test_the_registry_holds_the_six_variants_of_rules_md():
    assert list(VARIANTS) == [row[0] for row in RULES_TABLE]


@pytest.mark.parametrize("row", RULES_TABLE, ids=[r[0] for r in RULES_TABLE])
def test_variant_data_matches_the_rules_table(row):
    name, players, points, checkers, doubles, forced, bar, bearoff, scoring, cube = row
    v = find_variant(name)
    assert (v.name, v.players, v.points, v.checkers) == (name, players, points, checkers)
    assert (v.doubles_moves, v.forced, v.bar_rule, v.bearoff) == (doubles, forced, bar, bearoff)
    assert (v.scoring, v.cube) == (scoring, cube)


def test_numbering_is_absolute_on_six_points_and_own_in_backgammon():
    assert {v.name: v.numbering for v in VARIANTS.values()} == {
        "minigam": "absolute",
        "minigam-full-entry": "absolute",
        "minigam-strict": "absolute",
        "multigam": "absolute",
        "backgammon": "own",
        "backgammon-mulligan": "own",
    }


def test_multigam_players_all_move_up_and_two_player_games_move_against_each_other():
    assert find_variant("multigam").directions == (1, 1, 1, 1)
    assert find_variant("minigam").directions == (1, -1)
    assert find_variant("backgammon").directions == (1, -1)


def test_multigam_places_score_5_3_2_1():
    assert find_variant("multigam").placing_points == (5, 3, 2, 1)


def test_mulligan_matches_are_first_to_3():
    assert find_variant("backgammon-mulligan").match_target_default == 3


def test_only_multigam_is_multiplayer():
    assert [v.name for v in VARIANTS.values() if v.is_multiplayer] == ["multigam"]


@pytest.mark.parametrize("text", ["MiniGam", " multigam ", "minigam_strict", "Minigam Full Entry"])
def test_find_variant_forgives_case_spaces_and_underscores(text):
    assert find_variant(text).name in VARIANTS


def test_find_variant_passes_a_variant_through():
    v = find_variant("backgammon")
    assert find_variant(v) is v


def test_an_unknown_variant_is_a_clear_error_listing_the_variants():
    with pytest.raises(UnknownVariantError) as info:
        find_variant("chess")
    message = str(info.value)
    assert "'chess'" in message
    for name in VARIANTS:
        assert name in message
    assert isinstance(info.value, EngineError)
    assert isinstance(info.value, ValueError)


def test_variant_repr_reads_back():
    v = find_variant("multigam")
    assert repr(v) == "find_variant('multigam')"
    assert eval(repr(v), {"find_variant": find_variant}) is v


# ------------------------------------------------------------------ starting layouts


@pytest.mark.parametrize("name", ["minigam", "minigam-full-entry", "minigam-strict"])
def test_six_point_two_player_games_start_with_all_eight_on_the_bar(name):
    p = Position.initial(name)
    assert p.board == (0,) * 6
    assert p.bar == (8, 8)
    assert p.off == (0, 0)


def test_multigam_starts_with_five_each_on_the_bar():
    p = Position.initial("multigam", turn=2)
    assert p.board == (0,) * 6
    assert p.bar == (5, 5, 5, 5)
    assert p.turn == 2


@pytest.mark.parametrize("name", ["backgammon", "backgammon-mulligan"])
def test_backgammon_starts_in_the_standard_layout_in_absolute_points(name):
    # Player 0 moves up from point 1, player 1 down from point 24:
    # each has 2 on their 24-point, 5 on their 13, 3 on their 8, 5 on their 6.
    p = Position.initial(name)
    assert p.checkers_on(0) == [(1, 2), (12, 5), (17, 3), (19, 5)]
    assert p.checkers_on(1) == [(6, 5), (8, 3), (13, 5), (24, 2)]
    assert p.bar == (0, 0)


# ------------------------------------------------------------------ coordinates


def test_distance_counts_pips_to_bear_off_along_each_players_path():
    p = Position.initial("minigam")
    # Player 0 at point p needs 7 - p; player 1 needs p; the bar is 7 for both.
    assert [p.distance(0, k) for k in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    assert [p.distance(1, k) for k in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    assert p.distance(0, 0) == p.distance(1, 0) == 7
    b = Position.initial("backgammon")
    assert b.distance(0, 1) == 24
    assert b.distance(1, 1) == 1
    assert b.distance(0, 0) == 25


def test_every_multigam_player_counts_distance_the_same_way():
    p = Position.initial("multigam")
    assert {p.distance(player, 2) for player in range(4)} == {5}


def test_pip_counts_at_the_start():
    assert Position.initial("backgammon").pip_counts() == (167, 167)  # the well-known 167
    assert Position.initial("minigam").pip_counts() == (56, 56)  # 8 checkers x 7 pips from the bar
    assert Position.initial("multigam").pip_counts() == (35, 35, 35, 35)  # 5 checkers x 7 pips


def test_pip_count_of_a_small_position():
    # Player 0 (up): bar 1 (7 pips), point 2 (5), point 6 x2 (1 each) = 14.
    # Player 1 (down): point 3 x2 (3 each), point 5 (5) = 11.
    p = pos("minigam", 0, {2: (0, 1), 6: (0, 2), 3: (1, 2), 5: (1, 1)}, bar=(1, 0))
    assert p.pip_counts() == (14, 11)


TITLES = {
    "minigam": "Minigam",
    "minigam-full-entry": "Minigam Full Entry",
    "minigam-strict": "Minigam Strict",
    "multigam": "Multigam",
    "backgammon": "Backgammon",
    "backgammon-mulligan": "Backgammon Mulligan",
}


def test_each_variant_has_one_display_name():
    assert {v.name: v.title for v in VARIANTS.values()} == TITLES


@pytest.mark.parametrize("name", list(TITLES))
def test_find_variant_reads_the_display_name_too(name):
    assert find_variant(TITLES[name]).name == name
    assert find_variant(TITLES[name].upper()).name == name
