"""The local console: the bot's commands in a terminal, on the same core and database as on Discord.

:mod:`~bot.console.session` reads the lines, :mod:`~bot.console.commands` parses them, and
:class:`~bot.console.console.Console` runs them and prints what the bot would post."""
