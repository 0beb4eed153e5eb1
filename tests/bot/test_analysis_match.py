"""``/minigam analyse`` of a backgammon match's last game covers the whole match: each player's totals over
its games, with gnubg's rating and the performance rating (PR)."""

from __future__ import annotations

import pytest

from bot.app.analysis import cards
from bot.core import Action, AnalysisReport
from bot.workers.analysis_drawing import draw_analysis
from engine.analysis.rating import rating
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, act, game_of, match_id_in, play
from tests.bot.test_analysis import CountingAnalyser, _core
from tests.bot.test_cube import pip_saver


async def _match_resigned_twice(make_core):
    """A backgammon match to 3 between Alice and Bob: in each game the opener plays, then Alice resigns (a
    gammon, then a single game in the Crawford game) and Bob accepts. The core and the match's game ids."""
    core = _core(make_core, CountingAnalyser())
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon", 3)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    match_id = match_id_in(core)
    for level in ("2", "1"):
        game = game_of(core)
        await play(core, (ALICE, BOB)[game.turn], pip_saver(game))
        await act(core, ALICE, Action.RESIGN, level)
        await act(core, BOB, Action.ACCEPT)
    assert match_id_in(core) is None
    return core, [g.game_id for g in await core.store.games(match_id)]


async def test_the_last_games_analysis_adds_the_whole_match(make_core) -> None:
    core, (first, last) = await _match_resigned_twice(make_core)

    (report,) = (await core.analyses.report(GUILD, CHANNEL, last)).notices
    (alone,) = (await core.analyses.report(GUILD, CHANNEL, first)).notices

    assert isinstance(report, AnalysisReport)
    assert (alone.match_totals, alone.match_games) == ((), 0)  # not the match's last game
    assert report.match_games == 2
    games = (alone.analysis, report.analysis)
    for total in report.match_totals:
        mine = [a.players[total.player] for a in games]
        assert total.decisions == sum(s.decisions for s in mine)
        assert total.loss == pytest.approx(sum(s.loss for s in mine))
        assert total.rating == rating(total.loss / total.decisions)
    alice = report.match_totals[0]
    assert alice.decisions >= 2  # two resignations at least, both graded
    assert alice.loss > 1.0  # resigning a gammon in an even game gives away about two points
    pr = 500 * alice.loss / alice.decisions
    assert "The whole match: 2 games." in report.text
    assert f"Alice: Loses {1000 * alice.loss / alice.decisions:.1f} mp per decision" in report.text
    assert f"PR {pr:.1f}" in report.text


async def test_the_whole_match_is_an_embed_of_its_own(make_core) -> None:
    core, (_first, last) = await _match_resigned_twice(make_core)
    (report,) = (await core.analyses.report(GUILD, CHANNEL, last)).notices
    pictures = draw_analysis(report.variant, report.events, report.match, report.analysis, report.names)

    laid_out = cards(report, pictures)

    whole = laid_out[1].embed
    assert whole.title == "The whole match: 2 games"
    assert [f.name for f in whole.fields] == ["Alice", "Bob"]
    assert all(" · PR " in f.value for f in whole.fields if "decision" in f.value)
    assert laid_out[1].picture is None
