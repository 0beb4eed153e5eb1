"""Ids past 64 bits (a crafted button's ``10**30``): no stored row can have one, so the core answers as for
an id that is not stored, on both databases, and such a button gets a friendly answer like any other."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot import texts
from bot.app.analysis import AnalyseButton
from bot.app.lifecycle import APOLOGY
from bot.app.lobby import LobbyButton
from bot.app.standings import PageButton
from bot.app.views import ChallengeButton, MatchButton, RematchButton
from bot.core import Action, ServiceError
from bot.core.lobbies import LobbyAction
from bot.texts import analysis as analysis_texts
from bot.texts import multigam as multigam_texts
from bot.texts import venue as table_texts
from tests.bot.clicks import FakeClick, FakeUser, bot_on, click
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, match_id_in, open_lobby, start_challenge_match
from tests.bot.test_standings import crowded

HUGE = 10**30


async def test_answering_a_challenge_past_64_bits_finds_none(make_core) -> None:
    core = make_core([2, 1])
    await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)

    with pytest.raises(ServiceError, match=re.escape(texts.CHALLENGE_GONE)):
        await core.challenges.answer(HUGE, BOB, accept=True)


async def test_a_lobby_past_64_bits_finds_none(make_core) -> None:
    core = make_core([])
    await open_lobby(core, ALICE)

    with pytest.raises(ServiceError, match=re.escape(multigam_texts.LOBBY_GONE)):
        await core.lobbies.act(HUGE, 1, BOB, LobbyAction.JOIN)


async def test_a_lobby_version_past_64_bits_is_out_of_date(make_core) -> None:
    core = make_core([])
    lobby_id = await open_lobby(core, ALICE, BOB)

    with pytest.raises(ServiceError, match=re.escape(multigam_texts.LOBBY_OUT_OF_DATE)):
        await core.lobbies.act(lobby_id, HUGE, ALICE, LobbyAction.START)


async def test_a_rematch_of_a_match_past_64_bits_finds_none(make_core) -> None:
    core = make_core([2, 1])
    await start_challenge_match(core)

    with pytest.raises(ServiceError, match=re.escape(table_texts.REMATCH_CANCELLED)):
        await core.rematches.rematch(HUGE, ALICE)


async def test_the_analysis_of_a_game_past_64_bits_finds_none(make_core) -> None:
    core = make_core([2, 1])
    await start_challenge_match(core)

    with pytest.raises(ServiceError, match=re.escape(analysis_texts.no_such_game(HUGE))):
        await core.analyses.report(GUILD, CHANNEL, HUGE)


async def test_a_leaderboard_page_past_64_bits_is_its_last_page(make_core, storage) -> None:
    core = make_core([2, 1])
    await crowded(core, storage, 40)  # three pages

    last = await core.records.page(GUILD, "minigam", 2)
    assert await core.records.page(GUILD, "minigam", HUGE) == last
    assert await core.records.page(GUILD, None, HUGE) == await core.records.page(GUILD, None, 99)
    assert await core.records.page(GUILD, "minigam", -HUGE) == await core.records.page(GUILD, "minigam", 0)


async def test_a_match_or_version_past_64_bits_is_refused_as_any_unknown_one(make_core) -> None:
    core = make_core([2, 1])
    await start_challenge_match(core)
    match_id = match_id_in(core)

    with pytest.raises(ServiceError, match=re.escape(texts.MATCH_OVER)):
        await core.matches.act(HUGE, 1, ALICE, Action.RESIGN)
    with pytest.raises(ServiceError, match=re.escape(texts.OUT_OF_DATE)):
        await core.matches.act(match_id, HUGE, ALICE, Action.RESIGN)


# ---------------------------------------------------------------------- crafted buttons

CRAFTED = {
    "accept": (ChallengeButton, f"mgc:{HUGE}:accept", texts.CHALLENGE_GONE),
    "rematch": (RematchButton, f"mgr:{HUGE}", table_texts.REMATCH_CANCELLED),
    "analyse": (AnalyseButton, f"mga:{HUGE}", analysis_texts.no_such_game(HUGE)),
    "join": (LobbyButton, f"mgl:{HUGE}:1:join", multigam_texts.LOBBY_GONE),
    "resign": (MatchButton, f"mg:{HUGE}:1:resign", texts.MATCH_OVER),
}


@pytest.mark.parametrize(("item", "custom_id", "said"), CRAFTED.values(), ids=CRAFTED.keys())
async def test_a_crafted_button_with_an_id_past_64_bits_gets_a_friendly_answer(
    storage, clock, tmp_path: Path, item: type[discord.ui.DynamicItem], custom_id: str, said: str
) -> None:
    bot = bot_on(storage, clock, tmp_path)
    who = FakeClick(bot, FakeUser(BOB.user_id, BOB.name), CHANNEL)

    await click(bot, item, custom_id, who)

    assert who.answers == [said]
    assert APOLOGY not in who.answers
    assert all(a.ephemeral for a in who.response.answers)


async def test_a_crafted_page_past_64_bits_shows_the_last_page(storage, clock, tmp_path: Path) -> None:
    bot = bot_on(storage, clock, tmp_path)
    who = FakeClick(bot, FakeUser(BOB.user_id, BOB.name), CHANNEL)

    await click(bot, PageButton, f"mgb:minigam:{HUGE}", who)

    (update,) = who.response.updates
    assert isinstance(update["embed"], discord.Embed)
    assert who.answers == []
