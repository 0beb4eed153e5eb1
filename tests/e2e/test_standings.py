"""Leaderboards as embeds with page buttons, a player's card with their rating over time as a picture, and
the server's settings, on Discord (the stand-in checks every embed against Discord's limits)."""

from __future__ import annotations

import pytest

from bot.models import PlayerRef
from bot.ratings.fibs import Rating
from tests.e2e.standin.constants import BOT_PERMISSIONS, SEND_MESSAGES, VIEW_CHANNEL
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

NAME = "山田太郎🎲" * 12


async def crowd(world: World, players: int) -> None:
    """``players`` rated minigam players with long names (Alice among them, with a rating history)."""
    match = await world.vs_bot(world.fake.alice, variant="minigam", level="easy")  # for the rows to refer to
    store, now = world.service.store, world.clock.now()
    async with store.transaction() as tx:
        for n in range(players):
            person = PlayerRef(10_000 + n, f"{n:03d} {NAME}")
            await tx.upsert_player(person, now)
            await tx.put_rating(
                world.fake.guild_id, "minigam", person.user_id, Rating(), Rating(1000.0 + n), 1, now
            )
        alice = PlayerRef(world.fake.alice.id, "alice")
        for step, value in enumerate((1510.0, 1519.9, 1508.2)):
            await tx.put_rating(
                world.fake.guild_id,
                "minigam",
                alice.user_id,
                Rating(),
                Rating(value, wins=step + 1),
                match.match_id,
                now + 86400 * step,
            )


async def embedded(world: World, interaction):
    """The public answer to ``interaction`` once it carries its embed."""

    def found():
        return next((m for m in world.replies(interaction) if m.embeds and not m.loading), None)

    return await world.fake.wait_for(found, what="an answer with an embed")


async def test_a_large_leaderboard_pages_through_embeds_with_its_buttons(world: World) -> None:
    fake = world.fake
    await crowd(world, 70)

    asked = await world.slash(fake.carol, "leaderboard", variant="minigam")
    board = await embedded(world, asked)
    first = board.embeds[0]
    assert first["title"] == "Minigam · ratings"
    assert first["footer"]["text"] == "Page 1 of 5 · players 1-15 of 71"
    assert [b["label"] for b in board.buttons()] == ["◀ Previous", "Next ▶"]
    assert board.buttons()[0].get("disabled")

    await fake.click(fake.bob, board, board.button("next"))  # anyone may page
    await fake.wait_for(lambda: fake.messages[board.id].embeds[0]["footer"]["text"].startswith("Page 2 "))
    second = fake.messages[board.id].embeds[0]
    assert second["footer"]["text"] == "Page 2 of 5 · players 16-30 of 71"
    assert " 16  " in second["description"]
    assert fake.violations == []  # every embed within Discord's limits
    assert world.warnings() == []


async def test_stats_show_the_rating_over_time_as_a_picture(world: World) -> None:
    fake = world.fake
    await crowd(world, 3)

    card = await embedded(world, await world.slash(fake.alice, "stats"))

    assert card.embeds[0]["image"]["url"] == "attachment://rating.png"
    assert [a.filename for a in card.pngs] == ["rating.png"]
    assert card.pngs[0].data.startswith(b"\x89PNG")
    assert fake.violations == []


async def test_settings_are_for_anyone_to_see_and_for_moderators_to_change(world: World) -> None:
    fake = world.fake

    seen = await world.slash(fake.alice, "settings")
    tried = await world.slash(fake.alice, "settings", setting="rated", value="off")
    bad = await world.slash(fake.dana, "settings", setting="turn_limit", value="soon")
    bare = await world.slash(fake.dana, "settings", setting="rated")
    nameless = await world.slash(fake.dana, "settings", value="off")
    unknown = await world.slash(fake.dana, "settings", setting="colour", value="blue")
    good = await world.slash(fake.dana, "settings", setting="turn_limit", value="2h")
    offered = await world.slash(fake.dana, "settings", setting="variants", value="minigam backgammon")

    assert "This server's settings:" in await world.answer_text(seen)
    assert "Only members with the Manage Server permission" in await world.answer_text(tried)
    assert "The setting turn_limit can't be 'soon'" in await world.answer_text(bad)
    assert "Give the setting rated its new value too: on or off, or default." in await world.answer_text(bare)
    assert "Name the setting to change too." in await world.answer_text(nameless)
    assert "There's no setting called 'colour'." in await world.answer_text(unknown)
    saved = await world.answer_text(good)
    assert saved.startswith("Settings saved.")
    assert "(`turn_limit`): **2 hours**" in saved
    assert "(`rated`): **on**" in saved  # the refused changes changed nothing
    assert "(`variants`): **minigam, backgammon**" in await world.answer_text(offered)
    refused = await world.slash(fake.alice, "vs-bot", variant="minigam-strict")
    assert "Minigam Strict isn't offered in this server" in await world.answer_text(refused)


async def test_settings_offer_each_setting_with_its_value_and_the_values_it_takes(world: World) -> None:
    fake = world.fake
    await world.answer_text(await world.slash(fake.dana, "settings", setting="turn_limit", value="2h"))

    settings = await fake.autocomplete(fake.dana, "minigam settings", "limit", option="setting")
    durations = await fake.autocomplete(
        fake.dana, "minigam settings", "1", option="value", setting="turn_limit"
    )
    channels = await fake.autocomplete(fake.dana, "minigam settings", "", option="value", setting="channels")
    nothing = await fake.autocomplete(fake.dana, "minigam settings", "", option="value", setting="colour")

    assert [c["value"] for c in settings] == ["turn_limit"]
    assert settings[0]["name"].startswith("turn_limit: 2 hours (")
    assert [c["value"] for c in durations] == ["10m", "1h", "12h", "1d", "14d"]  # 5 minutes to 30 days
    assert {"name": f"#{fake.general.name}", "value": fake.general.mention} in channels
    assert channels[0] == {"name": "anywhere", "value": "anywhere"}
    assert nothing == []
    assert fake.violations == []


async def test_settings_refuse_a_channel_where_no_match_could_start(world: World) -> None:
    """A typo, or a channel the bot cannot see or write in, would keep everyone from starting a match."""
    fake = world.fake
    hidden, mute = fake.extra_channels[0], fake.extra_channels[1]
    await fake.set_bot_permissions(hidden, BOT_PERMISSIONS & ~VIEW_CHANNEL)
    await fake.set_bot_permissions(mute, BOT_PERMISSIONS & ~SEND_MESSAGES)
    # the gateway sends the channel updates before the commands: the bot's cache has them by then

    typo = await world.slash(
        fake.dana, "settings", setting="channels", value=f"<#{fake.general.id}> <#123456789012345>"
    )
    unseen = await world.slash(fake.dana, "settings", setting="channels", value=hidden.mention)
    muted = await world.slash(fake.dana, "settings", setting="channels", value=mute.mention)
    zero = await world.slash(fake.dana, "settings", setting="channels", value="<#0>")
    good = await world.slash(fake.dana, "settings", setting="channels", value=fake.general.mention)

    said = {name: (await world.ephemeral_reply(i)).text for name, i in [("typo", typo), ("unseen", unseen)]}
    said |= {name: (await world.ephemeral_reply(i)).text for name, i in [("muted", muted), ("zero", zero)]}
    assert "can't name `123456789012345`: it is not a channel of this server" in said["typo"]
    assert f"can't name {hidden.mention}: it is a channel I can't see" in said["unseen"]
    assert f"can't name {mute.mention}: it is a channel where I can't send messages" in said["muted"]
    assert "The setting channels can't be '<#0>'" in said["zero"]
    assert f"(`channels`): **{fake.general.mention}**" in await world.answer_text(good)
    assert fake.violations == []
