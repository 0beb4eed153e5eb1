"""The move-by-move picker on Discord (a roll with more than 25 plays): one picker per decision, edited in
place by each pick; a pick in an older picker is refused as out of date and changes nothing."""

from __future__ import annotations

import pytest

from engine import ScriptedDice
from tests.e2e.standin import Message
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

# Alice opens 6-5 and plays 24/13; Bob rolls 2-2: 75 legal plays, so his board's menu offers first moves.
DICE = [6, 5, 2, 2, *[3, 1] * 40]


def options(message: Message) -> dict[str, str]:
    """The picker's (or the board's) menu, label to value."""
    select = next(s for s in message.selects() if s.get("type") == 3)
    return {str(o.get("label")): o["value"] for o in select.get("options", ())}


async def test_each_pick_edits_the_one_picker_and_an_older_picker_is_out_of_date(make_world) -> None:
    world: World = await make_world(dice=ScriptedDice(DICE))
    fake = world.fake
    await world.start_match(fake.alice, fake.bob, variant="backgammon")
    await world.play_by_command(fake.general, "24/13")
    match = await world.settled(fake.general)
    board = world.board_for(match)
    assert board is not None
    if any("roll" in str(b.get("label", "")).lower() for b in board.buttons()):  # Bob may double: he rolls
        await fake.click(fake.bob, board, board.button("roll"))
        await fake.wait_for(lambda: world.stored(fake.general).version > match.version, what="the roll")
        match = await world.settled(fake.general)
        board = world.board_for(match)
    assert board is not None
    menu = next(s for s in board.selects() if s.get("type") == 3)

    opened = await fake.click(fake.bob, board, menu, values=[options(board)["24/22"]])
    (older,) = [m for m in world.replies(opened) if m.ephemeral]
    reopened = await fake.click(fake.bob, board, menu, values=[options(board)["6/4"]])
    (picker,) = [m for m in world.replies(reopened) if m.ephemeral]
    assert picker.text.startswith("Your play so far: `6/4`.")

    # A pick in the first picker: refused, privately; neither picker changes, nothing is stored.
    stale = await fake.click(
        fake.bob, older, next(s for s in older.selects()), values=[options(older)["13/11"]]
    )
    refusal = await world.answer_text(stale)
    assert "out of date" in refusal
    assert older.text.startswith("Your play so far: `24/22`.")
    assert picker.text.startswith("Your play so far: `6/4`.")
    assert world.stored(fake.general).version == match.version

    # Picks in the newest picker edit it in place: no new message.
    edits = len(picker.versions)
    pick = await fake.click(
        fake.bob, picker, next(s for s in picker.selects()), values=[options(picker)["6/4"]]
    )
    await fake.wait_for(lambda: len(picker.versions) > edits, what="the picker edited")
    assert world.replies(pick) == []
    assert picker.text.startswith("Your play so far: `6/4(2)`.")
    for move in ("8/6", "8/6"):
        edits = len(picker.versions)
        await fake.click(fake.bob, picker, next(s for s in picker.selects()), values=[options(picker)[move]])
        await fake.wait_for(lambda n=edits: len(picker.versions) > n, what="the picker edited")

    # The last pick made the play: the picker says so and has no controls; the new board is Alice's.
    await fake.wait_for(lambda: world.stored(fake.general).version > match.version, what="the play")
    assert picker.text == "Played."
    assert picker.items() == []
    assert world.warnings() == []
