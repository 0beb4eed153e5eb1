"""Where matches are played: a thread per match (or the channel where none can be opened), which match a
command is about, spectators, threads archived after the end, idle games against the computer closed."""

from __future__ import annotations

import pytest

from bot.core import Action, ArchiveThread, HouseRules, Message, Reply, RetireBoard, ServiceError
from bot.models import MatchStatus
from bot.texts import dice as dice_words
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MODERATOR, Threads, boards, post_board

OTHER_CHANNEL = CHANNEL + 1


async def vs_bot(core, who, venue, channel: int = CHANNEL):
    return await core.challenges.vs_bot(GUILD, channel, who, "minigam", "easy", venue=venue)


async def challenge_match(core, venue, channel: int = CHANNEL):
    sent = await core.challenges.challenge(GUILD, channel, ALICE, BOB, venue=venue)
    challenge = sent.notices[0]
    await core.challenges.message_posted(challenge.challenge_id, 7000 + challenge.challenge_id)
    return await core.challenges.answer(challenge.challenge_id, BOB, accept=True, venue=venue)


def reply_text(result) -> str:
    return "\n".join(n.text for n in result.notices if isinstance(n, Reply))


async def move(core, user, channel: int, text: str = ""):
    """``user`` types ``/minigam move`` in ``channel``: the match it finds, at its version."""
    match_id, version = await core.matches.to_act_on(channel, user.user_id, guild_id=GUILD)
    game = core.matches.get(match_id).game
    play = text or game.position.format_play(game.legal_plays()[0])
    return await core.matches.act(match_id, version, user, Action.PLAY, play)


# ---------------------------------------------------------------------- a thread per match


async def test_each_match_gets_a_thread_of_its_own_so_a_channel_hosts_several(make_core) -> None:
    core = make_core([2, 1, 3, 1, 2, 1] + [1, 2] * 20)
    venue = Threads()

    human = await challenge_match(core, venue)
    practice = await vs_bot(core, CAROL, venue)

    first, second = core.ctx.live.get(1), core.ctx.live.get(2)
    assert (first.record.channel_id, second.record.channel_id) == (901, 902)
    assert first.record.home_channel_id == second.record.home_channel_id == CHANNEL
    # the challenge's thread is opened from its message; the other on its own
    assert venue.opened[901][1:] == ("Alice vs Bob · Minigam", 7001, (ALICE.user_id, BOB.user_id))
    assert venue.opened[902][1:] == ("Carol vs Computer (easy) · Minigam", None, (CAROL.user_id,))
    assert "The match is on in <#901>: good luck!" in reply_text(human)
    assert "The match is on in <#902>: good luck!" in reply_text(practice)
    assert all(b.channel_id == 901 for b in boards(human))


async def test_without_thread_permission_the_match_is_played_in_the_channel_which_it_keeps(make_core) -> None:
    core = make_core([2, 1, 3, 1])
    venue = Threads(allowed=False)

    started = await vs_bot(core, ALICE, venue)

    assert core.ctx.live.get(1).record.channel_id == CHANNEL
    assert "The match is on, here: good luck!" in reply_text(started)
    busy = r"This channel already has a match in progress \(Alice vs Computer \(easy\)\)"
    with pytest.raises(ServiceError, match=busy):
        await vs_bot(core, CAROL, venue)


async def test_no_match_is_started_from_a_matchs_thread(make_core) -> None:
    core = make_core([2, 1, 3, 1])
    venue = Threads()
    await vs_bot(core, ALICE, venue)

    table = r"This thread is the table of Alice vs Computer \(easy\)\. Start your match from <#100>"
    with pytest.raises(ServiceError, match=table):
        await vs_bot(core, CAROL, venue, channel=901)
    assert len(core.ctx.live.of_user(CAROL.user_id)) == 0


# ---------------------------------------------------------------------- which match a command is about


async def test_in_a_thread_commands_act_on_its_match_elsewhere_on_the_players_only_one(make_core) -> None:
    core = make_core([2, 1, 2, 1] + [1, 2] * 40)
    venue = Threads()
    await vs_bot(core, ALICE, venue)  # Alice 2, the computer 1: Alice starts with 2-1

    before = core.matches.get(1).version
    await move(core, ALICE, OTHER_CHANNEL)  # typed anywhere in the server: her only match
    assert core.matches.get(1).version > before


async def test_a_player_with_several_matches_is_asked_which_with_each_thread_named(make_core) -> None:
    core = make_core([2, 1, 2, 1, 2, 1] + [1, 2] * 40)
    venue = Threads()
    await vs_bot(core, ALICE, venue)
    await challenge_match(core, venue)
    versions = [core.matches.get(m).version for m in (1, 2)]

    with pytest.raises(ServiceError) as asked:
        await move(core, ALICE, CHANNEL)

    assert str(asked.value) == (
        "You have 2 matches in play; use the command in the thread of the one you mean:\n"
        "• <#901> Alice vs Computer (easy) · Minigam\n"
        "• <#902> Alice vs Bob · Minigam"
    )
    assert [core.matches.get(m).version for m in (1, 2)] == versions  # nothing was done
    await move(core, ALICE, 902)  # in a thread: its match
    assert [core.matches.get(m).version for m in (1, 2)] == [versions[0], versions[1] + 1]


async def test_a_spectator_in_the_thread_may_look_but_never_act(make_core) -> None:
    core = make_core([2, 1, 2, 1])
    venue = Threads()
    await challenge_match(core, venue)
    version = core.matches.get(1).version

    with pytest.raises(ServiceError, match="You're watching this match: only Alice and Bob play in it"):
        await move(core, CAROL, 901, "bar/2 bar/1")
    (board,) = (await core.matches.last_board(901, CAROL, guild_id=GUILD)).notices

    assert board.picture is not None
    assert board.controls == ()  # a look, nothing to click
    assert core.matches.get(1).version == version
    with pytest.raises(ServiceError, match="You have no match in play here"):
        await move(core, CAROL, CHANNEL)  # outside the thread she is no player at all


async def test_in_a_finished_matchs_thread_acting_is_refused_and_the_board_shows_the_end(make_core) -> None:
    core = make_core([2, 1, 2, 1])
    venue = Threads()
    await challenge_match(core, venue)
    match_id, version = await core.matches.to_act_on(901, BOB.user_id, guild_id=GUILD)
    await core.matches.act(match_id, version, BOB, Action.RESIGN)

    with pytest.raises(ServiceError, match="This thread's match is over, so nothing was done"):
        await core.matches.to_act_on(901, ALICE.user_id, guild_id=GUILD)
    for where, who in ((901, CAROL), (CHANNEL, ALICE)):  # anyone in its thread; a player where it began
        (reply,) = (await core.matches.last_board(where, who, guild_id=GUILD)).notices
        assert reply.text.startswith("The last match here, **Minigam** (Alice vs Bob), is over. Alice wins")
        assert reply.picture is not None


# ---------------------------------------------------------------------- the clock


async def test_a_finished_matchs_thread_is_archived_after_the_servers_delay_once(make_core, clock) -> None:
    core = make_core([2, 1, 2, 1], rules=HouseRules(archive_after=600))
    venue = Threads()
    await challenge_match(core, venue)
    match_id, version = await core.matches.to_act_on(901, BOB.user_id, guild_id=GUILD)
    await core.matches.act(match_id, version, BOB, Action.RESIGN)

    clock.advance(599)
    assert [n for n in (await core.timeouts.sweep()).notices if isinstance(n, ArchiveThread)] == []
    clock.advance(1)
    assert (await core.timeouts.sweep()).notices == [ArchiveThread(901)]
    clock.advance(600)
    assert (await core.timeouts.sweep()).notices == []


async def test_a_thread_with_a_match_in_play_is_not_archived(make_core, clock) -> None:
    core = make_core([2, 1, 2, 1, 2, 1], rules=HouseRules(archive_after=0))
    venue = Threads()
    await challenge_match(core, venue)

    clock.advance(23 * 3600)  # within the turn limit (a day): still in play
    swept = await core.timeouts.sweep()

    assert not any(isinstance(n, ArchiveThread) for n in swept.notices)


async def test_a_game_against_the_computer_left_idle_is_closed_for_nobody(make_core, clock, storage) -> None:
    core = make_core([2, 1, 2, 1], rules=HouseRules(bot_idle=3600))
    await vs_bot(core, ALICE, Threads())
    match_id = 1
    await post_board(core, match_id, 555, "Alice's turn.")

    clock.advance(3599)
    assert (await core.timeouts.sweep()).notices == []
    clock.advance(1)
    swept = await core.timeouts.sweep()

    retired, said = swept.notices
    assert retired == RetireBoard(901, match_id, 555, "Alice's turn.")
    assert said == Message(
        901,
        "Alice's game against the computer was left idle for 1 hour and is closed. It counts for nobody; "
        "start another with `/minigam vs-bot` any time.\n"
        + dice_words.revealed(await storage.match_seed(match_id), match_id),  # over: the dice's seed
    )
    record = await storage.match(match_id)
    assert record.status is MatchStatus.CANCELLED
    assert core.ctx.live.get(match_id) is None
    record = (await core.records.player_stats(GUILD, ALICE)).record
    assert (record.computer_wins, record.computer_losses) == (0, 0)  # neither a win nor a loss
    assert await storage.leaderboard(GUILD, "minigam") == []
    assert await storage.rating_history(GUILD, ALICE.user_id) == []


async def test_the_idle_limit_is_a_server_setting_and_spares_matches_between_people(make_core, clock) -> None:
    core = make_core([2, 1, 2, 1, 2, 1], rules=HouseRules(bot_idle=3600))
    await core.settings.change(GUILD, MODERATOR, {"bot_idle": "2h"})
    venue = Threads()
    await vs_bot(core, ALICE, venue)
    await challenge_match(core, venue)

    clock.advance(3600)
    assert (await core.timeouts.sweep()).notices == []  # 2 hours here; people have the turn limit
    clock.advance(3600)
    await core.timeouts.sweep()

    assert core.ctx.live.get(1) is None
    assert core.ctx.live.get(2) is not None


async def test_the_board_asks_which_match_too_rather_than_show_an_old_one(make_core) -> None:
    core = make_core([2, 1, 2, 1, 2, 1, 2, 1])
    venue = Threads()
    await challenge_match(core, venue)
    match_id, version = await core.matches.to_act_on(901, BOB.user_id, guild_id=GUILD)
    await core.matches.act(match_id, version, BOB, Action.RESIGN)  # over: the last match here
    await vs_bot(core, ALICE, venue)
    await challenge_match(core, venue)

    with pytest.raises(ServiceError, match="You have 2 matches in play"):
        await core.matches.last_board(CHANNEL, ALICE, guild_id=GUILD)
