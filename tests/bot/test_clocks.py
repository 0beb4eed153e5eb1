"""Match clocks (issue 33 §2): the presets and their arithmetic, and a clocked match through the core: the
delay, the reserve, the time charged from the board's posting to Discord's receipt of the action, a late
action refused, the flag falling (a match, a money game), the computer without a clock, the boards."""

from __future__ import annotations

import pytest

from bot.clock import FakeClock
from bot.core import Action, Core, LastBoard, ServiceError, match_clocks
from bot.core.autoplay import automatic_turn
from bot.core.clocks import (
    CLOCK_NAMES,
    NO_CLOCK,
    PRESETS,
    UnknownClock,
    charged,
    clock_named,
    starting_reserves,
    time_left,
)
from bot.core.flags import GRACE, flag_fall
from bot.core.prefs import PlayerPrefs
from bot.models import MatchStatus
from bot.texts import clocks as words
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, boards, live, post_board

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2, 4, 1, 5, 3, 6, 2, 2, 4, 3, 1] * 5
"""Minigam: Alice wins the opening roll (2 against 1), then plenty of dice."""

BLITZ = PRESETS["blitz"]


# ---------------------------------------------------------------------- the presets, pure
def test_the_presets_are_a_delay_then_a_reserve_per_point() -> None:
    assert CLOCK_NAMES == ("none", "blitz", "live", "casual")
    assert (BLITZ.delay, BLITZ.reserve(5)) == (8.0, 100.0)
    assert (PRESETS["live"].delay, PRESETS["live"].reserve(5)) == (12.0, 600.0)  # USBGF: 2 min a point
    assert (PRESETS["casual"].delay, PRESETS["casual"].reserve(3)) == (15.0, 540.0)


def test_a_single_game_has_the_reserve_of_a_two_point_match() -> None:
    assert PRESETS["live"].reserve(0) == PRESETS["live"].reserve(2) == 240.0
    assert starting_reserves("blitz", 0, 2) == (40.0, 40.0)
    assert starting_reserves(NO_CLOCK, 5, 2) == ()


def test_a_decision_uses_the_delay_first_then_the_reserve() -> None:
    assert charged(BLITZ, 60.0, 8.0) == 60.0  # within the delay: free
    assert charged(BLITZ, 60.0, 20.0) == 48.0  # 12 s past the delay
    assert charged(BLITZ, 60.0, 500.0) == 0.0  # never below nothing
    assert time_left(BLITZ, 60.0, 0.0) == 68.0
    assert time_left(BLITZ, 60.0, 70.0) == -2.0


def test_a_clock_is_named_in_any_case_and_an_unknown_one_is_refused() -> None:
    assert clock_named(" Live ") == "live"
    assert clock_named(None) == clock_named("") == NO_CLOCK
    with pytest.raises(UnknownClock):
        clock_named("bullet")


def test_a_reserve_reads_as_a_clock() -> None:
    assert [words.clock_time(s) for s in (0, 7.9, 60, 588.2, 3900, -3)] == [
        "0:00",
        "0:07",
        "1:00",
        "9:48",
        "1:05:00",
        "0:00",
    ]


# ---------------------------------------------------------------------- a clocked match
async def clocked_match(core: Core, clock: str = "blitz", points: int = 3, variant: str = "minigam"):
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, variant, points, clock=clock)
    result = await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    return sent, result


async def move(core: Core, *, at: float | None = None) -> None:
    """The person to act makes the first legal play (Discord received it ``at``)."""
    found = live(core)
    actor = found.record.seats[found.game.actor]
    text = found.game.position.format_play(found.game.legal_plays()[0])
    who = ALICE if actor.user_id == ALICE.user_id else BOB
    await core.matches.act(found.match_id, found.version, who, Action.PLAY, text, at=at)


def reserves(core: Core) -> tuple[float, ...]:
    return live(core).record.reserves


async def test_a_challenge_offers_its_clock_and_the_match_starts_on_it(make_core) -> None:
    core = make_core(DICE)

    sent, result = await clocked_match(core, "live", 3)

    assert sent.notices[0].text.endswith(" On the **live** clock: 12 s a decision, then 6:00 each.")
    found = live(core)
    assert (found.record.clock, found.record.reserves) == ("live", (360.0, 360.0))
    (board,) = boards(result)
    assert "⏱ live clock, 12 s a decision: Alice 6:00 (to act) · Bob 6:00" in board.text.splitlines()
    stored = await core.store.match(found.match_id)
    assert stored is not None
    assert (stored.clock, stored.reserves) == ("live", (360.0, 360.0))


async def test_an_unknown_clock_is_refused_and_nothing_is_offered(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(
        ServiceError, match=r"no clock called `bullet`\. Choose one of: none, blitz, live, casual"
    ):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, clock="bullet")

    assert await core.store.pending_challenges(CHANNEL) == []


def test_a_four_player_game_has_no_clock() -> None:
    assert match_clocks.chosen("none", players=4) == NO_CLOCK
    with pytest.raises(ServiceError, match="Four-player games are played without a clock"):
        match_clocks.chosen("blitz", players=4)


async def test_a_move_within_the_delay_costs_no_reserve(make_core, clock: FakeClock) -> None:
    core = make_core(DICE)
    await clocked_match(core)

    clock.advance(7.9)
    await move(core)

    assert reserves(core) == (60.0, 60.0)


async def test_past_the_delay_the_reserve_pays_and_the_next_player_starts_fresh(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)

    clock.advance(20)
    await move(core)  # Alice: 12 s past the delay
    clock.advance(10)
    await move(core)  # Bob: 2 s past

    assert reserves(core) == (48.0, 58.0)
    stored = await core.store.match(live(core).match_id)
    assert stored is not None
    assert stored.reserves == (48.0, 58.0)


async def test_the_time_runs_from_the_boards_posting_to_discords_receipt(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)
    found = live(core)
    start = clock.now()

    clock.advance(3)  # the bot posts the board 3 s late: not Alice's time
    await post_board(core, found.match_id, 500)
    clock.advance(40)  # Discord received her play 18 s after the board; the bot took 22 s more
    await move(core, at=start + 3 + 18)

    assert reserves(core) == (50.0, 60.0)  # 18 s: 8 free, 10 off the reserve


async def test_discords_time_is_never_later_than_the_bots_now(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)

    clock.advance(10)
    await move(core, at=clock.now() + 30)  # a clock ahead of ours charges no more than now

    assert reserves(core) == (58.0, 60.0)


async def test_discords_time_ahead_of_ours_does_not_refuse_an_action_in_time(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)

    clock.advance(60)  # 8 s before the flag by our clock; Discord's clock says 30 s later
    await move(core, at=clock.now() + 30)

    assert reserves(core) == (8.0, 60.0)  # charged up to now, as if received now: in time


async def test_an_action_received_after_the_flag_fell_is_refused_and_changes_nothing(
    make_core, clock
) -> None:
    core = make_core(DICE)
    await clocked_match(core)
    found = live(core)
    moment = match_clocks.flag_moment(found)
    assert moment == clock.now() + 68.0
    version = found.version

    clock.advance(68.2)  # the flag's timer has not let it fall yet (GRACE)
    with pytest.raises(ServiceError, match="your time ran out before this arrived, and you lose on time"):
        await move(core, at=moment + 0.1)  # a match: its flag loses the match, not a game

    assert (found.version, found.record.reserves, found.is_live) == (version, (60.0, 60.0), True)


async def test_the_opponents_resignation_after_the_flag_is_refused_too(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)
    found = live(core)

    clock.advance(70)
    with pytest.raises(
        ServiceError, match="Alice's time had run out before this arrived, and Alice loses on"
    ):
        await core.matches.act(found.match_id, found.version, BOB, Action.RESIGN)


async def offer_and_decline(core: Core, offerer, answerer, clock: FakeClock, think: float) -> None:
    """``offerer`` offers to resign a single ``think`` seconds into the decision; ``answerer`` declines 1 s
    later."""
    clock.advance(think)
    found = live(core)
    await core.matches.act(found.match_id, found.version, offerer, Action.RESIGN, "1")
    clock.advance(1)
    found = live(core)
    await core.matches.act(found.match_id, found.version, answerer, Action.DECLINE)


async def test_offering_to_resign_again_and_again_buys_no_fresh_delay(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core, variant="backgammon")  # its resignations are offers
    first = live(core).game.actor
    alice_first = live(core).record.seats[first].user_id == ALICE.user_id
    me, other = (ALICE, BOB) if alice_first else (BOB, ALICE)

    for _ in range(5):  # 7.5 s each time: within a fresh delay, were one given
        await offer_and_decline(core, me, other, clock, 7.5)

    found = live(core)
    assert found.game.actor == first  # the same decision, resumed
    # The first offer within the delay; the second's 7.5 s past 0.5 s left of it; then all from the reserve.
    assert reserves(core)[first] == 60.0 - (7.0 + 3 * 7.5)
    assert reserves(core)[1 - first] == 60.0  # each answer within the answerer's own delay
    stored = await core.store.match(found.match_id)
    assert stored is not None
    assert stored.clock_used == 8.0  # a restart resumes it so too: its delay used up


async def test_a_resignation_offered_on_the_others_turn_resumes_their_decision(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core, variant="backgammon")
    first = live(core).game.actor
    alice_first = live(core).record.seats[first].user_id == ALICE.user_id
    me, other = (ALICE, BOB) if alice_first else (BOB, ALICE)

    await offer_and_decline(core, other, me, clock, 5)  # 5 s into my decision; I decline in 1 s

    assert live(core).game.actor == first
    clock.advance(5)  # 3 s of my delay were left
    await move(core)
    assert reserves(core)[first] == 58.0


async def test_the_flag_falls_only_after_its_moment_and_loses_the_match(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core, points=3)
    found = live(core)

    clock.advance(68 + GRACE - 0.01)
    async with found.lock:
        assert (await flag_fall(core.ctx, found)).notices == []
    clock.advance(0.01)
    async with found.lock:
        result = await flag_fall(core.ctx, found)

    assert found.record.status is MatchStatus.FINISHED
    assert found.record.winner_seat == 1
    assert found.match.score == (0, 3)  # a flag loses the whole match
    (last,) = [n for n in result.notices if isinstance(n, LastBoard)]
    assert "⏱ Alice's time ran out: Alice loses the match." in last.text
    assert "Alice 0:00 · Bob 1:00" in last.text
    stored = await core.store.match(found.match_id)
    assert stored is not None
    assert stored.reserves == (0.0, 60.0)


async def test_in_money_play_the_flag_loses_the_game_at_the_cubes_value(make_core, clock) -> None:
    core = make_core([3, 1] * 100)
    await clocked_match(core, "blitz", 0, "backgammon")
    found = live(core)
    assert found.record.reserves == (40.0, 40.0)
    await move(core)  # Alice opens
    await core.matches.act(found.match_id, found.version, BOB, Action.DOUBLE)
    await core.matches.act(found.match_id, found.version, ALICE, Action.TAKE)
    assert (found.game.cube, match_clocks.running_seat(found)) == (2, 1)  # Bob rolled: his play

    clock.advance(49)
    async with found.lock:
        result = await flag_fall(core.ctx, found)

    outcome = found.match.outcomes[-1]
    assert (outcome.winner, outcome.points) == (0, 2)
    assert "⏱ Bob's time ran out: Bob loses the game, at the cube's value." in boards(result)[0].text


async def test_the_computer_has_no_clock(make_core, clock) -> None:
    core = make_core(DICE)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", points=3, clock="blitz")
    found = live(core)
    if match_clocks.running_seat(found) is None:  # the computer opened: it is never timed
        assert match_clocks.flag_moment(found) is None
        await core.matches.computer_turn(found.match_id)
    assert match_clocks.running_seat(found) == 0

    clock.advance(30)
    await move(core)

    assert match_clocks.running_seat(found) is None  # the computer to play: no clock runs
    assert match_clocks.flag_moment(found) is None
    clock.advance(500)
    await core.matches.computer_turn(found.match_id)
    assert found.record.reserves == (38.0, 60.0)  # the computer's 500 s cost nothing
    assert match_clocks.board_line(found) == "⏱ blitz clock, 8 s a decision: Alice 0:38 (to act)"


async def test_a_clocked_match_has_no_turn_limit(make_core, clock) -> None:
    core = make_core(DICE, turn_timeout=100)
    await clocked_match(core, "casual", 3)

    clock.advance(150)  # past the turn limit, well within the clock
    result = await core.timeouts.sweep()

    assert result.notices == []
    assert live(core).is_live


async def test_the_sweep_lets_a_missed_flag_fall(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)

    clock.advance(69)
    result = await core.timeouts.sweep()

    assert any("Alice's time ran out" in b.text for b in boards(result))
    assert core.ctx.live.played_in(CHANNEL) is None


async def test_a_board_shows_both_reserves_and_warns_under_30_seconds(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core, "blitz", 1)  # 20 s each: under 30 from the start

    found = live(core)
    line = match_clocks.board_line(found)

    assert line == (
        "⏱ blitz clock, 8 s a decision: Alice 0:20 (to act) ⚠ · Bob 0:20 ⚠\n"
        "⚠ Alice, under 30 s of reserve left: 0:20, after the 8 s of each decision. Hurry!"
    )


async def test_the_board_asked_for_shows_the_reserve_as_it_stands(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)

    clock.advance(18)
    (reply,) = (await core.matches.last_board(CHANNEL, BOB)).notices

    assert "⏱ blitz clock, 8 s a decision: Alice 0:50 (to act) · Bob 1:00" in reply.text.splitlines()


async def test_the_reserves_last_the_whole_match_from_game_to_game(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core, "blitz", 3)
    found = live(core)

    clock.advance(20)
    await core.matches.act(found.match_id, found.version, ALICE, Action.RESIGN)  # her decision: 12 s off

    assert found.match.games_played == 1
    assert found.is_live
    assert found.record.reserves == (48.0, 60.0)  # not a fresh reserve for the second game
    assert match_clocks.running_seat(found) is not None


async def test_the_board_after_the_end_shows_the_reserves_it_ended_with(make_core, clock) -> None:
    core = make_core(DICE)
    await clocked_match(core)
    clock.advance(69)
    await core.timeouts.sweep()  # Alice's flag

    (reply,) = (await core.matches.last_board(CHANNEL, BOB)).notices

    assert "⏱ blitz clock, 8 s a decision: Alice 0:00 · Bob 1:00" in reply.text.splitlines()


async def test_an_action_the_bot_takes_for_a_player_costs_them_nothing(make_core, clock) -> None:
    core = make_core([3, 1] * 100)
    await PlayerPrefs(core.ctx).change(BOB, {"roll": "always"})  # Bob never stops to double
    await clocked_match(core, "blitz", 0, "backgammon")
    found = live(core)
    await move(core)  # Alice opens; Bob may double, so his roll waits for the bot
    assert found.automatic

    clock.advance(30)  # the bot is slow to roll for him
    await automatic_turn(core.ctx, found.match_id, core.matches.reload)

    assert found.game.awaiting == "play"  # rolled for Bob, who now plays
    assert found.record.reserves == (40.0, 40.0)
    assert match_clocks.flag_moment(found) == clock.now() + 48.0  # his play: a fresh delay
