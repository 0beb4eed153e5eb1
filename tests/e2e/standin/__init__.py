"""A local stand-in for Discord: enough of its REST API and gateway for the real bot to run against.

:class:`FakeDiscord` is an aiohttp server on 127.0.0.1 (a free port). It plays Discord's side of the
protocol as discord.py 2.7 speaks it:

- REST under ``/api/v10`` (point ``discord.http.Route.BASE`` at :attr:`FakeDiscord.api_base`):
  ``GET /users/@me``, ``GET /oauth2/applications/@me``, command sync (``PUT .../commands``, global and
  guild), interaction callbacks (JSON or multipart ``payload_json`` + ``files[n]``, answered in the 2.5+
  ``{"interaction": ..., "resource": ...}`` shape), followups and ``@original`` edits through
  ``/webhooks/{app}/{token}``, channel messages, threads, and a few look-ups (users, members, channels,
  DMs). Any other route is logged at ERROR, recorded in :attr:`FakeDiscord.unknown_routes` and answered
  404.
- The gateway websocket at :attr:`FakeDiscord.gateway_url` (:mod:`~tests.e2e.standin.gateway`): HELLO,
  heartbeat ACKs, IDENTIFY (with a shard or not) -> READY -> GUILD_CREATE (roles, channels, members) for
  each guild of the shard, member chunk requests, and each guild's events (INTERACTION_CREATE...) sent to
  the sessions of its shard, ``(guild_id >> 22) % num_shards``. Several guilds, on chosen shards:
  :meth:`FakeDiscord.add_guild`.

Every REST request is first checked the way Discord checks it (:mod:`~tests.e2e.standin.rules`): the
route and method exist in Discord's OpenAPI description (:mod:`~tests.e2e.standin.openapi`), the
parameters and the JSON body (or an upload's ``payload_json`` and ``files[n]``) match the operation's
schemas, and Discord's documented limits hold. A broken rule is recorded in :attr:`FakeDiscord.violations`,
naming the rule and where it is written, and answered as Discord would (400 / code 50035; 404 or 405 for a
route Discord does not have). Requests are counted per route in :attr:`FakeDiscord.route_counts` (and added
to the JSON file ``$MINIGAM_DISCORD_ROUTES`` names, when it is set). It also keeps Discord's rules about
state and time: an interaction is answered once (a second answer is 400 / code 40060), within 3 seconds
(later: 404 / code 10062), a followup or ``@original`` needs an answer first, and its token works for 15
minutes (later: 401 / code 50027); a message is not empty and its embeds' ``attachment://`` pictures are
its files. Each violation is recorded in :attr:`FakeDiscord.violations`. Calls outside the interaction
routes count toward Discord's global limit of 50 a second (:attr:`FakeDiscord.global_times`); the stand-in
does not refuse them, the load reports them.

Everything the bot posts is recorded as a :class:`Message` (content, embeds, components, attachments with
their bytes, the ephemeral flag, every edit), per channel, with timestamps, so tests can assert on what a
person would see. Tests act as people through :meth:`FakeDiscord.slash`, :meth:`FakeDiscord.autocomplete`
and :meth:`FakeDiscord.click`.

The modules, one per area of Discord's (each a class :class:`FakeDiscord` joins):

- ``server`` — :class:`FakeDiscord`: start and close, routing each REST request to its area's handler
  (marked with :func:`~tests.e2e.standin.base.route`), the count against the global limit;
- ``guilds`` — guilds, people, channels and permissions, and the REST look-ups;
- ``messages`` — channel messages (posted, listed, edited, deleted), the typing indicator, waiting for a
  message;
- ``threads`` — threads opened, joined, archived and brought back;
- ``applications`` — the bot's application and its commands (sync, the data of a command sent);
- ``interactions`` — people acting (slash, autocomplete, click) and the bot's answers through the
  interaction routes (callback, followups, ``@original``);
- ``files`` — request bodies and their uploads, and the attachments a message keeps;
- ``gateway`` — the websocket, its sessions and shards;
- ``rules`` and ``openapi`` — the check of every request;
- ``records``, ``constants`` and ``base`` — the records of the world, Discord's numbers, and the state
  the areas share.
"""

from tests.e2e.standin.records import Attachment, Channel, Guild, Interaction, Message, StandInError, User
from tests.e2e.standin.server import FakeDiscord, busiest_second, under_global_limit

__all__ = [
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Guild",
    "Interaction",
    "Message",
    "StandInError",
    "User",
    "busiest_second",
    "under_global_limit",
]
