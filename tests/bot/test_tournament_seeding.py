"""Seeding at the start: by the entrants' ratings in the variant as they stand when the tournament starts,
not as they stood when each joined (a week of rated matches between may change who is the top seed)."""

from __future__ import annotations

from bot.core.tournaments.service import TournamentAction
from tests.bot.conftest import GUILD, MODERATOR
from tests.bot.test_tournaments import PLAYERS, a_core, created, read, signed_up


async def test_the_seeds_follow_the_ratings_at_the_start(make_core, database) -> None:
    core = a_core(make_core)
    tournament_id = await created(core)
    await signed_up(core, tournament_id, 4)  # all 1500 when they join: P0 would be the top seed
    await database.execute(  # P3 wins rated matches before the start
        "INSERT INTO ratings (guild_id, variant, user_id, rating, experience, wins, losses, streak,"
        " updated_at) VALUES (?, 'minigam', ?, 1620.0, 10, 8, 2, 0, 0)",
        GUILD,
        PLAYERS[3].user_id,
    )
    t = await read(core, tournament_id)
    await core.tournaments.act(tournament_id, t.version, MODERATOR, TournamentAction.START)
    t = await read(core, tournament_id)
    assert {e.name: e.seed for e in t.entrants} == {"P3": 1, "P0": 2, "P1": 3, "P2": 4}
