"""What Discord accepts as a slash command option's bounds, and the one way ``bot/app`` declares them.

Discord refuses a whole command sync (400, no command registered) when one option's bound is outside its
range, so an integer option's bounds come from :func:`integer`, which refuses bad bounds when the module
that declares the option is imported; ``tests/bot/test_app_options.py`` walks every command of the tree
and checks every option's bounds against these limits.

The limits, from Discord's documentation (Application Commands, "Application Command Option Structure"):
an INTEGER option is "any integer between -2^53+1 and 2^53-1" (the OpenAPI description's ``Int53Type``),
a NUMBER option "any double between -2^53 and 2^53", and a STRING option's ``min_length`` is 0 to 6,000 and
its ``max_length`` 1 to 6,000.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

INTEGER_MIN = -(2**53 - 1)
INTEGER_MAX = 2**53 - 1
NUMBER_MIN = -(2**53)
NUMBER_MAX = 2**53
STRING_MIN_LENGTH = (0, 6000)  # the range of min_length
STRING_MAX_LENGTH = (1, 6000)  # the range of max_length

DOCS = (
    "https://discord.com/developers/docs/interactions/application-commands"
    "#application-command-object-application-command-option-structure"
)


class OptionBoundsError(ValueError):
    """A slash command option declared with bounds Discord would refuse."""


def integer(low: int, high: int = INTEGER_MAX) -> Any:
    """``app_commands.Range[int, low, high]``, refused unless inside ``INTEGER_MIN .. INTEGER_MAX``."""
    if not INTEGER_MIN <= low <= high <= INTEGER_MAX:
        raise OptionBoundsError(
            f"an integer option from {low} to {high}: Discord accepts {INTEGER_MIN} to {INTEGER_MAX} ({DOCS})"
        )
    return app_commands.Range[int, low, high]
