"""Every slash command option's bounds are inside what Discord accepts: one bound outside makes Discord
refuse the whole command sync (issue 28: ``max_value`` 2^53 on ``/minigam analyse``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.app import MinigamBot, options
from bot.app.commands import MinigamGroup
from bot.config import Config

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER = 1, 2, 3, 4, 10


def synced_commands() -> list[dict]:
    """The commands as the bot syncs them (``PUT .../commands``)."""
    bot = MinigamBot(Config())
    bot.tree.add_command(MinigamGroup(bot))
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


def every_option(commands: list[dict]) -> Iterator[tuple[str, dict]]:
    """``("/minigam analyse game", option)`` for every option under every (sub)command."""

    def walk(path: str, node: dict) -> Iterator[tuple[str, dict]]:
        for option in node.get("options") or ():
            where = f"{path} {option['name']}"
            if option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
                yield from walk(where, option)
            else:
                yield where, option

    for command in commands:
        yield from walk("/" + command["name"], command)


def test_every_integer_and_number_option_is_bounded_inside_discords_range() -> None:
    ranges = {
        INTEGER: (options.INTEGER_MIN, options.INTEGER_MAX),
        NUMBER: (options.NUMBER_MIN, options.NUMBER_MAX),
    }
    checked = []
    for where, option in every_option(synced_commands()):
        if option["type"] not in ranges:
            continue
        low, high = ranges[option["type"]]
        values = [option.get("min_value"), option.get("max_value")]
        values += [choice["value"] for choice in option.get("choices") or ()]
        outside = [v for v in values if v is not None and not low <= v <= high]
        assert not outside, f"{where}: {outside} outside Discord's {low}..{high} ({options.DOCS})"
        checked.append(where)
    assert "/minigam analyse game" in checked  # the walk reaches the options


def test_every_string_option_has_lengths_discord_accepts() -> None:
    checked = []
    for where, option in every_option(synced_commands()):
        if option["type"] != STRING:
            continue
        shortest, longest = option.get("min_length"), option.get("max_length")
        if shortest is not None:
            assert options.STRING_MIN_LENGTH[0] <= shortest <= options.STRING_MIN_LENGTH[1], where
        if longest is not None:
            assert options.STRING_MAX_LENGTH[0] <= longest <= options.STRING_MAX_LENGTH[1], where
        checked.append(where)
    assert "/minigam move play" in checked


def test_the_analysed_game_goes_up_to_discords_largest_integer() -> None:
    (analyse,) = [o for w, o in every_option(synced_commands()) if w == "/minigam analyse game"]

    assert (analyse["min_value"], analyse["max_value"]) == (1, 2**53 - 1)


@pytest.mark.parametrize(("low", "high"), [(1, 2**53), (-(2**53), 0), (5, 4)])
def test_integer_bounds_outside_discords_range_are_refused(low: int, high: int) -> None:
    with pytest.raises(options.OptionBoundsError, match="Discord accepts"):
        options.integer(low, high)


def test_integer_bounds_at_discords_limits_are_accepted() -> None:
    options.integer(-(2**53 - 1), 2**53 - 1)


def test_the_help_names_every_command() -> None:
    """``/minigam help`` (``/minigam`` alone) lists every subcommand the bot syncs."""
    from bot.core.catalogue import LEVELS
    from bot.texts.help import help_text

    (minigam,) = synced_commands()
    shown = help_text(list(LEVELS))
    names = [o["name"] for o in minigam["options"] if o["type"] == SUB_COMMAND and o["name"] != "help"]
    assert [name for name in names if f"/minigam {name}" not in shown] == []
