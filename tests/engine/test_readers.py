"""Every reader of stored JSON raises its documented error for every bad input, and accepts only
states a game can reach: arbitrary JSON, and valid output mutated one field at a time."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    MAX_CUBE,
    VARIANTS,
    Event,
    Game,
    GameDataError,
    GameStateError,
    Match,
    Outcome,
    PlayError,
    Position,
    PositionError,
    SeededDice,
    UnknownVariantError,
)

HUGE = 10**400

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | st.integers()
    | st.sampled_from([HUGE, -HUGE, 2**63, MAX_CUBE * 2, 4096, 3.0, 1e400, float("nan")])
    | st.floats()
    | st.text(max_size=8)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=10), children, max_size=6)
    ),
    max_leaves=25,
)


READERS = {
    "game": (Game.from_json, GameDataError),
    "match": (Match.from_json, GameDataError),
    "outcome": (Outcome.from_json, GameDataError),
    "event": (Event.from_json, GameDataError),
    "position": (Position.from_json, (PositionError, UnknownVariantError)),
}


def read_or_refuse(kind: str, data: object):
    """The reader's object, or ``None`` when it raised its documented error (anything else fails)."""
    reader, error = READERS[kind]
    try:
        obj = reader(data)
    except error:
        return None
    again = reader(json.loads(json.dumps(obj.to_json())))
    assert again == obj, "a value that was read must round-trip"
    return obj


def keep_playing(game: Game, seed: int, actions: int = 6) -> None:
    """A game that was read is a real game: its next actions work or raise the game's own errors."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    for _ in range(actions):
        if game.outcome is not None:
            return
        try:
            match game.awaiting:
                case "roll":
                    game = game.double() if game.may_double() and rng.random() < 0.3 else game.roll(dice)
                case "play":
                    game = game.play(rng.choice(game.legal_plays()))
                case "double-answer":
                    game = game.take() if rng.random() < 0.5 else game.drop()
                case "resign-answer":
                    game = game.accept_resignation() if rng.random() < 0.5 else game.reject_resignation()
            game.to_json()
            game.next_moves()
        except (GameStateError, PlayError):
            return


@settings(max_examples=250, deadline=None)
@given(kind=st.sampled_from(sorted(READERS)), data=json_values)
def test_arbitrary_json_is_read_or_refused_with_the_documented_error(kind, data):
    read_or_refuse(kind, data)


@pytest.mark.parametrize("kind", sorted(READERS))
def test_deeply_nested_json_is_refused_not_a_recursion_error(kind):
    deep: object = 1
    for _ in range(50_000):
        deep = [deep]
    shapes = [deep, {"format": 1, "position": deep}, {"format": 1, "variant": "minigam", "target": deep}]
    shapes += [{"kind": "play", "player": 0, "moves": deep}, {"variant": "minigam", "points": deep}]
    for data in shapes:
        assert read_or_refuse(kind, data) is None


# ------------------------------------------------------------------ mutations of valid output


def random_game(variant: str, seed: int, turns: int) -> Game:
    """A game after up to ``turns`` random actions, the cube and resignations included."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    match = Match.new(variant, rng.choice([0, 1, 3, 7]) if VARIANTS[variant].cube else None)
    game = match.start_game(dice)
    for _ in range(turns):
        if game.outcome is not None:
            break
        match game.awaiting:
            case "double-answer":
                game = game.take() if rng.random() < 0.8 else game.drop()
            case "resign-answer":
                game = game.reject_resignation() if rng.random() < 0.7 else game.accept_resignation()
            case "roll":
                game = game.double() if game.may_double() and rng.random() < 0.2 else game.roll(dice)
            case _:
                roll = rng.random()
                if roll < 0.02:
                    game = game.resign(game.turn)
                elif roll < 0.03:
                    game = game.forfeit(game.turn)
                else:
                    game = game.play(rng.choice(game.legal_plays()))
    return game


def random_match(variant: str, seed: int, games: int) -> Match:
    match = Match.new(variant, 3 if VARIANTS[variant].fixed_target is None else None)
    for i in range(games):
        if match.is_over:
            break
        game = random_game(variant, seed + i, 400)
        if game.outcome is None:
            game = game.forfeit(game.turn)
        match = match.record(game.outcome)
    return match


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside a JSON value (the root included)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(paths(v, (*prefix, i)))
    return out


def mutate(data: object, draw) -> object:
    """``data`` with one value replaced, removed, duplicated or added somewhere inside it."""
    data = copy.deepcopy(data)
    path = draw(st.sampled_from(paths(data)))
    if not path:
        return draw(json_values)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = draw(st.sampled_from(["replace", "replace", "nudge", "remove", "duplicate", "add"]))
    if how == "replace":
        parent[key] = draw(json_values)
    elif how == "nudge" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += draw(st.sampled_from([-1, 1, 2, -2, 100]))
    elif how == "remove":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(json_values)
    else:
        parent[key] = draw(json_values)
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 150),
    data=st.data(),
)
def test_a_mutated_game_is_refused_or_is_a_game_that_plays_on(variant, seed, turns, data):
    valid = random_game(variant, seed, turns).to_json()
    game = read_or_refuse("game", mutate(valid, data.draw))
    if game is not None:
        keep_playing(game, seed)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 10_000),
    games=st.integers(0, 4),
    data=st.data(),
)
def test_a_mutated_match_is_refused_or_reads_back(variant, seed, games, data):
    valid = random_match(variant, seed, games).to_json()
    match = read_or_refuse("match", mutate(valid, data.draw))
    if match is not None and not match.is_over:
        assert match.start_game(SeededDice(seed)).match == match.next_context()


@settings(max_examples=120, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000), data=st.data())
def test_mutated_events_outcomes_and_positions_are_refused_or_read_back(variant, seed, data):
    game = random_game(variant, seed, 400)
    event = data.draw(st.sampled_from(game.events))
    read_or_refuse("event", mutate(event.to_json(), data.draw))
    if game.outcome is not None:
        read_or_refuse("outcome", mutate(game.outcome.to_json(), data.draw))
    read_or_refuse("position", mutate(game.position.to_json(), data.draw))


# ------------------------------------------------------------------ impossible states, by hand


def stored(game: Game, **changes) -> dict:
    data = game.to_json()
    data.update(changes)
    return data


MONEY = Game(Position.initial("backgammon", 0))


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"cube": -2}, "cube must be from 1"),
        ({"cube": 0}, "cube must be from 1"),
        ({"cube": 3, "cube_owner": 0}, "power of two"),
        ({"cube": 2 * MAX_CUBE, "cube_owner": 0}, "cube must be from 1"),
        ({"cube": HUGE}, "cube must be from 1"),
        ({"cube": True}, "cube must be a whole number"),
        ({"cube": 2.0, "cube_owner": 0}, "cube must be a whole number"),
        ({"cube": 2}, "centred at 1 and owned once doubled"),
        ({"cube_owner": 0}, "centred at 1 and owned once doubled"),
        ({"cube": 2, "cube_owner": 2}, "cube owner must be from 0 to 1"),
        ({"resign_offer": [7, 1]}, "resigning player must be from 0 to 1"),
        ({"resign_offer": [1, 4]}, "level must be from 1 to 3"),
        ({"resign_offer": [1, True]}, "level must be a whole number"),
        ({"resign_offer": [1]}, "resign offer must have 2 entries"),
        ({"dice": [0, 7]}, "from 1 to 6"),
        ({"dice": [3.0, 5.0]}, "from 1 to 6"),
        ({"dice": "53"}, "dice must be a list"),
        ({"finished": [0, 2]}, "from 0 to 1"),
        ({"finished": [1, 1]}, "listed twice"),
        ({"finished": [1]}, "not those with every checker off"),
        ({"double_offered": 1}, "true or false"),
        ({"double_offered": True, "dice": [3, 1]}, "may not double"),
        ({"match": {"target": 5, "score": [-1, 0]}}, "match score must be whole numbers from 0 to 4"),
        ({"match": {"target": 5, "score": [5, 0]}}, "from 0 to 4"),
        ({"match": {"target": 5, "score": [0, 0, 0]}}, "must have 2 entries"),
        ({"match": {"target": 99, "score": [0, 0]}}, "target must be from 0 to 25"),
        ({"match": {"target": 5, "score": [0, 0], "crawford": True}}, "Crawford"),
        ({"variant": "minigam"}, "holds a backgammon position"),
        ({"format": True}, "unknown game format True"),
        ({"dicee": [3, 1]}, "unknown field 'dicee'"),
        ({"last_play": [[24, 30, False]]}, "move's end must be from -1 to 24"),
        ({"events": [{"kind": "resign", "player": 5, "value": 1}]}, "player must be from 0 to 1"),
        ({"events": [{"kind": "roll", "player": 0, "dice": [7, 1]}]}, "from 1 to 6"),
        ({"events": [{"kind": "double", "player": 0, "value": 3}]}, "power of two"),
        ({"events": [{"kind": "teleport", "player": 0}]}, "kind must be one of"),
    ],
)
def test_impossible_backgammon_states_are_refused(changes, fragment):
    with pytest.raises(GameDataError, match=fragment):
        Game.from_json(stored(MONEY, **changes))


def test_offers_are_refused_where_the_game_cannot_have_them():
    with pytest.raises(GameDataError, match="not an offer"):
        Game.from_json(stored(Game(Position.initial("minigam", 0)), resign_offer=[1, 1]))
    with pytest.raises(GameDataError, match="no doubling cube"):
        Game.from_json(stored(Game(Position.initial("backgammon-mulligan", 0)), cube=2, cube_owner=1))
    bore_off = Position.from_points("backgammon", turn=0, points={6: (1, 15), 1: (0, 15)}, bar=(0, 0))
    with pytest.raises(GameDataError, match="more than the game can cost"):
        Game.from_json(stored(Game(bore_off), resign_offer=[1, 3]))
    over = MONEY.resign(1, 3).accept_resignation()
    with pytest.raises(GameDataError, match="offer waits"):
        Game.from_json(stored(over, double_offered=True))


def test_outcomes_no_game_can_have_are_refused():
    good = {"termination": "resigned", "winner": 0, "kind": "gammon", "points": 4}
    assert Outcome.from_json(good).points == 4
    for changes, fragment in [
        ({"points": 6}, "2 times the cube, never 6"),
        ({"winner": 2}, "winner must be from 0 to 1"),
        ({"points": 0}, "from 1"),
        ({"termination": "dropped"}, "is a single game"),
        ({"kind": "placings"}, "placings must list every player once"),
        ({"placings": [0, 1]}, "only a game scored by placings"),
    ]:
        with pytest.raises(GameDataError, match=fragment):
            Outcome.from_json({**good, **changes})


def test_a_match_whose_score_is_not_its_games_is_refused():
    m = random_match("minigam", 3, 2)
    data = m.to_json()
    data["score"] = [s + 1 for s in data["score"]]
    with pytest.raises(GameDataError, match="is not what its games add up to"):
        Match.from_json(data)
    with pytest.raises(GameDataError, match="a backgammon-mulligan match is to 3 points"):
        Match.from_json({**Match.new("backgammon-mulligan").to_json(), "target": 5})
