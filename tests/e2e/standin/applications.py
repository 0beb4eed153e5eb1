"""The bot's application: who it is (``/users/@me``, ``/applications/@me``), where the gateway is, and its
application commands: the sync (global and per guild), finding a synced command, and the data of a
command a person sends, checked as Discord's client checks it."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.e2e.standin.base import error_response, json_response, route
from tests.e2e.standin.constants import (
    EVERYONE_PERMISSIONS,
    INTEGER,
    NUMBER,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
)
from tests.e2e.standin.guilds import Guilds
from tests.e2e.standin.records import Channel, Guild, StandInError, User


class Applications(Guilds):
    """The application and its synced commands."""

    # -------------------------------------------------------------- REST: start-up
    @route("GET", r"/users/@me")
    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response({**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    @route("GET", r"/oauth2/applications/@me")
    @route("GET", r"/applications/@me")
    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": self.bot_user.payload(),
                "owner": self.guild.dana.payload(),
                "summary": "",
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
            }
        )

    @route("GET", r"/gateway")
    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    @route("GET", r"/gateway/bot")
    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    @route("PUT", r"/applications/(?P<app>\d+)/commands")
    @route("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands")
    async def _put_commands(self, request: web.Request, app: str, guild: str | None = None) -> web.Response:
        if int(app) != self.application_id:
            return error_response(403, "403: Forbidden: not your application", 50001)
        body = await self._json_body(request)
        guild_id = int(guild) if guild else None
        echoed = []
        old = {c["name"]: c for c in self.commands.get(guild_id, [])}
        for cmd in body:
            out = {
                **cmd,
                "id": old[cmd["name"]]["id"] if cmd["name"] in old else str(self.snowflake()),
                "application_id": str(self.application_id),
                "version": str(self.snowflake()),
                "type": cmd.get("type", 1),
                "default_member_permissions": cmd.get("default_member_permissions"),
                "dm_permission": cmd.get("dm_permission", True),
                "nsfw": cmd.get("nsfw", False),
            }
            if guild_id is not None:
                out["guild_id"] = str(guild_id)
            echoed.append(out)
        self.commands[guild_id] = echoed
        self._notify()
        return json_response(echoed)

    @route("GET", r"/applications/(?P<app>\d+)/commands")
    @route("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands")
    async def _get_commands(self, request: web.Request, app: str, guild: str | None = None) -> web.Response:
        return json_response(self.commands.get(int(guild) if guild else None, []))

    # -------------------------------------------------------------- REST handlers: messages
    # -------------------------------------------------------------- commands, for tests
    async def wait_for_commands(self, *, within: float = 15.0) -> None:
        await self.wait_for(lambda: self.commands, within=within, what="the bot to sync its commands")

    # -------------------------------------------------------------- acting as people
    def find_command(self, path: str, guild: Guild | None = None) -> tuple[dict, int | None]:
        """The synced top-level command for ``path`` ("minigam move" or just "move": the top-level name
        may be left out when a single group holds the subcommand), with the guild it was synced to: one of
        ``guild``'s own or a global one (no ``guild``: of any guild)."""
        words = path.split()
        seen = sorted(
            ((g, cs) for g, cs in self.commands.items() if guild is None or g in (None, guild.id)),
            key=lambda kv: kv[0] is None,
        )
        for guild_id, commands in seen:
            for cmd in commands:
                if cmd["name"] == words[0]:
                    return cmd, guild_id
        if len(words) == 1:
            for guild_id, commands in seen:
                for cmd in commands:
                    for opt in cmd.get("options", ()):
                        if opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) and opt["name"] == words[0]:
                            return cmd, guild_id
        synced = sorted({c["name"] for cs in self.commands.values() for c in cs})
        raise StandInError(f"no synced command {path!r}; the bot synced {synced}")

    def _command_data(
        self, path: str, options: dict[str, Any], focused: str | None, channel: Channel
    ) -> dict:
        words = path.split()
        guild = self.guild_of(channel)
        cmd, guild_id = self.find_command(path, guild)
        if words[0] != cmd["name"]:
            words = [cmd["name"], *words]
        resolved: dict[str, dict] = {}
        # Walk down the subcommand groups.
        node = cmd
        chain: list[dict] = []
        for word in words[1:]:
            sub = next((o for o in node.get("options", ()) if o["name"] == word), None)
            if sub is None or sub.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise StandInError(f"{node['name']!r} has no subcommand {word!r}")
            chain.append(sub)
            node = sub
        declared = {o["name"]: o for o in node.get("options", ())}
        if focused is None:
            _check_options(" ".join(words), declared, options)
        leaf_options = []
        for name, value in options.items():
            if name not in declared:
                raise StandInError(f"/{' '.join(words)} has no option {name!r}; it has {sorted(declared)}")
            opt_type = declared[name]["type"]
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                if guild is not None and value.id in guild.members:
                    member = self.member_payload(value, guild=guild, with_permissions=True)
                    member.pop("user")
                    resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            elif isinstance(value, Channel):
                resolved.setdefault("channels", {})[str(value.id)] = {
                    "id": str(value.id),
                    "type": value.type,
                    "name": value.name,
                    "permissions": str(EVERYONE_PERMISSIONS),
                }
                value = str(value.id)
            entry: dict[str, Any] = {"name": name, "type": opt_type, "value": value}
            if name == focused:
                entry["focused"] = True
                entry["value"] = str(value)
            leaf_options.append(entry)
        # Nest the options under the subcommands, innermost first.
        opts: list[dict] = leaf_options
        for sub in reversed(chain):
            opts = [{"name": sub["name"], "type": sub["type"], "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if resolved:
            data["resolved"] = resolved
        return data


def _check_options(command: str, declared: dict[str, dict], given: dict[str, Any]) -> None:
    """What Discord's client enforces before a slash command is sent: required options, choices,
    number ranges and string lengths. A test that breaks one asks for something no one can send."""
    for name, opt in declared.items():
        if opt.get("required") and name not in given:
            raise StandInError(f"Discord requires option {name!r} of /{command}")
    for name, value in given.items():
        opt = declared.get(name)
        if opt is None:
            continue  # reported by the caller
        kind = opt["type"]
        if kind == STRING and not isinstance(value, str):
            raise StandInError(f"option {name!r} of /{command} is a string, not {value!r}")
        if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
            raise StandInError(f"option {name!r} of /{command} is an integer, not {value!r}")
        if kind == USER and not isinstance(value, User):
            raise StandInError(f"option {name!r} of /{command} is a member, not {value!r}")
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            offered = [c["value"] for c in choices]
            raise StandInError(f"option {name!r} of /{command} must be one of {offered}, not {value!r}")
        if kind in (INTEGER, NUMBER):
            if "min_value" in opt and value < opt["min_value"]:
                raise StandInError(f"option {name!r} of /{command} is at least {opt['min_value']}")
            if "max_value" in opt and value > opt["max_value"]:
                raise StandInError(f"option {name!r} of /{command} is at most {opt['max_value']}")
        if kind == STRING and not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
            raise StandInError(f"option {name!r} of /{command} breaks its length limits")
