"""Dice anyone can verify, through Discord: the first board commits to the dice, ``/minigam dice`` is
refused while the match is in play, and once it is over the last board shows the seed and ``/minigam dice``
attaches every die, which ``python -m engine.dice verify`` accepts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.dice.__main__ import main as verify_main
from engine.dice.verify import verify_text
from tests.e2e.standin import FakeDiscord
from tests.e2e.world import World, is_board

pytestmark = pytest.mark.e2e

HEX = "[0-9a-f]{64}"


async def test_dice_of_a_match_are_refused_in_play_and_listed_once_over(
    fake: FakeDiscord, tmp_path: Path, capsys
) -> None:
    world = World(fake, tmp_path)
    world.dice = None  # no dice given: each match throws its own seed's dice, as in real play
    await world.start()
    try:
        match = await world.start_match(fake.alice, fake.bob)
        table = fake.channels[match.channel_id]
        first = next(m for m in fake.channel_messages(table) if is_board(m))
        committed = re.search(rf"Dice committed: SHA-256 `({HEX})`", first.text)
        assert committed is not None, first.text
        commitment = committed.group(1)

        asked = await world.slash(fake.alice, "dice", channel=table)
        refusal = await world.ephemeral_reply(asked)
        assert "stay secret until it ends" in refusal.text
        assert not refusal.attachments

        final = await world.play_to_end(fake.general)
        assert final.status == "finished"
        last = world.board(fake.general)
        revealed = re.search(rf"Dice seed revealed: `({HEX})`", last.text)
        assert revealed is not None, last.text
        seed = revealed.group(1)

        asked = await world.slash(fake.bob, "dice", channel=table)
        await world.answer_text(asked)
        (reply,) = [m for m in world.replies(asked) if m.attachments]
        assert reply.ephemeral
        assert seed in reply.text
        assert commitment in reply.text
        (attachment,) = reply.attachments
        assert attachment.filename == f"minigam-match-{final.match_id}-dice.txt"
        listing = attachment.data.decode()
        thrown = sum(1 for e in final.events if e.kind == "roll")
        assert verify_text(seed, commitment, listing).dice >= 2 * thrown + 2
        path = tmp_path / attachment.filename
        path.write_text(listing)
        assert verify_main(["verify", "--seed", seed, "--commitment", commitment, "--rolls", str(path)]) == 0
        assert "OK: the seed matches the commitment" in capsys.readouterr().out

        asked = await world.slash(fake.alice, "dice", channel=table, match=final.match_id + 50)
        refusal = await world.ephemeral_reply(asked)
        assert f"There's no match {final.match_id + 50} in this server." in refusal.text
        assert world.warnings() == []
    finally:
        await world.close()
