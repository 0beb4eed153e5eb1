"""Post-game analysis through Discord: every game's last board has an Analyse button that anyone may press
(also after the board was retired, and after a restart), ``/minigam analyse`` with and without a game
number, the answer in embeds with the chart and the worst decisions' boards, only for whoever asked."""

from __future__ import annotations

import re

import pytest

from tests.e2e.standin import Message
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


def analyse_buttons(world: World) -> list[tuple[Message, dict]]:
    """Every board with an Analyse button, oldest first, with the button."""
    out = []
    for m in world.fake.channel_messages(world.table(world.fake.general)):  # the match's thread
        for b in m.buttons():
            if b["custom_id"].startswith("mga:"):
                out.append((m, b))
    return out


def game_number(button: dict) -> int:
    found = re.fullmatch(r"mga:(\d+)", button["custom_id"])
    assert found is not None
    return int(found[1])


async def answer(world: World, interaction) -> list[Message]:
    """The bot's messages in answer to ``interaction``, once it has answered (not "thinking…" any more)."""
    await world.answer_text(interaction, within=30)
    return world.replies(interaction)


def check_analysis(messages: list[Message], game_id: int, names: set[str]) -> list[dict]:
    """The answer is the analysis of ``game_id``, only for the one who asked; its embeds."""
    assert messages
    assert all(m.ephemeral for m in messages)
    embeds = [e for m in messages for e in m.embeds]
    overview = embeds[0]
    assert overview["title"].startswith(f"Analysis of game #{game_id} · Minigam")
    assert {f["name"] for f in overview["fields"]} == names
    assert all("Luck of the dice" in f["value"] for f in overview["fields"])
    for m in messages:
        shown = [e["image"]["url"].removeprefix("attachment://") for e in m.embeds if e.get("image")]
        assert shown == [a.filename for a in m.pngs]  # every embed shows its own picture
    assert overview["image"]["url"] == "attachment://chances.png"
    worst = embeds[1:]
    assert worst, "a whole game has decisions that lost something"
    for e in worst:
        assert " · worst decision " in e["title"]
        assert re.search(r"Played: .+\nBest: .+\nCost: \*\*\d+\.\d%\*\*", e["description"])
    return embeds


async def test_every_games_last_board_can_be_analysed_by_anyone(make_world) -> None:
    world = await make_world(ai_workers=0)  # the easy computer thinks in a thread: quicker to start
    fake = world.fake
    await world.vs_bot(fake.alice, variant="minigam", level="easy", points=2)

    final = await world.play_to_end(fake.general)

    boards = analyse_buttons(world)
    games = [game.game_id for game, _ in final.games]
    assert [game_number(b) for _, b in boards] == games  # one per game, the match's last board included
    assert len(games) >= 2
    first_board, first_button = boards[0]
    assert not first_button.get("disabled")  # retired when the next game began, but Analyse still works
    before = len(fake.public_messages(world.table(fake.general)))

    clicked = await fake.click(fake.carol, first_board, first_button)  # Carol did not play
    embeds = check_analysis(await answer(world, clicked), games[0], {"Alice", "Computer (easy)"})

    again = await fake.click(fake.bob, first_board, first_button)
    assert [e for m in await answer(world, again) for e in m.embeds] == embeds  # stored: the same answer
    assert len(fake.public_messages(world.table(fake.general))) == before  # nothing posted in the channel
    assert [g for g in games if world.db.analysis(g) is not None] == games[:1]  # stored once, the first

    last = await world.slash(fake.alice, "analyse")  # the last game finished here
    check_analysis(await answer(world, last), games[-1], {"Alice", "Computer (easy)"})
    assert final.status == "finished"
    assert world.warnings() == []


async def test_analyse_by_number_with_autocomplete_and_after_a_restart(make_world) -> None:
    world = await make_world(ai_workers=0)  # the easy computer thinks in a thread: quicker to start
    fake = world.fake
    await world.vs_bot(fake.alice, variant="minigam", level="easy")
    await world.play_to_end(fake.general)
    ((board, button),) = analyse_buttons(world)
    game_id = game_number(button)

    choices = await fake.autocomplete(fake.alice, "minigam analyse", "")
    assert [c["value"] for c in choices] == [game_id]
    assert choices[0]["name"].startswith(f"#{game_id} · Minigam · Alice vs Computer (easy)")
    asked = await world.slash(fake.alice, "analyse", game=game_id)
    check_analysis(await answer(world, asked), game_id, {"Alice", "Computer (easy)"})
    unknown = await world.slash(fake.alice, "analyse", game=game_id + 50)
    assert f"There is no game #{game_id + 50} in this server." in await world.answer_text(unknown)

    await world.stop()
    world = await make_world(ai_workers=0)  # the easy computer thinks in a thread: quicker to start
    clicked = await world.fake.click(fake.carol, board, button)  # the button drawn before the restart
    check_analysis(await answer(world, clicked), game_id, {"Alice", "Computer (easy)"})
    assert world.warnings() == []
