"""The rules the bot shows (``rules <variant>``) and the players' rules page (docs/RULES.md) say what
RULES.md's table says, variant by variant: the bar rule, when bearing off is allowed, the forced-move
policy, doubles and scoring, each stated once and never contradicted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import texts
from engine import VARIANTS, find_variant
from tests.engine.test_variants import RULES_TABLE

ROOT = Path(__file__).resolve().parents[2]

# What each value of RULES.md's table reads as on the bot's rules page, worked out by hand from RULES.md.
SAYS = {
    "bar": {
        "loose": "Checkers on the bar and on the board move in any order.",
        "strict": "While you have a checker on the bar, you must enter it before any other checker may move.",
    },
    "bearoff": {
        "always": "You may bear off at any time, even with checkers on the bar",
        "no-bar": "You may bear off only when none of your checkers is on the bar",
        "home": "You may bear off only when all 15 of your checkers are in your home board, none on the bar.",
    },
    "overshoot": {
        "always": "a higher die bears off only your farthest-back checker, counting the bar (so never while "
        "you have a checker on the bar)",
        "no-bar": "a higher die bears off only your farthest-back checker.",
        "home": "a higher die bears off only your farthest-back checker.",
    },
    "forced": {
        "order": "You choose which die to play first; then each die, in that order, must be played if it can "
        "be at that moment",
        "standard": "Use as many dice as you can (all four moves of a double if possible); when only one die "
        "can be used and either could be, use the larger.",
    },
    "doubles": {2: "A double is played twice", 4: "A double is played four times"},
    "scoring": {
        "single": "The first to bear off all 8 checkers wins one point; there are no gammons and no doubling "
        "cube.",
        "placings": "Places score 5, 3, 2 and 1 points.",
        "backgammon": "A win is 1 point, a gammon 2 (the loser has borne off no checker), a backgammon 3",
        "mulligan": "There is no doubling cube. A win is 1 point, a Mulligan 3",
    },
}

LAW = {row[0]: row for row in RULES_TABLE}
"""RULES.md's table: name, players, points, checkers, doubles, forced, bar, bear-off, scoring, cube."""


def law(name: str) -> dict[str, object]:
    _, _players, _points, _checkers, doubles, forced, bar, bearoff, scoring, _cube = LAW[name]
    return {
        "bar": bar,
        "bearoff": bearoff,
        "overshoot": bearoff,
        "forced": forced,
        "doubles": doubles,
        "scoring": scoring,
    }


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize("rule", list(SAYS))
def test_each_rules_page_states_its_own_rule_and_no_other(name: str, rule: str) -> None:
    page = texts.rules_text(name)
    value = law(name)[rule]

    assert page.count(SAYS[rule][value]) == 1
    for other, sentence in SAYS[rule].items():
        if other != value and sentence != SAYS[rule][value]:
            assert sentence not in page, f"{name} also says {sentence!r}"


@pytest.mark.parametrize("name", [n for n, row in LAW.items() if row[7] == "no-bar"])
def test_entering_and_bearing_off_in_one_turn_is_allowed_only_once_the_bar_is_empty(name: str) -> None:
    page = texts.rules_text(name)

    same_turn = [s for s in re.split(r"(?<=[.;])\s", page) if "same turn" in s]
    assert same_turn == [
        "a checker that enters may still bear off later in the same turn once none is left there."
    ]
    assert "at any time" not in page


def test_only_backgammon_has_the_cube_and_its_rules() -> None:
    for name in VARIANTS:
        page = texts.rules_text(name)
        assert ("Crawford" in page) == (name == "backgammon")
        assert ("Jacoby" in page) == (name == "backgammon")
        assert ("may double" in page) == (name == "backgammon")


def test_mulligan_resignations_cost_what_the_position_can_still_cost() -> None:
    assert "A resignation costs 3 while a Mulligan is still possible, else 1." in texts.rules_text(
        "backgammon-mulligan"
    )


@pytest.mark.parametrize("name", list(VARIANTS))
def test_each_rules_page_starts_with_the_variants_title_and_fits_a_discord_message(name: str) -> None:
    page = texts.rules_text(name)
    v = find_variant(name)

    assert page.startswith(f"**{v.title}** (`{v.name}`) — ")
    assert len(page) <= 2000


# ---------------------------------------------------------------------- the players' page, docs/RULES.md
PAGE_SAYS = {
    "doubles": {2: "twice", 4: "four times"},
    "forced": {"order": "[order](#the-order-policy)", "standard": "[standard](#the-standard-policy)"},
    "bar": {"loose": "[any order](#moving)", "strict": "[enter first](#moving)"},
    "bearoff": {
        "always": "at any time",
        "no-bar": "with none of yours on the bar",
        "home": "with all 15 in your home board",
    },
    "scoring": {
        "single": "1 point per game",
        "placings": "places: 5 / 3 / 2 / 1",
        "backgammon": "1 / 2 / 3 × the cube",
        "mulligan": "1, or 3 for a Mulligan; first to 3",
    },
}
PAGE_COLUMNS = {"doubles": 5, "forced": 6, "bar": 7, "bearoff": 8, "scoring": 9}


def page_rows() -> dict[str, list[str]]:
    """docs/RULES.md's summary table, by variant id."""
    rows = {}
    for line in (ROOT / "docs" / "RULES.md").read_text().splitlines():
        found = re.fullmatch(r"\| (.+) \(`([a-z-]+)`\) \|(.*)\|", line)
        if found:
            rows[found.group(2)] = [found.group(1), *(c.strip() for c in found.group(3).split("|"))]
    return rows


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_rules_page_table_says_what_rules_md_says(name: str) -> None:
    row = page_rows()[name]
    rules = law(name)

    assert row[0] == find_variant(name).title
    for rule, column in PAGE_COLUMNS.items():
        assert row[column] == PAGE_SAYS[rule][rules[rule]], rule


def test_the_rules_page_never_lets_every_six_point_game_enter_and_bear_off_in_one_turn() -> None:
    page = " ".join((ROOT / "docs" / "RULES.md").read_text().split())

    assert "You can bring one checker in and bear another off in the same turn." not in page
    assert (
        "in Minigam Full Entry and Minigam Strict only once none of your checkers is left on the bar" in page
    )
