"""Fixtures of the end-to-end scenarios: a fresh stand-in and a fresh bot (and database) per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.standin import FakeDiscord
from tests.e2e.world import World


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f
    assert f.unknown_routes == [], "the bot called routes the stand-in does not know (see the log)"
    assert f.violations == [], "the bot broke Discord's rules"


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """For the scenarios that run on both stores: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'minigam.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def make_world(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Callable[..., Awaitable[World]]]:
    """``await make_world(turn_timeout=..., dice=...)``: a world with the bot started in this process."""
    worlds: list[World] = []

    async def make(**options: Any) -> World:
        world = World(fake, tmp_path, **options)
        worlds.append(world)
        await world.start()
        return world

    yield make
    for world in worlds:
        await world.close()


@pytest.fixture
async def world(make_world: Callable[..., Awaitable[World]]) -> World:
    return await make_world()
