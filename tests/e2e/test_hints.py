"""``/minigam hint`` through Discord: the best plays first, then **More plays** pages through the others, the
private answer edited in place, each page within Discord's limits."""

from __future__ import annotations

import re

import pytest

from tests.e2e.world import OpeningThenSeeded

pytestmark = pytest.mark.e2e


async def test_more_plays_edits_the_hint_into_the_next_page(make_world) -> None:
    world = await make_world(dice=OpeningThenSeeded([6, 5]), ai_workers=0)  # Alice opens 6-5
    fake = world.fake
    await world.vs_bot(fake.alice, variant="backgammon", level="hard")
    thread = world.table(fake.general)

    asked = await world.slash(fake.alice, "hint", channel=thread)
    await world.answer_text(asked, within=60)
    (hint,) = world.replies(asked)
    (more,) = [b for b in hint.buttons() if b["custom_id"].endswith(":hints:1")]
    assert hint.ephemeral
    assert hint.text.startswith("Best plays for your 6-5:")
    assert more["label"] == "More plays"

    await fake.click(fake.alice, hint, more)
    page = await fake.wait_for(
        lambda: ((m := fake.messages[hint.id]).text.startswith("Plays 4-") and m) or None,
        within=60,
        what="the hint edited into its second page",
    )

    numbers = [int(n) for n in re.findall(r"^(\d+)\. `", page.text, re.M)]
    assert numbers == list(range(4, 4 + len(numbers)))
    assert page.ephemeral
    assert len(page.text) <= 2000
