"""The same menu choice clicked twice at once: exactly one play is applied."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.standin import Interaction
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


async def test_a_double_click_applies_exactly_one_play(world: World) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    mover = world.actor(match)
    board = world.board_for(match)
    assert board is not None
    menu = next(s for s in board.selects() if s.get("type") == 3)
    value = menu["options"][0]["value"]
    plays_before = [e for e in world.db.events(match.match_id) if e.kind == "play"]

    first, second = await asyncio.gather(
        fake.click(mover, board, menu, values=[value]),
        fake.click(mover, board, menu, values=[value]),
    )
    await fake.wait_for(lambda: world.stored(fake.general).version > match.version, what="the play")
    after = await world.settled(fake.general)

    plays_after = [e for e in world.db.events(match.match_id) if e.kind == "play"]
    assert len(plays_after) == len(plays_before) + 1
    assert after.version == match.version + 1

    # One click was answered with the play, the other with an ephemeral "out of date".
    def refusals() -> list[Interaction]:
        return [i for i in (first, second) if _refused(world, i)]

    await fake.wait_for(refusals, what="the second click to be refused")
    assert len(refusals()) == 1
    assert world.warnings() == []


def _refused(world: World, interaction: Interaction) -> bool:
    text = " ".join(m.text.lower() for m in world.replies(interaction) if m.ephemeral)
    return "out of date" in text or "not your turn" in text
