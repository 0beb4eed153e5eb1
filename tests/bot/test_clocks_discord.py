"""Match clocks in the Discord glue: the ``clock`` option of ``/minigam challenge`` and ``/minigam vs-bot``,
and a click charged up to the moment Discord received it (the interaction's own time, from its id), not to
when the bot got round to it."""

from __future__ import annotations

import datetime
from pathlib import Path

import discord

from bot.app import MinigamBot
from bot.app.commands import MinigamGroup
from bot.config import Config
from bot.core import Action
from engine import ScriptedDice
from tests.bot.clicks import FakeClick, FakeUser, bot_on
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, live


def test_challenge_and_vs_bot_take_a_clock_none_by_default() -> None:
    bot = MinigamBot(Config())
    group = MinigamGroup(bot)
    bot.tree.add_command(group)
    subcommands = {c["name"]: c for c in group.to_dict(bot.tree)["options"]}

    for name in ("challenge", "vs-bot"):
        clock = {o["name"]: o for o in subcommands[name]["options"]}["clock"]
        assert [c["value"] for c in clock["choices"]] == ["none", "blitz", "live", "casual"]
        assert not clock["required"]
        assert 0 < len(clock["description"]) <= 100


async def test_a_click_is_charged_up_to_discords_receipt_not_the_bots(storage, clock, tmp_path: Path) -> None:
    bot = bot_on(storage, clock, tmp_path, dice=ScriptedDice([2, 1, 2, 1, 1, 1, 6, 6, 3, 2] * 4))
    core = bot._core
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam", 3, clock="blitz")
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    found = live(core)
    play = found.game.position.format_play(found.game.legal_plays()[0])
    received = clock.now() + 18  # Discord got Alice's click 18 s after her board...
    clock.advance(45)  # ...the bot handles it much later
    at = datetime.datetime.fromtimestamp(received, datetime.UTC)
    who = FakeClick(bot, FakeUser(ALICE.user_id, ALICE.name), CHANNEL, id=discord.utils.time_snowflake(at))

    await bot.on_match_component(who, found.match_id, found.version, Action.PLAY, play)  # type: ignore[arg-type]

    assert found.record.reserves == (50.0, 60.0)  # 18 s: 8 free, 10 off her minute
