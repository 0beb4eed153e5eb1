"""The console's puzzles and training (issue 34): the same core as on Discord."""

from __future__ import annotations

from bot.core import Core, Result, ServiceError
from bot.models import PlayerRef

COMMANDS = frozenset({"puzzle", "train"})
"""The console commands this module runs."""


async def run(core: Core, actor: PlayerRef, command: str, rest: str) -> Result | None:
    """Run ``command`` (one of :data:`COMMANDS`) for ``actor`` with its arguments ``rest``."""
    raise ServiceError(f"{command} is not available at the console yet.")


__all__ = ["COMMANDS", "run"]
