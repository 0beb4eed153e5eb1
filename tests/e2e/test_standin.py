"""The stand-in itself, checked with a tiny discord.py bot: if these pass, a failure in the scenarios is
the bot's, not the stand-in's."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.harness import LogCapture, pointed_at, running
from tests.e2e.standin import FakeDiscord, StandInError, busiest_second, under_global_limit
from tests.e2e.standin.constants import (
    AUTOCOMPLETE_RESULT,
    BOT_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    THREAD_CREATED,
)

pytestmark = pytest.mark.e2e

PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4"
    b"\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82"
)


class Knock(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>\d+):knock"):
    """A persistent button that counts knocks by editing its message."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Knock {n}", custom_id=f"demo:{n}:knock"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):  # type: ignore[override]
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Knock(self.n + 1))
        await interaction.response.edit_message(content=f"knocked {self.n + 1} times", view=view)


class Pick(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:pick",
        options=[discord.SelectOption(label=x, value=x) for x in ("red", "green", "blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you picked {select.values[0]}", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.synced: list[app_commands.AppCommand] = []
        self.log = LogCapture()
        self.slow_work_done = asyncio.Event()  # what /demo slow does after deferring: the test says when

    async def setup_hook(self) -> None:
        demo = app_commands.Group(name="demo", description="demo commands")

        @demo.command(description="a board with a file and a button")
        async def hello(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Knock(0))
            await interaction.response.send_message(
                "hello", file=discord.File(io.BytesIO(PNG), "board.png"), view=view
            )

        @demo.command(description="deferred, then a followup and an edit")
        async def slow(interaction: discord.Interaction, who: discord.Member, times: int = 1) -> None:
            await interaction.response.defer(ephemeral=True)
            await self.slow_work_done.wait()
            await interaction.followup.send(f"{who.name} x{times}", ephemeral=True)
            await interaction.edit_original_response(content="done", view=Pick())

        @demo.command(description="autocomplete")
        async def colour(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(f"colour {name}")

        @colour.autocomplete("name")
        async def colour_choices(interaction: discord.Interaction, current: str):
            return [
                app_commands.Choice(name=c, value=c)
                for c in ("red", "green", "blue")
                if c.startswith(current)
            ]

        @demo.command(description="posts to the channel directly")
        async def post(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("posting", ephemeral=True)
            msg = await interaction.channel.send("a channel message")  # type: ignore[union-attr]
            await msg.edit(
                content="an edited channel message", attachments=[discord.File(io.BytesIO(PNG), "b.png")]
            )

        @demo.command(description="embeds showing attached pictures")
        async def gallery(interaction: discord.Interaction, files: int, missing: bool = False) -> None:
            await interaction.response.defer(ephemeral=True)
            embeds, attached = [], []
            for i in range(files):
                embeds.append(discord.Embed(title=f"picture {i}").set_image(url=f"attachment://p{i}.png"))
                attached.append(discord.File(io.BytesIO(PNG), f"p{i}.png"))
            if missing:
                embeds[-1].set_image(url="attachment://nothing.png")
            try:
                await interaction.followup.send(embeds=embeds[:10], files=attached, ephemeral=True)
                await interaction.edit_original_response(content="sent")
            except discord.HTTPException as exc:
                await interaction.edit_original_response(content=f"refused: {exc.status}")

        @demo.command(description="threads: from a message and on their own, archived, then back")
        async def threads(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            try:
                anchor = await channel.send("a table")
                first = await channel.create_thread(
                    name="from a message", message=anchor, auto_archive_duration=60
                )
                second = await channel.create_thread(
                    name="on its own", type=discord.ChannelType.public_thread
                )
                await first.send("in the thread")
                await second.edit(archived=True)
                await second.send("back")  # writing in an archived thread brings it back
                await interaction.edit_original_response(content=f"threads {first.id} {second.id}")
            except discord.HTTPException as exc:
                await interaction.edit_original_response(content=f"refused: {exc.status}")

        self.tree.add_command(demo)
        self.add_dynamic_items(Knock)
        self.add_view(Pick())
        self.synced = await self.tree.sync()


@pytest.fixture
async def fake():
    async with FakeDiscord() as f:
        yield f


@pytest.fixture
async def demo(fake: FakeDiscord):
    bot = DemoBot()
    with pointed_at(fake), bot.log.attached("discord"):
        async with running(bot, fake):
            yield bot
    assert bot.log.lines() == []
    assert fake.unknown_routes == []


async def test_the_bot_logs_in_and_syncs_its_commands(fake: FakeDiscord, demo: DemoBot) -> None:
    assert demo.user is not None
    assert demo.user.id == fake.bot_user.id
    assert demo.application_id == fake.application_id
    guild = demo.get_guild(fake.guild_id)
    assert guild is not None
    assert guild.text_channels[0].name == "general"
    assert [r.name for r in guild.roles] == ["@everyone", "Admin"]
    assert guild.roles[1].permissions.manage_guild
    assert not guild.default_role.permissions.manage_guild
    assert [c["name"] for c in fake.commands[None]] == ["demo"]
    assert [c.id for c in demo.synced] == [int(fake.commands[None][0]["id"])]
    assert fake.requests[:2] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]


async def test_a_slash_command_answers_with_a_file_and_a_button(fake: FakeDiscord, demo: DemoBot) -> None:
    interaction = await fake.slash(fake.alice, "demo hello")

    [reply] = fake.replies_to(interaction)
    assert reply.content == "hello"
    assert not reply.ephemeral
    assert [a.filename for a in reply.attachments] == ["board.png"]
    assert reply.pngs[0].data == PNG
    assert reply.custom_ids() == ["demo:0:knock"]
    assert interaction.latency is not None


async def test_a_button_click_edits_its_message_and_survives_as_a_dynamic_item(
    fake: FakeDiscord, demo: DemoBot
) -> None:
    interaction = await fake.slash(fake.alice, "hello")
    [board] = fake.replies_to(interaction)

    await fake.click(fake.bob, board, "demo:0:knock")
    await fake.click(fake.bob, board, "demo:1:knock")

    assert board.content == "knocked 2 times"
    assert board.custom_ids() == ["demo:2:knock"]
    assert [v["content"] for v in board.versions] == ["hello", "knocked 1 times"]


async def test_a_deferred_command_gets_a_followup_and_an_edit(fake: FakeDiscord, demo: DemoBot) -> None:
    interaction = await fake.slash(fake.alice, "demo slow", who=fake.carol, times=3)
    original = fake.messages[interaction.original_id]  # type: ignore[index]
    assert original.loading  # "thinking…" while the command works

    demo.slow_work_done.set()
    await fake.wait_for(lambda: original.content == "done", what="the edit")
    [_, followup] = fake.replies_to(interaction)
    assert followup.content == "carol x3"
    assert followup.ephemeral
    assert original.ephemeral
    assert not original.loading
    assert original.select_values() == ["red", "green", "blue"]

    picked = await fake.click(fake.alice, original, "demo:pick", values=["green"])
    assert fake.replies_to(picked)[0].content == "you picked green"


async def test_autocomplete_returns_the_bots_choices(fake: FakeDiscord, demo: DemoBot) -> None:
    choices = await fake.autocomplete(fake.alice, "demo colour", "g")

    assert choices == [{"name": "green", "value": "green"}]
    last = list(fake.interactions.values())[-1]
    assert last.response_type == AUTOCOMPLETE_RESULT


async def test_channel_messages_are_recorded_with_their_edits(fake: FakeDiscord, demo: DemoBot) -> None:
    await fake.slash(fake.alice, "demo post")

    message = await fake.wait_for_message(lambda m: m.content.startswith("an edited"), channel=fake.general)
    assert message.pngs
    assert message.interaction_id is None
    assert message.versions[0]["content"] == "a channel message"


async def test_the_stand_in_refuses_what_discord_would(fake: FakeDiscord, demo: DemoBot) -> None:
    with pytest.raises(StandInError, match="no option"):
        await fake.slash(fake.alice, "demo hello", colour="red")
    with pytest.raises(StandInError, match="no synced command"):
        await fake.slash(fake.alice, "nonexistent")
    interaction = await fake.slash(fake.alice, "demo hello")
    [board] = fake.replies_to(interaction)
    with pytest.raises(StandInError, match="no component"):
        await fake.click(fake.alice, board, "demo:9:knock")


async def test_embeds_show_attached_pictures_within_discords_limits(fake: FakeDiscord, demo: DemoBot) -> None:
    async def gallery(**options) -> tuple[str, list]:
        interaction = await fake.slash(fake.alice, "demo gallery", **options)
        original = fake.messages[interaction.original_id]  # type: ignore[index]
        await fake.wait_for(lambda: not original.loading, what="the answer")
        return original.content, fake.replies_to(interaction)[1:]

    sent, [followup] = await gallery(files=10)
    too_many, none = await gallery(files=11)
    unnamed, nothing = await gallery(files=2, missing=True)

    assert sent == "sent"
    assert [e["image"]["url"] for e in followup.embeds] == [f"attachment://p{i}.png" for i in range(10)]
    assert [a.filename for a in followup.pngs] == [f"p{i}.png" for i in range(10)]
    assert (too_many, none, unnamed, nothing) == ("refused: 400", [], "refused: 400", [])
    assert any("11 files (rule: a message's files: at most 10 files" in v for v in fake.violations)
    assert "attachment://nothing.png is no file of the message" in fake.violations[-1]


async def test_an_answer_given_twice_is_refused_and_recorded(fake: FakeDiscord) -> None:
    class Twice(commands.Bot):
        async def setup_hook(self) -> None:
            @self.tree.command(description="answers twice")
            async def twice(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("one")
                try:
                    await interaction.response.send_message("two")
                except discord.InteractionResponded:
                    await interaction.followup.send("two, as a followup")

            await self.tree.sync()

    bot = Twice(command_prefix="!", intents=discord.Intents.default())
    with pointed_at(fake):
        async with running(bot, fake):
            interaction = await fake.slash(fake.alice, "twice")
            await fake.wait_for(lambda: len(fake.replies_to(interaction)) == 2)
            # discord.py itself stops the second answer before it reaches Discord.
            assert fake.violations == []
            with pytest.raises(discord.HTTPException) as info:
                await bot.http.request(
                    discord.http.Route(
                        "POST",
                        "/interactions/{interaction_id}/{token}/callback",
                        interaction_id=interaction.id,
                        token=interaction.token,
                    ),
                    json={"type": 4, "data": {"content": "three"}},
                )
            assert info.value.code == 40060
            assert fake.violations == [f"interaction {interaction.id} answered twice"]


async def test_a_crash_in_setup_hook_is_raised_not_swallowed(fake: FakeDiscord) -> None:
    class Broken(commands.Bot):
        async def setup_hook(self) -> None:
            raise RuntimeError("setup failed")

    bot = Broken(command_prefix="!", intents=discord.Intents.default())
    with pointed_at(fake), pytest.raises(RuntimeError, match="setup failed"):
        async with running(bot, fake):
            pass


async def test_a_wrong_token_is_refused(fake: FakeDiscord) -> None:
    bot = DemoBot()
    with pointed_at(fake), pytest.raises(discord.LoginFailure):
        async with running(bot, fake, token="not-the-token"):
            pass
    assert fake.identifies == 0


async def test_a_late_answer_is_refused_like_discord_does(fake: FakeDiscord, demo: DemoBot) -> None:
    fake.response_deadline = 0.0  # every answer is late

    with pytest.raises(StandInError, match="did not answer"):
        await fake.slash(fake.alice, "demo hello", within=1.0)

    assert len(fake.violations) == 1
    assert "answered after" in fake.violations[0]
    assert fake.channel_messages(fake.general) == []
    await fake.wait_for(lambda: demo.log.records, what="the bot to log its failure")
    assert "Unknown interaction" in demo.log.lines()[0] + str(demo.log.records[0].exc_info)
    fake.violations.clear()
    demo.log.records.clear()


async def test_an_unknown_route_is_recorded_and_answered_404(fake: FakeDiscord, demo: DemoBot) -> None:
    with pytest.raises(discord.NotFound):
        await demo.http.request(discord.http.Route("GET", "/voice/regions"))

    assert fake.unknown_routes == [("GET", "/voice/regions")]
    fake.unknown_routes.clear()


async def test_threads_open_from_a_message_or_on_their_own_and_come_back_when_written_in(
    fake: FakeDiscord, demo: DemoBot
) -> None:
    interaction = await fake.slash(fake.alice, "demo threads")
    original = fake.messages[interaction.original_id]  # type: ignore[index]
    await fake.wait_for(lambda: not original.loading, what="the answer")

    first, second = fake.threads(fake.general)
    assert original.content == f"threads {first.id} {second.id}"
    anchor = fake.messages[first.id]  # a thread from a message takes the message's id
    assert (anchor.content, anchor.thread) == ("a table", first)
    assert (first.name, first.auto_archive_duration, first.parent_id) == (
        "from a message",
        60,
        fake.general.id,
    )
    [started] = [m for m in fake.channel_messages(fake.general) if m.type == THREAD_CREATED]
    assert started.content == "on its own"
    assert [m.content for m in fake.channel_messages(first)] == ["in the thread"]
    assert [m.content for m in fake.channel_messages(second)] == ["back"]
    assert not second.archived
    assert fake.violations == []


async def test_a_channel_where_the_bot_may_not_open_threads_refuses_them(
    fake: FakeDiscord, demo: DemoBot
) -> None:
    fake.bot_channel_permissions[fake.general.id] = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS

    interaction = await fake.slash(fake.alice, "demo threads")
    original = fake.messages[interaction.original_id]  # type: ignore[index]
    await fake.wait_for(lambda: not original.loading, what="the answer")

    assert original.content == "refused: 403"
    assert fake.threads() == []
    assert fake.forbidden == [
        ("POST", f"/channels/{fake.general.id}/messages/{fake.channel_messages(fake.general)[-1].id}/threads")
    ]


def test_the_requests_under_discords_global_limit_and_their_busiest_second() -> None:
    assert under_global_limit("/channels/1/messages/2")
    assert under_global_limit("/users/@me")
    assert not under_global_limit("/interactions/1/tok/callback")
    assert not under_global_limit("/webhooks/1/tok/messages/@original")
    assert busiest_second([]) == 0
    assert busiest_second([0.0, 0.5, 0.99, 1.0, 1.5, 1.6, 1.7, 3.0]) == 5  # from 0.99 to 1.7
    assert busiest_second([0.0, 1.0, 2.0]) == 1  # a second apart: never within one second
