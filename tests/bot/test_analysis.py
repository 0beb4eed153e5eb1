"""Post-game analysis at the core: a finished game is analysed once, stored, and read back as it was; two
people asking at once share one computation; refusals for games in play, unknown or of another server;
the game's last board offers its analysis; the autocomplete of a player's recent games."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.core import AnalysisReport, Control, Core, LastBoard, Prompt, ServiceError
from bot.models import AfterMatch, PlayerRef
from bot.store.protocol_analysis import StoredAnalysis
from bot.workers.analysing import Analyst, analyse_record
from engine import SeededDice
from engine.analysis import GameAnalysis
from engine.analysis.model import FORMAT_VERSION
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    boards,
    game_of,
    match_id_in,
    play,
    resign,
    start_challenge_match,
)

OTHER_CHANNEL = CHANNEL + 1


class CountingAnalyser:
    """The engine's analysis, counted; with ``gate``, each analysis waits for it to be set."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.calls: list[int] = []
        self.gate = gate
        self.started = threading.Event()

    def __call__(self, variant, events, match):
        self.calls.append(len(events))
        self.started.set()
        if self.gate is not None:
            assert self.gate.wait(30), "the test never opened the gate"
        return analyse_record(variant, events, match)


def _core(make_core, analyser: CountingAnalyser, seed: int = 3) -> Core:
    """A core whose analysis workers take jobs (they stop with the test)."""
    core = make_core(SeededDice(seed), analyst=Analyst(analyser=analyser))
    core.analyses.jobs.start()
    core.analyses.wait = 60.0  # a test that fails says so within a minute
    return core


async def _finish_game(core: Core, channel: int = CHANNEL) -> list:
    """Alice and Bob play the match in ``channel`` to its end, each their first legal play; the results."""
    results = []
    for _ in range(300):
        if match_id_in(core, channel) is None:
            return results
        game = game_of(core, channel)
        who = (ALICE, BOB)[game.actor]
        first = game.position.format_play(game.legal_plays()[0])
        results.append(await play(core, who, first, channel=channel))
    raise AssertionError("the game did not end")


async def _finished(make_core, analyser: CountingAnalyser) -> tuple[Core, int]:
    """A core whose channel has one finished minigam game between Alice and Bob; that game's id."""
    core = _core(make_core, analyser)
    await start_challenge_match(core)
    match_id = match_id_in(core)
    await _finish_game(core)
    (game,) = await core.store.games(match_id)
    return core, game.game_id


# ------------------------------------------------------------------ computed once, stored


async def test_a_finished_game_is_analysed_once_and_asking_again_reads_it_back(make_core) -> None:
    analyser = CountingAnalyser()
    core, game_id = await _finished(make_core, analyser)

    (first,) = (await core.analyses.report(GUILD, CHANNEL)).notices
    (again,) = (await core.analyses.report(GUILD, OTHER_CHANNEL, game_id)).notices

    assert isinstance(first, AnalysisReport)
    assert isinstance(again, AnalysisReport)
    assert len(analyser.calls) == 1
    assert again.analysis == first.analysis
    assert again.text == first.text
    stored = await core.store.analysis(game_id)
    assert stored is not None
    assert stored.format == FORMAT_VERSION
    assert GameAnalysis.from_json(stored.data) == first.analysis


async def test_the_report_names_the_game_its_players_and_their_numbers(make_core) -> None:
    core, game_id = await _finished(make_core, CountingAnalyser())

    (report,) = (await core.analyses.report(GUILD, CHANNEL)).notices

    assert report.game_id == game_id
    assert report.names == ("Alice", "Bob")
    assert report.heading == f"Analysis of game #{game_id} · Minigam"
    assert report.outcome.startswith("Alice vs Bob · ")
    assert len(report.analysis.players) == 2
    assert report.events == tuple(await core.store.game_events(game_id))
    assert not report.analysis.approximate  # the solved game's tables ship with the engine
    assert "Exact numbers from the solved game, in winning chances." in report.text
    for summary in report.analysis.players:
        name = report.names[summary.player]
        line = next(line for line in report.text.splitlines() if line.startswith(f"{name}: "))
        assert f"({summary.decisions} decisions)" in line
        assert summary.rating in line


async def test_two_people_asking_at_once_share_one_analysis(make_core) -> None:
    gate = threading.Event()
    analyser = CountingAnalyser(gate)
    core, game_id = await _finished(make_core, analyser)
    game = await core.analyses.finished_game(GUILD, game_id)
    looked = asyncio.Event()
    misses = []
    stored = core.analyses._stored

    async def counted(gid: int):
        found = await stored(gid)
        misses.append(found)
        if len(misses) == 2:
            looked.set()  # both found nothing stored: the second now joins the first's computation
        return found

    core.analyses._stored = counted  # type: ignore[method-assign]
    first = asyncio.create_task(core.analyses.analysis(game))
    second = asyncio.create_task(core.analyses.analysis(game))
    await looked.wait()
    gate.set()

    one, two = await asyncio.gather(first, second)

    assert misses[:2] == [None, None]  # both asked before it was stored
    assert len(analyser.calls) == 1
    assert one is two  # one wait, one answer


async def test_an_analysis_stored_in_an_older_format_is_made_again(make_core) -> None:
    analyser = CountingAnalyser()
    core, game_id = await _finished(make_core, analyser)
    async with core.store.transaction() as tx:
        await tx.put_analysis(StoredAnalysis(game_id, FORMAT_VERSION - 1, "old", {"format": 0}, 1.0, 0.0))

    await core.analyses.report(GUILD, CHANNEL, game_id)

    assert len(analyser.calls) == 1
    stored = await core.store.analysis(game_id)
    assert stored is not None
    assert stored.format == FORMAT_VERSION


# ------------------------------------------------------------------ refusals


async def test_a_game_still_in_play_is_refused(make_core) -> None:
    analyser = CountingAnalyser()
    core = _core(make_core, analyser)
    await start_challenge_match(core)
    game_id = core.ctx.live.played_in(CHANNEL).record.current_game_id

    with pytest.raises(ServiceError, match=f"Game #{game_id} is still being played"):
        await core.analyses.report(GUILD, CHANNEL, game_id)
    with pytest.raises(ServiceError, match="The game here is still being played"):
        await core.analyses.report(GUILD, CHANNEL)
    assert analyser.calls == []
    assert await core.store.analysis(game_id) is None


async def test_unknown_games_and_games_of_other_servers_are_refused(make_core) -> None:
    analyser = CountingAnalyser()
    core, game_id = await _finished(make_core, analyser)

    with pytest.raises(ServiceError, match=f"There is no game #{game_id + 1} in this server"):
        await core.analyses.report(GUILD, CHANNEL, game_id + 1)
    with pytest.raises(ServiceError, match=f"There is no game #{game_id} in this server"):
        await core.analyses.report(GUILD + 1, CHANNEL, game_id)
    with pytest.raises(ServiceError, match="No game has finished in this channel yet"):
        await core.analyses.report(GUILD, OTHER_CHANNEL)
    assert analyser.calls == []


async def test_a_game_its_cancelled_match_never_finished_is_refused(make_core) -> None:
    core = _core(make_core, CountingAnalyser())
    await start_challenge_match(core)
    game_id = core.ctx.live.played_in(CHANNEL).record.current_game_id
    await core.cancel(CHANNEL, PlayerRef(55, "Mod", moderator=True))

    with pytest.raises(ServiceError, match=f"Game #{game_id} never finished"):
        await core.analyses.report(GUILD, CHANNEL, game_id)


# ------------------------------------------------------------------ the boards and the choices


async def test_each_games_last_board_offers_that_games_analysis(make_core) -> None:
    core = _core(make_core, CountingAnalyser(), seed=5)
    await start_challenge_match(core, points=2)
    match_id = match_id_in(core)
    finals = []
    while match_id_in(core) is not None:
        results = await _finish_game_once(core)
        finals += [b for r in results for b in boards(r) if isinstance(b, LastBoard)]

    games = await core.store.games(match_id)
    assert len(games) >= 2
    offered = [(Control(Prompt.ANALYSE, argument=str(g.game_id)),) for g in games]
    offered[-1] += (Control(AfterMatch.REMATCH),)  # after the match's last game, the match again
    assert [b.controls for b in finals] == offered
    assert [b.match_over for b in finals] == [False] * (len(games) - 1) + [True]  # each stays as posted


async def _finish_game_once(core: Core) -> list:
    """Play until the current game of the match in CHANNEL ends (or the match does)."""
    number = len(core.ctx.live.played_in(CHANNEL).match.outcomes)
    results = []
    while (found := core.ctx.live.played_in(CHANNEL)) is not None and len(found.match.outcomes) == number:
        game = found.game
        who = (ALICE, BOB)[game.actor]
        results.append(await play(core, who, game.position.format_play(game.legal_plays()[0])))
    return results


async def test_the_choices_are_the_players_own_finished_games(make_core) -> None:
    core, game_id = await _finished(make_core, CountingAnalyser())
    await start_challenge_match(core, channel=OTHER_CHANNEL)
    await resign(core, BOB, channel=OTHER_CHANNEL)
    second = game_id + 1

    mine = await core.analyses.choices(GUILD, ALICE.user_id)
    typed = await core.analyses.choices(GUILD, ALICE.user_id, f"#{game_id}")

    assert [gid for gid, _ in mine] == [second, game_id]  # newest first
    assert mine[0][1].startswith(f"#{second} · Minigam · Alice vs Bob · ")
    assert all(len(label) <= 100 for _, label in mine)
    assert [gid for gid, _ in typed] == [game_id]
    assert await core.analyses.choices(GUILD, CAROL.user_id) == []
    assert await core.analyses.choices(GUILD + 1, ALICE.user_id) == []
