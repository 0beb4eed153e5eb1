"""Leaderboards page by page (embeds within Discord's limits at any size) and a player's rating over time."""

from __future__ import annotations

import pytest

from bot.app.standings import EMBED_TOTAL_LIMIT, bounded_embed, pages_view, standings_embed
from bot.core import PlayerCard, ServiceError, Standings
from bot.core.standings import PER_PAGE
from bot.models import PlayerRef
from bot.ratings.fibs import Rating
from bot.workers.drawing import rating_chart_png
from tests.bot.conftest import ALICE, GUILD, start_challenge_match
from tests.bot.test_service_records import _alice_beats_bob_then_carol

LONG = "山田太郎🎲" * 40  # 240 characters in a script and emoji: cut in the table, never past a limit


async def crowded(core, storage, players: int) -> None:
    """``players`` rated minigam players (long names), rated 1000 to 1000 + players - 1."""
    await start_challenge_match(core)  # a match for their rating rows to refer to
    now = core.ctx.clock.now()
    async with storage.transaction() as tx:
        for n in range(players):
            person = PlayerRef(1000 + n, f"{n:03d}{LONG}")
            await tx.upsert_player(person, now)
            rating = Rating(1000.0 + n, experience=n + 1, wins=n, losses=1)
            await tx.put_rating(GUILD, "minigam", person.user_id, Rating(), rating, 1, now)


async def test_a_large_leaderboard_comes_in_pages_read_fresh_each_time(make_core, storage) -> None:
    core = make_core([2, 1])
    await crowded(core, storage, 40)

    (notice,) = (await core.records.leaderboard(GUILD, "minigam")).notices
    assert isinstance(notice, Standings)
    first = notice.page
    last = await core.records.page(GUILD, "minigam", 2)
    past = await core.records.page(GUILD, "minigam", 99)

    assert (first.page, first.pages, first.total, len(first.rows)) == (0, 3, 40, PER_PAGE)
    assert first.rows[0].rating.rating == 1039.0  # the best first
    assert (last.first, len(last.rows), last.rows[-1].rating.rating) == (31, 10, 1000.0)
    assert past == last  # a page past the end shows the last one


async def test_every_page_of_a_huge_board_fits_discords_embed_limits(make_core, storage) -> None:
    core = make_core([2, 1])
    await crowded(core, storage, 120)

    for number in range(8):
        page = await core.records.page(GUILD, "minigam", number)
        embed = standings_embed(page)
        assert len(embed) <= EMBED_TOTAL_LIMIT
        assert len(embed.description or "") <= 4096
        assert embed.description.count("\n") == len(page.rows) + 2  # every row shown, in its code block
        buttons = [c.item for c in pages_view(page).children]  # Previous, Next
        assert [b.disabled for b in buttons] == [number == 0, number == 7]


def test_an_embed_keeps_every_limit_whatever_it_is_given() -> None:
    fields = [(f"field {n} " + "x" * 300, "y" * 2000) for n in range(40)]

    embed = bounded_embed(
        "t" * 400, "d" * 5000, fields=fields, footer="f" * 3000, code_lines=["z" * 90] * 100
    )

    assert len(embed.title) == 256
    assert len(embed.description) <= 4096
    assert len(embed.fields) <= 25
    assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in embed.fields)
    assert len(embed.footer.text) <= 2048
    assert len(embed) <= EMBED_TOTAL_LIMIT


async def test_stats_come_with_the_rating_over_time_drawn_as_a_picture(make_core) -> None:
    core = await _alice_beats_bob_then_carol(make_core)  # 1510.0, then 1519.9 (worked out there)

    (card,) = (await core.records.stats(GUILD, ALICE)).notices

    assert isinstance(card, PlayerCard)
    ((variant, points),) = card.chart.series
    assert variant == "minigam"
    assert [round(r, 1) for _at, r in points] == [1510.0, 1519.9]
    with pytest.raises(ServiceError, match="Dana hasn't played here yet"):  # not a card of zeros
        await core.records.stats(GUILD, PlayerRef(77, "Dana"))
    png = rating_chart_png("Alice's rating", [("Minigam", points)])
    assert png.startswith(b"\x89PNG")
