"""The tournament benchmark's options and report (:mod:`bench.tournament`) on a small field, and its greedy
pass (what ``--against greedy`` compares with): it pairs everyone, yet makes rematches the exact pairing
avoids."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bench.tournament import Field, greedy_misses, greedy_pairing, main, sample_bracket


def test_a_small_run_reports_every_round_and_the_bracket(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "16", "--bracket", "8", "--repeat", "2", "--small", "5"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^\s+(\d+)\s+(exact|greedy)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(\d+)$", out, re.MULTILINE)
    assert [(r, name) for r, name, _ in rows] == [
        (str(r), n) for r in range(1, 5) for n in ("exact", "greedy")
    ]
    assert all(made == "0" for _, name, made in rows if name == "exact")
    assert "greedy pass made more rematches than the exact pairing in" in out
    assert "8-player bracket (730 x 382 px" in out
    assert re.search(r"both\s+[\d.]+ ms p50", out)


def test_against_none_leaves_the_greedy_pass_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "5", "--bracket", "4", "--repeat", "1", "--against", "none"]) == 0
    out = capsys.readouterr().out
    assert "greedy" not in out
    assert "4-player bracket" in out


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--bracket", "256"])
    assert "--bracket 2-128" in capsys.readouterr().err


def test_the_greedy_pass_pairs_everyone_once() -> None:
    field = Field(9, seed=3)
    pairing = greedy_pairing(field.players(), field.played, field.had_bye)
    seen = Counter(x for pair in pairing.pairs for x in pair)
    assert set(seen.values()) == {1}
    assert {*seen, pairing.bye} == set(field.ids)


def test_the_greedy_pass_makes_avoidable_rematches_on_small_fields() -> None:
    worse, rounds = greedy_misses(30, seed=1)
    assert rounds > 100
    assert worse > 0


def test_the_sample_bracket_plays_round_one_and_half_of_round_two() -> None:
    picture = sample_bracket(6, seed=1)
    assert [len(r) for r in picture.rounds] == [4, 2, 1]
    assert all(m.winner is not None for m in picture.rounds[0])
    assert sum(m.top.bye or m.bottom.bye for m in picture.rounds[0]) == 2
    assert picture.rounds[2][0].winner is None
