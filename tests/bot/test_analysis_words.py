"""What an analysis says in multigam: no "worst play" that cost nothing as written, and gnubg's scale
explained once, not under every player."""

from __future__ import annotations

import pytest

from bot.app.analysis import cards
from bot.core import AnalysisReport
from bot.texts import analysis as words
from bot.workers.analysis_drawing import draw_analysis
from engine import SeededDice, selfplay
from engine.ai import get_player
from engine.analysis import GameAnalysis, analyse

NAMES = ("Alice", "Bob", "Carol", "Dan")


@pytest.fixture(scope="module")
def multigam() -> tuple[object, GameAnalysis]:
    """A multigam game of four medium players in which one play lost less than a hundredth of a point."""
    seats = [get_player("multigam", "medium", seed=1 + k) for k in range(4)]
    game = selfplay.play_game("multigam", seats, SeededDice(1))
    return game, analyse("multigam", game.events, game.match)


def test_a_loss_that_rounds_to_nothing_is_no_worst_play(multigam) -> None:
    _game, analysis = multigam
    tiny = [
        r
        for r in analysis.reviews
        if r.loss > 0 and words.amount(analysis.unit, r.loss) == "0.00 placing points"
    ]
    assert tiny, "the game has a play that lost a little, written 0.00"

    worst = [r for p in analysis.players for r in p.worst]

    assert not any(r in worst for r in tiny)
    assert all(words.amount(analysis.unit, r.loss) != "0.00 placing points" for r in worst)


def test_the_answer_says_once_that_gnubgs_scale_rates_two_player_games(multigam) -> None:
    game, analysis = multigam
    report = AnalysisReport(
        1, "multigam", NAMES, game.events, game.match, analysis, "Analysis", "outcome", ""
    )
    pictures = draw_analysis("multigam", game.events, game.match, analysis, NAMES)

    overview = cards(report, pictures)[0].embed
    said = [overview.description or "", *(f.value or "" for f in overview.fields)]
    text = words.summary_text("Analysis", "outcome", analysis, NAMES)

    assert sum(s.count("gnubg's scale rates two-player games") for s in said) == 1
    assert text.count("gnubg's scale rates two-player games") == 1
