"""Every sentence the bot says, in one voice: the help and rules (:mod:`.help`), matches
(:mod:`.play`; refusals in :mod:`.refusals`), records (:mod:`.records`), durations, dates and the grammar
of names (:mod:`.words`)."""

from bot.texts.challenges import *  # noqa: F403 (challenges and the clock, listed in challenges.__all__)
from bot.texts.challenges import __all__ as _challenges
from bot.texts.grammar import YOU, addressed, duration, objective, possessive, sentence, theirs, verb, when
from bot.texts.help import WRITING_MOVES, all_rules_text, either, help_text, rules_text
from bot.texts.play import *  # noqa: F403 (the sentences about matches, listed in play.__all__)
from bot.texts.play import __all__ as _play
from bot.texts.records import history, last_match, leaderboards, no_games_yet, player_stats
from bot.texts.refusals import *  # noqa: F403 (refusals that change nothing, listed in refusals.__all__)
from bot.texts.refusals import __all__ as _refusals

__all__ = [  # noqa: PLE0604
    "WRITING_MOVES",
    "YOU",
    "addressed",
    "all_rules_text",
    "help_text",
    "duration",
    "either",
    "history",
    "last_match",
    "leaderboards",
    "no_games_yet",
    "objective",
    "player_stats",
    "possessive",
    "rules_text",
    "sentence",
    "theirs",
    "verb",
    "when",
    *_challenges,
    *_play,
    *_refusals,
]
