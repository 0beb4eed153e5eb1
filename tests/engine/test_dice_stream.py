"""A match's dice from its committed seed (docs/RULES.md, "Dice anyone can verify"): the commitment and
the stream checked by hand and against an independent reading of the rule with hashlib; the record of a
match throws the stream in order; the verifier accepts a true record and rejects a changed die."""

from __future__ import annotations

import dataclasses
import hashlib
import pickle
import random
import re
from pathlib import Path

import pytest

from engine import DiceError, EventKind, Game, Match, selfplay
from engine.dice import Seed, StreamDice, commitment, dice_stream, repeatable_seeds
from engine.dice.__main__ import main
from engine.dice.record import read_listing, thrown_dice, write_listing
from engine.dice.verify import DiceMismatch, verify_dice, verify_mat, verify_text
from engine.mat import write_match
from engine.mat_read import read_match
from engine.selfplay_cli import match_record
from engine.variants import VARIANTS
from tests.engine.gnubg_data import gnubg_available, run_script

SEED = bytes(range(32))
# `python3 -c "import sys; sys.stdout.buffer.write(bytes(range(32)))" | sha256sum`
SEED_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
# SHA-256(SEED + 00 00 00 00 00 00 00 00) is a9 d6 e5 00 29 3a 88 bd 38 cb e2 13 d0 7a b7 1f 8c b2 25 85
# 52 07 2a 01 bd f1 c4 0b e5 27 f4 d0: no byte of 252 or more, so 32 dice, 1 + b % 6 worked out by hand
# (a9 = 169 = 6 * 28 + 1 gives 2, d6 = 214 = 6 * 35 + 4 gives 5, ...).
FIRST_BLOCK = [2, 5, 2, 1, 6, 5, 5, 4, 3, 6, 5, 2, 5, 3, 4, 2, 3, 5, 2, 2, 5, 2, 1, 2, 4, 2, 5, 6, 2, 4, 5, 5]


def by_the_rule(seed: bytes, count: int) -> list[int]:
    """The published rule, read independently: SHA-256(seed + counter, 8 bytes big-endian), bytes
    under 252 give 1 + b % 6."""
    out: list[int] = []
    counter = 0
    while len(out) < count:
        block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        out += [1 + b % 6 for b in block if b < 252]
        counter += 1
    return out[:count]


def first(count: int, seed: bytes = SEED) -> list[int]:
    stream = dice_stream(seed)
    return [next(stream) for _ in range(count)]


def test_the_commitment_is_the_seeds_sha256_in_hex():
    assert commitment(SEED) == SEED_COMMITMENT
    assert Seed(SEED).commitment == SEED_COMMITMENT


def test_the_first_block_gives_the_dice_worked_out_by_hand():
    assert first(32) == FIRST_BLOCK


def test_a_byte_of_252_or_more_is_skipped():
    second = hashlib.sha256(SEED + (1).to_bytes(8, "big")).digest()
    assert second[26] == 0xFD  # 253: no die
    dice = first(32 + 31)
    assert dice[32:] == [1 + b % 6 for b in second if b < 252]
    assert len(dice[32:]) == 31


@pytest.mark.parametrize("seed", [SEED, bytes(32), b"\xff" * 32, random.Random(7).randbytes(32)])
def test_the_stream_is_the_published_rule(seed):
    assert first(5000, seed) == by_the_rule(seed, 5000)


def test_a_source_that_has_thrown_dice_already_goes_on_from_there():
    source = StreamDice(SEED, 40)
    assert [source.roll_die() for _ in range(30)] == first(70)[40:]
    assert source.thrown == 70
    assert [Seed(SEED).dice(3).roll_die()] == first(4)[3:]


def test_a_seed_and_its_dice_never_show_the_seed_nor_leave_the_process():
    seed = Seed(SEED)
    source = seed.dice()
    for shown in (repr(seed), str(seed), repr(source), str(source)):
        assert SEED.hex() not in shown
    for hidden in (seed, source, [seed], {"dice": source}):
        with pytest.raises(TypeError, match="stays in the process"):
            pickle.dumps(hidden)
    assert seed.reveal() == SEED.hex()
    assert Seed.from_hex(SEED.hex().upper()) == seed


@pytest.mark.parametrize("text", ["", "00" * 31, "zz" * 32, "00" * 33, 12])
def test_a_seed_that_is_not_64_hex_digits_is_refused(text):
    with pytest.raises(DiceError, match=r"64 hex digits|written in hex"):
        Seed.from_hex(text)


def test_new_seeds_are_32_random_bytes():
    a, b = Seed.new(), Seed.new()
    assert a != b
    assert len(bytes.fromhex(a.reveal())) == 32


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_games_record_shows_the_dice_in_the_order_the_stream_threw_them(variant):
    """Each player's die of each opening round (ties thrown again; multigam's high and low), then each
    roll: the record read back is the stream itself."""
    source = StreamDice(SEED)
    rng = random.Random(3)
    seat = selfplay.ChoosePlays(lambda game: rng.choice(game.legal_plays()))
    game = selfplay.play_game(
        Game.start(variant, source), [seat] * VARIANTS[variant].players, source, cube=False
    )
    assert game.outcome is not None
    assert thrown_dice(game.events) == first(source.thrown)


def test_a_tied_opening_is_thrown_again_from_the_stream():
    seed = next(s for s in (bytes([n]) * 32 for n in range(256)) if len(set(first(2, s))) == 1)
    game = Game.start("backgammon", StreamDice(seed))
    rounds = [e.dice for e in game.events if e.kind is EventKind.OPENING]
    assert len(rounds) >= 2
    assert rounds[0][0] == rounds[0][1]
    assert thrown_dice(game.events) == first(2 * len(rounds), seed)


def played_match(seed: bytes = SEED, points: int = 5) -> selfplay.PlayedMatch:
    rng = random.Random(5)
    seat = selfplay.ChoosePlays(lambda game: rng.choice(game.legal_plays()), lambda game: rng.random() < 0.1)
    return selfplay.play_match(Match.new("backgammon", points), [seat, seat], StreamDice(seed))


def resigned_then_played(seed: bytes = SEED) -> list[Game]:
    """Two games: in the first, a player rolls and the other resigns before the roll is played (the
    .mat leaves that roll out); the second is played out."""
    source = StreamDice(seed)
    rng = random.Random(9)
    match = Match.new("backgammon", 3)
    game = match.start_game(source)
    for _ in range(6):
        game = game.play(rng.choice(game.legal_plays()))
        game = game.roll(source)
    game = game.resign(1 - game.turn, 1).accept_resignation()
    assert game.outcome is not None
    match = match.record(game.outcome)
    seat = selfplay.ChoosePlays(lambda g: rng.choice(g.legal_plays()))
    second = selfplay.play_game(match.start_game(source), [seat, seat], source, cube=False)
    return [game, second]


def test_a_matchs_listing_reads_back_to_its_dice_and_verifies():
    games = played_match().games
    text = write_listing([g.events for g in games], ["a match", f"seed {SEED.hex()}"])
    dice = [d for g in games for d in thrown_dice(g.events)]
    assert read_listing(text) == dice
    assert verify_text(SEED.hex(), SEED_COMMITMENT, text).dice == len(dice)


def test_a_changed_die_in_a_listing_is_found():
    dice = first(300)
    changed = list(dice)
    changed[123] = changed[123] % 6 + 1
    assert verify_dice(SEED, SEED_COMMITMENT, dice).dice == 300
    with pytest.raises(
        DiceMismatch, match=f"die 124 of the record is {changed[123]}, but the seed throws {dice[123]}"
    ):
        verify_dice(SEED, SEED_COMMITMENT, changed)


def test_a_seed_that_is_not_the_committed_one_is_refused():
    with pytest.raises(DiceMismatch, match="not the commitment"):
        verify_dice(bytes(32), SEED_COMMITMENT, first(10, bytes(32)))


def test_a_listing_with_anything_but_dice_is_refused():
    with pytest.raises(DiceError, match="line 2: a die is a digit from 1 to 6, not '7'"):
        read_listing("# fine\ngame 1: 35 67\n")


def test_a_matchs_mat_verifies_and_a_swapped_roll_does_not():
    text = write_match(match_record(played_match(), ("Ann", "Bob")))
    found = verify_mat(SEED, SEED_COMMITMENT, read_match(text))
    assert found.games == len(played_match().games)
    assert found.dice > 50
    # the same roll written the other way round: the same plays are legal, but not the seed's order
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("  2) ") and line[5] != line[6])
    lines[row] = lines[row][:5] + lines[row][6] + lines[row][5] + lines[row][7:]
    with pytest.raises(DiceMismatch, match="game 1, roll "):
        verify_mat(SEED, SEED_COMMITMENT, read_match("\n".join(lines)))


def test_a_mat_where_a_roll_was_left_unplayed_by_a_resignation_verifies():
    games = resigned_then_played()
    text = write_match(
        match_record(selfplay.PlayedMatch(Match.new("backgammon", 3), tuple(games)), ("A", "B"))
    )
    assert verify_mat(SEED, SEED_COMMITMENT, read_match(text)).games == 2
    listing = write_listing([g.events for g in games])
    assert verify_text(SEED.hex(), SEED_COMMITMENT, listing).dice == sum(
        len(thrown_dice(g.events)) for g in games
    )


def test_the_command_line_accepts_a_true_record_and_rejects_a_changed_die(tmp_path, capsys):
    games = played_match().games
    good = tmp_path / "dice.txt"
    good.write_text(write_listing([g.events for g in games]))
    args = ["verify", "--seed", SEED.hex(), "--commitment", SEED_COMMITMENT, "--rolls"]
    assert main([*args, str(good)]) == 0
    assert "OK: the seed matches the commitment" in capsys.readouterr().out
    text = good.read_text()
    at = text.index(":") + 2  # the first die of game 1
    bad = tmp_path / "changed.txt"
    bad.write_text(text[:at] + str(int(text[at]) % 6 + 1) + text[at + 1 :])
    assert main([*args, str(bad)]) == 1
    assert "MISMATCH: die 1 of the record" in capsys.readouterr().out
    mat = tmp_path / "match.mat"
    mat.write_text(write_match(match_record(played_match(), ("Ann", "Bob"))))
    assert main([*args, str(mat)]) == 0
    assert main(["verify", "--seed", "00", "--commitment", SEED_COMMITMENT, "--rolls", str(good)]) == 2
    assert main([*args, str(tmp_path / "missing.txt")]) == 2
    capsys.readouterr()
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment, no dice\n")
    assert main([*args, str(empty)]) == 2  # proves nothing: not an OK
    assert "it has no dice" in capsys.readouterr().err


def published_check():
    """The checking function docs/RULES.md publishes, as written there."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")
    section = page.split("## Dice anyone can verify", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert code is not None
    assert len(code.group(1).strip().splitlines()) <= 13  # the import, a blank line, a ten-line function
    namespace: dict = {}
    exec(code.group(1), namespace)  # our own page's code
    return namespace["dice_are_true"]


def test_the_function_on_the_rules_page_checks_a_match():
    check = published_check()
    games = played_match().games
    dice = read_listing(write_listing([g.events for g in games]))
    assert check(SEED.hex(), SEED_COMMITMENT, dice)
    changed = [*dice[:-1], dice[-1] % 6 + 1]
    assert not check(SEED.hex(), SEED_COMMITMENT, changed)
    assert not check(bytes(32).hex(), SEED_COMMITMENT, first(len(dice), bytes(32)))


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="gnubg is not installed (apt-get install gnubg)")
def test_gnubg_reads_a_mat_with_the_dice_lines(tmp_path):
    played = played_match()
    record = match_record(played, ("Ann", "Bob"))
    comments = (f"Dice commitment: {SEED_COMMITMENT}", f"Dice seed: {SEED.hex()}")
    path = tmp_path / "seeded.mat"
    path.write_text(write_match(dataclasses.replace(record, comments=comments)))
    read = run_script("tests/engine/gnubg_mat_import.py", "GNUBG-MAT-IMPORT ", env={"MAT_FILES": str(path)})
    games = read[0]["games"]
    assert len(games) == len(played.games)
    assert [tuple(g["score"]) for g in games] == [g.match.score for g in played.games]


def test_repeatable_seeds_follow_from_their_number_one_per_call() -> None:
    a, b = repeatable_seeds(5), repeatable_seeds(5)
    firsts = [a() for _ in range(3)]

    assert firsts == [b() for _ in range(3)]  # the same number: the same seeds, in the same order
    assert len(set(firsts)) == 3  # a new seed for each match
    assert repeatable_seeds(6)() not in firsts
    expected = hashlib.sha256(b"minigam seed 5 0").digest()
    assert firsts[0].reveal() == expected.hex()
    stream = firsts[0].dice()
    assert [stream.roll_die() for _ in range(8)] == by_the_rule(expected, 8)
