"""The dice benchmark's own arithmetic on small counts: the chi-squares, their p-values against values
from the tables, the bytes a stream skips, and what it prints."""

from __future__ import annotations

import math

import pytest

from bench.dice import bytes_for, chi_square, main, measure, p_value

SEED = bytes(range(32))  # its first block has no byte of 252 or more; its second skips its 27th (0xfd)


def test_chi_square_of_equal_counts_is_zero_and_grows_with_the_gap():
    assert chi_square([10] * 6) == 0
    assert chi_square([12, 8, 10, 10, 10, 10]) == pytest.approx(0.8)  # (4 + 4) / 10


@pytest.mark.parametrize(
    ("statistic", "freedom", "p"),
    [
        (11.0705, 5, 0.05),  # the chi-square tables' 5% points
        (15.0863, 5, 0.01),
        (49.8018, 35, 0.05),
        (57.3421, 35, 0.01),
        (4.3515, 5, 0.5),  # the medians
        (34.3356, 35, 0.5),
        (1.1455, 5, 0.95),
    ],
)
def test_p_values_match_the_tables(statistic, freedom, p):
    assert p_value(statistic, freedom) == pytest.approx(p, abs=2e-4)


@pytest.mark.parametrize("x", [0.1, 1.0, 3.0, 10.0, 40.0])
def test_with_two_degrees_of_freedom_the_p_value_is_exp_of_minus_half(x):
    assert p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)


def test_faces_and_pairs_are_counted_as_thrown():
    figures = measure(iter([1, 2, 1, 2, 3, 3, 6]), 6)
    assert figures.faces == (2, 2, 2, 0, 0, 0)
    assert figures.faces_chi == pytest.approx(chi_square([2, 2, 2, 0, 0, 0]))
    pairs = [0] * 36
    pairs[0 * 6 + 1] = 2  # 1-2 twice
    pairs[2 * 6 + 2] = 1  # 3-3
    assert figures.pairs_chi == pytest.approx(chi_square(pairs))
    with pytest.raises(ValueError, match="only 3 dice"):
        measure(iter([1, 2, 3]), 4)


def test_the_bytes_a_stream_skips_are_counted():
    assert bytes_for(SEED, 32) == 32
    assert bytes_for(SEED, 58) == 58  # the 26 dice before the skipped byte of the second block
    assert bytes_for(SEED, 59) == 60  # the next die comes after it


def test_the_benchmark_prints_its_figures(capsys):
    assert main(["--dice", "6000", "--seed", SEED.hex()]) == 0
    out = capsys.readouterr().out
    assert f"seed: {SEED.hex()}" in out
    assert "dice: 6,000" in out
    assert "faces chi-square: " in out
    assert "with 35 degrees of freedom, p = " in out
    assert "bytes skipped: " in out
    with pytest.raises(SystemExit):
        main(["--dice", "7"])
