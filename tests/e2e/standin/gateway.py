"""The stand-in's gateway: Discord's websocket side, its sessions and their shards.

A bot connects to :attr:`FakeDiscord.gateway_url` and gets HELLO; heartbeats are ACKed. It IDENTIFYs, with
``shard: [shard_id, num_shards]`` or without (then it is ``[0, 1]``), and gets READY, which lists the guilds
of its shard (unavailable) and carries ``shard`` when one was sent, then one GUILD_CREATE per guild. From then
on every event of a guild goes to each session whose shard is the guild's, by Discord's formula
``(guild_id >> 22) % num_shards == shard_id`` worked out with the session's own ``num_shards``; an event of no
guild (a DM) goes to shard 0 only. Member chunks are answered for the session's guilds.

Discord's rules (https://discord.com/developers/docs/events/gateway#sharding, and the close codes of
https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes):

- a wrong token: closed with 4004 "Authentication failed";
- a second IDENTIFY on one connection: 4005 "Already authenticated";
- a shard outside ``0 <= shard_id < num_shards``: 4010 "Invalid shard";
- a session that would hold more than 2,500 guilds: 4011 "Sharding required";
- anything but a heartbeat before IDENTIFY: 4003 "Not authenticated".

Several sessions of one shard are allowed, as Discord allows them ("You can establish multiple sessions with
the same ``[shard_id, num_shards]``"): each gets the shard's events. That is how a redeploy hands a shard
over without downtime, and how a second process started on a shard by mistake answers everything twice;
:meth:`Gateway.sessions_of` shows who is connected. A RESUME naming a known session takes it over (its
shard and sequence); any other is answered INVALID_SESSION (op 9, not resumable), and the bot identifies.
Each session keeps the events it was sent (:attr:`Session.events`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.e2e.standin.server import FakeDiscord

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL = 41_250  # milliseconds, as Discord says in HELLO
MOST_GUILDS_PER_SHARD = 2_500

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-opcodes).
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE, RESUME = 0, 1, 2, 3, 4, 6
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

# Close codes.
NOT_AUTHENTICATED = 4003
AUTHENTICATION_FAILED = 4004
ALREADY_AUTHENTICATED = 4005
INVALID_SHARD = 4010
SHARDING_REQUIRED = 4011


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that gets a guild's events: Discord's formula."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class Shard:
    """What a session identified as: shard ``id`` of ``count``."""

    id: int = 0
    count: int = 1

    def serves(self, guild_id: int | None) -> bool:
        """Whether this shard gets the events of ``guild_id`` (None: an event of no guild, shard 0's)."""
        return self.id == 0 if guild_id is None else shard_of(guild_id, self.count) == self.id

    def __str__(self) -> str:
        return f"shard {self.id} of {self.count}"


class Session:
    """One gateway connection and the session it identified (or resumed)."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.shard: Shard | None = None  # set by IDENTIFY or RESUME
        self.ready = False  # READY and the guilds sent (or RESUMED): the shard's events come from then on
        self.session_id = secrets.token_hex(16)
        self.ended = False  # the connection is gone
        self.events: list[tuple[str, int | None]] = []  # every event sent, with its guild (None: of none)
        self._lock = asyncio.Lock()

    @property
    def identified(self) -> bool:
        return self.shard is not None

    @property
    def live(self) -> bool:
        """Ready, and neither closed nor closing."""
        return self.ready and not self.ended and not self.ws.closed

    def received(self, event: str) -> list[int | None]:
        """The guilds of the ``event`` events this session was sent, in order."""
        return [guild for name, guild in self.events if name == event]

    async def send(self, op: int, data: Any = None) -> None:
        async with self._lock:
            await self.ws.send_str(json.dumps({"op": op, "d": data, "s": None, "t": None}))

    async def dispatch(self, event: str, data: dict) -> None:
        async with self._lock:
            self.seq += 1
            self.events.append((event, _guild_of(data)))
            await self.ws.send_str(json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data}))

    async def close(self, code: int, reason: str) -> None:
        await self.ws.close(code=code, message=reason.encode())

    def __repr__(self) -> str:
        state = "live" if self.live else "identifying" if not self.identified else "closed"
        return f"<Session {self.session_id[:8]} {self.shard or 'unidentified'} {state}>"


def _guild_of(data: dict) -> int | None:
    guild_id = data.get("guild_id")
    return int(guild_id) if guild_id is not None else None


class Gateway:
    """The gateway of ``fake``: its sessions, and the events sent to the shards that get them."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: list[Session] = []  # every connection, oldest first
        self.identifies = 0  # IDENTIFYs answered with READY

    def live(self) -> list[Session]:
        return [s for s in self.sessions if s.live]

    def sessions_of(self, shard_id: int, shard_count: int = 1) -> list[Session]:
        """The live sessions identified as shard ``shard_id`` of ``shard_count``."""
        return [s for s in self.live() if s.shard == Shard(shard_id, shard_count)]

    def serving(self, guild_id: int | None) -> list[Session]:
        """The live sessions that get ``guild_id``'s events (None: the events of no guild)."""
        return [s for s in self.live() if s.shard is not None and s.shard.serves(guild_id)]

    async def dispatch(self, event: str, data: dict) -> int:
        """Send ``event`` to every session that gets it (by the ``guild_id`` in ``data``); how many did."""
        sessions = self.serving(_guild_of(data))
        for session in sessions:
            with contextlib.suppress(ConnectionError):  # closing while it is sent: the event is lost
                await session.dispatch(event, data)
        return len(sessions)

    async def close(self) -> None:
        for session in list(self.sessions):
            with contextlib.suppress(Exception):
                await session.ws.close()

    # -------------------------------------------------------------- the websocket
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = Session(ws)
        self.sessions.append(session)
        await session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL})
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_message(session, json.loads(msg.data))
                elif msg.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        finally:
            session.ended = True
            self.fake._notify()
        return ws

    async def _on_message(self, session: Session, msg: dict) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            await session.send(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            await self._identify(session, data or {})
        elif op == RESUME:
            await self._resume(session, data or {})
        elif not session.identified:
            await self._refuse(session, NOT_AUTHENTICATED, "Not authenticated.", f"op {op!r} before IDENTIFY")
        elif op == REQUEST_MEMBERS:
            await self._send_members(session, data or {})
        elif op in (PRESENCE, VOICE_STATE):
            pass  # nothing the stand-in shows
        else:
            log.error("fake Discord: unknown gateway op %r: %r", op, msg)
            self.fake.violations.append(f"unknown gateway op {op!r}")

    async def _refuse(self, session: Session, code: int, reason: str, why: str) -> None:
        """Close ``session`` with ``code``, as Discord does, and record why: a bot broke a rule."""
        log.error("fake Discord: gateway closed with %s %s: %s", code, reason, why)
        self.fake.violations.append(f"gateway {code} {reason} {why}")
        await session.close(code, reason)

    async def _identify(self, session: Session, data: dict) -> None:
        fake = self.fake
        if session.identified:
            await self._refuse(session, ALREADY_AUTHENTICATED, "Already authenticated.", "a second IDENTIFY")
            return
        if data.get("token") != fake.token:
            await self._refuse(session, AUTHENTICATION_FAILED, "Authentication failed.", "a wrong token")
            return
        sent = data.get("shard")
        shard = _parse_shard(sent)
        if shard is None:
            await self._refuse(session, INVALID_SHARD, "Invalid shard.", f"shard {sent!r}")
            return
        guilds = [g for g in fake.guilds.values() if shard.serves(g.id)]
        if len(guilds) > MOST_GUILDS_PER_SHARD:
            await self._refuse(
                session, SHARDING_REQUIRED, "Sharding required.", f"{len(guilds)} guilds on {shard}"
            )
            return
        session.shard = shard
        self.identifies += 1
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": fake.gateway_url,
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        if sent is not None:
            ready["shard"] = [shard.id, shard.count]
        await session.dispatch("READY", ready)
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", fake.guild_payload(guild))
        session.ready = True
        fake._notify()

    async def _resume(self, session: Session, data: dict) -> None:
        old = next(
            (s for s in self.sessions if s is not session and s.session_id == data.get("session_id")), None
        )
        if old is None or data.get("token") != self.fake.token:
            await session.send(INVALID_SESSION, False)
            return
        old.ended = True
        session.session_id, session.shard, session.seq = old.session_id, old.shard, old.seq
        await session.dispatch("RESUMED", {})
        session.ready = True
        self.fake._notify()

    async def _send_members(self, session: Session, data: dict) -> None:
        fake = self.fake
        asked = data.get("guild_id")
        for guild_id in asked if isinstance(asked, list) else [asked]:
            guild = fake.guilds.get(int(guild_id))
            if guild is None or session.shard is None or not session.shard.serves(guild.id):
                continue  # not this session's guild: nothing comes
            members = [fake.bot_user, *guild.members.values()]
            await session.dispatch(
                "GUILD_MEMBERS_CHUNK",
                {
                    "guild_id": str(guild.id),
                    "members": [fake.member_payload(u, guild=guild) for u in members],
                    "chunk_index": 0,
                    "chunk_count": 1,
                    "nonce": data.get("nonce"),
                    "not_found": [],
                },
            )


def _parse_shard(sent: Any) -> Shard | None:
    """The shard an IDENTIFY names (none named: shard 0 of 1), or None when Discord refuses it."""
    if sent is None:
        return Shard()
    if not isinstance(sent, list) or len(sent) != 2 or not all(type(n) is int for n in sent):
        return None
    shard_id, count = sent
    return Shard(shard_id, count) if 0 <= shard_id < count else None


__all__ = ["Gateway", "Session", "Shard", "shard_of"]
