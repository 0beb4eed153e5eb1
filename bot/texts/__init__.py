"""Every sentence the bot says, in one voice: the help and rules (:mod:`.help`), matches
(:mod:`.play`), records (:mod:`.records`), durations and dates (:mod:`.words`)."""

from bot.texts.challenges import *  # noqa: F403 (challenges and the clock, listed in challenges.__all__)
from bot.texts.challenges import __all__ as _challenges
from bot.texts.help import all_rules_text, help_text, rules_text
from bot.texts.play import *  # noqa: F403 (the sentences about matches, listed in play.__all__)
from bot.texts.play import __all__ as _play
from bot.texts.records import history, leaderboards, player_stats
from bot.texts.words import duration, when

__all__ = [  # noqa: PLE0604
    "all_rules_text",
    "help_text",
    "duration",
    "history",
    "leaderboards",
    "player_stats",
    "rules_text",
    "when",
    *_challenges,
    *_play,
]
