"""The bot's blocking work off the event loop, in worker processes of its own (:mod:`~bot.workers.pool`):
the computer's thinking, drawing the pictures, and post-game analyses."""
