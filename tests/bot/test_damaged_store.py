"""A damaged database, or one that cannot be written just now: the bot keeps serving everything else.

A match whose plays cannot be replayed is skipped at start-up; a write that fails is refused with "try
again" and changes nothing; a damaged lobby does not stop the clock's sweep for every other match; a
garbage row of the records leaves out that row only; a database that cannot be used stops the bot with one
line and exit status 2. Rows are damaged behind the store's back (:class:`~tests.bot.databases.Database`),
on both databases."""

from __future__ import annotations

import pytest

from bot.core import Core, ServiceError
from tests.bot.conftest import ALICE, CHANNEL, GUILD, live, match_id_in, play, start_challenge_match
from tests.bot.databases import Database

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]
OTHER = CHANNEL + 1


async def _two_matches(make_core) -> tuple[Core, int]:
    """A match in CHANNEL where Alice made a play, and another in OTHER; the first one's id."""
    core = make_core([*DICE[:4], *DICE[:2]])
    await start_challenge_match(core)
    await play(core, ALICE, "bar/2 bar/1")
    await start_challenge_match(core, channel=OTHER)
    match_id = match_id_in(core)
    assert match_id is not None
    return core, match_id


# ---------------------------------------------------------------------- 1. plays that do not replay

PLAYS_DAMAGE = {
    "a play numbered before the opening": "UPDATE plays SET seq = -1 WHERE game_id = ? AND kind = 'play'",
    "the current game's plays deleted": "DELETE FROM plays WHERE game_id = ?",
}


@pytest.mark.parametrize("damage", PLAYS_DAMAGE.values(), ids=PLAYS_DAMAGE.keys())
async def test_a_match_whose_plays_do_not_replay_is_skipped_at_start(
    make_core, database: Database, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    first, match_id = await _two_matches(make_core)
    await database.execute(damage, live(first).record.current_game_id)

    second = make_core([])
    loaded = await second.load()

    assert loaded == 1
    assert match_id_in(second, OTHER) is not None
    assert match_id_in(second) is None
    assert f"match {match_id} cannot be loaded" in caplog.text
    with pytest.raises(ServiceError, match="could not be read back after a restart"):
        await second.challenges.vs_bot(GUILD, CHANNEL, ALICE)
