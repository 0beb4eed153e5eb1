"""Leaderboard, stats and history at the match-core level, against ratings worked out by hand."""

from __future__ import annotations

from bot.core import Core, Info
from bot.models import PlayerRef
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, play, resign

# Each match: the opening (Alice 2, the opponent 1), the opponent's 2-1, Alice's 3-2.
ONE_MATCH = [2, 1, 2, 1, 3, 2]


async def _alice_beats(core: Core, opponent: PlayerRef) -> None:
    """A rated match: both make a play (so it counts), then ``opponent`` resigns."""
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, opponent)
    await core.challenges.answer(sent.notices[0].challenge_id, opponent, accept=True)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, opponent, "bar/5/4")
    await resign(core, opponent)


async def _alice_beats_bob_then_carol(make_core) -> Core:
    core = make_core(ONE_MATCH * 2)
    for opponent in (BOB, CAROL):
        await _alice_beats(core, opponent)
    return core


async def test_the_leaderboard_ranks_by_rating_with_records_and_streaks(make_core) -> None:
    core = await _alice_beats_bob_then_carol(make_core)

    (notice,) = (await core.records.leaderboard(GUILD, "minigam")).notices

    # Alice beats Bob: 1500 +/- 4 * 0.5 * 5 = 10. Then Alice (1510, K 4.99) beats Carol (1500, K 5):
    # P(Alice) = 1 / (10 ** (-10 / 2000) + 1) = 0.502878, so each moves 4 * 0.497122 = 1.988487 times K:
    # Alice + 9.9225 -> 1519.9, Carol - 9.9424 -> 1490.06, just above Bob's 1490.0.
    assert isinstance(notice, Info)
    lines = notice.text.splitlines()
    assert lines[0] == "**Minigam** leaderboard"
    rows = [line.split() for line in lines[3:6]]
    assert rows == [
        ["1", "Alice", "1519.9", "2-0", "W2"],
        ["2", "Carol", "1490.1", "0-1", "L1"],
        ["3", "Bob", "1490.0", "0-1", "L1"],
    ]


async def test_an_empty_leaderboard_says_how_to_get_on_it(make_core) -> None:
    core = make_core([])

    (notice,) = (await core.records.leaderboard(GUILD, "backgammon")).notices

    assert notice.text == (
        "No rated matches for Backgammon in this server yet. Challenge someone with `/minigam challenge`!"
    )


async def test_without_a_variant_every_rated_variant_is_listed(make_core) -> None:
    core = await _alice_beats_bob_then_carol(make_core)

    (notice,) = (await core.records.leaderboard(GUILD)).notices

    assert notice.text.count("leaderboard") == 1
    assert "**Minigam** leaderboard" in notice.text


async def test_stats_show_the_record_and_the_rating(make_core) -> None:
    core = await _alice_beats_bob_then_carol(make_core)

    (alice,) = (await core.records.stats(GUILD, ALICE)).notices
    (bob,) = (await core.records.stats(GUILD, BOB)).notices

    assert alice.text.splitlines() == [
        "**Alice** in this server",
        "• Matches against people: 2 won, 0 lost · against the computer: 0 won, 0 lost",
        "• Minigam: rating 1519.9 (#1), 2-0, streak W2, experience 2",
    ]
    assert "• Minigam: rating 1490.0 (#3), 0-1, streak L1, experience 1" in bob.text


async def test_history_lists_recent_games_newest_first(make_core, clock) -> None:
    core = make_core(ONE_MATCH * 2)
    for opponent in (BOB, CAROL):
        clock.advance(3600)
        await _alice_beats(core, opponent)

    (notice,) = (await core.records.history(GUILD)).notices

    # the fake clock starts at 1750000000 = 2025-06-15 15:06:40 UTC
    assert notice.text.splitlines() == [
        "**Recent games** (see one's analysis: `/minigam analyse game:` and its number)",
        "• #2 · 2025-06-15 17:06 UTC · Minigam: **Alice** beat Carol (1 pt, resignation)",
        "• #1 · 2025-06-15 16:06 UTC · Minigam: **Alice** beat Bob (1 pt, resignation)",
    ]


async def test_history_of_a_quiet_server(make_core) -> None:
    core = make_core([])

    assert (await core.records.history(GUILD)).notices[0].text == "No finished games in this server yet."
