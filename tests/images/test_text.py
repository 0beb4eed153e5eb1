"""The text board: hand-written expectations for fixed positions."""

from __future__ import annotations

import images
from engine import Match, Position, SeededDice, find_variant
from tests.images.cases import backgammon_cube_game, minigam_game_with_hit, minigam_position, multigam_game


def test_minigam_position_as_text() -> None:
    # X (player 0): 2 on point 1 (6 pips each), 1 on 4 (3 pips), 3 on the bar (7 each): 36 pips.
    # O (player 1): 7 on point 3 (3 pips each), 1 on 6: 27 pips.
    assert images.render_text(minigam_position()) == "\n".join(
        [
            "Minigam | Player 1 to move",
            "  point   1   2   3   4   5   6",
            "         X2   .  O7  X1   .  O1",
            "  X Player 1  bar 3  off 2  pips 36  moves 1 -> 6  <- to move",
            "  O Player 2  bar 0  off 0  pips 27  moves 6 -> 1",
        ]
    )


def test_minigam_game_as_text_has_the_roll_score_and_last_play() -> None:
    # X: 2 on point 1 (6 pips each), 1 on 5 (2), 2 on the bar (7 each): 28 pips
    text = images.render_text(minigam_game_with_hit(), ["Alice", "Bob"])
    assert text.splitlines()[0] == "Minigam | Alice to play 5-2 | match to 3"
    assert "  X Alice  bar 2  off 3  pips 28  score 1/3  moves 1 -> 6  <- to play" in text.splitlines()
    assert text.splitlines()[-1] == "  Bob played 3-3: bar/4* 3/off"


def test_backgammon_opening_position_as_text() -> None:
    # Drawn for player 0 (to move): their home board bottom right, labels in their own numbering.
    assert images.render_text(Position.initial("backgammon"), ["Alice", "Bob"]) == "\n".join(
        [
            "Backgammon | Alice to move | cube 1 (centred)",
            "    13  14  15  16  17  18 |  19  20  21  22  23  24",
            "    X5   .   .   .  O3   . |  O5   .   .   .   .  X2",
            "    O5   .   .   .  X3   . |  X5   .   .   .   .  O2",
            "    12  11  10   9   8   7 |   6   5   4   3   2   1",
            "  X Alice  bar 0  off 0  pips 167  <- to move",
            "  O Bob    bar 0  off 0  pips 167",
        ]
    )


def test_backgammon_text_shows_cube_owner_and_match() -> None:
    first = images.render_text(backgammon_cube_game(), ["Alice", "Bob"]).splitlines()[0]
    assert first == "Backgammon | Alice to roll | match to 7 | cube 2 (Bob)"


def test_a_one_point_match_is_neither_crawford_nor_post_crawford() -> None:
    one = images.render_text(Match.new("backgammon", 1).start_game(SeededDice(1))).splitlines()[0]
    after = Match(find_variant("backgammon"), 3, score=(2, 1), crawford_done=True).start_game(SeededDice(1))

    assert "| match to 1 |" in one
    assert "match to 3 · post-Crawford |" in images.render_text(after).splitlines()[0]


def test_multigam_text_lists_places_and_direction() -> None:
    lines = images.render_text(multigam_game(), ["Ann", "Ben", "Cleo", "Dev"]).splitlines()
    assert lines[2] == "         A2  B1   .  D3   .  A1"
    assert "  C Cleo  bar 0  off 5  1st" in lines
    assert "  everyone moves 1 -> 6" in lines


def test_text_board_is_plain_ascii_with_short_lines() -> None:
    for state in (minigam_position(), Position.initial("backgammon"), multigam_game()):
        text = images.render_text(state)
        assert text.isascii()
        assert max(len(line) for line in text.splitlines()) <= 80


def test_a_final_score_and_the_footer_show_in_the_text() -> None:
    g = backgammon_cube_game()  # a match to 7 at 3-5
    text = images.render_text(g, ["Alice", "Bob"], score=(3, 7), footer=("Position ID: X", "Match ID: Y"))
    lines = text.splitlines()
    assert any("Alice" in line and "score 3/7" in line for line in lines)
    assert any("Bob" in line and "score 7/7" in line for line in lines)
    assert lines[-2:] == ["  Position ID: X", "  Match ID: Y"]


def test_a_multigam_leaver_shows_the_place_they_took() -> None:
    from tests.images.cases import multigam_with_a_leaver

    text = images.render_text(multigam_with_a_leaver(), ["Ann", "Ben", "Cleo", "Dev"])
    assert "  A Ann   bar 1  off 1  4th (resigned)" in text.splitlines()
