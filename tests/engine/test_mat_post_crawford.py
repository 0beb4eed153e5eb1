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
    """Random plays; doubles only after the Crawford game: as the trailer at once and again while its
    cube is alive, and (``dead``) as the leader too, once, whose cube is dead but whom the rules let
    double; takes every double."""

    seed: int
    dead: bool = False
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose_play(self, game: Game):
        return self.rng.choice(game.legal_plays())

    def wants_to_double(self, game: Game) -> bool:
        m = game.match
        if m.crawford or min(m.needs(0), m.needs(1)) != 1:
            return False
        if m.needs(game.turn) == 1:  # the leader
            return self.dead and game.cube == 1
        return game.cube < m.needs(game.turn)  # the trailer, while its cube is alive

    def accepts_double(self, game: Game) -> bool:
        return True

    def accepts_resignation(self, game: Game) -> bool:
        return False


# (seed, the leader doubles too): matches to 5 whose post-Crawford games have doubles by trailers who
# need 4, 3 and 2 points; a leader's dead cube redoubled by the trailer to 4; a dead double at 4-4
CASES = [(4, False), (13, False), (25, False), (13, True), (21, True)]


def played(seed: int, dead: bool) -> selfplay.PlayedMatch:
    seats = [PostCrawfordDoubler(seed, dead), PostCrawfordDoubler(seed + 100, dead)]
    return selfplay.play_match(Match.new("backgammon", 5), seats, SeededDice(seed))


def doubles(games) -> list[tuple[tuple[int, ...], int, int]]:
    """Each double of the games: the score the game started at, the doubler, the cube offered."""
    return [(g.match.score, e.player, e.value) for g in games for e in g.events if e.kind is EventKind.DOUBLE]


@pytest.mark.parametrize(("seed", "dead"), CASES)
def test_a_match_with_post_crawford_doubles_reads_back_to_its_score(seed, dead):
    result = played(seed, dead)
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


def test_the_cases_cover_the_trailer_and_the_leader_doubling():
    offered = [d for seed, dead in CASES for d in doubles(played(seed, dead).games)]
    assert {5 - score[p] for score, p, _ in offered if score[p] < 4} == {4, 3, 2}  # trailers' needs
    assert any(score[p] == 4 for score, p, _ in offered)  # the leader's dead cube
    assert any(value == 4 for _, _, value in offered)  # redoubled past what both need


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="gnubg is not installed (apt-get install gnubg)")
def test_gnubg_reads_our_post_crawford_matches_to_the_same_games_and_score(tmp_path):
    results, paths = [], []
    for seed, dead in CASES:
        result = played(seed, dead)
        path = tmp_path / f"post_crawford_{seed}_{dead}.mat"
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
