"""Tournaments through Discord: an 8-player knockout of 1-point minigam matches played to its champion
(players moving at random, one match lost on the clock), a 5-player Swiss of 3 rounds with a bye and a
restart in the middle of a round, the sign-up buttons refusing bad clicks privately, and the organiser's
removal and cancellation asked and confirmed privately."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator

import pytest

from bot.store.protocol_tournaments import Decided, TournamentRecord, TournamentStatus
from tests.e2e.standin import FakeDiscord, Message, User
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

ROUND = 600.0  # the tournament_round setting: a match not over 10 minutes after it started is decided


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(extra_members=4) as f:  # alice, bob, carol, dana and four more: eight players
        yield f
    assert f.unknown_routes == [], "the bot called routes the stand-in does not know (see the log)"
    assert f.violations == [], "the bot broke Discord's rules"


def players(fake: FakeDiscord, count: int) -> list[User]:
    return [fake.alice, fake.bob, fake.carol, fake.dana, *fake.guild.extra_members][:count]


async def create(world: World, **options) -> Message:
    """Dana (Manage Server) creates a tournament in #general; its sign-up message."""
    started = time.perf_counter()
    await world.slash(world.fake.dana, "tournament create", **options)
    return await world.fake.wait_for_message(
        lambda m: not m.ephemeral and m.text.startswith("🏆") and bool(m.buttons()),
        channel=world.fake.general,
        after=started,
    )


async def click(world: World, user: User, signup: Message, label: str) -> str:
    current = world.fake.messages[signup.id]
    interaction = await world.fake.click(user, current, current.button(label))
    return await world.answer_text(interaction)


def tournament(world: World) -> TournamentRecord:
    found = world.db.read(lambda store: store.guild_tournaments(world.fake.guild_id))
    full = world.db.read(lambda store: store.tournament(found[0].tournament_id))
    assert full is not None
    return full


async def signed_up(world: World, signup: Message, people: list[User]) -> None:
    for n, user in enumerate(people, start=1):
        await click(world, user, signup, "join")
        await world.fake.wait_for(
            lambda n=n: f"Players ({n}/" in world.fake.messages[signup.id].text, what=f"{n} signed up"
        )


async def move_at_random(world: World, match_id: int, rng: random.Random) -> None:
    """The player to move in ``match_id`` types a random legal play in the match's thread."""
    match = world.db.match_by_id(match_id)
    thread = world.fake.channels[match.channel_id]
    match = await world.settled(thread)
    if match.status != "active":
        return
    game = match.game
    play = game.position.format_play(rng.choice(game.legal_plays()))
    await world.slash(world.actor(match), "move", channel=thread, play=play)
    await world.fake.wait_for(
        lambda: world.db.match_by_id(match_id).version > match.version, what="the play to be stored"
    )


async def finish(world: World, match_id: int, rng: random.Random) -> None:
    for _ in range(400):
        if world.db.match_by_id(match_id).status != "active":
            await world.settled(world.fake.channels[world.db.match_by_id(match_id).channel_id])
            return
        await move_at_random(world, match_id, rng)
    raise AssertionError(f"match {match_id} did not end")


def playing(t: TournamentRecord) -> list[int]:
    return [p.match_id for p in t.pairings if p.playing and p.match_id is not None]


async def test_an_eight_player_knockout_is_played_to_its_champion(make_world) -> None:
    world: World = await make_world()
    fake = world.fake
    await world.service.settings.change(fake.guild_id, _moderator(fake), {"tournament_round": "10m"})
    signup = await create(world, name="Friday cup", points=1, max_players=8)
    assert "Starts when the organiser presses Start" in signup.text
    eight = players(fake, 8)
    await signed_up(world, signup, eight)
    assert "signed up already" in await click(world, fake.alice, signup, "join")
    assert "Only the organiser" in await click(world, fake.alice, signup, "start")
    await click(world, fake.dana, signup, "start")
    t = tournament(world)
    assert t.status is TournamentStatus.RUNNING
    assert len(playing(t)) == 4
    threads = [fake.channels[world.db.match_by_id(m).channel_id] for m in playing(t)]
    assert all(th.id != fake.general.id for th in threads)  # each in a thread of its own
    assert all("Friday cup · Quarter-finals:" in th.name for th in threads)
    rng = random.Random(32)
    quarter = playing(t)
    world.clock.advance(ROUND * 2 / 3)
    for match_id in quarter[:3]:
        await finish(world, match_id, rng)
    world.clock.advance(ROUND / 3 + 1)  # the last quarter-final is past its deadline, the first semi not
    await world.sweep()
    t = tournament(world)
    late = next(p for p in t.pairings if p.match_id == quarter[3])
    assert late.how is Decided.DEADLINE
    for _ in range(4):
        for match_id in playing(tournament(world)):
            await finish(world, match_id, rng)
    t = tournament(world)
    assert t.status is TournamentStatus.FINISHED
    assert t.champion_id in {u.id for u in eight}
    crowned = await fake.wait_for_message(
        lambda m: "wins **Friday cup**" in m.text and bool(m.attachments), channel=fake.general
    )
    assert f"<@{t.champion_id}>" in crowned.text
    assert "champion" in fake.messages[signup.id].text
    offered = await fake.autocomplete(fake.alice, "minigam tournament show", "fri")
    assert [c["value"] for c in offered] == [t.tournament_id]
    assert offered[0]["name"].startswith("#1 Friday cup (won by ")
    shown = await world.slash(fake.alice, "tournament show", tournament=t.tournament_id)
    assert "Friday cup" in await world.answer_text(shown)
    assert [bool(m.attachments) for m in world.replies(shown) if not m.ephemeral] == [True]  # the bracket
    assert world.warnings() == []


async def test_a_five_player_swiss_with_a_bye_survives_a_restart(make_world, database_url: str) -> None:
    world: World = await make_world(database_url=database_url)
    fake = world.fake
    offered = await fake.autocomplete(fake.dana, "minigam tournament create", "back")  # the variant
    assert [c["value"] for c in offered] == ["backgammon", "backgammon-mulligan"]
    signup = await create(world, name="Swiss night", points=1, format="swiss", rounds=3, max_players=8)
    await signed_up(world, signup, players(fake, 5))
    await click(world, fake.dana, signup, "start")
    rng = random.Random(5)
    for number in (1, 2, 3):
        t = tournament(world)
        assert t.round == number
        assert sum(p.b is None for p in t.round_pairings(number)) == 1  # one bye a round
        matches = playing(t)
        assert len(matches) == 2
        await finish(world, matches[0], rng)
        if number == 2:  # a restart in the middle of a round
            await world.stop()
            await world.start()
        await finish(world, matches[1], rng)
        await fake.wait_for(
            lambda n=number: tournament(world).round > n or tournament(world).champion_id,
            what="the next round",
        )
    t = tournament(world)
    assert t.status is TournamentStatus.FINISHED
    assert len({p.a for p in t.pairings if p.b is None}) == 3  # three different players had a bye
    shown = await world.slash(fake.bob, "tournament show", tournament=t.tournament_id)
    assert "then Buchholz" in await world.answer_text(shown)
    listed = await world.slash(fake.bob, "tournament list")
    assert "Swiss night" in await world.answer_text(listed)


def _moderator(fake: FakeDiscord):
    from bot.models import PlayerRef

    return PlayerRef(fake.dana.id, "dana", moderator=True)


async def test_the_organisers_removal_and_cancellation_are_confirmed_privately(make_world) -> None:
    world: World = await make_world()
    fake = world.fake
    signup = await create(world, name="Club night", points=1, max_players=4)
    await signed_up(world, signup, players(fake, 4))
    await click(world, fake.dana, signup, "start")
    t = tournament(world)
    unknown = await world.slash(fake.bob, "tournament show", tournament=t.tournament_id + 99)
    assert "doesn't exist in this server" in await world.answer_text(unknown)
    assert all(m.ephemeral for m in world.replies(unknown))  # a refusal, even of a public answer
    refused = await world.slash(fake.bob, "tournament award", tournament=t.tournament_id, player=fake.alice)
    assert "Only the organiser" in await world.answer_text(refused)
    assert all(m.ephemeral for m in world.replies(refused))
    asked = await world.slash(fake.dana, "tournament remove", tournament=t.tournament_id, player=fake.alice)
    question = await world.ephemeral_reply(asked)
    assert "Remove Alice from **Club night**?" in question.text
    assert tournament(world).version == t.version  # asking changes nothing
    confirmed = await fake.click(fake.dana, question, question.button("Yes, remove them"))
    assert "Alice is out of the tournament" in await world.answer_text(confirmed)
    t = tournament(world)
    assert t.entrant(fake.alice.id).removed
    walkover = next(p for p in t.round_pairings(1) if p.has(fake.alice.id))
    assert walkover.how is Decided.WALKOVER
    await fake.wait_for(lambda: world.db.match_by_id(walkover.match_id).status == "cancelled", what="its end")
    assert not fake.messages[signup.id].buttons()  # running: the sign-up's buttons are gone
    asked = await world.slash(fake.dana, "tournament cancel", tournament=t.tournament_id)
    question = await world.ephemeral_reply(asked)
    assert "Cancel **Club night** for everyone?" in question.text
    confirmed = await fake.click(fake.dana, question, question.button("Yes, cancel it"))
    await world.answer_text(confirmed)
    assert tournament(world).status is TournamentStatus.CANCELLED
    await fake.wait_for(lambda: "Cancelled: cancelled by" in fake.messages[signup.id].text, what="the edit")
    others = [p.match_id for p in tournament(world).round_pairings(1) if p.match_id != walkover.match_id]
    assert [world.db.match_by_id(m).status for m in others] == ["cancelled"]  # its match in play ended
    assert world.warnings() == []
