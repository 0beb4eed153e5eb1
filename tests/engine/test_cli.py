"""``python -m engine legal`` (JSON lines in, JSON lines out) and ``python -m engine bench``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position, all_dice
from engine.bench import TARGETS_US, bench_variant, build_samples
from engine.cli import answer, main, run_legal
from engine.variants import VARIANTS, find_variant

ROOT = Path(__file__).resolve().parents[2]

# The example shape, with counts that add up to 8 checkers each:
#   1    2    3    4    5    6
#   .   0x2   .   1x1   .   1x4      bar: 2, 0;  off: 4, 3;  player 0 to play 3-5 (minigam, order policy)
# 3 first: bar/3 then bar/5 | 2/off (3/8 would overshoot with checkers on the bar);  2/5 then bar/5 |
# 2/off.  5 first: bar/5 then bar/3 | 2/5;  2/off then bar/3 | 2/5. Four distinct results.
EXAMPLE = {
    "variant": "minigam",
    "turn": 0,
    "dice": [3, 5],
    "bar": [2, 0],
    "off": [4, 3],
    "points": [None, [0, 2], None, [1, 1], None, [1, 4]],
}


def run(lines: list[str]) -> list[dict]:
    out = io.StringIO()
    run_legal(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_the_example_lists_every_legal_play_once():
    (reply,) = run([json.dumps(EXAMPLE)])
    plays = reply["plays"]
    assert sorted(sorted(p["moves"]) for p in plays) == sorted(
        [["bar/3", "bar/5"], ["2/off", "bar/3"], ["2/5", "bar/5"], ["2/5", "2/off"]]
    )
    results = [json.dumps(p["result"], sort_keys=True) for p in plays]
    assert len(set(results)) == 4
    for p in plays:
        assert list(p["result"]) == ["variant", "turn", "bar", "off", "points"]  # the input's shape, no dice
        assert p["result"]["turn"] == 0  # still the mover
    both_entered = next(p for p in plays if sorted(p["moves"]) == ["bar/3", "bar/5"])
    assert both_entered["result"] == {
        "variant": "minigam",
        "turn": 0,
        "bar": [0, 0],
        "off": [4, 3],
        "points": [None, [0, 2], [0, 1], [1, 1], [0, 1], [1, 4]],
    }


def test_moves_are_single_die_moves_in_the_notation_players_see():
    line = Position.initial("backgammon", 1).to_json()
    line["dice"] = [6, 5]
    (reply,) = run([json.dumps(line)])
    run_play = [p["moves"] for p in reply["plays"] if p["moves"][0] == "24/18" and p["moves"][1] == "18/13"]
    assert run_play  # player 1's run 24/13 in its own numbering, one move per die


def test_a_pass_is_an_empty_list():
    line = {
        "variant": "minigam",
        "turn": 0,
        "dice": [2, 2],
        "bar": [7, 0],
        "points": [[0, 1], [1, 2], [1, 2], None, None, None],
    }
    assert run([json.dumps(line)]) == [{"plays": []}]


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"variant": "minigam"}', "missing 'turn'"),
        (json.dumps({**EXAMPLE, "dice": [3]}), "'dice' must be two numbers from 1 to 6"),
        (json.dumps({**EXAMPLE, "dice": [0, 7]}), "'dice' must be two numbers from 1 to 6"),
        (json.dumps({**EXAMPLE, "dice": [3, True]}), "'dice' must be two numbers"),
        (json.dumps({**EXAMPLE, "of": [0, 0]}), "unknown key 'of'"),
        (json.dumps({**EXAMPLE, "variant": "chess"}), "unknown variant 'chess'"),
        (json.dumps({**EXAMPLE, "off": [1, 3]}), "player 0 has 5 checkers"),
        (json.dumps({**EXAMPLE, "turn": 2}), "turn must be a player from 0 to 1"),
        (json.dumps({**EXAMPLE, "points": [None] * 5}), "list of 6 entries"),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_a_bad_line_gets_an_error_and_the_run_goes_on(line, fragment):
    replies = run([line, json.dumps(EXAMPLE)])
    assert len(replies) == 2
    assert set(replies[0]) == {"error"}
    assert fragment in replies[0]["error"]
    assert len(replies[1]["plays"]) == 4


def test_an_empty_line_gets_an_error_line_too():
    replies = run([json.dumps(EXAMPLE), "", json.dumps(EXAMPLE)])
    assert [set(r) for r in replies] == [{"plays"}, {"error"}, {"plays"}]


def test_answer_matches_the_engine():
    for name in VARIANTS:
        p = Position.initial(name, 1)
        for dice in all_dice():
            line = {**p.to_json(), "dice": list(dice)}
            reply = answer(json.dumps(line))
            expected = p.legal_plays(dice)
            if not expected[0].moves:
                assert reply == {"plays": []}
            else:
                assert [Position.from_json(x["result"]) for x in reply["plays"]] == [
                    pl.result for pl in expected
                ]


def ten_thousand_lines() -> tuple[list[str], dict[int, str]]:
    """10,000 lines: positions from random games and bear-off/bar ones of every variant, each with
    several rolls, and a malformed line every 997 lines."""
    lines: list[str] = []
    bad: dict[int, str] = {}
    rolls = list(all_dice())
    samples = [s for name in VARIANTS for s in build_samples(find_variant(name), 3, 60, 40)]
    i = 0
    while len(lines) < 10_000:
        if len(lines) % 997 == 500:
            bad[len(lines)] = "{broken"
            lines.append("{broken")
            continue
        s = samples[i % len(samples)]
        line = s.position.to_json()
        line["dice"] = list(rolls[(i * 7) % 21])
        lines.append(json.dumps(line))
        i += 1
    return lines, bad


def test_ten_thousand_lines_in_one_run_in_a_subprocess():
    lines, bad = ten_thousand_lines()
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "legal"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=True,
    )
    replies = proc.stdout.splitlines()
    assert len(replies) == 10_000
    for k, text in enumerate(replies):
        reply = json.loads(text)
        if k in bad:
            assert "error" in reply
        else:
            assert "plays" in reply, (k, reply)
    for k in range(0, 10_000, 331):  # in order: spot checks against the in-process answer
        assert json.loads(replies[k]) == answer(lines[k])


def test_the_console_script_entry_point_dispatches(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EXAMPLE) + "\n"))
    assert main(["legal"]) == 0
    assert len(json.loads(capsys.readouterr().out)["plays"]) == 4
    with pytest.raises(SystemExit):
        main([])
    with pytest.raises(SystemExit):
        main(["legal", "extra"])


# ------------------------------------------------------------------ bench


def test_bench_samples_are_fixed_by_the_seed_and_mix_kinds():
    v = find_variant("backgammon")
    a = build_samples(v, 1, 30, 20)
    b = build_samples(v, 1, 30, 20)
    assert [(s.position, s.dice) for s in a] == [(s.position, s.dice) for s in b]
    assert {s.kind for s in a} == {"game", "bearoff", "bar"}
    assert any(s.dice.is_double for s in a if s.kind != "game")
    for s in a:
        s.position.validate()
    bearoff = [s.position for s in a if s.kind == "bearoff"]
    assert all(p.bar[p.turn] == 0 for p in bearoff)  # backgammon bear-off samples can bear off


def test_bench_reports_every_variant_with_its_targets():
    assert set(TARGETS_US) == set(VARIANTS)
    r = bench_variant(find_variant("minigam"), seed=1, games=20, constructed=10, seconds=0.05)
    assert r.samples == 30
    assert 0 < r.median_us <= r.worst_us
    assert r.games >= 1


def test_bench_command_prints_a_table(capsys):
    assert main(
        ["bench", "--variant", "multigam", "--games", "10", "--constructed", "4", "--seconds", "0.05"]
    ) in (
        0,
        1,
    )
    out = capsys.readouterr().out
    assert "fresh Position per measurement" in out
    assert "multigam" in out
    assert "median" in out
