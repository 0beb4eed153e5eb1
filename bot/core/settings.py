"""Per-server settings, changed by members with Manage Server (``/minigam settings``).

Each setting is declared once in :data:`SETTINGS` (its name and kind: how it is read and shown); a server
stores only what it changed, and ``default`` puts a setting back. :class:`ServerSettings` is what the rest
of the core reads; its defaults come from the bot's :class:`~bot.core.context.HouseRules`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from bot.core import setting_kinds as kinds
from bot.core.context import DAY, Context, HouseRules
from bot.core.errors import ServiceError
from bot.core.notices import Reply, Result
from bot.core.venue import HERE, Venue
from bot.models import PlayerRef
from bot.texts import venue as words
from engine import Variant


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """A server's settings (the defaults where it changed nothing)."""

    jacoby: bool = True  # money play: gammons count single while the cube is centred
    rated: bool = True  # matches between people change their ratings
    variants: frozenset[str] | None = None  # the variants matches may be started with (None: all)
    channels: frozenset[int] | None = None  # where matches may be started (None: anywhere)
    turn_limit: float = 86400.0  # a person's time for a turn before they forfeit (multigam: lose the seat)
    bot_idle: float = 3600.0  # a game against the computer left this long by its person is closed
    archive_after: float = 3600.0  # a match's thread is archived this long after its last match ended
    challenge_expiry: float = 600.0  # a challenge not answered by then expires
    lobby_expiry: float = 900.0  # a four-player lobby not started by then closes
    tournament_role: int | None = None  # besides Manage Server, members with it may create tournaments
    tournament_round: float = 86400.0  # a tournament's match not over this long after it started is decided
    puzzle_channel: int | None = None  # where the daily puzzle is posted (None: no daily puzzle)
    puzzle_hour: int = 12  # the hour of the day (UTC) it is posted

    @classmethod
    def defaults(cls, rules: HouseRules) -> ServerSettings:
        return cls(
            turn_limit=rules.turn_timeout,
            bot_idle=rules.bot_idle,
            archive_after=rules.archive_after,
            challenge_expiry=rules.challenge_timeout,
            lobby_expiry=rules.lobby_timeout,
        )

    def offers(self, v: Variant) -> bool:
        return self.variants is None or v.name in self.variants

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether a match may be started from ``channel_id`` (a thread: ``parent_id`` is its channel)."""
        return self.channels is None or channel_id in self.channels or parent_id in self.channels


ARCHIVE_AFTER_LEAST = 600.0
"""A finished match's thread stays in the channel's list at least 10 minutes: time to read the last board,
press Rematch or Analyse, and for the sweep (every 30 s) to find it; sooner, the players would see their
thread vanish as the match ends."""

SETTINGS: dict[str, kinds.Kind] = {
    "jacoby": kinds.BOOL,
    "rated": kinds.BOOL,
    "variants": kinds.VARIANT_SET,
    "channels": kinds.CHANNEL_SET,
    "turn_limit": kinds.duration_kind(300, 30 * DAY),
    "bot_idle": kinds.duration_kind(300, 7 * DAY),
    "archive_after": kinds.duration_kind(ARCHIVE_AFTER_LEAST, 7 * DAY),
    "challenge_expiry": kinds.duration_kind(60, DAY),
    "lobby_expiry": kinds.duration_kind(60, DAY),
    "tournament_role": kinds.ROLE,
    "tournament_round": kinds.duration_kind(600, 14 * DAY),
    "puzzle_channel": kinds.CHANNEL,
    "puzzle_hour": kinds.HOUR,
}
assert set(SETTINGS) == {f.name for f in fields(ServerSettings)}


class Settings:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def of(self, guild_id: int) -> ServerSettings:
        """A server's settings; a stored value that no longer reads keeps the default."""
        values: dict[str, object] = {}
        for key, text in (await self.ctx.store.guild_settings(guild_id)).items():
            kind = SETTINGS.get(key)
            if kind is None:
                continue
            try:
                values[key] = kind.read(text)
            except ValueError:
                continue
        return replace(ServerSettings.defaults(self.ctx.rules), **values)

    async def check_start(
        self, guild_id: int, v: Variant, channel_id: int | None = None, parent_id: int | None = None
    ) -> ServerSettings:
        """A refusal unless a match of ``v`` may be started (from ``channel_id``) in this server; its
        settings otherwise."""
        current = await self.of(guild_id)
        if not current.offers(v):
            raise ServiceError(words.not_offered(v, kinds.show_variants(current.variants)))
        if channel_id is not None and not current.allows(channel_id, parent_id):
            raise ServiceError(words.not_started_here(kinds.show_channels(current.channels)))
        return current

    async def change(
        self,
        guild_id: int,
        by: PlayerRef,
        changes: dict[str, str],
        *,
        guild_name: str = "",
        venue: Venue = HERE,
    ) -> Result:
        """``by`` (a moderator) changes settings (``default``: back to the default); with no changes, shows
        them. Refuses a bad value whole, changing nothing; and ``channels`` where matches could not be
        played (``venue`` says why: not a channel of the server, or one the bot cannot see or write in),
        since a typo there would keep everyone from starting a match."""
        if changes and not by.moderator:
            raise ServiceError(words.SETTINGS_MODERATORS_ONLY)
        stored: dict[str, str | None] = {}
        for key, text in changes.items():
            kind = SETTINGS.get(key)
            if kind is None:
                raise ServiceError(words.unknown_setting(key, list(SETTINGS)))
            if not text.strip():
                raise ServiceError(words.setting_needs_value(key, kind.expects))
            if text.strip().lower() in kinds.DEFAULT_WORDS:
                stored[key] = None
                continue
            try:
                value = kind.read(text)
            except kinds.SettingValueError as exc:
                raise ServiceError(words.bad_setting(key, text, str(exc))) from None
            if kind in (kinds.CHANNEL_SET, kinds.CHANNEL) and value is not None:
                named = value if isinstance(value, frozenset) else {value}
                for channel_id in sorted(named):  # type: ignore[call-overload]
                    if (problem := venue.channel_problem(channel_id)) is not None:
                        raise ServiceError(words.unusable_channel(channel_id, problem))
            stored[key] = kind.show(value)
        if stored:
            now = self.ctx.clock.now()
            async with self.ctx.store.transaction() as tx:
                await tx.upsert_guild(guild_id, guild_name, now)
                for key, value in stored.items():
                    await tx.set_guild_setting(guild_id, key, value)
        return Result([Reply(words.settings_text(await self.shown(guild_id), changed=bool(stored)))])

    async def shown(self, guild_id: int) -> dict[str, str]:
        """A server's settings as they are shown, by key."""
        current = await self.of(guild_id)
        return {name: kind.show(getattr(current, name)) for name, kind in SETTINGS.items()}


__all__ = ["SETTINGS", "ServerSettings", "Settings"]
