"""Two bot processes (``python -m bot``) with a shard each (``SHARD_COUNT=2``, ``SHARD_IDS=0`` / ``1``) on one
PostgreSQL database, a server on each shard: each process serves its own servers' games, a ``kill -9`` of one
leaves the other's games going and its own resumed at its restart, the records read the same whoever reads
them, and the commands are synced once."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.standin import Channel, FakeDiscord, Guild, StandInError, User
from tests.e2e.standin.gateway import Session
from tests.e2e.world import BotProcess, World

pytestmark = pytest.mark.e2e

SHARDS = 2
GLOBAL_SYNC = "PUT /applications/{application_id}/commands"


class Fleet:
    """The bot processes of one test, on one database, each running some of the bot's shards."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.running: list[BotProcess] = []

    async def start(
        self, shards: str, *, count: int = SHARDS, replacing: Session | None = None
    ) -> tuple[BotProcess, list[Session]]:
        """``python -m bot`` with ``SHARD_IDS=shards`` (``0``, ``0,1``) of ``SHARD_COUNT=count``, once each of
        its shards is connected (a shard's new session other than ``replacing``)."""
        env = {**self.world.process_env(), "SHARD_COUNT": str(count), "SHARD_IDS": shards}
        process = BotProcess(env, self.world.tmp_path)
        await process.start()
        self.running.append(process)
        ids = [int(s) for s in shards.split(",")]
        try:
            sessions = [
                await self.world.fake.wait_for_shard(i, count, replacing=replacing, within=30) for i in ids
            ]
        except StandInError as exc:
            raise StandInError(f"{exc}; the process said:\n" + "\n".join(process.output[-30:])) from None
        return process, sessions

    async def kill(self, process: BotProcess) -> None:
        assert await process.kill() == -9
        self.running.remove(process)

    async def stop(self) -> None:
        """Stop every process still running: each stops cleanly and said nothing worrying."""
        running, self.running = self.running, []
        codes = await asyncio.gather(*(p.stop() for p in running))
        for process, code in zip(running, codes, strict=True):
            assert code == 0, "\n".join(process.output[-30:])
            assert process.problems() == [], "\n".join(process.output)


@pytest.fixture
async def fleet(fake: FakeDiscord, tmp_path: Path, postgres_url: str) -> AsyncIterator[Fleet]:
    fleet = Fleet(World(fake, tmp_path, database_url=postgres_url))
    try:
        yield fleet
    finally:
        try:
            await fleet.stop()
        finally:
            fleet.world.db.close()


@pytest.fixture
def east(fake: FakeDiscord) -> Guild:
    return fake.add_guild("east", shard=0, of=SHARDS)


@pytest.fixture
def west(fake: FakeDiscord) -> Guild:
    return fake.add_guild("west", shard=1, of=SHARDS)


def matches_named(process: BotProcess) -> set[int]:
    """The matches a process's log speaks of (started, finished, ...): those it acted for."""
    return {int(m) for line in process.output for m in re.findall(r"\bmatch (\d+)", line)}


async def play_turns(world: World, channel: Channel, turns: int) -> None:
    """The person to move plays ``turns`` times (the computer answering in between), or to the end."""
    for _ in range(turns):
        if (await world.settled(channel)).status != "active":
            return
        await world.play_by_command(channel)


async def test_guilds_on_both_shards_play_at_once_each_served_by_its_own_process(
    fleet: Fleet, fake: FakeDiscord, east: Guild, west: Guild
) -> None:
    world = fleet.world
    (first, [zero]), (second, [one]) = await asyncio.gather(fleet.start("0"), fleet.start("1"))

    people, computer = await asyncio.gather(
        world.start_match(east.alice, east.bob, channel=east.general),
        world.vs_bot(west.alice, channel=west.general, variant="minigam", level="easy"),
    )
    ended = await asyncio.gather(world.play_to_end(east.general), world.play_to_end(west.general))

    assert [m.status for m in ended] == ["finished", "finished"]
    assert [m.match_id for m in ended] == [people.match_id, computer.match_id]
    assert set(zero.received("INTERACTION_CREATE")) == {east.id}
    assert set(one.received("INTERACTION_CREATE")) == {west.id}
    assert matches_named(first) == {people.match_id}  # each acted for its own server's match only
    assert matches_named(second) == {computer.match_id}
    assert fake.violations == []  # nothing answered twice


async def test_the_commands_are_synced_once_by_one_of_the_processes(
    fleet: Fleet, fake: FakeDiscord, east: Guild, west: Guild
) -> None:
    (first, _), (second, _) = await asyncio.gather(fleet.start("0"), fleet.start("1"))

    assert fake.route_counts[GLOBAL_SYNC] == 1
    said = [
        [line for line in p.output if "command" in line and "bot.app.sync" in line] for p in (first, second)
    ]
    synced = [lines for lines in said if any("synced" in line and "globally" in line for line in lines)]
    skipped = [
        lines
        for lines in said
        if any("another process is syncing" in line or "unchanged since the last" in line for line in lines)
    ]
    assert (len(synced), len(skipped)) == (1, 1), said
    for guild in (east, west):  # and both answer them
        asked = await fleet.world.slash(guild.carol, "help", channel=guild.general)
        assert await fleet.world.answer_text(asked)


async def test_a_killed_process_leaves_the_other_shard_playing_and_resumes_its_own_at_restart(
    fleet: Fleet, fake: FakeDiscord, east: Guild, west: Guild
) -> None:
    world = fleet.world
    (first, [zero]), (second, _) = await asyncio.gather(fleet.start("0"), fleet.start("1"))
    east_vs_bot = east.extra_channels[0]
    await asyncio.gather(
        world.start_match(east.alice, east.bob, channel=east.general),
        world.vs_bot(east.carol, channel=east_vs_bot, variant="minigam", level="easy"),
        world.vs_bot(west.alice, channel=west.general, variant="minigam", level="easy"),
    )
    await asyncio.gather(
        play_turns(world, east.general, 2),
        play_turns(world, east_vs_bot, 1),
        play_turns(world, west.general, 1),
    )
    people = await world.settled(east.general)
    computer = await world.settled(east_vs_bot)
    boards = world.board_for(people), world.board_for(computer)
    assert None not in boards

    untouched = {m.match_id: world.db.snapshot(m.match_id) for m in (people, computer)}

    await fleet.kill(first)  # in the middle of its games
    await fake.wait_for(lambda: not fake.gateway.serving(east.id), what="shard 0's session to end")
    before = world.stored(west.general)
    await play_turns(world, west.general, 2)  # the other shard's game goes on, the computer answering

    assert world.stored(west.general).version > before.version
    assert {i: world.db.snapshot(i) for i in untouched} == untouched  # no one acted for east meanwhile

    again, _ = await fleet.start("0", replacing=zero)
    loaded = [line for line in again.output if "unfinished match(es) loaded" in line]
    assert [line.endswith("; 2 unfinished match(es) loaded") for line in loaded] == [True], loaded  # east's
    for channel, match, board in zip((east.general, east_vs_bot), (people, computer), boards, strict=True):
        menu = next(s for s in board.selects() if s.get("type") == 3)  # drawn before the kill
        await fake.click(world.actor(match), board, menu, values=[menu["options"][0]["value"]])
        await fake.wait_for(lambda c=channel, m=match: world.stored(c).version > m.version, what="the click")
    await asyncio.gather(play_turns(world, east.general, 2), play_turns(world, east_vs_bot, 2))
    assert second in fleet.running  # never stopped, never restarted
    assert matches_named(second) == {before.match_id}


async def resign(world: World, channel: Channel, loser: User) -> None:
    """``loser`` gives the match in ``channel`` up (``/minigam resign``, then yes), and it is over (rated
    when both have played)."""
    await world.settled(channel)
    asked = await world.slash(loser, "resign", channel=world.table(channel))
    question = await world.ephemeral_reply(asked)
    await world.fake.click(loser, question, question.button("yes, resign"))
    await world.fake.wait_for(lambda: world.stored(channel).status != "active", what="the resignation")


async def records(world: World, person: User, *guilds: Guild) -> dict[str, tuple[str, str]]:
    """What ``person`` reads in each of ``guilds``: its leaderboard and their stats there."""
    shown = {}
    for guild in guilds:
        board = await world.slash(person, "leaderboard", channel=guild.general)
        stats = await world.slash(person, "stats", channel=guild.general)
        shown[guild.name] = (await world.answer_text(board), await world.answer_text(stats))
    return shown


async def test_the_records_read_the_same_from_either_process_and_each_server_keeps_its_own(
    fleet: Fleet, fake: FakeDiscord, east: Guild, west: Guild
) -> None:
    world = fleet.world
    alice, bob = east.alice, east.bob
    fake.join(west, alice, bob)  # the same two people in both servers
    await asyncio.gather(fleet.start("0"), fleet.start("1"))
    await asyncio.gather(
        world.start_match(alice, bob, channel=east.general),
        world.start_match(alice, bob, channel=west.general),
    )
    await asyncio.gather(play_turns(world, east.general, 2), play_turns(world, west.general, 2))  # rated now
    await asyncio.gather(resign(world, east.general, bob), resign(world, west.general, alice))

    shown = await records(world, alice, east, west)  # east's from shard 0's process, west's from shard 1's

    for guild, (won, lost) in ((east, (1, 0)), (west, (0, 1))):
        stored = world.db.ratings(guild.id, "minigam")[alice.id]
        assert (stored.wins, stored.losses) == (won, lost)
        board, stats = shown[guild.name]
        assert f"**{won}** won, **{lost}** lost" in stats
        assert f"Rating **{stored.rating:.1f}**" in stats
        assert f"{won}-{lost}, streak" in stats
        assert f"{stored.rating:.1f}" in board
    assert shown["east"] != shown["west"]

    await fleet.stop()
    await fleet.start("0", count=1)  # one process for the whole bot now: it reads what both wrote
    assert await records(world, alice, east, west) == shown


async def test_an_analysis_asked_in_each_shards_server_while_the_other_process_is_busy(
    fleet: Fleet, fake: FakeDiscord, east: Guild, west: Guild
) -> None:
    world = fleet.world
    await asyncio.gather(fleet.start("0"), fleet.start("1"))
    games = {}
    for guild in (east, west):
        await world.vs_bot(guild.alice, channel=guild.general, variant="minigam", level="easy")
    for guild in (east, west):
        final = await world.play_to_end(guild.general)
        [(game, _)] = final.games
        games[guild.id] = game.game_id

    for asking, busy in ((east, west), (west, east)):
        await world.vs_bot(busy.bob, channel=busy.extra_channels[0], variant="minigam", level="easy")
        playing = asyncio.create_task(play_turns(world, busy.extra_channels[0], 6))  # the other is busy
        asked = await world.slash(asking.carol, "analyse", channel=asking.general)
        await world.answer_text(asked, within=60)
        await playing
        embeds = [e for m in world.replies(asked) for e in m.embeds]
        assert all(m.ephemeral for m in world.replies(asked))
        assert embeds[0]["title"].startswith(f"Analysis of game #{games[asking.id]} · Minigam")
    assert all(world.db.analysis(game_id) is not None for game_id in games.values())
    assert fake.violations == []
