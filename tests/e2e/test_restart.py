"""A restart in the middle of a game: a new bot process on the same database picks the game up, and the
board posted before the restart still works."""

from __future__ import annotations

import pytest

from tests.e2e.world import BotProcess, World, board_version

pytestmark = pytest.mark.e2e


async def test_a_game_survives_a_restart_into_a_new_process(make_world, database_url: str) -> None:
    world: World = await make_world(database_url=database_url)
    fake = world.fake
    general = fake.general
    await world.start_match(fake.alice, fake.bob)
    await world.play_by_command(general)
    await world.play_by_command(general)
    before = await world.settled(general)
    old_board = world.board_for(before)
    assert old_board is not None
    await world.stop()
    assert world.warnings() == []

    process = BotProcess(world.process_env(), world.tmp_path)
    await process.start()
    try:
        await fake.wait_for_identify(2, within=30)
        # The board drawn by the first bot, clicked after the restart.
        menu = next(s for s in old_board.selects() if s.get("type") == 3)
        clicked = await fake.click(world.actor(before), old_board, menu, values=[menu["options"][0]["value"]])
        await fake.wait_for(
            lambda: world.stored(general).version > before.version, what="the click to be played"
        )
        after = await world.settled(general)
        assert board_version(world.board(general)) in (None, (after.match_id, after.version))
        assert clicked.responded is not None
        # And the game goes on to the end in the new process.
        final = await world.play_to_end(general)
        assert final.status == "finished"
        assert final.match_id == before.match_id
    finally:
        code = await process.stop()
    assert code == 0, "\n".join(process.output[-30:])
    assert process.problems() == [], "\n".join(process.output)
