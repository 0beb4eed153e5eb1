"""A match with doubles after the Crawford game (RULES.md: no double in the Crawford game, in every other
game whatever the score) exported as .mat: our reader, and gnubg's importer where gnubg is installed,
read it back to the same games and the same score."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from engine import EventKind, Game, Match, SeededDice, selfplay
from engine.mat import write_match
from engine.mat_read import read_match, replay_match
from engine.selfplay_cli import match_record
from tests.engine.gnubg_data import gnubg_available, run_script

NAMES = ("Ann", "Bob")


@dataclass
class PostCrawfordDoubler:
    """Random plays; doubles only after the Crawford game, as the trailer, at once (the leader's cube is
    dead: the rules refuse it, as gnubg does); takes every double."""

    seed: int
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose_play(self, game: Game):
        return self.rng.choice(game.legal_plays())

    def wants_to_double(self, game: Game) -> bool:
        m = game.match
        if m.crawford or min(m.needs(0), m.needs(1)) != 1:
            return False
        return game.may_double()  # the trailer, while its cube is alive

    def accepts_double(self, game: Game) -> bool:
        return True

    def accepts_resignation(self, game: Game) -> bool:
        return False


# matches to 5 whose post-Crawford games have doubles by trailers who need 4, 3 and 2 points
CASES = [4, 13, 25]


def played(seed: int) -> selfplay.PlayedMatch:
    seats = [PostCrawfordDoubler(seed), PostCrawfordDoubler(seed + 100)]
    return selfplay.play_match(Match.new("backgammon", 5), seats, SeededDice(seed))


def doubles(games) -> list[tuple[tuple[int, ...], int, int]]:
    """Each double of the games: the score the game started at, the doubler, the cube offered."""
    return [(g.match.score, e.player, e.value) for g in games for e in g.events if e.kind is EventKind.DOUBLE]


@pytest.mark.parametrize("seed", CASES)
def test_a_match_with_post_crawford_doubles_reads_back_to_its_score(seed):
    result = played(seed)
    offered = doubles(result.games)
    assert offered  # the seed gives post-Crawford doubles, past what the leader needs
    assert all(max(score) == 4 and value > 5 - max(score) for score, _, value in offered)
    text = write_match(match_record(result, NAMES))
    back = read_match(text)
    assert back.score == result.match.score
    assert [g.outcome for g in back.games] == [g.outcome for g in result.games]
    match, games = replay_match(back)
    assert match.score == result.match.score
    assert doubles(games) == offered
    assert write_match(back) == text


def test_the_cases_cover_trailers_who_need_4_3_and_2_and_no_leader_doubles():
    offered = [d for seed in CASES for d in doubles(played(seed).games)]
    assert {5 - score[p] for score, p, _ in offered} == {4, 3, 2}  # the trailers' needs
    assert all(score[p] < 4 for score, p, _ in offered)  # the leader's cube is dead


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="gnubg is not installed (apt-get install gnubg)")
def test_gnubg_reads_our_post_crawford_matches_to_the_same_games_and_score(tmp_path):
    results, paths = [], []
    for seed in CASES:
        result = played(seed)
        path = tmp_path / f"post_crawford_{seed}.mat"
        path.write_text(write_match(match_record(result, NAMES)))
        results.append(result)
        paths.append(str(path))
    read = run_script(
        "tests/engine/gnubg_mat_import.py", "GNUBG-MAT-IMPORT ", env={"MAT_FILES": ":".join(paths)}
    )
    for result, theirs in zip(results, read, strict=True):
        assert len(theirs["games"]) == len(result.games)
        for game, their in zip(result.games, theirs["games"], strict=True):
            assert tuple(their["score"]) == game.match.score
            assert (their["winner"], their["points"]) == (game.outcome.winner, game.outcome.points)
            ours = [
                [e.player, e.kind.value] for e in game.events if e.kind in (EventKind.DOUBLE, EventKind.TAKE)
            ]
            assert their["cube"] == ours
        last = theirs["games"][-1]
        final = list(last["score"])
        final[last["winner"]] += last["points"]
        assert tuple(final) == result.match.score
