"""Every shipped puzzle against its engine: the 6-point games' exactly against the solved tables
(every answer's value); backgammon's re-graded by gnubg at 2 ply for a sample of its cube decisions
and of its checker plays (the best two answers and others); every family's margin, at least 500 a
family, each puzzle once."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.ai.backgammon import cube_decision
from engine.ai.evaluator import value_at
from engine.ai.gnubg import evaluator
from engine.ai.stakes import Stakes
from engine.puzzles import FAMILIES, Kind, grade, shipped, shipped_by_id
from engine.puzzles.make import CUBE_MIN_WIN, PLY, cube_answers, exact_answers
from engine.puzzles.model import VALUE_DIGITS, puzzle_id
from engine.solve.table import available, load

SHIPPED = 500
PLAY_SAMPLE = 10
"""Checker-play puzzles whose best two answers and two others are valued again at 2 ply (about 16 ms
an answer), a different sample each run."""
CUBE_SAMPLE = 40
"""Cube puzzles decided again at 2 ply (about 10 ms each), a different sample each run."""


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_each_family_ships_its_puzzles_each_once_with_its_margin(family):
    puzzles = shipped(family).puzzles
    assert len(puzzles) >= SHIPPED
    assert len({p.id for p in puzzles}) == len(puzzles)
    tolerance = 10.0 ** -VALUE_DIGITS[family.unit]
    for p in puzzles:
        assert p.family is family
        assert p.id == puzzle_id(family, p.kind, p.game)
        assert p.margin >= family.margin - tolerance, p.id


@pytest.mark.parametrize("family", [f for f in FAMILIES if Kind.PLAY in f.kinds], ids=lambda f: f.name)
def test_every_play_answer_is_a_distinct_legal_play_and_reads_back_to_itself(family):
    for p in shipped(family).puzzles:
        pos, dice = p.game.position, p.game.dice
        assert len(p.answers) == len(p.game.legal_plays()), p.id
        results = set()
        for answer in p.answers:
            play = pos.parse_play(dice, answer.text)
            assert pos.format_play(play) == answer.text
            results.add(play.result)
        assert len(results) == len(p.answers)
        assert grade(p, p.best.text).is_best


@pytest.mark.parametrize("family", [f for f in FAMILIES if f.source == "exact"], ids=lambda f: f.name)
def test_six_point_puzzles_are_exactly_the_tables(family):
    if not available(family.variant):
        pytest.skip(f"the {family.variant} table is not installed")
    table = load(family.variant)
    for p in shipped(family).puzzles:
        exact = exact_answers(p.game, table)
        assert [a.text for a in p.answers] == [a.text for a in exact], p.id
        for stored, computed in zip(p.answers, exact, strict=True):
            assert stored.value == pytest.approx(computed.value, abs=1e-6)


def test_a_sample_of_backgammon_cube_puzzles_are_gnubgs_2_ply_decisions():
    ev = evaluator()
    for p in random.sample(shipped("backgammon-cube").puzzles, CUBE_SAMPLE):
        game = p.game if p.kind is Kind.DOUBLE else replace(p.game, double_offered=False)
        again = cube_answers(game, p.kind)
        assert again is not None, p.id
        assert cube_decision(game, ev, PLY).chances.win >= CUBE_MIN_WIN
        assert [a.text for a in again] == [a.text for a in p.answers], p.id
        for stored, computed in zip(p.answers, again, strict=True):
            assert stored.value == pytest.approx(computed.value, abs=1e-4)


def test_a_sample_of_backgammon_plays_regraded_at_2_ply_has_the_stored_values():
    ev = evaluator()
    for p in random.sample(shipped("backgammon-play").puzzles, PLAY_SAMPLE):
        game = p.game
        pos, stakes = game.position, Stakes.of(game, game.turn)
        # the best two (the margin) and two others, as far down the list as it goes
        for answer in {p.answers[0], p.answers[1], random.choice(p.answers[2:] or p.answers), p.answers[-1]}:
            play = pos.parse_play(game.dice, answer.text)
            assert value_at(ev, play, game.turn, stakes, PLY).value == pytest.approx(answer.value, abs=1e-4)


def test_every_shipped_puzzle_is_found_by_its_id():
    every = shipped_by_id()
    assert len(every) == sum(len(shipped(f).puzzles) for f in FAMILIES)
    some = shipped("minigam").puzzles[0]
    assert every[some.id] is some
