"""Per-server settings, changed by members with Manage Server (``/minigam settings``).

Each setting is declared once in :data:`SETTINGS` (its name, default, how it is read and shown); a server
stores only what it changed. :class:`ServerSettings` is what the rest of the core reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace

from bot import texts
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import Reply, Result
from bot.models import PlayerRef


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """A server's settings (the defaults where it changed nothing)."""

    jacoby: bool = True  # money play: gammons count single while the cube is centred


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    read: Callable[[str], object]  # the stored (or typed) text to its value; ValueError if it is none
    show: Callable[[object], str]


def _read_bool(text: str) -> bool:
    key = text.strip().lower()
    if key in ("on", "yes", "true", "1"):
        return True
    if key in ("off", "no", "false", "0"):
        return False
    raise ValueError(text)


def _show_bool(value: object) -> str:
    return "on" if value else "off"


SETTINGS: dict[str, Setting] = {s.name: s for s in (Setting("jacoby", _read_bool, _show_bool),)}
assert set(SETTINGS) == {f.name for f in fields(ServerSettings)}


class Settings:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def of(self, guild_id: int) -> ServerSettings:
        """A server's settings; a stored value that no longer reads keeps the default."""
        values: dict[str, object] = {}
        for key, text in (await self.ctx.store.guild_settings(guild_id)).items():
            setting = SETTINGS.get(key)
            if setting is None:
                continue
            try:
                values[key] = setting.read(text)
            except ValueError:
                continue
        return replace(ServerSettings(), **values)

    async def change(
        self, guild_id: int, by: PlayerRef, changes: dict[str, str], *, guild_name: str = ""
    ) -> Result:
        """``by`` (a moderator) changes settings; with no changes, shows them. Refuses a bad value whole."""
        if changes and not by.moderator:
            raise ServiceError(texts.SETTINGS_MODERATORS_ONLY)
        values = {}
        for key, text in changes.items():
            setting = SETTINGS.get(key)
            if setting is None:
                raise ServiceError(texts.unknown_setting(key, list(SETTINGS)))
            try:
                values[key] = setting.read(text)
            except ValueError:
                raise ServiceError(texts.bad_setting(key, text)) from None
        if values:
            now = self.ctx.clock.now()
            async with self.ctx.store.transaction() as tx:
                await tx.upsert_guild(guild_id, guild_name, now)
                for key, value in values.items():
                    await tx.set_guild_setting(guild_id, key, SETTINGS[key].show(value))
        current = await self.of(guild_id)
        shown = {name: s.show(getattr(current, name)) for name, s in SETTINGS.items()}
        return Result([Reply(texts.settings_text(shown, changed=bool(values)))])


__all__ = ["SETTINGS", "ServerSettings", "Settings"]
