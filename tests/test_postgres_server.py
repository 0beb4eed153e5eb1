"""The test harness's PostgreSQL server: reachable by its URL, password-protected, fresh databases per
test, and a stop and start that drops old connections, as the store's reconnection tests need."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from tests.postgres_server import PostgresServer

# what a connection whose server went away raises: InterfaceError ("connection is closed") once asyncpg
# has seen the server's goodbye, ConnectionDoesNotExistError when it goes mid-query
LOST_CONNECTION = (asyncpg.InterfaceError, asyncpg.PostgresConnectionError)


async def user_tables(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    finally:
        await conn.close()
    return [row["tablename"] for row in rows]


async def test_the_url_reaches_the_minigam_database_as_superuser(postgres_server: PostgresServer) -> None:
    assert postgres_server.url.startswith(f"postgresql://minigam:{postgres_server.password}@127.0.0.1:")
    conn = await asyncpg.connect(postgres_server.url)
    try:
        row = await conn.fetchrow("SELECT current_user, current_database(), current_setting('is_superuser')")
    finally:
        await conn.close()
    assert tuple(row) == ("minigam", "minigam", "on")


async def test_a_wrong_password_is_refused(postgres_server: PostgresServer) -> None:
    url = postgres_server.url.replace(postgres_server.password, "not-the-password")
    with pytest.raises(asyncpg.InvalidPasswordError):
        await asyncpg.connect(url)


@pytest.mark.parametrize("turn", ["first", "second"])
async def test_each_postgres_url_is_a_fresh_empty_database(postgres_url: str, turn: str) -> None:
    # whichever turn runs second would see the other's table if the databases were shared or kept
    assert await user_tables(postgres_url) == []
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute(f"CREATE TABLE left_by_{turn} (x int)")
    finally:
        await conn.close()


async def test_created_databases_are_separate(postgres_server: PostgresServer) -> None:
    one = postgres_server.create_database("separate_one")
    two = postgres_server.create_database("separate_two")
    try:
        conn = await asyncpg.connect(one)
        try:
            await conn.execute("CREATE TABLE only_in_one (x int)")
        finally:
            await conn.close()
        assert await user_tables(one) == ["only_in_one"]
        assert await user_tables(two) == []
    finally:
        postgres_server.drop_database("separate_one")
        postgres_server.drop_database("separate_two")


async def test_a_restart_drops_old_connections_and_keeps_the_data(
    postgres_server: PostgresServer, postgres_url: str
) -> None:
    old = await asyncpg.connect(postgres_url)
    await old.execute("CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)")

    await asyncio.to_thread(postgres_server.stop)
    with pytest.raises(ConnectionRefusedError):
        await asyncpg.connect(postgres_url)
    await asyncio.to_thread(postgres_server.start)

    with pytest.raises(LOST_CONNECTION, match="connection"):
        await old.fetchval("SELECT 1")
    new = await asyncpg.connect(postgres_url)
    try:
        assert await new.fetchval("SELECT x FROM kept") == 7
    finally:
        await new.close()
        await old.close()
