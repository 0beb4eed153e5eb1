"""``/minigam stats`` shows a player's average performance rating (PR) over their last analysed backgammon
matches, per variant (issue 33 §4): what counts is a finished match to a number of points whose every game
is analysed, without a hint asked by the player; money games do not count. On both stores."""

from __future__ import annotations

from bot.core import Action, Core
from bot.core.analysis.performance import MATCHES, average_prs
from bot.store import Store
from bot.store.protocol_analysis import StoredAnalysis
from bot.texts.standings import card_fields
from engine import SeededDice
from engine.analysis import GameAnalysis
from engine.analysis.model import FORMAT_VERSION, PlayerSummary, Source, Unit
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, act, game_of, match_id_in, play
from tests.bot.test_cube import pip_saver


async def resigned_match(
    core: Core, points: int = 1, resigns: tuple[str, ...] = ("1",), opponent=BOB, guild: int = GUILD
) -> int:
    """Alice against ``opponent`` in a backgammon match to ``points`` (0: a money game): in each game the
    opener plays, then Alice resigns (``resigns``: "1" a single game, "2" a gammon) and the opponent
    accepts. The match's id."""
    sent = await core.challenges.challenge(guild, CHANNEL, ALICE, opponent, "backgammon", points)
    await core.challenges.answer(sent.notices[0].challenge_id, opponent, accept=True)
    match_id = match_id_in(core)
    assert match_id is not None
    for level in resigns:
        game = game_of(core)
        await play(core, (ALICE, opponent)[game.turn], pip_saver(game))
        await act(core, ALICE, Action.RESIGN, level)
        await act(core, opponent, Action.ACCEPT)
    assert match_id_in(core) is None, "the match goes on"
    return match_id


def analysis(decisions: tuple[int, int], loss: tuple[float, float], variant: str = "backgammon") -> dict:
    """A game's analysis as stored, with each seat's decisions and equity lost."""
    players = tuple(PlayerSummary(p, decisions[p], loss[p], None, 0.0, ()) for p in (0, 1))
    return GameAnalysis(variant, Source.GNUBG, Unit.EQUITY, True, players, (), ()).to_json()


async def analyse(store: Store, core: Core, match_id: int, *data: dict, fmt: int = FORMAT_VERSION) -> None:
    """Store ``data`` as the analyses of the match's games, in order (fewer: the rest not analysed)."""
    games = await store.games(match_id)
    async with store.transaction() as tx:
        for game, d in zip(games, data, strict=False):
            await tx.put_analysis(StoredAnalysis(game.game_id, fmt, "test", d, 0.5, core.ctx.clock.now()))


# ------------------------------------------------------------------------------------ the store


async def test_the_store_reads_the_analysed_matches_newest_first(make_core, storage: Store, clock) -> None:
    core = make_core(SeededDice(3))
    first = await resigned_match(core)
    clock.advance(60)
    second = await resigned_match(core)
    one, two = analysis((10, 12), (0.1, 0.2)), analysis((20, 22), (0.6, 0.4))
    await analyse(storage, core, first, one)
    await analyse(storage, core, second, two)

    found = await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon", FORMAT_VERSION)

    assert [m.match_id for m in found] == [second, first]
    assert [m.analyses for m in found] == [(two,), (one,)]
    assert {m.variant for m in found} == {"backgammon"}
    seats = {m.match_id: m.seat for m in found}
    bob_seats = {
        m.match_id: m.seat
        for m in await storage.analysed_matches(GUILD, BOB.user_id, "backgammon", FORMAT_VERSION)
    }
    assert {seats[first], bob_seats[first]} == {0, 1}
    assert found[0].finished_at > found[1].finished_at
    assert [
        m.match_id
        for m in await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon", FORMAT_VERSION, 1)
    ] == [second]


async def test_a_match_counts_only_when_every_game_is_analysed(make_core, storage: Store) -> None:
    core = make_core(SeededDice(3))
    match_id = await resigned_match(core, points=3, resigns=("2", "1"))
    await analyse(storage, core, match_id, analysis((5, 5), (0.1, 0.1)))
    assert await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon", FORMAT_VERSION) == []

    await analyse(storage, core, match_id, analysis((5, 5), (0.1, 0.1)), analysis((7, 3), (0.2, 0.0)))
    (found,) = await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon", FORMAT_VERSION)
    assert len(found.analyses) == 2
    assert found.analyses[1]["players"][0]["decisions"] == 7


async def test_money_games_other_formats_variants_and_servers_do_not_count(make_core, storage: Store) -> None:
    core = make_core(SeededDice(3))
    money = await resigned_match(core, points=0)
    elsewhere = await resigned_match(core, guild=GUILD + 1)
    old = await resigned_match(core)
    for match_id in (money, elsewhere):
        await analyse(storage, core, match_id, analysis((5, 5), (0.1, 0.1)))
    await analyse(storage, core, old, analysis((5, 5), (0.1, 0.1)), fmt=FORMAT_VERSION - 1)

    assert await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon", FORMAT_VERSION) == []
    assert await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon-mulligan", FORMAT_VERSION) == []
    (found,) = await storage.analysed_matches(GUILD + 1, ALICE.user_id, "backgammon", FORMAT_VERSION)
    assert found.match_id == elsewhere


async def test_a_match_with_a_hint_of_the_player_does_not_count_for_them(
    make_core, storage: Store, clock
) -> None:
    core = make_core(SeededDice(3))
    match_id = await resigned_match(core, opponent=CAROL)
    await analyse(storage, core, match_id, analysis((5, 5), (0.1, 0.1)))
    (game,) = await storage.games(match_id)
    async with storage.transaction() as tx:
        await tx.note_hint(game.game_id, CAROL.user_id, clock.now())

    assert await storage.analysed_matches(GUILD, CAROL.user_id, "backgammon", FORMAT_VERSION) == []
    assert len(await storage.analysed_matches(GUILD, ALICE.user_id, "backgammon", FORMAT_VERSION)) == 1


# ------------------------------------------------------------------------------------ the stats


async def test_stats_show_the_average_pr_of_two_analysed_matches(make_core, storage: Store, clock) -> None:
    core = make_core(SeededDice(3))
    first = await resigned_match(core)
    clock.advance(60)
    second = await resigned_match(core)
    # Alice: 0.1 lost over 10 decisions (PR 5.0), then 0.6 over 20 (PR 15.0): an average of 10.0
    for match_id, decisions, loss in ((first, 10, 0.1), (second, 20, 0.6)):
        seat = await _seat(storage, match_id)
        d = [4, 4]
        lost = [0.4, 0.4]
        d[seat], lost[seat] = decisions, loss
        await analyse(storage, core, match_id, analysis((d[0], d[1]), (lost[0], lost[1])))

    (prs,) = await average_prs(storage, GUILD, ALICE.user_id)
    assert prs.variant == "backgammon"
    assert prs.matches == 2
    assert round(prs.average, 6) == 10.0

    (card,) = (await core.records.stats(GUILD, ALICE)).notices
    assert "Backgammon: average PR 10.0 over the last 2 analysed matches" in card.text
    assert card.stats.performance == (prs,)
    assert (
        "Backgammon PR",
        "average PR 10.0 over the last 2 analysed matches (lower is better)",
    ) in card_fields(card.stats)  # the card on Discord


async def test_stats_without_analysed_matches_show_no_pr(make_core, storage: Store) -> None:
    core = make_core(SeededDice(3))
    await resigned_match(core)  # played, never analysed

    (card,) = (await core.records.stats(GUILD, ALICE)).notices

    assert "PR" not in card.text
    assert card.stats.performance == ()
    assert not any("PR" in name or "PR" in value for name, value in card_fields(card.stats))


async def test_only_the_last_matches_count(make_core, storage: Store, clock) -> None:
    core = make_core(SeededDice(3))
    ids = []
    for _ in range(MATCHES + 2):
        ids.append(await resigned_match(core))
        clock.advance(60)
    for n, match_id in enumerate(ids):
        seat = await _seat(storage, match_id)
        loss = [0.0, 0.0]
        loss[seat] = 1.0 if n < 2 else 0.02  # the two oldest: PR 50; the others PR 1
        await analyse(storage, core, match_id, analysis((10, 10), (loss[0], loss[1])))

    (prs,) = await average_prs(storage, GUILD, ALICE.user_id)
    assert prs.matches == MATCHES
    assert round(prs.average, 6) == 1.0


async def _seat(storage: Store, match_id: int) -> int:
    """Alice's seat in ``match_id``."""
    record = await storage.match(match_id)
    assert record is not None
    return next(i for i, seat in enumerate(record.seats) if seat.user_id == ALICE.user_id)
