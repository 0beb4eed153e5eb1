"""Syncing the slash commands with Discord: to a development server at once, globally only when the
command set changed since the last global sync (its digest kept in the store), and by one process of all
that share the database (:meth:`~bot.store.protocol.Store.exclusively`), never "process 0"."""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord import app_commands

from bot.store import Store

log = logging.getLogger(__name__)

COMMANDS_HASH_KEY = "commands_hash"


async def sync_commands(tree: app_commands.CommandTree, store: Store, dev_guild_id: int | None) -> None:
    """Sync ``tree``'s commands, unless another process is doing it."""
    async with store.exclusively("sync commands") as mine:
        if not mine:
            log.info("another process is syncing the commands")
            return
        if dev_guild_id:
            guild = discord.Object(dev_guild_id)
            tree.copy_global_to(guild=guild)
            synced = await tree.sync(guild=guild)
            log.info("synced %d command(s) to the development server %s", len(synced), guild.id)
            return
        payload = [command.to_dict(tree) for command in tree.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        if await store.get_meta(COMMANDS_HASH_KEY) == digest:
            log.info("commands unchanged since the last global sync")
            return
        synced = await tree.sync()
        await store.set_meta(COMMANDS_HASH_KEY, digest)
        log.info("synced %d command(s) globally", len(synced))


__all__ = ["COMMANDS_HASH_KEY", "sync_commands"]
