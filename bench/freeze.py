"""What ``gc.freeze`` buys the bot process: ``python -m bench.freeze``.

The bot freezes what start-up made once it is ready (:func:`bot.app.lifecycle._freeze_when_ready`): out of
the collector's sight, a full collection no longer walks it. Here one process builds what a bot process
holds: what it imports (discord.py, the bot, the engine, the pictures' module), a discord.py client with
``--guilds`` servers in its cache and its 1,000 messages kept, and ``--matches`` live games. Then, with the
collector as it is and frozen after that start-up, in turns within the run:

- **a full collection's pause** (``gc.collect()``), what the event loop waits whenever one comes;
- **turns**: a roll or a play of one of the live games, the board's message parsed into discord.py's
  message cache (which drops its oldest: garbage that lived long enough to reach the oldest generation,
  as the bot's does) and the interaction's payload read. Per 1,000 turns: the full collections, their
  pause (median and longest), and all the collector's time.

The workers are started with ``spawn`` before the bot is ready, so the freeze changes nothing in their
memory: it is about the bot's own event loop.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from collections.abc import Sequence

import discord

import bot.app.lifecycle
import bot.console
import images
from engine import Awaiting, Game, SeededDice

LOADED = (bot.app.lifecycle, bot.console, images)  # what a bot process has imported

VARIANTS = ("minigam", "multigam", "backgammon")
FROZEN = "frozen at start"
MODES = ("collector as it is", FROZEN)


def _user(user_id: int, name: str) -> dict:
    return {"id": str(user_id), "username": name, "discriminator": "0", "avatar": None, "global_name": None}


def guild_payload(guild_id: int) -> dict:
    """A server as GUILD_CREATE gives it: a role, five text channels, three members."""
    return {
        "id": str(guild_id),
        "name": f"server {guild_id}",
        "icon": None,
        "owner_id": "7",
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [
            {"id": str(guild_id), "name": "@everyone", "permissions": "0", "position": 0, "color": 0}
            | {"hoist": False, "managed": False, "mentionable": False, "flags": 0}
        ],
        "channels": [
            {"id": str(guild_id * 10 + k), "type": 0, "name": f"channel {k}", "position": k}
            | {"permission_overwrites": [], "guild_id": str(guild_id)}
            for k in range(5)
        ],
        "threads": [],
        "members": [
            {"user": _user(7 + u, f"user {u}"), "roles": [], "joined_at": "2024-01-01T00:00:00+00:00"}
            | {"deaf": False, "mute": False, "flags": 0}
            for u in range(3)
        ],
        "member_count": 3,
        "voice_states": [],
        "presences": [],
        "large": False,
        "unavailable": False,
    }


def message_payload(message_id: int, channel_id: int, guild_id: int) -> dict:
    """A board as MESSAGE_CREATE gives it: the picture and a row of buttons."""
    buttons = [
        {"type": 2, "id": 2 + k, "style": 1, "label": label, "custom_id": f"mg:1:{message_id}:{label}"}
        for k, label in enumerate(("play", "double", "resign", "hint"))
    ]
    picture = {"id": str(message_id), "filename": "board.png", "size": 45_000, "width": 800, "height": 600}
    picture |= {"url": "https://cdn.invalid/board.png", "proxy_url": "https://media.invalid/board.png"}
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "guild_id": str(guild_id),
        "author": _user(9, "Minigam") | {"bot": True},
        "content": "",
        "timestamp": "2024-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [picture | {"content_type": "image/png", "description": "the board"}],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 0,
        "components": [{"type": 1, "id": 1, "components": buttons}],
    }


INTERACTION = json.dumps(
    {
        "id": "1",
        "application_id": "2",
        "type": 2,
        "token": "x" * 150,
        "version": 1,
        "guild_id": "1000",
        "channel_id": "10000",
        "member": {"user": _user(7, "user 0"), "roles": [], "permissions": "0", "joined_at": "2024-01-01"},
        "data": {"id": "3", "name": "minigam", "type": 1, "options": [{"type": 1, "name": "move"}]},
        "locale": "en-US",
        "guild_locale": "en-US",
    }
)


class BotHeap:
    """What a bot process holds after start-up, and its turns."""

    def __init__(self, guilds: int, matches: int, seed: int) -> None:
        self.client = discord.Client(intents=discord.Intents.default())
        state = self.client._connection
        self.guilds = [state._add_guild_from_data(guild_payload(1000 + g)) for g in range(guilds)]
        self.rng = random.Random(seed)
        self.dice = SeededDice(seed)
        self.games = [self._played(i) for i in range(matches)]
        self.turns = 0
        for _ in range(state.max_messages or 0):
            self._message()

    def _played(self, i: int) -> Game:
        game = Game.start(VARIANTS[i % len(VARIANTS)], self.dice)
        for _ in range(self.rng.randrange(10, 60)):
            game = self._next(game, i)
        return game

    def _next(self, game: Game, i: int) -> Game:
        if game.outcome is None and game.awaiting == Awaiting.ROLL:
            return game.roll(self.dice)
        if game.outcome is None and game.awaiting == Awaiting.PLAY:
            return game.play(self.rng.choice(game.legal_plays()))
        return Game.start(VARIANTS[i % len(VARIANTS)], self.dice)

    def _message(self) -> None:
        self.turns += 1
        guild = self.guilds[self.turns % len(self.guilds)]
        channel = guild.text_channels[0]
        data = message_payload(10**9 + self.turns, channel.id, guild.id)
        state = self.client._connection
        state._messages.append(discord.Message(state=state, channel=channel, data=data))  # type: ignore[union-attr]

    def turn(self) -> None:
        i = self.turns % len(self.games)
        self.games[i] = self._next(self.games[i], i)
        json.loads(INTERACTION)
        self._message()


def main(argv: Sequence[str] | None = None) -> int:
    prog, about = "python -m bench.freeze", __doc__.splitlines()[0]
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("--guilds", type=int, default=200, help="servers in the cache (default 200)")
    parser.add_argument("--matches", type=int, default=200, help="live games (default 200)")
    parser.add_argument("--turns", type=int, default=2_000, help="turns before each collection")
    parser.add_argument("--rounds", type=int, default=7, help="collections of each mode, in turns")
    args = parser.parse_args(argv)

    heap = BotHeap(args.guilds, args.matches, 1)
    gc.collect()
    print(
        f"start-up: {len(gc.get_objects())} objects the collector tracks ({args.guilds} servers cached,"
        f" 1,000 messages, {args.matches} live games)"
    )
    pauses: dict[str, list[float]] = {mode: [] for mode in MODES}
    cpu: dict[str, list[float]] = {mode: [] for mode in MODES}
    for _ in range(args.rounds):
        for mode in MODES:
            gc.unfreeze()
            gc.collect()
            if mode == FROZEN:
                gc.freeze()
            for _ in range(args.turns):
                heap.turn()
            t0, c0 = time.perf_counter(), time.thread_time()
            gc.collect()
            pauses[mode].append(time.perf_counter() - t0)
            cpu[mode].append(time.thread_time() - c0)
    gc.unfreeze()
    print(f"a full collection after {args.turns} turns, ms ({args.rounds} of each, in turns):")
    for mode, values in pauses.items():
        each = " ".join(f"{1000 * v:5.1f}" for v in values)
        print(
            f"  {mode:<19} median {1000 * statistics.median(values):5.1f} (CPU"
            f" {1000 * statistics.median(cpu[mode]):5.1f})   each: {each}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
