"""Processes that share a database, each serving its shards' servers: a process loads, times and
forfeits only its own servers' matches, and expires only its own servers' challenges and lobbies."""

from __future__ import annotations

from bot.core import Core, HouseRules
from bot.models import ChallengeStatus, Shards
from engine import SeededDice
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, first_play_factory

EVEN = 2 << 22  # a server on shard 0 of 2
ODD = 3 << 22  # a server on shard 1 of 2


def _core(storage, clock, shard: int | None) -> Core:
    shards = Shards(2, None if shard is None else frozenset({shard}))
    rules = HouseRules(challenge_timeout=60, turn_timeout=600)
    return Core(
        storage, clock=clock, dice=SeededDice(1), computer=first_play_factory, rules=rules, shards=shards
    )


def test_a_server_is_on_the_shard_discords_formula_gives() -> None:
    assert Shards(2).of(EVEN) == 0
    assert Shards(2).of(ODD) == 1
    assert Shards(16).of(175928847299117063) == (175928847299117063 >> 22) % 16
    assert Shards(2, frozenset({1})).owns(ODD)
    assert not Shards(2, frozenset({1})).owns(EVEN)
    assert Shards().owns(EVEN)


async def test_each_process_loads_only_its_servers_matches(storage, clock) -> None:
    everyone = _core(storage, clock, None)
    for guild, channel in ((EVEN, CHANNEL), (ODD, CHANNEL + 1)):
        sent = await everyone.challenges.challenge(guild, channel, ALICE, BOB)
        await everyone.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)

    even, odd = _core(storage, clock, 0), _core(storage, clock, 1)

    assert await even.load() == 1
    assert await odd.load() == 1
    assert [m.record.guild_id for m in even.ctx.live] == [EVEN]
    assert [m.record.guild_id for m in odd.ctx.live] == [ODD]


async def test_each_process_forfeits_and_expires_only_for_its_own_servers(storage, clock) -> None:
    everyone = _core(storage, clock, None)
    waiting = {}
    for guild, channel in ((EVEN, CHANNEL), (ODD, CHANNEL + 1)):
        sent = await everyone.challenges.challenge(guild, channel, ALICE, CAROL)
        waiting[guild] = sent.notices[0].challenge_id
        sent = await everyone.challenges.challenge(guild, channel + 10, ALICE, BOB)
        await everyone.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    even = _core(storage, clock, 0)
    await even.load()
    clock.advance(3600)

    await even.timeouts.sweep()

    assert (await storage.challenge(waiting[EVEN])).status is ChallengeStatus.EXPIRED
    assert (await storage.challenge(waiting[ODD])).status is ChallengeStatus.PENDING
    statuses = {m.guild_id: m.status for m in [await storage.match(i) for i in range(1, 3)] if m}
    assert statuses[EVEN] != "active"  # forfeited by its own process
    assert statuses[ODD] == "active"  # left to the process of shard 1
