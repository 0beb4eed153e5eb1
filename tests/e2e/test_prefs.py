"""``/minigam prefs`` on Discord: a person's own preferences, shown privately and changed with options; a
forced play made at once for the person who asked, on a board that says so, and never for the other."""

from __future__ import annotations

import pytest

from engine import ScriptedDice
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

# Minigam: Alice opens 3-2 and plays bar/3 bar/2; Bob rolls 6-4, whose only play is bar/3* bar/1.
DICE = [3, 2, 4, 6, 1, 1, 5, 1, 2, 6, 1, 2, 1, 3, 4, 2, 4, 5, 1, 5, 2, 1, 6, 2, 4, 3, 2, 4, 2, 1] * 4


async def test_prefs_are_shown_privately_and_changed_with_options(world: World) -> None:
    fake = world.fake

    shown = await world.ephemeral_reply(await world.slash(fake.alice, "prefs"))
    assert "`forced`: **off**" in shown.text
    changed = await world.ephemeral_reply(await world.slash(fake.alice, "prefs", forced=True, roll="always"))

    assert changed.text.startswith("Saved.")
    assert "`forced`: **on**" in changed.text
    assert "`roll`: **always**" in changed.text
    stored = world.db.read(lambda store: store.player_prefs(fake.alice.id))
    assert stored == {"forced": "on", "roll": "always"}


async def test_a_forced_play_is_made_at_once_for_who_asked_with_a_board_that_says_so(make_world) -> None:
    world: World = await make_world(dice=ScriptedDice(DICE))
    fake = world.fake
    await world.ephemeral_reply(await world.slash(fake.bob, "prefs", forced=True))
    match = await world.start_match(fake.alice, fake.bob)
    assert world.actor(match) is fake.alice  # Alice's opening has a choice: her board waits for her

    await world.play_by_command(fake.general, "bar/3 bar/2")

    match = await world.settled(fake.general)
    assert world.actor(match) is fake.alice  # Bob's only play was made for him
    board = world.board_for(match)
    assert board is not None
    assert "Bob played `bar/3* bar/1` with 6-4 (automatic: the only play)." in board.text
    assert world.warnings() == []
