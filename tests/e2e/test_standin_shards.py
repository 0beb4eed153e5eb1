"""The stand-in's gateway with shards (:mod:`tests.e2e.standin.gateway`), checked with tiny discord.py bots
and bare websockets: each guild's events reach its shard's sessions only, and IDENTIFYs Discord refuses
are refused with its close codes."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.harness import pointed_at, running
from tests.e2e.standin import FakeDiscord, StandInError
from tests.e2e.standin.gateway import INVALID_SESSION, Shard, shard_of

pytestmark = pytest.mark.e2e


class ShardBot(commands.AutoShardedBot):
    """Runs shard ``shard_id`` of ``shard_count``; ``/where`` says which shard answered."""

    def __init__(self, shard_id: int, shard_count: int) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            shard_ids=[shard_id],
            shard_count=shard_count,
        )

    async def setup_hook(self) -> None:
        @app_commands.command(description="which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"shard {self.shard_ids[0]}")

        self.tree.add_command(where)
        await self.tree.sync()


class Connection:
    """A bare gateway connection: what a test sends, and every payload it gets."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def send(self, op: int, data: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": data}))

    async def identify(self, token: str, shard: list[int] | None = None) -> None:
        data: dict[str, Any] = {"token": token, "intents": 1, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.send(2, data)

    async def receive(self) -> dict:
        """The next payload (a dispatch, an opcode), or ``{"close": code}`` once the gateway closed."""
        msg = await self.ws.receive(timeout=5)
        if msg.type == aiohttp.WSMsgType.TEXT:
            return json.loads(msg.data)
        return {"close": self.ws.close_code}

    async def ready(self, token: str, shard: list[int] | None = None) -> dict:
        """IDENTIFY, then READY's data once every guild it names has come (GUILD_CREATE)."""
        await self.identify(token, shard)
        ready = await self.receive()
        assert ready["t"] == "READY", ready
        for guild in ready["d"]["guilds"]:
            created = await self.receive()
            assert (created["t"], created["d"]["id"]) == ("GUILD_CREATE", guild["id"])
        return ready["d"]

    async def events_until(self, event: str) -> list[str]:
        """The dispatched events' names up to and including the first ``event``."""
        names: list[str] = []
        while not names or names[-1] != event:
            payload = await self.receive()
            assert "close" not in payload, payload
            if payload["op"] == 0:
                names.append(payload["t"])
        return names


@contextlib.asynccontextmanager
async def connected(fake: FakeDiscord) -> AsyncIterator[Connection]:
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        connection = Connection(ws)
        assert (await connection.receive())["op"] == 10  # HELLO
        yield connection


def test_a_guild_added_on_a_shard_gets_an_id_of_that_shard() -> None:
    fake = FakeDiscord()
    for count in (1, 2, 3, 16):
        for shard in range(count):
            guild = fake.add_guild(f"s{shard}of{count}", shard=shard, of=count)
            assert shard_of(guild.id, count) == shard
            assert Shard(shard, count).serves(guild.id)
            assert guild.general.guild_id == guild.id
            assert set(guild.members) == {guild.alice.id, guild.bob.id, guild.carol.id, guild.dana.id}
    assert len(fake.guilds) == 1 + (1 + 2 + 3 + 16)


async def test_each_shard_gets_its_guilds_and_their_interactions(fake: FakeDiscord) -> None:
    east = fake.add_guild("east", shard=0, of=2)
    west = fake.add_guild("west", shard=1, of=2)
    first, second = ShardBot(0, 2), ShardBot(1, 2)
    with pointed_at(fake):
        async with running(first, fake), running(second, fake):
            [zero] = fake.gateway.sessions_of(0, 2)
            [one] = fake.gateway.sessions_of(1, 2)
            for bot, shard in ((first, 0), (second, 1)):
                expected = {g.id for g in fake.guilds.values() if shard_of(g.id, 2) == shard}
                assert {g.id for g in bot.guilds} == expected
            assert east.id in {g.id for g in first.guilds}
            assert west.id in {g.id for g in second.guilds}

            in_east = await fake.slash(east.alice, "where", channel=east.general)
            in_west = await fake.slash(west.bob, "where", channel=west.general)

            assert [m.content for m in fake.replies_to(in_east)] == ["shard 0"]
            assert [m.content for m in fake.replies_to(in_west)] == ["shard 1"]
            assert zero.received("INTERACTION_CREATE") == [east.id]
            assert one.received("INTERACTION_CREATE") == [west.id]


async def test_a_person_acts_only_where_they_are_a_member(fake: FakeDiscord) -> None:
    west = fake.add_guild("west", shard=1, of=2)
    fake.join(west, fake.alice)

    assert fake.alice.id in west.members
    assert west.alice.id not in fake.guild.members
    assert fake.member_payload(fake.dana, guild=west)["roles"] == []  # her Admin role is the first guild's
    with pytest.raises(StandInError, match="not a member"):
        await fake.slash(west.alice, "where", channel=fake.general)


async def test_ready_names_the_shard_and_its_guilds_only(fake: FakeDiscord) -> None:
    west = fake.add_guild("west", shard=1, of=2)
    async with connected(fake) as connection:
        ready = await connection.ready(fake.token, [1, 2])
        assert ready["shard"] == [1, 2]
        guilds = {int(g["id"]) for g in ready["guilds"]}
        assert guilds == {g.id for g in fake.guilds.values() if shard_of(g.id, 2) == 1}
        assert west.id in guilds

    async with connected(fake) as unsharded:
        ready = await unsharded.ready(fake.token)
        assert "shard" not in ready  # READY carries the shard an IDENTIFY sent, and none was sent
        assert len(ready["guilds"]) == len(fake.guilds)


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [1], "0,2"])
async def test_an_identify_with_an_invalid_shard_is_closed_with_4010(fake: FakeDiscord, shard: Any) -> None:
    async with connected(fake) as connection:
        await connection.identify(fake.token, shard)
        assert await connection.receive() == {"close": 4010}
    assert fake.identifies == 0
    assert fake.violations == [f"gateway 4010 Invalid shard. shard {shard!r}"]
    fake.violations.clear()


async def test_a_second_identify_on_one_connection_is_closed_with_4005(fake: FakeDiscord) -> None:
    async with connected(fake) as connection:
        await connection.ready(fake.token, [0, 1])
        await connection.identify(fake.token, [0, 1])
        assert await connection.receive() == {"close": 4005}
    assert fake.violations == ["gateway 4005 Already authenticated. a second IDENTIFY"]
    fake.violations.clear()


async def test_two_sessions_of_one_shard_both_get_its_events_as_discord_allows(fake: FakeDiscord) -> None:
    west = fake.add_guild("west", shard=1, of=2)
    async with connected(fake) as a, connected(fake) as b, connected(fake) as zero:
        for connection, shard in ((a, [1, 2]), (b, [1, 2]), (zero, [0, 2])):
            await connection.ready(fake.token, shard)
        assert len(fake.gateway.sessions_of(1, 2)) == 2

        await fake.dispatch("TYPING_START", {"guild_id": str(west.id), "channel_id": str(west.general.id)})
        await fake.dispatch("CHANNEL_CREATE", {"id": "1", "type": 1})  # of no guild: shard 0's

        assert await a.events_until("TYPING_START") == ["TYPING_START"]
        assert await b.events_until("TYPING_START") == ["TYPING_START"]
        assert await zero.events_until("CHANNEL_CREATE") == ["CHANNEL_CREATE"]  # and no TYPING_START


async def test_a_resume_takes_its_session_over_and_an_unknown_one_is_invalid(fake: FakeDiscord) -> None:
    west = fake.add_guild("west", shard=1, of=2)
    async with connected(fake) as first:
        session_id = (await first.ready(fake.token, [1, 2]))["session_id"]
    async with connected(fake) as again, connected(fake) as stranger:
        await again.send(6, {"token": fake.token, "session_id": session_id, "seq": 1})
        assert await again.events_until("RESUMED") == ["RESUMED"]
        [resumed] = fake.gateway.sessions_of(1, 2)
        assert resumed.session_id == session_id

        await fake.dispatch("TYPING_START", {"guild_id": str(west.id), "channel_id": str(west.general.id)})
        assert await again.events_until("TYPING_START") == ["TYPING_START"]

        await stranger.send(6, {"token": fake.token, "session_id": "nobody", "seq": 1})
        assert await stranger.receive() == {"op": INVALID_SESSION, "d": False, "s": None, "t": None}
