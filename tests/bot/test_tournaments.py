"""Tournaments through the core (on SQLite and PostgreSQL, with the fake clock): creating, signing up,
the bad input refused with nothing changed, knockout, Swiss and round robin to their champion, the
deadline, the start time, the organiser's award, removal and cancellation, and the daily cap."""

from __future__ import annotations

import pytest

from bot.clock import FakeClock
from bot.core import Action, Core, ServiceError
from bot.core.notices import TournamentBoard, TournamentNews
from bot.core.tournaments.service import TournamentAction
from bot.models import PlayerRef
from bot.store.protocol_tournaments import Decided, TournamentRecord, TournamentStatus
from engine import SeededDice
from tests.bot.conftest import GUILD, MODERATOR, ROBOT, Threads

CHANNEL = 100
PLAYERS = [PlayerRef(200 + n, f"P{n}") for n in range(8)]
ORGANISER = PlayerRef(300, "Olga")


def a_core(make_core) -> Core:
    core = make_core(SeededDice(7))
    core.tournaments.venue = Threads()
    return core


async def created(core: Core, **options) -> int:
    options.setdefault("name", "Friday cup")
    options.setdefault("points", 1)
    result = await core.tournaments.create(GUILD, CHANNEL, MODERATOR, **options)
    board = result.notices[0]
    assert isinstance(board, TournamentBoard)
    assert board.new
    return board.tournament_id


async def read(core: Core, tournament_id: int) -> TournamentRecord:
    t = await core.store.tournament(tournament_id)
    assert t is not None
    return t


async def signed_up(core: Core, tournament_id: int, count: int) -> None:
    for player in PLAYERS[:count]:
        await core.tournaments.act(tournament_id, 0, player, TournamentAction.JOIN)


async def started(core: Core, count: int, **options) -> int:
    tournament_id = await created(core, **options)
    await signed_up(core, tournament_id, count)
    t = await read(core, tournament_id)
    await core.tournaments.act(tournament_id, t.version, MODERATOR, TournamentAction.START)
    return tournament_id


def match_of(core: Core, user: PlayerRef):
    found = core.ctx.live.of_user(user.user_id)
    assert len(found) == 1, f"{user.name} plays {len(found)} matches"
    return found[0]


async def resigns(core: Core, user: PlayerRef):
    live = match_of(core, user)
    return await core.matches.act(live.match_id, live.version, user, Action.RESIGN)


async def play_round(core: Core, tournament_id: int) -> list[TournamentNews]:
    """Every match in play of the round: the better seed wins (the other resigns); the news of it."""
    t = await read(core, tournament_id)
    news = []
    for p in t.round_pairings(t.round):
        if p.playing:
            result = await resigns(core, next(x for x in PLAYERS if x.user_id == p.b))
            news += [n for n in result.notices if isinstance(n, TournamentNews)]
    return news


# ---------------------------------------------------------------------- creating
async def test_only_manage_server_or_the_role_creates(make_core) -> None:
    core = a_core(make_core)
    with pytest.raises(ServiceError, match="Manage Server"):
        await core.tournaments.create(GUILD, CHANNEL, ORGANISER, name="Cup")
    await core.settings.change(GUILD, MODERATOR, {"tournament_role": "<@&777000>"})
    with pytest.raises(ServiceError, match="<@&777000>"):
        await core.tournaments.create(GUILD, CHANNEL, ORGANISER, name="Cup", roles=frozenset({1}))
    result = await core.tournaments.create(GUILD, CHANNEL, ORGANISER, name="Cup", roles=frozenset({777000}))
    assert isinstance(result.notices[0], TournamentBoard)
    assert await core.store.guild_tournaments(GUILD)


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"format": "ladder"}, "no tournament format"),
        ({"max_players": 2}, "from 4 to 64 players"),
        ({"format": "round-robin", "max_players": 17}, "from 3 to 16"),
        ({"rounds": 3}, "Only a Swiss"),
        ({"format": "swiss", "rounds": 0}, "from 1 to 20 rounds"),
        ({"starts": "yesterday"}, "can't read 'yesterday'"),
        ({"starts": "in 40d"}, "more than 30 days"),
        ({"name": "   "}, "a name"),
        ({"variant": "multigam"}, "."),
    ],
)
async def test_bad_options_are_refused_and_nothing_is_created(make_core, options, refusal) -> None:
    core = a_core(make_core)
    options.setdefault("name", "Cup")
    with pytest.raises(ServiceError, match=refusal):
        await core.tournaments.create(GUILD, CHANNEL, MODERATOR, **options)
    assert await core.store.guild_tournaments(GUILD) == []


# ---------------------------------------------------------------------- signing up
async def test_entrants_are_listed_with_their_ratings_and_seeded_by_them(make_core, database) -> None:
    core = a_core(make_core)
    tournament_id = await created(core)
    async with core.store.transaction() as tx:
        await tx.upsert_player(PLAYERS[2], 0)
    await database.execute(  # P2 has the best rating in minigam
        "INSERT INTO ratings (guild_id, variant, user_id, rating, experience, wins, losses, streak,"
        " updated_at) VALUES (?, 'minigam', ?, 1650.0, 10, 5, 5, 0, 0)",
        GUILD,
        PLAYERS[2].user_id,
    )
    await signed_up(core, tournament_id, 4)
    t = await read(core, tournament_id)
    text = (await core.tournaments.act(tournament_id, t.version, PLAYERS[4], TournamentAction.JOIN)).notices[
        0
    ]
    assert isinstance(text, TournamentBoard)
    assert "1. P2 (1650)" in text.text
    assert "2. P0 (1500)" in text.text
    t = await read(core, tournament_id)
    await core.tournaments.act(tournament_id, t.version, MODERATOR, TournamentAction.START)
    t = await read(core, tournament_id)
    assert {e.name: e.seed for e in t.entrants} == {"P2": 1, "P0": 2, "P1": 3, "P3": 4, "P4": 5}


async def test_bad_sign_ups_are_refused_and_change_nothing(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await created(core, max_players=4)
    await signed_up(core, tournament_id, 3)
    before = await read(core, tournament_id)
    for user, action, refusal in [
        (PLAYERS[0], TournamentAction.JOIN, "signed up already"),
        (ROBOT, TournamentAction.JOIN, "Bot accounts"),
        (PLAYERS[5], TournamentAction.LEAVE, "not signed up"),
        (PLAYERS[1], TournamentAction.START, "Only the organiser"),
        (MODERATOR, TournamentAction.START, "at least 4 players"),
    ]:
        with pytest.raises(ServiceError, match=refusal):
            await core.tournaments.act(tournament_id, before.version, user, action)
    assert await read(core, tournament_id) == before
    await core.tournaments.act(tournament_id, 0, PLAYERS[3], TournamentAction.JOIN)
    full = await read(core, tournament_id)
    with pytest.raises(ServiceError, match="full"):
        await core.tournaments.act(tournament_id, 0, PLAYERS[4], TournamentAction.JOIN)
    await core.tournaments.act(tournament_id, full.version, MODERATOR, TournamentAction.START)
    running = await read(core, tournament_id)
    with pytest.raises(ServiceError, match="sign-up is closed"):
        await core.tournaments.act(tournament_id, 0, PLAYERS[5], TournamentAction.JOIN)
    assert await read(core, tournament_id) == running


async def test_a_player_leaves_before_the_start(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await created(core)
    await signed_up(core, tournament_id, 2)
    await core.tournaments.act(tournament_id, 0, PLAYERS[0], TournamentAction.LEAVE)
    assert [e.name for e in (await read(core, tournament_id)).entrants] == ["P1"]


# ---------------------------------------------------------------------- to the champion
async def test_a_knockout_is_played_to_its_champion_in_threads(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 6, format="knockout")
    t = await read(core, tournament_id)
    assert t.rounds == 3
    byes = [p for p in t.round_pairings(1) if p.b is None]
    seeds = {e.user_id: e.seed for e in t.entrants}
    assert sorted(seeds[p.a] for p in byes) == [1, 2]  # the byes go to the top seeds
    titles = [title for _, title, _, _ in core.tournaments.venue.opened.values()]
    assert titles == ["Friday cup · Quarter-finals: P3 vs P4", "Friday cup · Quarter-finals: P2 vs P5"]
    for _ in range(3):
        await play_round(core, tournament_id)
    t = await read(core, tournament_id)
    assert t.status is TournamentStatus.FINISHED
    assert t.champion_id == PLAYERS[0].user_id
    assert await core.store.tournament_results(GUILD, PLAYERS[0].user_id) == (1, 1)
    assert await core.store.tournament_results(GUILD, PLAYERS[5].user_id) == (1, 0)
    card = (await core.records.stats(GUILD, PLAYERS[0])).notices[0]
    assert "• Tournaments: 1 played, 1 won" in card.text
    assert card.stats.tournaments == (1, 1)
    shown = (await core.tournaments.show(GUILD, tournament_id)).notices[0]
    assert isinstance(shown, TournamentNews)
    assert shown.bracket is not None
    assert shown.bracket.champion == "P0"
    assert [len(r) for r in shown.bracket.rounds] == [4, 2, 1]


async def test_the_champion_is_announced_with_the_bracket(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    await play_round(core, tournament_id)
    t = await read(core, tournament_id)
    final = next(p for p in t.pairings if p.round == 2)
    result = await resigns(core, next(x for x in PLAYERS if x.user_id == final.b))
    crowned = [n for n in result.notices if isinstance(n, TournamentNews) and "wins **Friday cup**" in n.text]
    assert len(crowned) == 1
    assert crowned[0].bracket is not None
    assert crowned[0].mentions == (PLAYERS[0].user_id,)


async def test_a_swiss_of_five_gives_one_bye_a_round_and_ranks_by_the_tie_breaks(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 5, format="swiss", rounds=3)
    for number in (1, 2, 3):
        t = await read(core, tournament_id)
        assert t.round == number
        assert sum(p.b is None for p in t.round_pairings(number)) == 1
        await play_round(core, tournament_id)
    t = await read(core, tournament_id)
    assert t.status is TournamentStatus.FINISHED
    byes = [p.a for p in t.pairings if p.b is None]
    assert len(set(byes)) == 3  # nobody had two
    met = [frozenset((p.a, p.b)) for p in t.pairings if p.b is not None]
    assert len(met) == len(set(met))  # no rematch
    shown = (await core.tournaments.show(GUILD, tournament_id)).notices[0]
    assert "then Buchholz" in shown.text
    assert shown.bracket is None


async def test_a_round_robin_meets_every_pair_once(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4, format="round-robin")
    news = []
    for _ in range(3):
        news = await play_round(core, tournament_id)
    crowned = next(n for n in news if "wins **Friday cup**!" in n.text)
    assert "Ranked by match wins, then Buchholz" in crowned.text  # the final table with the champion
    assert crowned.text.split("```")[1].splitlines()[2].startswith(" 1 P0")
    t = await read(core, tournament_id)
    assert t.status is TournamentStatus.FINISHED
    met = {frozenset((p.a, p.b)) for p in t.pairings}
    assert len(met) == 6
    assert t.champion_id == PLAYERS[0].user_id  # the top seed won all three


async def test_the_next_round_waits_for_the_last_match_of_the_round(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4, format="swiss", rounds=2)
    t = await read(core, tournament_id)
    first = next(p for p in t.round_pairings(1) if p.playing)
    await resigns(core, next(x for x in PLAYERS if x.user_id == first.b))
    assert (await read(core, tournament_id)).round == 1
    await play_round(core, tournament_id)
    assert (await read(core, tournament_id)).round == 2


# ---------------------------------------------------------------------- the clock
async def test_a_match_past_its_deadline_is_lost_by_the_player_to_move(make_core, clock: FakeClock) -> None:
    core = a_core(make_core)
    await core.settings.change(GUILD, MODERATOR, {"tournament_round": "2h", "turn_limit": "1d"})
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]
    live = core.ctx.live.get(p.match_id)
    to_move = live.record.seats[live.game.actor].user_id
    clock.advance(2 * 3600 + 1)
    await core.timeouts.sweep()
    decided = next(q for q in (await read(core, tournament_id)).pairings if q.match_id == p.match_id)
    assert decided.how is Decided.DEADLINE
    assert decided.winner != to_move


async def test_too_few_at_the_start_time_cancels_with_a_clear_message(make_core, clock: FakeClock) -> None:
    core = a_core(make_core)
    tournament_id = await created(core, starts="in 2h")
    await signed_up(core, tournament_id, 3)
    clock.advance(3600)
    await core.timeouts.sweep()
    assert (await read(core, tournament_id)).is_open
    clock.advance(3601)
    result = await core.timeouts.sweep()
    t = await read(core, tournament_id)
    assert t.status is TournamentStatus.CANCELLED
    news = [n.text for n in result.notices if isinstance(n, TournamentNews)]
    assert news == [
        "🏆 **Friday cup** is cancelled: only 3 signed up by the start time, and it needs at least 4."
    ]


async def test_enough_at_the_start_time_starts_it(make_core, clock: FakeClock) -> None:
    core = a_core(make_core)
    tournament_id = await created(core, starts="in 30m")
    await signed_up(core, tournament_id, 4)
    clock.advance(1801)
    await core.timeouts.sweep()
    t = await read(core, tournament_id)
    assert t.is_running
    assert len(core.ctx.live) == 2


async def test_a_restart_in_the_middle_of_a_round_loses_nothing(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4, format="swiss", rounds=2)
    t = await read(core, tournament_id)
    first = next(p for p in t.round_pairings(1) if p.playing)
    await resigns(core, next(x for x in PLAYERS if x.user_id == first.b))
    again = a_core(make_core)  # the same store: a restart
    assert await again.load() == 1
    await play_round(again, tournament_id)
    t = await read(again, tournament_id)
    assert t.round == 2
    assert len(again.ctx.live) == 2


# ---------------------------------------------------------------------- the organiser
async def test_the_organiser_awards_a_match_in_play(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]
    with pytest.raises(ServiceError, match="Only the organiser"):
        await core.tournaments.award(tournament_id, t.version, PLAYERS[1], p.b)
    with pytest.raises(ServiceError, match="changed since you saw it"):
        await core.tournaments.award(tournament_id, t.version - 1, MODERATOR, p.b)
    result = await core.tournaments.award(tournament_id, t.version, MODERATOR, p.b)
    assert core.ctx.live.get(p.match_id) is None  # ended, unrated
    assert any("awarded this match" in getattr(n, "text", "") for n in result.notices)
    decided = (await read(core, tournament_id)).round_pairings(1)[0]
    assert (decided.winner, decided.how) == (p.b, Decided.AWARD)


async def test_cancelling_ends_its_matches(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    with pytest.raises(ServiceError, match="Only the organiser"):
        await core.tournaments.cancel(tournament_id, t.version, PLAYERS[0])
    await core.tournaments.cancel(tournament_id, t.version, MODERATOR)
    t = await read(core, tournament_id)
    assert t.status is TournamentStatus.CANCELLED
    assert len(core.ctx.live) == 0
    with pytest.raises(ServiceError, match="cancelled"):
        await core.tournaments.cancel(tournament_id, t.version, MODERATOR)


async def test_a_removed_players_next_opponent_walks_over(make_core) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]
    await core.tournaments.remove(tournament_id, t.version, MODERATOR, p.a)
    t = await read(core, tournament_id)
    decided = t.round_pairings(1)[0]
    assert (decided.winner, decided.how) == (p.b, Decided.WALKOVER)
    shown = (await core.tournaments.show(GUILD, tournament_id)).notices[0].text
    assert "(walkover)" in shown


# ---------------------------------------------------------------------- ratings
async def test_a_tournament_pairing_is_rated_past_the_daily_cap(make_core) -> None:
    from bot.core import HouseRules
    from engine import Awaiting

    core = make_core(SeededDice(7), rules=HouseRules(pair_daily_limit=0))  # no challenge would be rated
    core.tournaments.venue = Threads()
    tournament_id = await started(core, 4)
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]
    live = core.ctx.live.get(p.match_id)
    played: set[int] = set()
    while len(played) < 2:  # both make a play, then one resigns: a rated result
        seat = live.game.actor
        user = next(x for x in PLAYERS if x.user_id == live.record.seats[seat].user_id)
        assert live.game.awaiting is Awaiting.PLAY
        text = live.game.position.format_play(live.game.legal_plays()[0])
        await core.matches.act(live.match_id, live.version, user, Action.PLAY, text)
        played.add(seat)
        live = core.ctx.live.get(p.match_id)
        assert live is not None, "the game ended before both played"
    result = await core.matches.act(live.match_id, live.version, user, Action.RESIGN)
    board_text = result.notices[0].text
    assert "Ratings:" in board_text or "→" in board_text, board_text
    assert "daily" not in board_text


# ---------------------------------------------------------------------- the match clock
async def test_the_matches_are_played_on_the_tournaments_clock(make_core) -> None:
    core = a_core(make_core)
    with pytest.raises(ServiceError, match="no clock is called 'sundial'"):
        await core.tournaments.create(GUILD, CHANNEL, MODERATOR, name="Cup", clock="sundial")
    tournament_id = await started(core, 4, clock="blitz")
    t = await read(core, tournament_id)
    assert t.clock == "blitz"
    assert "clock: blitz" in (await core.tournaments.show(GUILD, tournament_id)).notices[0].text
    assert [live.record.clock for live in core.ctx.live] == ["blitz", "blitz"]


async def test_a_sweep_with_nothing_due_edits_nothing(make_core, clock: FakeClock) -> None:
    core = a_core(make_core)
    tournament_id = await started(core, 4)
    clock.advance(60)
    result = await core.timeouts.sweep()  # every 30 s on Discord: no edit of the sign-up message each time
    assert [n for n in result.notices if isinstance(n, TournamentBoard | TournamentNews)] == []
    t = await read(core, tournament_id)
    p = t.round_pairings(1)[0]
    removed = await core.tournaments.remove(tournament_id, t.version, MODERATOR, p.a)
    board = next(n for n in removed.notices if isinstance(n, TournamentBoard))
    assert f"{t.name_of(p.a)} (out)" in board.text


def test_the_texts_of_a_128_player_swiss_fit_one_message() -> None:
    import dataclasses

    from bot.core.tournaments import progress
    from bot.store.protocol_tournaments import Entrant, TournamentFormat, TournamentPairing
    from bot.texts import tournaments as words

    entrants = tuple(Entrant(n, f"Player{n:03d}", 1500.0 - n, n, seed=n) for n in range(1, 129))
    t = TournamentRecord(
        1, GUILD, CHANNEL, "Big Swiss", "minigam", 1, TournamentFormat.SWISS, 128, 7,
        TournamentStatus.OPEN, 1, MODERATOR.user_id, 0.0, organiser_name="Mod", entrants=entrants,
    )  # fmt: skip
    pairings = tuple(TournamentPairing(1, k, 2 * k + 1, 2 * k + 2) for k in range(64))
    running = dataclasses.replace(t, status=TournamentStatus.RUNNING, round=1, pairings=pairings)
    texts = [
        words.signup_text(t, 0.0, least=4),
        words.signup_text(running, 0.0, least=4),
        words.show_text(running, progress.table(running), 0.0, least=4),
        words.paired(running, 1, list(pairings)),
    ]
    assert all(len(text) <= 2000 for text in texts), [len(text) for text in texts]
    assert "… and 104 more" in texts[0]
