"""One word for one thing, and sentences that stay true: decline (not reject), a resignation that ends the
match says so, a double without a cube, and stats for someone with nothing on record."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot import texts
from bot.core import Action, ServiceError
from engine import Dice, Game, Position, SeededDice, find_variant
from images.scene import build_scene
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD, act, game_of, match_id_in, start_challenge_match


async def test_a_mulligan_resignation_that_ends_the_match_does_not_say_the_match_goes_on(make_core) -> None:
    core = make_core([6, 5])
    await start_challenge_match(core, "backgammon-mulligan")

    question = core.matches.resign_question(match_id_in(core), BOB.user_id)

    assert (
        question.text
        == "Resign this game? Alice wins a mulligan, 3 points and the match (score Alice 0, Bob 0)."
    )


async def test_a_resignation_that_leaves_the_match_open_says_it_goes_on(make_core) -> None:
    core = make_core([6, 5])
    await start_challenge_match(core, "minigam", 3)

    question = core.matches.resign_question(match_id_in(core), BOB.user_id)

    assert question.text == "Resign this game? Alice wins 1 point (the match goes on: score Alice 0, Bob 0)."


def test_a_backgammon_offer_that_would_end_the_match_is_marked() -> None:
    text = texts.resign_offer_question("Alice", [(1, 1), (2, 2)], (1, 0), ("Alice", "Bob"), needs=2)

    assert text == (
        "Resign this game? Offer Alice a single game (1 point), a gammon (2 points, the match); "
        "they accept or decline. Score: Alice 1, Bob 0."
    )
    assert "goes on" not in text


def test_a_backgammon_offer_in_a_match_that_goes_on_says_so() -> None:
    text = texts.resign_offer_question("Alice", [(1, 1)], (0, 0), ("Alice", "Bob"), needs=5)

    assert text.endswith("they accept or decline. The match goes on: score Alice 0, Bob 0.")


def test_the_resignation_board_asks_to_accept_or_decline_as_the_command_is_called() -> None:
    game = Game.start("backgammon", SeededDice(3))
    offered = game.resign(game.turn, 1)

    scene = build_scene(offered, names=("Alice", "Bob"))

    assert scene.status.endswith("to accept or decline")
    assert "reject" not in scene.status


@pytest.mark.parametrize("variant", ["minigam", "backgammon-mulligan"])
async def test_double_in_a_game_without_a_cube_says_there_is_no_cube(make_core, variant: str) -> None:
    core = make_core([6, 5])
    await start_challenge_match(core, variant, 3)
    before = game_of(core)
    title = find_variant(variant).title

    for who in (ALICE, BOB):  # whoever is to act, and whoever is not
        with pytest.raises(ServiceError, match=re.escape(f"{title} is played without the doubling cube")):
            await act(core, who, Action.DOUBLE)
    assert game_of(core) == before


async def test_stats_for_someone_with_nothing_on_record_says_so(make_core) -> None:
    core = make_core([])

    with pytest.raises(ServiceError) as info:
        await core.records.stats(GUILD, CAROL)

    assert (
        str(info.value)
        == "Carol hasn't played here yet: no matches, ratings or games on record in this server."
    )


async def test_stats_for_someone_with_a_match_in_play_shows_their_card(make_core) -> None:
    core = make_core([6, 5])
    await start_challenge_match(core, "minigam", 3)

    result = await core.records.stats(GUILD, ALICE)

    assert "1 in progress" in result.notices[0].text


def test_unknown_names_are_quoted_short() -> None:
    long = "x" * 3000 + "\x00"

    assert len(texts.unknown_variant(long, ["minigam"])) < 120
    assert len(texts.unknown_level(long, find_variant("minigam"), ["easy"])) < 120
    assert len(texts.invalid_option(long)) < 80


def test_a_roll_is_written_higher_die_first_in_the_text_and_on_the_picture() -> None:
    game = replace(Game(Position.initial("minigam", 0)), dice=Dice(3, 6))

    assert texts.waiting_line("Alice", game, computer=False) == "Alice, your turn: you rolled **6-3**."
    assert texts.waiting_line("Computer", game, computer=True).startswith("Computer rolled 6-3 ")
    assert build_scene(game, names=("Alice", "Bob")).status == "Alice to play 6-3"
