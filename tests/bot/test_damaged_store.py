"""A damaged database, or one that cannot be written just now: the bot keeps serving everything else.

A match whose plays cannot be replayed is skipped at start-up; a write that fails is refused with "try
again" and changes nothing; a damaged lobby does not stop the clock's sweep for every other match; a
garbage row of the records leaves out that row only; a database that cannot be used stops the bot with one
line and exit status 2. Rows are damaged behind the store's back (:class:`~tests.bot.databases.Database`),
on both databases."""

from __future__ import annotations

import logging

import pytest

from bot.core import Core, Message, ServiceError
from tests.bot.conftest import (
    ALICE,
    CAROL,
    CHANNEL,
    DAN,
    GUILD,
    boards,
    live,
    match_id_in,
    open_lobby,
    play,
    start_challenge_match,
)
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


# ---------------------------------------------------------------------- 3. the clock's sweep


async def _damage_lobby(database: Database, lobby_id: int) -> None:
    """A lobby whose version is not a number (on PostgreSQL: none, its column made to allow that)."""
    if database.kind == "postgres":
        await database.execute("ALTER TABLE lobbies ALTER COLUMN version DROP NOT NULL")
        await database.execute("UPDATE lobbies SET version = NULL WHERE lobby_id = ?", lobby_id)
    else:
        await database.execute("UPDATE lobbies SET version = 'seven' WHERE lobby_id = ?", lobby_id)


async def test_a_damaged_lobby_does_not_stop_the_sweep_for_other_matches(
    make_core, database: Database, clock, caplog: pytest.LogCaptureFixture
) -> None:
    core = make_core(DICE, turn_timeout=100)
    lobby_id = await open_lobby(core, CAROL, DAN, channel=OTHER)
    await start_challenge_match(core)
    await _damage_lobby(database, lobby_id)

    clock.advance(50)
    reminded = await core.timeouts.sweep()
    clock.advance(50)
    forfeited = await core.timeouts.sweep()

    (reminder,) = [n for n in reminded.notices if isinstance(n, Message)]
    assert reminder.mention == ALICE.user_id
    assert "Alice didn't play within" in boards(forfeited)[0].text
    assert match_id_in(core) is None
    damaged = [r for r in caplog.records if f"lobby {lobby_id}" in r.getMessage()]
    assert len(damaged) == 1  # once, not at every pass
    assert damaged[0].levelno == logging.ERROR
