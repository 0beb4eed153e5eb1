"""``/minigam analyse`` after a backgammon match's last game, through Discord: the answer adds the whole
match (each player's totals over its games, with the PR), within Discord's limits."""

from __future__ import annotations

import pytest

from engine import ScriptedDice
from tests.e2e.test_analysis import answer
from tests.e2e.test_backgammon import _next, _resign

pytestmark = pytest.mark.e2e


async def test_the_last_games_analysis_covers_the_whole_match(make_world) -> None:
    world = await make_world(dice=ScriptedDice([6, 5] * 4))
    fake = world.fake
    await world.start_match(fake.alice, fake.bob, variant="backgammon", points=3)
    for offer in ("offer a gammon", "offer a single"):  # 2-0, then the Crawford game: 3-0
        offered = await _resign(world, fake.bob, offer)
        board = world.board_for(offered)
        await fake.click(fake.alice, board, board.button("accept"))
        await _next(world, offered)
    assert world.stored(fake.general).status == "finished"

    asked = await world.slash(fake.carol, "analyse", channel=world.table(fake.general))
    embeds = [e for m in await answer(world, asked) for e in m.embeds]

    (whole,) = [e for e in embeds if e["title"].startswith("The whole match")]
    assert whole["title"] == "The whole match: 2 games"
    assert [f["name"] for f in whole["fields"]] == ["Alice", "Bob"]
    bob = whole["fields"][1]["value"]
    assert "Loses " in bob
    assert " · PR " in bob  # two resignations graded: Bob gave away about two points with the first
