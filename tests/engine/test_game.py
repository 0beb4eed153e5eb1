"""Game flow as data: the opening roll, turns, passes, outcomes, the cube, resignations, JSON, replays."""

from __future__ import annotations

import json

import pytest

from engine import (
    MAX_CUBE,
    Dice,
    Game,
    GameDataError,
    GameStateError,
    IllegalPlayError,
    MatchContext,
    Position,
    ScriptedDice,
    SeededDice,
    Termination,
    WinKind,
    replay,
)
from tests.engine.helpers import pos

# ------------------------------------------------------------------ the opening


def test_two_players_re_roll_ties_and_the_higher_die_starts_with_both_dice():
    # 4-4 is a tie: both roll again; 2 against 5: player 1 starts with 5-2 (never a double).
    game = Game.start("minigam", ScriptedDice([4, 4, 2, 5]))
    assert game.turn == 1
    assert game.dice == Dice(5, 2)
    assert game.awaiting == "play"
    assert game.actor == 1
    assert [e.dice for e in game.events] == [(4, 4), (2, 5)]
    assert all(e.kind == "opening" for e in game.events)


def test_player_0_starts_when_its_die_is_higher():
    game = Game.start("backgammon", ScriptedDice([6, 1]))
    assert (game.turn, game.dice) == (0, Dice(6, 1))
    assert game.position == Position.initial("backgammon", 0)


# ------------------------------------------------------------------ turns


def test_a_turn_is_roll_then_play_then_the_other_player():
    game = Game.start("minigam", ScriptedDice([3, 1]))
    game = game.play("bar/1 bar/3")
    assert game.turn == 1
    assert game.awaiting == "roll"
    assert game.last_player == 0
    assert sorted(game.events[-1].moves) == ["bar/1", "bar/3"]
    game = game.roll(ScriptedDice([2, 2]))
    assert game.awaiting == "play"
    assert game.dice == Dice(2, 2)
    assert game.events[-1].kind == "roll"


def test_out_of_order_actions_are_refused():
    game = Game.start("minigam", ScriptedDice([3, 1]))
    with pytest.raises(GameStateError, match="already been rolled"):
        game.roll(ScriptedDice([1, 1]))
    with pytest.raises(GameStateError, match="not your turn"):
        game.play("bar/1 bar/3", player=1)
    after = game.play("bar/1 bar/3")
    with pytest.raises(GameStateError, match="roll the dice first"):
        after.play("bar/1 bar/3")
    with pytest.raises(GameStateError, match="not your turn"):
        after.roll(ScriptedDice([1, 1]), player=0)


def test_an_illegal_play_changes_nothing():
    game = Game.start("minigam", ScriptedDice([3, 1]))
    with pytest.raises(IllegalPlayError):
        game.play("bar/2 bar/3")
    other = Position.initial("minigam").legal_plays(Dice(6, 5))[0]
    with pytest.raises(GameStateError, match="not legal here"):
        game.play(other)
    assert game.awaiting == "play"


def test_a_turn_with_no_legal_move_passes():
    # Player 0: 1 on point 1, 7 on the bar; player 1 holds 2 and 3. 2-2 cannot be played.
    game = Game(pos("minigam", 0, {1: (0, 1), 2: (1, 2), 3: (1, 2)}, bar=(7, 0)), dice=Dice(2, 2))
    assert game.must_pass()
    after = game.play(game.legal_plays()[0])
    assert after.turn == 1
    assert after.position.board == game.position.board
    assert after.events[-1].moves == ()
    assert after.last_play is not None
    assert after.last_play.moves == ()
    assert Game.from_json(json.loads(json.dumps(after.to_json()))) == after  # a pass is still a last play


# ------------------------------------------------------------------ winning and scoring


def last_checker(variant: str, loser: dict[int, tuple[int, int]], loser_bar: int = 0, **kw) -> Game:
    """Player 0 has one checker left, on its own 1 point (absolute 24), with 1-2 to play."""
    return Game(pos(variant, 0, {24: (0, 1), **loser}, bar=(0, loser_bar)), dice=Dice(1, 2), **kw)


@pytest.mark.parametrize(
    ("loser", "bar", "kind", "points"),
    [
        ({6: (1, 14)}, 0, WinKind.SINGLE, 1),  # the loser has borne off one
        ({6: (1, 15)}, 0, WinKind.GAMMON, 2),  # none off, none in the winner's home
        ({6: (1, 14), 20: (1, 1)}, 0, WinKind.BACKGAMMON, 3),  # one in the winner's home (19-24)
        ({6: (1, 14)}, 1, WinKind.BACKGAMMON, 3),  # one on the bar
        ({6: (1, 14), 18: (1, 1)}, 0, WinKind.GAMMON, 2),  # 18 is outside the winner's home
    ],
)
def test_backgammon_single_gammon_backgammon(loser, bar, kind, points):
    game = last_checker("backgammon", loser, bar, match=MatchContext(jacoby=False)).play("1/off")
    assert game.outcome.termination is Termination.BORNE_OFF
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (0, kind, points)
    assert game.awaiting == "over"
    assert game.actor is None


def test_the_cube_multiplies_a_gammon():
    game = last_checker("backgammon", {6: (1, 15)}, cube=4, cube_owner=1).play("1/off")
    assert (game.outcome.kind, game.outcome.points) == (WinKind.GAMMON, 8)
    assert game.outcome.describe(["Ann", "Bob"]) == "Ann wins a gammon, 8 points"


@pytest.mark.parametrize(
    ("loser", "bar", "kind", "points"),
    [
        ({6: (1, 15)}, 0, WinKind.SINGLE, 1),  # all the loser's checkers home: a single win
        ({6: (1, 10)}, 0, WinKind.SINGLE, 1),  # some borne off: still a single
        ({6: (1, 14), 7: (1, 1)}, 0, WinKind.MULLIGAN, 3),  # one outside its home board (1-6)
        ({6: (1, 10)}, 1, WinKind.MULLIGAN, 3),  # one on the bar, even with some off
    ],
)
def test_mulligan_scoring(loser, bar, kind, points):
    game = last_checker("backgammon-mulligan", loser, bar).play("1/off")
    assert (game.outcome.kind, game.outcome.points) == (kind, points)


@pytest.mark.parametrize("variant", ["minigam", "minigam-full-entry", "minigam-strict"])
def test_minigam_wins_are_one_point_whatever_the_loser_has_left(variant):
    game = Game(pos(variant, 0, {6: (0, 1)}, bar=(0, 8)), dice=Dice(1, 2)).play("6/off")
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (0, WinKind.SINGLE, 1)


# ------------------------------------------------------------------ the cube


def money_game(**kw) -> Game:
    return Game(Position.initial("backgammon", 0), **kw)


def test_double_take_and_ownership():
    game = money_game()
    assert game.may_double()
    game = game.double()
    assert game.awaiting == "double-answer"
    assert game.actor == 1
    with pytest.raises(GameStateError, match="not your turn"):
        game.take(player=0)
    game = game.take(player=1)
    assert (game.cube, game.cube_owner, game.awaiting, game.actor) == (2, 1, "roll", 0)
    # Player 0 no longer owns the cube; player 1 may redouble on its own turn.
    assert not game.may_double()
    with pytest.raises(GameStateError, match="your opponent owns the cube"):
        game.double()
    theirs = Game(game.position.with_turn(1), cube=2, cube_owner=1)
    assert theirs.may_double()
    redoubled = theirs.double().take()
    assert (redoubled.cube, redoubled.cube_owner) == (4, 0)


def test_a_dropped_double_loses_the_current_cube_value():
    game = money_game(cube=2, cube_owner=0).double().drop()
    assert game.outcome.termination is Termination.DROPPED
    assert (game.outcome.winner, game.outcome.points) == (0, 2)
    assert "double declined" in game.outcome.describe()


def test_doubling_only_before_rolling():
    game = money_game().roll(ScriptedDice([3, 1]))
    assert not game.may_double()
    with pytest.raises(GameStateError, match="only double before you roll"):
        game.double()


@pytest.mark.parametrize("variant", ["minigam", "multigam", "backgammon-mulligan"])
def test_no_cube_where_the_variant_has_none(variant):
    game = Game(Position.initial(variant))
    assert not game.may_double()
    with pytest.raises(GameStateError, match="without the doubling cube"):
        game.double()


def test_no_doubling_in_the_crawford_game():
    game = money_game(match=MatchContext(target=5, score=(4, 2), crawford=True))
    assert not game.may_double()
    with pytest.raises(GameStateError, match="Crawford"):
        game.double()


@pytest.mark.parametrize(
    ("score", "cube"),
    [
        ((3, 2), 1),  # both need 2 or 3
        ((2, 3), 2),  # a cube of 4 is past what the taker needs: allowed all the same
        ((0, 0), 4),  # 8 > 5
        ((1, 4), 1),  # post-Crawford: the trailer (player 0, 4-away) doubles
    ],
)
def test_the_cube_may_be_turned_whatever_the_score_outside_the_crawford_game(score, cube):
    game = money_game(cube=cube, cube_owner=0 if cube > 1 else None, match=MatchContext(5, score, False))
    assert game.may_double()
    game = game.double().take(player=1)
    assert (game.cube, game.cube_owner) == (2 * cube, 1)


def test_a_post_crawford_double_past_what_the_leader_needs_is_taken_and_scored_in_full():
    # player 0 trails 1-4 in a match to 5 after the Crawford game: 4-away against 1-away
    game = money_game(match=MatchContext(5, (1, 4), False)).double().take(player=1)
    assert Game.from_json(game.to_json()) == game  # a stored game with the cube at 2 reads back
    game = game.resign(1, 2).accept_resignation(player=0)  # the leader gives up a gammon at 2
    assert (game.outcome.winner, game.outcome.points) == (0, 4)


@pytest.mark.parametrize(
    ("target", "score", "cube"),
    [
        (1, (0, 0), 1),  # a 1-point match
        (5, (4, 4), 1),  # double match point
        (5, (4, 1), 1),  # the leader after the Crawford game
        (5, (3, 2), 2),  # 2-away with the cube on 2
    ],
)
def test_no_double_where_the_cube_is_dead(target, score, cube):
    """As gnubg has it: a win at the cube's value already gives the player on roll the match."""
    game = money_game(cube=cube, cube_owner=0 if cube > 1 else None, match=MatchContext(target, score, False))
    assert game.cube_is_dead(0)
    assert not game.may_double()
    with pytest.raises(
        GameStateError, match="the cube is dead: winning this game already wins you the match"
    ):
        game.double()


def test_the_cube_stops_at_max_cube_in_a_match_too():
    game = money_game(cube=MAX_CUBE, cube_owner=0, match=MatchContext(9999, (0, 0), False))
    assert not game.may_double()
    with pytest.raises(GameStateError, match=f"never goes past {MAX_CUBE}"):
        game.double()


def test_money_play_has_no_cap():
    assert money_game(cube=32, cube_owner=0).may_double()


# ------------------------------------------------------------------ resigning and forfeits


@pytest.mark.parametrize(
    ("level", "kind"), [(1, WinKind.SINGLE), (2, WinKind.GAMMON), (3, WinKind.BACKGAMMON)]
)
def test_backgammon_resignation_is_an_offer_accepted_at_its_level_times_the_cube(level, kind):
    game = money_game(cube=2, cube_owner=1).resign(0, level)
    assert game.awaiting == "resign-answer"
    assert game.actor == 1
    game = game.accept_resignation(player=1)
    assert game.outcome.termination is Termination.RESIGNED
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (1, kind, 2 * level)


def test_a_rejected_resignation_goes_on_where_it_was():
    before = money_game().roll(ScriptedDice([3, 1]))
    game = before.resign(0, 2).reject_resignation()
    assert game.awaiting == "play"
    assert game.dice == Dice(3, 1)
    assert game.outcome is None
    with pytest.raises(GameStateError, match="nobody has offered"):
        game.accept_resignation()


def test_resignation_levels_are_checked():
    with pytest.raises(GameStateError, match="single \\(1\\), a gammon \\(2\\) or a backgammon \\(3\\)"):
        money_game().resign(0, 4)


@pytest.mark.parametrize(
    ("variant", "kind"), [("minigam", WinKind.SINGLE), ("backgammon-mulligan", WinKind.MULLIGAN)]
)
def test_elsewhere_resigning_loses_at_once(variant, kind):
    game = Game(Position.initial(variant)).resign(1)
    assert game.outcome.termination is Termination.RESIGNED
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (0, kind, kind.multiplier)


def test_a_forfeit_loses_a_single_game_times_the_cube():
    game = money_game(cube=4, cube_owner=0).forfeit(0)
    assert game.outcome.termination is Termination.FORFEIT
    assert (game.outcome.winner, game.outcome.points) == (1, 4)
    with pytest.raises(GameStateError, match="over already"):
        game.forfeit(1)


def test_nothing_happens_after_the_game_is_over():
    game = money_game().forfeit(0)
    with pytest.raises(GameStateError, match="game is over"):
        game.roll(ScriptedDice([1, 2]))
    with pytest.raises(GameStateError, match="over already"):
        game.resign(1)


# ------------------------------------------------------------------ JSON and replays


def play_randomly(variant: str, seed: int, turns: int) -> Game:
    import random

    rng = random.Random(seed)
    dice = SeededDice(seed)
    game = Game.start(variant, dice)
    for _ in range(turns):
        if game.outcome is not None:
            break
        if game.dice is None:
            game = game.roll(dice)
        plays = game.legal_plays()
        game = game.play(plays[rng.randrange(len(plays))])
    return game


@pytest.mark.parametrize("variant", ["minigam", "multigam", "backgammon", "backgammon-mulligan"])
def test_games_round_trip_through_json_text(variant):
    for turns in (0, 3, 40, 400):
        game = play_randomly(variant, seed=turns, turns=turns)
        data = json.loads(json.dumps(game.to_json()))
        assert data["format"] == 1
        assert Game.from_json(data) == game


def test_a_game_with_cube_and_offers_round_trips():
    game = money_game(match=MatchContext(7, (2, 3), False)).double().take().resign(1, 2)
    assert Game.from_json(json.loads(json.dumps(game.to_json()))) == game


@pytest.mark.parametrize("variant", ["minigam", "multigam", "backgammon"])
def test_replaying_the_record_rebuilds_the_game(variant):
    game = play_randomly(variant, seed=5, turns=60)
    assert replay(variant, game.events, game.match) == game


def test_replay_includes_cube_and_resignation_events():
    game = Game.start("backgammon", ScriptedDice([6, 1]))
    game = game.play("13/7 8/7")
    game = game.double().take().roll(ScriptedDice([2, 2]))
    game = game.play(game.legal_plays()[0]).resign(0, 1).reject_resignation()
    assert replay("backgammon", game.events) == game


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (None, "must be a JSON object"),
        ({}, "unknown game format None"),
        ({"format": 99}, "unknown game format 99"),
        ({"format": 1}, "lacks its 'position' field"),
        ({"format": 1, "position": {"variant": "minigam", "points": [None] * 6, "bar": [9, 0]}}, "not valid"),
        ({"format": 1, "position": Position.initial("minigam").to_json(), "dice": [9, 9]}, "from 1 to 6"),
        (
            {"format": 1, "position": Position.initial("minigam").to_json(), "last_player": 5},
            "last player must be from 0 to 1",
        ),
        (
            {"format": 1, "position": Position.initial("minigam").to_json(), "events": [{"kind": "x"}]},
            "player",
        ),
    ],
)
def test_malformed_stored_games_raise_game_data_error(data, fragment):
    with pytest.raises(GameDataError) as info:
        Game.from_json(data)
    assert fragment in str(info.value)
    assert isinstance(info.value, GameStateError)
