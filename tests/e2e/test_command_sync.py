"""The slash commands reach Discord both ways the bot syncs them, each sync checked against Discord's rules
by the stand-in (issue 28: one bound past Discord's range and Discord registers no command at all)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.e2e.standin import FakeDiscord
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

GLOBAL_SYNC = "PUT /applications/{application_id}/commands"
GUILD_SYNC = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


async def test_the_commands_sync_globally_and_answer(world: World, fake: FakeDiscord) -> None:
    interaction = await fake.slash(fake.alice, "minigam help")

    assert [c["name"] for c in fake.commands[None]] == ["minigam"]
    assert fake.route_counts[GLOBAL_SYNC] == 1
    assert fake.route_counts[GUILD_SYNC] == 0
    assert fake.replies_to(interaction)


async def test_the_commands_sync_to_a_development_server_and_answer(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    world = World(fake, tmp_path)
    world.settings = dataclasses.replace(world.settings, dev_guild_id=fake.guild_id)
    await world.start()
    try:
        interaction = await fake.slash(fake.alice, "minigam help")
    finally:
        await world.close()

    assert [c["name"] for c in fake.commands[fake.guild_id]] == ["minigam"]
    assert None not in fake.commands
    assert fake.route_counts[GUILD_SYNC] == 1
    assert fake.route_counts[GLOBAL_SYNC] == 0
    assert fake.replies_to(interaction)
