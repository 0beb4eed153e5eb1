"""/minigam tournament (a group: create, show, list; issue 32)."""

from __future__ import annotations

from discord import app_commands

from bot.app.protocol import App


def commands(app: App) -> list[app_commands.Command | app_commands.Group]:
    """The commands of this module, added to the ``/minigam`` group."""
    return []


__all__ = ["commands"]
