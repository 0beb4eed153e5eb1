"""How loud a game against the computer is: ``python -m tests.e2e.quiet --variant minigam --games 5``.

The real bot (in this process) plays ``/minigam vs-bot`` games through the Discord stand-in: Alice types
the play that saves the most pips with ``/minigam move``, rolls (never doubles) with the board's Roll
button and takes every double. Printed per game, then on average: the public messages the bot posted
(wherever the match was played: the channel or its thread), the pictures among them (PNG attachments as
posted), the pings (messages that mention someone), the edits of earlier messages, and what Alice did
(plays, rolls, takes).
Ephemeral answers only Alice sees are not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from engine import SeededDice
from tests.e2e.standin import FakeDiscord, Message
from tests.e2e.world import World


@dataclass(frozen=True, slots=True)
class Loudness:
    """What one game posted."""

    messages: int
    pictures: int
    pings: int
    edits: int
    actions: int  # what Alice did: plays, rolls, takes


def as_posted(message: Message) -> dict:
    """A message as it was first posted (before any edit)."""
    return message.versions[0] if message.versions else message.snapshot()


def loudness(fake: FakeDiscord, since: set[int], actions: int) -> Loudness:
    """What the bot posted publicly since the messages ``since`` were there."""
    posted = [
        m
        for m in fake.messages.values()
        if m.id not in since and not m.ephemeral and not m.interaction_id and m.author.id == fake.bot_user.id
    ]
    pictures = sum(
        sum(1 for name in as_posted(m)["attachments"] if str(name).endswith(".png")) for m in posted
    )
    pings = sum(1 for m in posted if "<@" in str(as_posted(m)["content"]))
    edits = sum(len(m.versions) for m in fake.messages.values() if not m.ephemeral)
    return Loudness(len(posted), pictures, pings, edits, actions)


async def play_one(world: World, variant: str, level: str, seen: set[int]) -> Loudness:
    fake = world.fake
    before = set(fake.messages)
    edits_before = sum(len(m.versions) for m in fake.messages.values() if not m.ephemeral)
    await world.slash(fake.alice, "vs-bot", variant=variant, level=level)
    match = await fake.wait_for(lambda: _newest(world, seen), what="the match to start")
    channel = fake.channels[match.channel_id]
    for actions in range(600):
        match = await world.settled(channel, within=60)
        if match.status != "active":
            found = loudness(fake, before, actions)
            return Loudness(found.messages, found.pictures, found.pings, found.edits - edits_before, actions)
        game = match.game
        board = world.board_for(match)
        if game.awaiting == "play":
            await world.play_by_command(channel)
        elif board is not None:
            label = {"roll": "roll", "double-answer": "take", "resign-answer": "decline"}[game.awaiting]
            await fake.click(fake.alice, board, board.button(label))
            await fake.wait_for(lambda m=match: world.stored(channel).version > m.version, what="the answer")
    raise RuntimeError("the game did not end in 600 turns")


def _newest(world: World, seen: set[int]):
    match_id = world.db.newest_match_id(world.fake.general.id)
    if match_id is None or match_id in seen:
        return None
    return world.db.match_by_id(match_id)


async def measure(variant: str, level: str, games: int, seed: int) -> list[Loudness]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            world = World(fake, Path(tmp), dice=SeededDice(seed), ai_workers=0)
            seen: set[int] = set()
            await world.start()
            try:
                for number in range(games):
                    found = await play_one(world, variant, level, seen)
                    out.append(found)
                    seen.add(world.db.match_in(fake.general.id).match_id)
                    print(
                        f"game {number + 1}: {found.messages} messages, {found.pictures} pictures, "
                        f"{found.pings} pings, {found.edits} edits, {found.actions} actions of Alice",
                        flush=True,
                    )
            finally:
                await world.close()
            if fake.violations or fake.unknown_routes:
                print("stand-in:", fake.violations, fake.unknown_routes)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="minigam")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    found = asyncio.run(measure(args.variant, args.level, args.games, args.seed))
    with contextlib.suppress(statistics.StatisticsError):
        for name in ("messages", "pictures", "pings", "edits", "actions"):
            values = [getattr(f, name) for f in found]
            mean = statistics.mean(values)
            print(f"{name:>8} per game: mean {mean:.1f}, min {min(values)}, max {max(values)}")
        per_turn = statistics.mean(f.pictures / max(1, f.actions) for f in found)
        print(f" pictures per action of Alice: {per_turn:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
