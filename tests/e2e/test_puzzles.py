"""Puzzles through Discord: ``/minigam puzzle solve`` answered privately by the menu, by a typed answer
with autocomplete, and by the cube's buttons, each graded at once with the best play drawn; refusals
(an old puzzle answered twice, someone else's puzzle); the daily puzzle posted in its channel and served
privately by its button."""

from __future__ import annotations

import pytest

from bot.texts.puzzles import answer_words
from engine.puzzles import Puzzle, shipped_by_id
from tests.e2e.standin import Interaction, Message
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


def open_puzzle(world: World, user) -> tuple[int, Puzzle]:
    attempt = world.db.read(lambda s: s.open_puzzle_attempt(world.fake.guild.id, user.id))
    assert attempt is not None, "no open puzzle"
    return attempt.attempt_id, shipped_by_id()[attempt.puzzle_ref]


async def daily_puzzle_at(world: World, hour: int) -> Interaction:
    """A moderator sets the daily puzzle's hour, then its channel: the last answer."""
    fake = world.fake
    await world.answer_text(await world.slash(fake.dana, "settings", setting="puzzle_hour", value=str(hour)))
    return await world.slash(fake.dana, "settings", setting="puzzle_channel", value=fake.general.mention)


async def edited(world: World, message: Message, start: str) -> Message:
    return await world.fake.wait_for(
        lambda: ((m := world.fake.messages[message.id]).text.startswith(start) and m) or None,
        what=f"the puzzle's message edited to {start!r}",
    )


async def test_a_puzzle_answered_with_the_menu_is_graded_in_place(world: World) -> None:
    fake = world.fake
    asked = await world.slash(fake.alice, "puzzle solve", family="minigam")
    shown = await world.ephemeral_reply(asked)
    attempt_id, puzzle = open_puzzle(world, fake.alice)

    assert shown.text.startswith("**Puzzle** · Minigam")
    assert len(shown.pngs) == 1
    assert sorted(shown.select_values()) == sorted(a.text for a in puzzle.answers)
    menu = next(s for s in shown.selects() if s["custom_id"] == f"mgp:{attempt_id}:menu:0")

    await fake.click(fake.alice, shown, menu, values=[puzzle.best.text])
    graded = await edited(world, shown, "**Best!**")

    assert graded.ephemeral
    assert len(graded.pngs) == 1  # the best play drawn
    assert graded.button("Next puzzle")["custom_id"] == "mgpn:minigam"
    assert graded.selects() == []
    stored = world.db.read(lambda s: s.puzzle_attempt(attempt_id))
    assert (stored.word, stored.solved) == ("best", True)

    await fake.click(fake.alice, graded, graded.button("Next puzzle"))
    assert open_puzzle(world, fake.alice)[0] != attempt_id
    assert world.warnings() == []


async def test_a_typed_answer_is_offered_by_autocomplete_and_graded(world: World) -> None:
    fake = world.fake
    asked = await world.slash(fake.alice, "puzzle solve", family="backgammon-play")
    shown = await world.ephemeral_reply(asked)
    attempt_id, puzzle = open_puzzle(world, fake.alice)
    second = puzzle.answers[1].text
    first_move = second.split()[0]

    offered = await fake.autocomplete(fake.alice, "minigam puzzle answer", first_move)
    assert second in [c["value"] for c in offered]
    assert all(first_move in c["value"] for c in offered)
    typed = " ".join(reversed(second.split()))  # the same play typed another way
    answered = await world.slash(fake.alice, "puzzle answer", play=typed)
    graded = await world.ephemeral_reply(answered)

    word = world.db.read(lambda s: s.puzzle_attempt(attempt_id)).word
    assert graded.text.startswith(f"**{word.capitalize()}**: `{second}` loses")
    assert f"Best: `{puzzle.best.text}`" in graded.text
    assert len(graded.pngs) == 1

    # the puzzle's own menu, still under its first message, now answers that it was answered
    menu = shown.selects()[0]
    again = await fake.click(fake.alice, shown, menu, values=[menu["options"][0]["value"]])
    assert "already answered" in await world.answer_text(again)
    assert world.db.read(lambda s: s.puzzle_attempt(attempt_id)).answer == second
    assert world.warnings() == []


async def test_a_cube_puzzle_is_answered_with_its_buttons(world: World) -> None:
    fake = world.fake
    shown = await world.ephemeral_reply(
        await world.slash(fake.alice, "puzzle solve", family="backgammon-cube")
    )
    attempt_id, puzzle = open_puzzle(world, fake.alice)
    labels = {"double": "Double", "no double": "No double", "take": "Take", "pass": "Drop"}
    if puzzle.game.cube_owner is not None:
        labels.update({"double": "Redouble", "no double": "No redouble"})
    buttons = {b["label"]: b for b in shown.buttons()}
    assert set(buttons) == {labels[a.text] for a in puzzle.answers}

    await fake.click(fake.alice, shown, buttons[labels[puzzle.best.text]])
    graded = await edited(world, shown, "**Best!**")

    assert f"`{answer_words(puzzle.best.text)}` is the best answer (equity" in graded.text  # pass: drop
    assert world.db.read(lambda s: s.puzzle_attempt(attempt_id)).solved is True
    assert world.warnings() == []


async def test_someone_else_s_puzzle_is_refused(world: World) -> None:
    fake = world.fake
    shown = await world.ephemeral_reply(
        await world.slash(fake.alice, "puzzle solve", family="minigam-strict")
    )
    attempt_id, puzzle = open_puzzle(world, fake.alice)

    clicked = await fake.click(fake.bob, shown, shown.selects()[0], values=[puzzle.best.text])

    assert "someone else's" in await world.answer_text(clicked)
    assert world.db.read(lambda s: s.puzzle_attempt(attempt_id)).is_open
    assert world.warnings() == []


async def test_the_daily_puzzle_is_posted_in_its_channel_and_served_by_its_button(world: World) -> None:
    fake = world.fake
    hour = (int(world.clock.now()) // 3600 + 1) % 24  # the next hour, UTC
    settings = await daily_puzzle_at(world, hour)
    assert "daily puzzle" in await world.answer_text(settings)
    await world.sweep()
    assert [m for m in fake.channel_messages(fake.general.id) if "Daily puzzle" in m.text] == []

    world.clock.advance(3600)
    await world.sweep()
    await world.sweep()  # never twice a day
    posts = [m for m in fake.channel_messages(fake.general.id) if m.text.startswith("**Daily puzzle of")]
    assert len(posts) == 1
    (post,) = posts
    assert not post.ephemeral
    assert len(post.pngs) == 1

    pressed = await fake.click(fake.bob, post, post.button("Solve it"))
    shown = await world.ephemeral_reply(pressed)
    assert shown.text.startswith("**Daily puzzle** ·")
    attempt_id, puzzle = open_puzzle(world, fake.bob)
    again = await world.ephemeral_reply(await fake.click(fake.bob, post, post.button("Solve it")))
    assert again.text == shown.text  # not answered yet: the same attempt again, its message may be lost
    assert again.custom_ids() == shown.custom_ids()

    best = puzzle.best.text
    for item in again.items():  # the best answer, by its menu or its cube button
        if item["custom_id"] == f"mgp:{attempt_id}:cube:{best.replace(' ', '-')}":
            await fake.click(fake.bob, again, item)
        elif item.get("type") == 3 and best in [o["value"] for o in item["options"]]:
            await fake.click(fake.bob, again, item, values=[best])
    await edited(world, again, "**Best!**")
    refused = await fake.click(fake.bob, post, post.button("Solve it"))
    assert "already answered this daily puzzle (best)" in await world.answer_text(refused)
    assert world.warnings() == []


async def test_after_a_restart_the_daily_puzzle_is_not_posted_again_and_its_button_still_serves(
    world: World,
) -> None:
    fake = world.fake
    hour = (int(world.clock.now()) // 3600 + 1) % 24
    await world.answer_text(await daily_puzzle_at(world, hour))
    world.clock.advance(3600)
    await world.sweep()

    await world.stop()
    await world.start()
    await world.sweep()

    posts = [m for m in fake.channel_messages(fake.general.id) if m.text.startswith("**Daily puzzle of")]
    assert len(posts) == 1
    pressed = await fake.click(fake.carol, posts[0], posts[0].button("Solve it"))
    assert (await world.answer_text(pressed)).startswith("**Daily puzzle** ·")
    assert world.warnings() == []
