"""The analysis on Discord, its pure parts: the Analyse button's custom id and its way back, the button
under a game's last board, and an answer laid out within Discord's limits for two and four players."""

from __future__ import annotations

import re

import discord
import pytest

from bot.app.analysis import AnalyseButton, Card, analyse_custom_id, cards, pages
from bot.app.views import ChallengeButton, MatchButton, MatchSelect, controls_view
from bot.core import AnalysisReport, Control, Prompt
from bot.workers.analysis_drawing import DrawnPicture, draw_analysis
from engine import SeededDice, selfplay
from engine.ai import get_player
from engine.analysis import analyse

ANALYSE = AnalyseButton.__discord_ui_compiled_template__
OTHERS = (
    MatchSelect.__discord_ui_compiled_template__,
    MatchButton.__discord_ui_compiled_template__,
    ChallengeButton.__discord_ui_compiled_template__,
)


async def test_the_analyse_buttons_custom_id_comes_back_as_its_game() -> None:
    custom_id = analyse_custom_id(77)
    found = ANALYSE.fullmatch(custom_id)

    assert custom_id == "mga:77"
    assert found is not None
    assert not any(t.fullmatch(custom_id) for t in OTHERS)
    button = await AnalyseButton.from_custom_id(None, None, found)  # type: ignore[arg-type]
    assert button.game_id == 77
    assert button.item.custom_id == "mga:77"


@pytest.mark.parametrize("custom_id", ["mga:", "mga:x", "mga:7:1", "mg:1:1:analyse:7"])
def test_other_ids_are_not_analyse_buttons(custom_id: str) -> None:
    assert ANALYSE.fullmatch(custom_id) is None


def test_a_games_last_board_has_the_analyse_button() -> None:
    view = controls_view(4, 9, (Control(Prompt.ANALYSE, argument="77"),))

    assert view is not None
    (button,) = view.children
    assert isinstance(button, AnalyseButton)
    assert (button.item.custom_id, button.item.label) == ("mga:77", "Analyse")


def _report(variant: str, names: tuple[str, ...], seed: int) -> tuple[AnalysisReport, list[DrawnPicture]]:
    seats = [get_player(variant, "medium", seed=seed + k) for k in range(len(names))]
    game = selfplay.play_game(variant, seats, SeededDice(seed))
    analysis = analyse(variant, game.events, game.match)
    report = AnalysisReport(1, variant, names, game.events, game.match, analysis, "Analysis", "outcome", "")
    return report, draw_analysis(variant, game.events, game.match, analysis, names)


@pytest.mark.parametrize(
    ("variant", "names", "numbers"),
    [
        ("minigam", ("Alice", "Bob"), "Exact numbers from the solved game, in winning chances."),
        ("multigam", ("Alice", "Bob", "Carol", "Dan"), "Approximate: from the placing model, in expected"),
    ],
)
def test_an_answer_keeps_within_discords_limits(variant: str, names: tuple[str, ...], numbers: str) -> None:
    report, pictures = _report(variant, names, seed=4)
    worst = sum(len(p.worst) for p in report.analysis.players)

    laid_out = pages(cards(report, pictures))

    assert [c.picture for page in laid_out for c in page] == pictures  # every picture, in order, once
    assert len(pictures) == 1 + worst
    assert len(laid_out) == (1 if 1 + worst <= 10 else 2)
    for page in laid_out:
        assert len(page) <= 10
        assert sum(len(c.embed) for c in page) <= 6000
        names_here = [c.picture.filename for c in page if c.picture is not None]
        assert len(names_here) == len(set(names_here)) <= 10
        for card in page:
            assert card.embed.image.url == f"attachment://{card.picture.filename}"
    overview = laid_out[0][0].embed
    assert numbers in overview.description
    assert [f.name for f in overview.fields] == list(names)
    assert all(re.search(r"Luck of the dice: [+-]", f.value) for f in overview.fields)


def test_pages_break_at_ten_embeds_and_at_six_thousand_characters() -> None:
    small = [Card(discord.Embed(title=f"{i}"), None) for i in range(13)]
    big = [Card(discord.Embed(description="x" * 2500), None) for _ in range(3)]

    assert [len(p) for p in pages(small)] == [10, 3]
    assert [len(p) for p in pages(big)] == [2, 1]
