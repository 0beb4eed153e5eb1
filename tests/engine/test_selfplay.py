"""The one self-play loop: games and matches played to the end, one reported action at a time."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from engine import VARIANTS, EventKind, Game, Match, Position, SeededDice, Termination
from engine.selfplay import Action, ChoosePlays, play_game, play_match, steps


def random_seat(seed: int) -> ChoosePlays:
    rng = random.Random(seed)
    return ChoosePlays(lambda game: rng.choice(game.legal_plays()))


@dataclass
class Doubler:
    """A random player that doubles whenever it may (``thrifty``: in a match, only while the cube it
    doubles to is no more than it needs) and takes (or drops) every double."""

    takes: bool = True
    seed: int = 0
    thrifty: bool = False
    asked: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose_play(self, game: Game):
        return self.rng.choice(game.legal_plays())

    def wants_to_double(self, game: Game) -> bool:
        self.asked.append("double")
        return not self.thrifty or 2 * game.cube <= game.match.needs(game.turn)

    def accepts_double(self, game: Game) -> bool:
        self.asked.append("take")
        return self.takes

    def accepts_resignation(self, game: Game) -> bool:
        self.asked.append("resignation")
        return False


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_game_is_played_to_its_end_one_consistent_step_at_a_time(variant):
    seats = [random_seat(p) for p in range(VARIANTS[variant].players)]
    game = Game.start(variant, SeededDice(4))
    actions = []
    for step in steps(game, seats, SeededDice(5)):
        assert step.before == game  # each step starts where the last ended
        if step.action is Action.PLAY:
            assert step.player == game.turn
            assert step.play in game.legal_plays()
            assert step.after == game.play(step.play)
        game = step.after
        actions.append(step.action)
    assert game.outcome is not None
    assert actions.count(Action.PLAY) == sum(1 for e in game.events if e.kind == EventKind.PLAY)


def test_the_same_seats_and_dice_play_the_same_game():
    def one() -> Game:
        return play_game("backgammon", [random_seat(1), random_seat(2)], SeededDice(9))

    assert one() == one()


def test_with_the_cube_the_player_on_roll_is_asked_and_the_opponent_takes():
    a, b = Doubler(seed=1), Doubler(seed=2)
    game = play_game(Match.new("backgammon", 0).start_game(SeededDice(3)), [a, b], SeededDice(3))
    doubles = [e for e in game.events if e.kind == EventKind.DOUBLE]
    takes = [e for e in game.events if e.kind == EventKind.TAKE]
    assert len(doubles) == len(takes) >= 2  # the cube went back and forth
    assert game.cube == 2 ** len(takes)
    assert "double" in a.asked
    assert "take" in b.asked


def test_a_dropped_double_ends_the_game_at_the_cube_before_it():
    game = play_game("backgammon", [Doubler(takes=False), Doubler(takes=False)], SeededDice(3))
    assert game.outcome.termination is Termination.DROPPED
    assert game.outcome.points == 1


def test_without_the_cube_nobody_is_asked_to_double():
    a, b = Doubler(seed=1), Doubler(seed=2)
    game = play_game("backgammon", [a, b], SeededDice(3), cube=False)
    assert game.cube == 1
    assert a.asked == b.asked == []


def test_a_resignation_waiting_in_the_game_is_answered_by_the_seat_it_is_offered_to():
    offered = Game(Position.initial("backgammon", 0)).resign(0, 1)
    b = Doubler()
    first = next(steps(offered, [Doubler(), b], SeededDice(1), cube=False))
    assert (first.action, first.player, b.asked) == (Action.REJECT, 1, ["resignation"])
    accepted = next(steps(offered, [Doubler(), random_seat(0)], SeededDice(1)))
    assert accepted.action is Action.ACCEPT
    assert accepted.after.outcome.termination is Termination.RESIGNED


def test_a_game_that_does_not_end_is_stopped_loudly():
    with pytest.raises(RuntimeError, match="did not end after 5 actions"):
        play_game("minigam", [random_seat(0), random_seat(1)], SeededDice(2), max_actions=5)


def test_a_game_already_over_has_no_steps():
    over = Game(Position.initial("minigam", 0)).forfeit(0)
    assert list(steps(over, [random_seat(0)] * 2, SeededDice(1))) == []
    assert play_game(over, [random_seat(0)] * 2, SeededDice(1)) is over


@pytest.mark.parametrize("seed", [3, 5, 6, 10])  # seeds whose first game leaves a player needing 1
def test_a_match_is_played_until_someone_reaches_the_target_with_the_crawford_game(seed):
    seen = []
    played = play_match(
        Match.new("backgammon", 5),
        [Doubler(seed=seed, thrifty=True), Doubler(seed=seed + 1, thrifty=True)],
        SeededDice(seed),
        on_game=lambda game, match: seen.append((game, match)),
    )
    match = played.match
    assert match.is_over
    assert max(match.score) >= 5
    assert [g for g, _ in seen] == list(played.games)
    assert len(played.games) == match.games_played == len(match.outcomes)
    score = [0, 0]
    for game in played.games:
        assert game.match.score == tuple(score)  # each game knows the score it started from
        if game.match.crawford:  # the Crawford game: no doubling at all
            assert not any(e.kind == EventKind.DOUBLE for e in game.events)
        score[game.outcome.winner] += game.outcome.points
    crawford = [g for g in played.games if g.match.crawford]
    assert len(crawford) == 1
    assert crawford[0] is played.games[1]
    # after it the trailer doubles (the leader, needing 1, never does: the thrifty doubler's choice)
    post = played.games[2:]
    assert post
    for game in post:
        trailer = min(range(2), key=lambda p: game.match.score[p])
        doubles = [e for e in game.events if e.kind == EventKind.DOUBLE]
        assert [e.player for e in doubles] == [trailer] * len(doubles)
    assert any(e.kind == EventKind.DOUBLE for game in post for e in game.events)


def test_a_multigam_match_is_one_game_of_four_seats():
    played = play_match(Match.new("multigam"), [random_seat(p) for p in range(4)], SeededDice(6))
    assert len(played.games) == 1
    assert sorted(played.match.score) == [1, 2, 3, 5]
