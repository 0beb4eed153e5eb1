"""The bot's sentences as the console prints them: without Discord's markdown, and with the few sentences
that only make sense on Discord (threads, permissions, a slash command's ``game:`` option, buttons) said
as the console's commands do it. Everything else is the bot's own words, unchanged."""

from __future__ import annotations

from bot import texts
from bot.texts import analysis as analysis_texts
from bot.texts import venue as venue_texts

_ANALYSE = "analyse and its number (the game numbers are in history)"

_START = "Start one with vs-bot, challenge or multigam."

SENTENCES = {
    analysis_texts.NOTHING_ANALYSED_HERE: f"No game has finished here yet. Pick one with {_ANALYSE}.",
    analysis_texts.GAME_STILL_PLAYED_HERE: (
        f"The game here is still being played: it can be analysed once it is over. Another: {_ANALYSE}."
    ),
    venue_texts.MATCH_HERE_OVER: "The match here is over, so nothing was done. board shows how it ended.",
    venue_texts.NO_MATCH_OF_YOURS: f"You have no match in play here. {_START}",
    texts.NO_MATCH_HERE: f"There's no match here. {_START}",
    texts.CHANNEL_MATCH_DAMAGED: "The match here could not be read back after a restart: it stays as it is.",
}
"""Whole sentences (a line, or a line's start) the console says its own way."""

PHRASES = {
    "`/minigam analyse game:` and its number": "analyse and its number",
    "`/minigam analyse game:`": "analyse and a game's number",
    "`/minigam ": "`",
}
"""Discord's wording inside a sentence, and the console's."""


def console_words(text: str) -> str:
    """``text`` as the console prints it."""
    for discord, console in SENTENCES.items():
        text = text.replace(discord, console)
    for discord, console in PHRASES.items():
        text = text.replace(discord, console)
    return text.replace("**", "").replace("`", "")


__all__ = ["console_words"]
