"""Several bot processes under load (``--processes``): ``python -m bot`` of this checkout, each on its share
of the bot's shards, all on one PostgreSQL database; and the stand-in's guilds the matches are spread over.

The bot has ``shards`` shards (``SHARD_COUNT``) and the stand-in a guild on each, the matches dealt over the
guilds in turn (match ``i`` in guild ``i % shards``, in its own channel, between two of that guild's
members). Of ``n`` processes, process ``k`` runs shards ``k``, ``k + n``, ... (``SHARD_IDS``; one process runs
them all), so each serves ``1/n`` of the matches, and runs of 1 and 2 processes (``--processes 1,2``) play the
same guilds and matches.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bench.load.bots import DatabaseState, RunningBot, tree_label
from bench.load.report import Stats
from bench.load.stages import read_traces
from bot import timing
from tests.e2e.standin import Channel, FakeDiscord, StandInError, User
from tests.e2e.world import ROOT, BotProcess, World


@dataclass(frozen=True, slots=True)
class Table:
    """Where one match is played, and by whom (against the computer: the first player only)."""

    channel: Channel
    players: tuple[User, User]


def shard_count(processes: list[int]) -> int:
    """The bot's shards for runs of each of ``processes`` processes: a number every run divides evenly."""
    return math.lcm(*processes)


def shard_ids(k: int, processes: int, shards: int) -> str:
    """``SHARD_IDS`` of process ``k`` of ``processes`` (empty, all the shards, for a process alone)."""
    return "" if processes == 1 else ",".join(str(s) for s in range(k, shards, processes))


def stand_in(matches: int, shards: int | None) -> tuple[FakeDiscord, list[Table]]:
    """The stand-in (not started) and the table of each match: in its one guild (``shards`` None), or in a
    guild on each of ``shards`` shards, in turn."""
    if shards is None:
        fake = FakeDiscord(extra_channels=matches, extra_members=2 * matches)
        return fake, _tables(fake.extra_channels, fake.extra_members)
    fake = FakeDiscord(extra_channels=0)
    in_guild = []
    for shard in range(shards):
        count = len(range(shard, matches, shards))
        guild = fake.add_guild(
            f"s{shard}", shard=shard, of=shards, extra_channels=count, extra_members=2 * count
        )
        in_guild.append(_tables(guild.extra_channels, guild.extra_members))
    return fake, [in_guild[i % shards][i // shards] for i in range(matches)]


def _tables(channels: list[Channel], people: list[User]) -> list[Table]:
    return [Table(channel, (people[2 * i], people[2 * i + 1])) for i, channel in enumerate(channels)]


def fleet_label(processes: int, shards: int) -> str:
    """``this checkout @ abc1234: 2 processes, 1 shard each, on PostgreSQL``."""
    each = shards // processes
    many = "processes" if processes > 1 else "process"
    return (
        f"{tree_label(ROOT)}: {processes} {many}, {each} shard{'s' if each > 1 else ''}"
        f"{' each' if processes > 1 else ''}, on PostgreSQL"
    )


async def _connected(fake: FakeDiscord, process: BotProcess, shards: list[int], count: int) -> None:
    """Once each of ``process``'s shards has its guilds and the bot said it is ready."""
    try:
        for shard in shards:
            await fake.wait_for_shard(shard, count, within=60)
        said = "the bot's on_ready"
        await fake.wait_for(
            lambda: any("connected as" in line for line in process.output), within=60, what=said
        )
    except StandInError as exc:
        raise StandInError(f"{exc}; the process said:\n" + "\n".join(process.output[-30:])) from None


@contextlib.asynccontextmanager
async def bots_in_processes(
    fake: FakeDiscord,
    tmp: Path,
    args: argparse.Namespace,
    stats: Stats,
    database_url: str,
    processes: int,
    shards: int,
) -> AsyncIterator[RunningBot]:
    """``processes`` bot processes of this checkout sharing ``shards`` shards on ``database_url``."""
    world = World(fake, tmp, seed=args.seed, database_url=database_url)
    fleet: list[BotProcess] = []
    timings = [tmp / f"timings-{k}.json" for k in range(processes)]
    for k in range(processes):
        env = {
            **world.process_env(),
            "SHARD_COUNT": str(shards),
            "SHARD_IDS": shard_ids(k, processes, shards),
            "RENDER_WORKERS": str(args.render_workers),
            "AI_WORKERS": str(args.ai_workers),
        }
        if args.timings:
            env[timing.ENV] = str(timings[k])
        fleet.append(BotProcess(env, tmp))
    state: DatabaseState | None = None
    try:
        await asyncio.gather(*(p.start() for p in fleet))
        await asyncio.gather(
            *(_connected(fake, p, list(range(k, shards, processes)), shards) for k, p in enumerate(fleet))
        )
        state = DatabaseState(database_url)
        yield RunningBot(
            state,
            tuple(p.pid for p in fleet),
            fleet_label(processes, shards),
            lambda: [trace for path in timings for trace in read_traces(path)],
        )
    finally:
        if state is not None:
            state.close()
        started = [p for p in fleet if p.proc is not None]
        codes = await asyncio.gather(*(p.stop() for p in started))
        for k, (process, code) in enumerate(zip(started, codes, strict=True)):
            if code != 0:
                stats.errors.append(f"bot process #{k} exited with status {code}")
            stats.errors.extend(f"bot process #{k} log: {line}" for line in process.problems())


__all__ = ["Table", "bots_in_processes", "fleet_label", "shard_count", "shard_ids", "stand_in"]
