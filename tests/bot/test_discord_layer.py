"""The Discord layer's pure parts: component ids, menus, autocomplete choices, the command set, the
intents, where discord.py is pointed, and when commands are synced."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import discord
import discord.gateway
import discord.http
import pytest

from bot.app import MinigamBot, create_bot
from bot.app.commands import MinigamGroup, autocomplete_choices
from bot.app.lifecycle import _freeze_when_ready
from bot.app.views import (
    ChallengeButton,
    MatchButton,
    MatchSelect,
    challenge_view,
    controls_view,
    select_options,
)
from bot.config import DEFAULT_API_BASE, DEFAULT_GATEWAY_URL, Config
from bot.core import Action, Control, Prompt
from bot.core.actions import parse_token
from bot.store import open_store

SELECT = MatchSelect.__discord_ui_compiled_template__
BUTTON = MatchButton.__discord_ui_compiled_template__
CHALLENGE = ChallengeButton.__discord_ui_compiled_template__


@pytest.mark.parametrize(
    ("custom_id", "template", "parts"),
    [
        ("mg:12:7:play", SELECT, ("12", "7", "play", None)),
        ("mg:1:1:step", SELECT, ("1", "1", "step", None)),
        ("mg:1:1:step:123", SELECT, ("1", "1", "step", "123")),  # the move picker's number
        ("mg:1:1:first", SELECT, ("1", "1", "first", None)),
        ("mg:3:40:resign", BUTTON, ("3", "40", "resign", None)),
        ("mg:3:40:offer", BUTTON, ("3", "40", "offer", None)),
        ("mg:3:40:offer:2", BUTTON, ("3", "40", "offer", "2")),
        ("mg:3:40:confirm", BUTTON, ("3", "40", "confirm", None)),  # boards from before the action set
        ("mg:3:40:done", BUTTON, ("3", "40", "done", None)),
        ("mg:3:40:take", BUTTON, ("3", "40", "take", None)),
        ("mgc:9:accept", CHALLENGE, ("9", "accept")),
        ("mgc:9:decline", CHALLENGE, ("9", "decline")),
    ],
)
def test_every_component_id_is_claimed_by_exactly_one_template(custom_id: str, template, parts) -> None:
    matches = [t for t in (SELECT, BUTTON, CHALLENGE) if t.fullmatch(custom_id)]

    assert matches == [template]
    assert template.fullmatch(custom_id).groups() == parts


@pytest.mark.parametrize(
    "custom_id", ["mg:3:40:explode", "mg:x:1:play", "mgc:9:maybe", "mg:1:1:play:x", "other"]
)
def test_unknown_component_ids_are_claimed_by_none(custom_id: str) -> None:
    assert not any(t.fullmatch(custom_id) for t in (SELECT, BUTTON, CHALLENGE))


def test_every_action_and_prompt_has_a_component_id_that_comes_back_as_itself() -> None:
    for control in (*Action, *Prompt):
        custom_id = f"mg:5:6:{control.value}"
        assert any(t.fullmatch(custom_id) for t in (SELECT, BUTTON)), control
        assert parse_token(control.value) is control
    assert parse_token("confirm") is Action.RESIGN


def test_select_options_keep_at_most_25_distinct_entries_of_100_characters() -> None:
    long = "x" * 150
    options = select_options([f"{n}/off" for n in range(30)] + [long])
    assert len(options) == 25
    assert options[0].label == options[0].value == "0/off"

    (only,) = select_options([long, long])
    assert only.value == "x" * 100


def test_autocomplete_choices_have_equal_names_and_values_within_limits() -> None:
    choices = autocomplete_choices(["bar/3 5/off", "", "y" * 120] + [f"{n}/1" for n in range(40)])

    assert len(choices) == 25
    assert choices[0].name == choices[0].value == "bar/3 5/off"
    assert choices[1].value == "y" * 100


def _ids(view: discord.ui.View) -> list[str]:
    return [item.custom_id for item in view.children]  # type: ignore[attr-defined]


def test_a_board_for_the_player_to_move_has_the_menu_and_resign() -> None:
    view = controls_view(4, 9, (Control(Action.PLAY, ("bar/2 bar/1", "bar/2/3")), Control(Prompt.RESIGN)))

    assert _ids(view) == ["mg:4:9:play", "mg:4:9:resign"]
    select = view.children[0]
    assert [o.value for o in select.item.options] == ["bar/2 bar/1", "bar/2/3"]
    assert view.children[1].item.label == "Resign"


def test_a_stepwise_board_offers_first_moves() -> None:
    view = controls_view(4, 9, (Control(Action.FIRST, ("24/22", "6/4")), Control(Prompt.RESIGN)))

    assert _ids(view) == ["mg:4:9:first", "mg:4:9:resign"]


def test_a_final_board_has_no_components() -> None:
    assert controls_view(4, 9, ()) is None


def test_the_picker_has_the_next_moves_undo_and_done_with_its_number() -> None:
    controls = (Control(Action.STEP, ("6/4",), "31"), Control(Action.UNDO, argument="31"))
    view = controls_view(4, 9, (*controls, Control(Action.DONE, argument="31")))

    assert _ids(view) == ["mg:4:9:step:31", "mg:4:9:undo:31", "mg:4:9:done:31"]


def test_a_button_with_an_argument_carries_it() -> None:
    view = controls_view(4, 9, (Control(Action.RESIGN, argument="2"),))

    assert _ids(view) == ["mg:4:9:offer:2"]


def test_the_resign_question_has_yes_and_no() -> None:
    view = controls_view(4, 9, (Control(Action.RESIGN), Control(Prompt.KEEP)))

    assert _ids(view) == ["mg:4:9:offer", "mg:4:9:keep"]
    assert [b.item.label for b in view.children] == ["Yes, resign", "No, play on"]


def test_a_backgammon_resignation_offers_each_level_by_name() -> None:
    levels = [Control(Action.RESIGN, argument=str(n)) for n in (1, 2, 3)]
    view = controls_view(4, 9, (*levels, Control(Prompt.KEEP)))

    assert _ids(view) == ["mg:4:9:offer:1", "mg:4:9:offer:2", "mg:4:9:offer:3", "mg:4:9:keep"]
    assert [b.item.label for b in view.children] == [
        "Offer a single game",
        "Offer a gammon",
        "Offer a backgammon",
        "No, play on",
    ]


def test_challenge_buttons() -> None:
    view = challenge_view(5)

    assert _ids(view) == ["mgc:5:accept", "mgc:5:decline"]
    assert [b.item.label for b in view.children] == ["Accept", "Decline"]


# ---------------------------------------------------------------------- the application


def test_the_command_group_and_its_options() -> None:
    bot = MinigamBot(Config())
    group = MinigamGroup(bot)
    bot.tree.add_command(group)
    payload = group.to_dict(bot.tree)
    subcommands = {c["name"]: c for c in payload["options"]}

    assert payload["name"] == "minigam"
    assert payload["contexts"] == [0]  # servers only
    assert payload["dm_permission"] is False
    assert set(subcommands) == {
        "challenge", "vs-bot", "move", "hint", "board", "resign", "rules", "help",
        "leaderboard", "stats", "history", "cancel", "settings", "multigam", "leave", "export", "analyse",
        "prefs", "dice", "tournament", "puzzle", "train",
    }  # fmt: skip
    tournament = {c["name"] for c in subcommands["tournament"]["options"]}
    assert tournament == {"create", "show", "list", "award", "remove", "cancel"}
    prefs = {o["name"]: o for o in subcommands["prefs"]["options"]}
    assert [c["value"] for c in prefs["roll"]["choices"]] == ["ask", "no-double", "always"]
    assert [prefs[name]["type"] for name in ("forced", "bear_off")] == [5, 5]  # booleans
    assert not any(o["required"] for o in prefs.values())
    options = {o["name"]: o for o in subcommands["challenge"]["options"]}
    assert [c["value"] for c in options["variant"]["choices"]] == [
        "minigam", "minigam-full-entry", "minigam-strict", "backgammon", "backgammon-mulligan",
    ]  # fmt: skip
    assert (options["points"]["min_value"], options["points"]["max_value"]) == (0, 25)
    assert not options["points"]["required"]
    assert options["opponent"]["required"]
    levels = {o["name"]: o for o in subcommands["vs-bot"]["options"]}["level"]
    assert [c["value"] for c in levels["choices"]] == ["easy", "medium", "hard", "perfect", "expert"]
    (play,) = subcommands["move"]["options"]
    assert play["autocomplete"]
    assert play["required"]
    (lobby_level,) = subcommands["multigam"]["options"]
    assert [c["value"] for c in lobby_level["choices"]] == ["easy", "medium", "hard"]
    assert not lobby_level["required"]
    rules = {o["name"]: o for o in subcommands["rules"]["options"]}["variant"]
    assert "multigam" in [c["value"] for c in rules["choices"]]
    (game,) = subcommands["analyse"]["options"]
    assert (game["type"], game["autocomplete"], game["required"]) == (4, True, False)  # a game number


def test_no_privileged_intents() -> None:
    bot = MinigamBot(Config())

    assert not bot.intents.message_content
    assert not bot.intents.members
    assert not bot.intents.presences
    assert bot.intents.guilds


def test_create_bot_points_discord_py_at_the_configured_urls() -> None:
    old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        create_bot(Config(api_base="http://127.0.0.1:9/api/v10", gateway_url="ws://127.0.0.1:9"))
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
        gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        assert str(gateway) == "ws://127.0.0.1:9"
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway
    assert DEFAULT_API_BASE == "https://discord.com/api/v10"
    assert DEFAULT_GATEWAY_URL == "wss://gateway.discord.gg"


async def test_global_sync_happens_only_when_the_commands_change(tmp_path: Path, monkeypatch) -> None:
    bot = MinigamBot(Config(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    bot.storage = await open_store(bot.settings.database_url)
    bot.tree.add_command(MinigamGroup(bot))
    calls: list[object] = []

    async def fake_sync(*, guild=None):
        calls.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    try:
        await bot.sync_commands()
        await bot.sync_commands()
        assert calls == [None]

        @bot.tree.command(name="extra", description="a new command")
        async def extra(interaction: discord.Interaction) -> None: ...

        await bot.sync_commands()
        assert calls == [None, None]
    finally:
        await bot.storage.close()


async def test_a_development_server_is_synced_every_time(tmp_path: Path, monkeypatch) -> None:
    bot = MinigamBot(Config(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", dev_guild_id=42))
    bot.storage = await open_store(bot.settings.database_url)
    bot.tree.add_command(MinigamGroup(bot))
    calls: list[object] = []

    async def fake_sync(*, guild=None):
        calls.append(guild.id if guild else None)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    try:
        await bot.sync_commands()
        await bot.sync_commands()
    finally:
        await bot.storage.close()
    assert calls == [42, 42]


async def test_the_bot_process_freezes_what_start_up_made_once_ready() -> None:
    class Starting:
        ready = asyncio.Event()
        waiting = asyncio.Event()  # someone waits until it is ready

        async def wait_until_ready(self) -> None:
            self.waiting.set()
            await self.ready.wait()

    gc.unfreeze()
    bot = Starting()
    freezing = asyncio.create_task(_freeze_when_ready(bot))  # type: ignore[arg-type]
    await asyncio.wait_for(bot.waiting.wait(), 10)
    assert gc.get_freeze_count() == 0  # not before the guilds are loaded
    bot.ready.set()
    await freezing
    try:
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
