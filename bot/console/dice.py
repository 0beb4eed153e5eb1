"""The console's ``dice [match]``: a finished match's dice and seed (issue 33), the same core as on Discord;
the listing is saved as a file like an export."""

from __future__ import annotations

from bot.core import Core, Result, ServiceError
from bot.models import PlayerRef

COMMANDS = frozenset({"dice"})
"""The console commands this module runs."""

USAGE = "Usage: dice [match], e.g. dice 3 or dice match:3 (default: the last match played here)."
HERE = 0  # the console's one server and channel (bot.console.console's GUILD_ID and CHANNEL_ID)


async def run(core: Core, actor: PlayerRef, command: str, rest: str) -> Result | None:
    """Run ``command`` (one of :data:`COMMANDS`) for ``actor`` with its arguments ``rest``."""
    text = rest.strip().removeprefix("match:").strip().removeprefix("#")  # as the bot's words write it
    if text and not (text.isdecimal() and text.isascii() and 0 < int(text) < 2**63):
        raise ServiceError(USAGE)
    match_id = int(text) if text else None
    return await core.dice_listings.listing(HERE, actor.user_id, match_id, guild_id=HERE)


__all__ = ["COMMANDS", "USAGE", "run"]
