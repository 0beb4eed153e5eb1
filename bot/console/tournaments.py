"""The console's tournaments, the players hot-seat by @name (issue 32): the same core as on Discord.

``tournament create <name> [knockout|swiss|round-robin] [variant] [points] [players N] [rounds N]
[clock C]``, then ``tournament join @Bob @Carol ...`` (``@me``: you), ``tournament start``; the matches
are played here one at a time (the console has one table), each started when the one before ends, and
typed as any hot-seat match. ``show``, ``list``, ``leave @name``, and the organiser's ``award @name``,
``remove @name`` and ``cancel``, each confirmed by typing ``yes`` after it. A tournament's number may
come first (``tournament show 3``); without it, the newest one still going is meant.
"""

from __future__ import annotations

from bot.console.commands import YOU, friend, words
from bot.core import Core, Info, Result, ServiceError
from bot.core.tournaments.service import TournamentAction
from bot.models import PlayerRef
from bot.store.protocol_tournaments import TournamentFormat

COMMANDS = frozenset({"tournament"})
"""The console commands this module runs."""

GUILD = 0  # the console's server and its one channel (bot.console.console's GUILD_ID and CHANNEL_ID)
CHANNEL = 0

USAGE = (
    "tournament create <name> [knockout|swiss|round-robin] [variant] [points] [players N] [rounds N] "
    "[clock C], then "
    "tournament join @Bob @Carol ... (@me: you), tournament start; also show, list, leave @name, "
    "award @name yes, remove @name yes, cancel yes."
)
FORMATS = {f.value for f in TournamentFormat}


async def run(core: Core, actor: PlayerRef, command: str, rest: str) -> Result | None:
    """Run ``command`` (one of :data:`COMMANDS`) for ``actor`` with its arguments ``rest``."""
    args = words(rest)
    if not args:
        raise ServiceError(USAGE)
    verb, args = args[0].lower(), args[1:]
    tournaments = core.tournaments
    if verb == "create":
        return await _create(core, args)
    if verb == "list":
        return await tournaments.listing(GUILD)
    tournament_id, args = await _which(core, args)
    confirmed = bool(args) and args[-1].lower() == "yes"
    if confirmed:
        args = args[:-1]
    match verb:
        case "show":
            return await tournaments.show(GUILD, tournament_id)
        case "join" | "leave":
            action = TournamentAction.JOIN if verb == "join" else TournamentAction.LEAVE
            result = Result()
            for player in _players(args) or [YOU]:
                result.extend(await tournaments.act(tournament_id, 0, player, action))
            return result
        case "start":
            t = await _read(core, tournament_id)
            return await tournaments.act(tournament_id, t.version, YOU, TournamentAction.START)
        case "award" | "remove" | "cancel":
            about = _players(args)
            if verb != "cancel" and len(about) != 1:
                raise ServiceError(f"Name one player: tournament {verb} @Bob yes.")
            player = about[0] if about else None
            question, version = await tournaments.question(GUILD, tournament_id, YOU, verb, player)
            if not confirmed:
                return Result([Info(f"{question} Type the same line with yes at the end to confirm.")])
            if verb == "cancel":
                return await tournaments.cancel(tournament_id, version, YOU)
            assert player is not None
            act = tournaments.award if verb == "award" else tournaments.remove
            return await act(tournament_id, version, YOU, player.user_id)
    raise ServiceError(USAGE)


async def _create(core: Core, args: list[str]) -> Result:
    if not args:
        raise ServiceError(USAGE)
    name, options = args[0], args[1:]
    kind, variant, points, rounds, clock = "knockout", None, None, None, "none"
    most = 16
    while options:
        word = options.pop(0)
        low = word.lower()
        if low in FORMATS:
            kind = low
        elif low in ("rounds", "clock", "players") and options:
            value = options.pop(0)
            if low == "clock":
                clock = value
            elif not value.isdecimal():
                raise ServiceError(USAGE)
            elif low == "rounds":
                rounds = int(value)
            else:
                most = int(value)
        elif word.isdecimal():
            points = int(word)
        else:
            variant = word
    return await core.tournaments.create(
        GUILD,
        CHANNEL,
        YOU,
        name=name,
        variant=variant or "minigam",
        points=points,
        format=kind,
        max_players=most,
        rounds=rounds,
        clock=clock,
        guild_name="console",
    )


async def _which(core: Core, args: list[str]) -> tuple[int, list[str]]:
    """The tournament a line names first (``3`` or ``#3``), else the newest one still going."""
    if args and args[0].lstrip("#").isdecimal():
        return int(args[0].lstrip("#")), args[1:]
    for t in await core.store.guild_tournaments(GUILD):
        if t.is_open or t.is_running:
            return t.tournament_id, args
    raise ServiceError("No tournament is going on here. Start one with: tournament create <name>.")


async def _read(core: Core, tournament_id: int):
    t = await core.store.tournament(tournament_id)
    if t is None or t.guild_id != GUILD:
        raise ServiceError("There's no such tournament here. Type tournament list.")
    return t


def _players(args: list[str]) -> list[PlayerRef]:
    return [friend(a, USAGE) for a in args if a.startswith("@")]


__all__ = ["COMMANDS", "run"]
