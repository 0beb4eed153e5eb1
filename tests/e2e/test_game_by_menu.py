"""Playing through the board's select menu only, and the legal plays offered by autocomplete."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from engine import Dice
from tests.e2e.world import OpeningThenSeeded, World

pytestmark = pytest.mark.e2e


async def test_a_whole_game_through_the_select_menu(world: World) -> None:
    fake = world.fake
    await world.start_match(fake.alice, fake.bob)

    menu_clicks = 0
    while (match := await world.settled(fake.general)).status == "active":
        menu_clicks += len(await world.play_by_menu(fake.general))

    assert match.status == "finished"
    assert match.game.position.off[match.winner_seat] == 8
    # Nobody typed a move: every play came from a menu.
    commands = [i for i in fake.interactions.values() if i.type == 2]
    assert [i.payload["data"]["options"][0]["name"] for i in commands] == ["challenge"]
    assert menu_clicks >= 9
    assert world.warnings() == []


async def test_autocomplete_offers_the_legal_plays_of_the_player_to_move(
    make_world: Callable[..., Awaitable[World]],
) -> None:
    # Opening roll: Alice 5, Bob 2, so Alice starts with 5-2 and all eight checkers on the bar.
    world = await make_world(dice=OpeningThenSeeded([5, 2]))
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    assert match.game.dice == Dice(5, 2)
    assert world.actor(match) is fake.alice

    choices = await fake.autocomplete(fake.alice, "minigam move", "")

    # Worked by hand: with 5-2 from the bar, Alice either enters two checkers (on 5 and on 2), or enters
    # one and carries it on 7 pips, off the board (bar/5 then 5/off with the 2, or bar/2 then 2/off with
    # the 5: the same position). Both dice can always be played, so nothing else is legal.
    assert len(choices) == 2
    results = []
    for choice in choices:
        assert choice["name"] == choice["value"]
        play = match.game.position.parse_play(Dice(5, 2), choice["value"])
        results.append((play.result.point(2), play.result.point(5), play.result.off[0], play.result.bar[0]))
    assert sorted(results, key=str) == sorted([((0, 1), (0, 1), 0, 6), (None, None, 1, 7)], key=str)

    # Typing narrows the list; the other player and a bystander are offered nothing.
    narrowed = await fake.autocomplete(fake.alice, "minigam move", "off")
    assert len(narrowed) == 1
    assert "off" in narrowed[0]["value"]
    assert await fake.autocomplete(fake.bob, "minigam move", "") == []
    assert await fake.autocomplete(fake.carol, "minigam move", "") == []

    # And what autocomplete offers is accepted.
    await world.play_by_command(fake.general, narrowed[0]["value"])
    after = await world.settled(fake.general)
    assert after.game.position.off[0] == 1
    assert world.warnings() == []
