"""The Discord glue: the bot's life (:mod:`.lifecycle`), publishing notices (:mod:`.publisher`), the slash
commands (:mod:`.commands`) and the buttons and menus (:mod:`.views`)."""

from bot.app.lifecycle import MinigamBot, create_bot, run

__all__ = ["MinigamBot", "create_bot", "run"]
