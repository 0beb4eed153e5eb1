"""The console's puzzles and training (issue 34): the same core as on Discord, in words.

puzzle [family]                 a puzzle (a family or a game: backgammon, minigam-strict...)
puzzle answer <play>            answer it: a play in notation, or double, no double, take, pass
puzzle stats [@name]            puzzle ratings and streaks
puzzle leaderboard [family]     the best puzzle ratings here
train                           your own worst positions, until you find the best play
"""

from __future__ import annotations

from bot.console.commands import one_player
from bot.core import Core, Result, ServiceError
from bot.models import PlayerRef

COMMANDS = frozenset({"puzzle", "train"})
"""The console commands this module runs."""

GUILD_ID = 0  # the console's own server (bot.console.console.GUILD_ID, which imports this module)
USAGE = "Usage: puzzle [family] | puzzle answer <play> | puzzle stats [@name] | puzzle leaderboard [family]"


async def run(core: Core, actor: PlayerRef, command: str, rest: str) -> Result | None:
    """Run ``command`` (one of :data:`COMMANDS`) for ``actor`` with its arguments ``rest``."""
    puzzles = core.puzzles
    if command == "train":
        if rest.strip():
            raise ServiceError("Usage: train")
        return await puzzles.train(GUILD_ID, actor)
    word, _, more = rest.strip().partition(" ")
    more = more.strip()
    match word.lower():
        case "answer":
            if not more:
                raise ServiceError(USAGE)
            return await puzzles.answer_open(GUILD_ID, actor, more)
        case "stats":
            return await puzzles.stats(GUILD_ID, one_player(more))
        case "leaderboard":
            return await puzzles.leaderboard(GUILD_ID, more or None)
        case "solve":
            return await puzzles.solve(GUILD_ID, actor, more or None)
        case "":
            return await puzzles.solve(GUILD_ID, actor)
    if more:
        raise ServiceError(USAGE)
    return await puzzles.solve(GUILD_ID, actor, word)


__all__ = ["COMMANDS", "run"]
