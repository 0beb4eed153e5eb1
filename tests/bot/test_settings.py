"""A server's settings (``/minigam settings``): anyone may look, members with Manage Server change them, a
bad value is refused whole, and what is set is what matches get."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import texts
from bot.core import ServiceError
from bot.core.setting_kinds import read_duration, show_duration
from bot.models import ChannelProblem
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    MODERATOR,
    match_id_in,
    start_challenge_match,
)


def text_of(result) -> str:
    (reply,) = result.notices
    return reply.text


async def test_anyone_may_see_the_settings_with_their_defaults(make_core) -> None:
    core = make_core([])

    shown = text_of(await core.settings.change(GUILD, ALICE, {}))

    assert shown.splitlines() == [
        "This server's settings:",
        "• Jacoby rule in money play (gammons count single while the cube is centred) (`jacoby`): **on**",
        "• Matches between people are rated (`rated`): **on**",
        "• Games offered (`variants`): **all**",
        "• Where matches may be started (`channels`): **anywhere**",
        "• Time for a turn (then the player forfeits; in multigam the computer takes the seat)"
        " (`turn_limit`): **24 hours**",
        "• A game against the computer left idle this long is closed (`bot_idle`): **1 hour**",
        "• A match's thread is archived this long after the match ends (`archive_after`): **1 hour**",
        "• A challenge not answered this long expires (`challenge_expiry`): **10 minutes**",
        "• A four-player lobby not started this long closes (`lobby_expiry`): **15 minutes**",
        "• Besides Manage Server, members with this role may create tournaments"
        " (`tournament_role`): **none**",
        "• A tournament's match not over this long after it started is decided (the player to move"
        " forfeits) (`tournament_round`): **24 hours**",
        "• Where the daily puzzle is posted (off: no daily puzzle) (`puzzle_channel`): **off**",
        "• The hour the daily puzzle is posted (`puzzle_hour`): **12:00 UTC**",
    ]


async def test_only_members_with_manage_server_change_them(make_core) -> None:
    core = make_core([])

    with pytest.raises(ServiceError, match="Only members with the Manage Server permission"):
        await core.settings.change(GUILD, ALICE, {"rated": "off"})
    assert (await core.settings.of(GUILD)).rated is True


async def test_a_moderator_changes_several_at_once_and_default_puts_one_back(make_core) -> None:
    core = make_core([])

    saved = text_of(
        await core.settings.change(
            GUILD, MODERATOR, {"rated": "off", "turn_limit": "2h", "variants": "minigam, Backgammon"}
        )
    )
    current = await core.settings.of(GUILD)

    assert saved.startswith("Settings saved.")
    assert (current.rated, current.turn_limit, current.variants) == (
        False,
        7200.0,
        frozenset({"minigam", "backgammon"}),
    )
    assert "(`variants`): **minigam, backgammon**" in saved
    await core.settings.change(GUILD, MODERATOR, {"turn_limit": "default"})
    assert (await core.settings.of(GUILD)).turn_limit == 86400.0
    assert (await core.settings.of(GUILD + 1)).rated is True  # another server keeps its own


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("turn_limit", "forever", "it takes a duration such as 30m, 2h, 1h30m or 3d (or default)"),
        ("turn_limit", "1m", "it takes a duration from 5 minutes to 30 days (or default)"),
        ("bot_idle", "30d", "it takes a duration from 5 minutes to 7 days (or default)"),
        ("variants", "minigam chess", "it takes all, or some of minigam, minigam-full-entry"),
        ("channels", "#general", "it takes anywhere, or channels (#name) separated by spaces (or default)"),
        ("channels", "<#0>", "it takes anywhere, or channels (#name) separated by spaces (or default)"),
        ("channels", f"<#{2**64 + 5}>", "it takes anywhere, or channels (#name) separated by spaces"),
        ("channels", "<#123456789012345678901234>", "it takes anywhere, or channels (#name) separated"),
        ("archive_after", "0", "it takes a duration from 10 minutes to 7 days (or default)"),
        ("archive_after", "1s", "it takes a duration from 10 minutes to 7 days (or default)"),
        ("rated", "maybe", "it takes on or off (or default)"),
    ],
)
async def test_a_bad_value_is_refused_whole_with_what_it_takes(make_core, key, value, says) -> None:
    core = make_core([])

    with pytest.raises(ServiceError) as refused:
        await core.settings.change(GUILD, MODERATOR, {"jacoby": "off", key: value})

    assert str(refused.value).startswith(f"The setting {key} can't be {value!r}: {says}")
    assert str(refused.value).endswith("Nothing was changed.")
    assert (await core.settings.of(GUILD)).jacoby is True  # the good value in the same change was not kept


class Server:
    """A server's channels as the bot sees them: ``problems`` says what is wrong with the bad ones."""

    def __init__(self, problems: dict[int, ChannelProblem]) -> None:
        self.problems = problems

    def opens_threads(self, channel_id: int) -> bool:
        return False

    def parent_of(self, channel_id: int) -> int | None:
        return None

    def channel_problem(self, channel_id: int) -> ChannelProblem | None:
        return self.problems.get(channel_id)

    async def open_thread(self, channel_id: int, title: str, *, anchor, people) -> int | None:
        return None


@pytest.mark.parametrize(
    ("problem", "says"),
    [
        (ChannelProblem.NOT_IN_SERVER, "`555`: it is not a channel of this server"),
        (ChannelProblem.NOT_TEXT, "<#555>: it is not a channel for messages (a category or a forum)"),
        (ChannelProblem.HIDDEN, "<#555>: it is a channel I can't see (give me View Channel there)"),
        (
            ChannelProblem.MUTE,
            "<#555>: it is a channel where I can't send messages (give me Send Messages there)",
        ),
    ],
)
async def test_a_channel_where_no_match_could_start_is_refused_with_why(make_core, problem, says) -> None:
    """A typo in ``channels`` would keep the whole server from starting matches: refused, nothing changed."""
    core = make_core([])
    server = Server({555: problem})

    with pytest.raises(ServiceError) as refused:
        await core.settings.change(GUILD, MODERATOR, {"channels": f"<#{CHANNEL}> <#555>"}, venue=server)

    assert str(refused.value) == (
        f"The setting channels can't name {says}, so no match could start there. Nothing was changed."
    )
    assert (await core.settings.of(GUILD)).channels is None
    await core.settings.change(GUILD, MODERATOR, {"channels": f"<#{CHANNEL}>"}, venue=server)
    assert (await core.settings.of(GUILD)).channels == {CHANNEL}


async def test_an_unknown_setting_is_named_with_the_ones_there_are(make_core) -> None:
    core = make_core([])

    with pytest.raises(ServiceError, match=r"There's no setting called 'colour'\. The settings are: jacoby,"):
        await core.settings.change(GUILD, MODERATOR, {"colour": "red"})


async def test_a_game_not_offered_is_refused_naming_those_that_are(make_core) -> None:
    core = make_core([2, 1])
    await core.settings.change(GUILD, MODERATOR, {"variants": "backgammon"})

    offered = r"Minigam isn't offered in this server\. The games offered here: backgammon\."
    with pytest.raises(ServiceError, match=offered):
        await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "minigam")
    with pytest.raises(ServiceError, match="Minigam isn't offered"):
        await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam")


async def test_matches_start_only_in_the_channels_set_and_their_threads(make_core) -> None:
    core = make_core([2, 1, 2, 1])
    await core.settings.change(GUILD, MODERATOR, {"channels": f"<#{CHANNEL + 1}>"})

    elsewhere = f"Matches aren't started in this channel .* start yours in <#{CHANNEL + 1}>"
    with pytest.raises(ServiceError, match=elsewhere):
        await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)
    await core.challenges.vs_bot(GUILD, CHANNEL + 1, ALICE)
    assert match_id_in(core, CHANNEL + 1) is not None


async def test_unrated_servers_play_unrated_matches(make_core, storage) -> None:
    core = make_core([2, 1, 2, 1])
    await core.settings.change(GUILD, MODERATOR, {"rated": "off"})

    await start_challenge_match(core)

    assert core.ctx.live.played_in(CHANNEL).record.rated is False


@given(st.integers(min_value=0, max_value=30 * 86400))
def test_a_duration_reads_back_what_it_shows(seconds: int) -> None:
    assert read_duration(show_duration(float(seconds))) == float(seconds)


async def test_challenges_and_lobbies_expire_after_the_servers_delay(make_core, clock) -> None:
    core = make_core([])
    await core.settings.change(GUILD, MODERATOR, {"challenge_expiry": "2m", "lobby_expiry": "3m"})
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    await core.lobbies.open(GUILD, CHANNEL + 1, CAROL)

    assert "2 minutes" in sent.notices[0].text  # the challenge says how long it waits
    clock.advance(120)
    await core.timeouts.sweep()
    assert await core.store.pending_challenges(CHANNEL) == []
    assert await core.store.open_lobbies(CHANNEL + 1) != []
    clock.advance(60)
    await core.timeouts.sweep()
    assert await core.store.open_lobbies(CHANNEL + 1) == []


async def test_the_turn_limit_is_the_servers(make_core, clock, storage) -> None:
    core = make_core([2, 1, 2, 1])
    await core.settings.change(GUILD, MODERATOR, {"turn_limit": "1h"})
    await start_challenge_match(core)
    match_id = match_id_in(core, CHANNEL)

    clock.advance(1800)
    reminded = await core.timeouts.sweep()
    clock.advance(1800)
    await core.timeouts.sweep()

    assert "Alice, it's still your turn" in reminded.notices[0].text  # at half time
    record = await storage.match(match_id)
    assert (record.status, record.winner_seat) == ("finished", 1)  # Alice forfeits after an hour


def test_durations_of_two_days_or_more_are_told_in_days() -> None:
    assert texts.duration(86400) == "24 hours"  # a day is told as turn limits usually are
    assert texts.duration(3 * 86400) == "3 days"
    assert show_duration(3 * 86400 + 7200) == "3 days 2 hours"
    assert read_duration("3 days 2 hours") == 3 * 86400 + 7200
