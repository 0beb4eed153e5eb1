"""Properties over many random positions (hypothesis), and a slow, plain reference generator written
straight from RULES.md that the engine's fast one must agree with."""

from __future__ import annotations

import contextlib
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    VARIANTS,
    Dice,
    EngineError,
    Game,
    GameDataError,
    Match,
    Position,
    PositionIdError,
    SeededDice,
    find_variant,
)

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------ strategies


@st.composite
def positions(draw, variants=tuple(VARIANTS)):
    """A random legal position in one of four moods: ``any``; ``home`` (the player on roll has all its
    board checkers in its home board); ``nearly-home`` (all but one, which is just outside); ``blocked``
    (the player on roll has one or two checkers out, the others hold made points, so often only one
    die, or none, can be played)."""
    v = find_variant(draw(st.sampled_from(variants)))
    n = v.points
    turn = draw(st.integers(0, v.players - 1))
    mood = draw(st.sampled_from(["any", "home", "nearly-home", "blocked"]))
    board = [0] * n
    bar = [0] * v.players
    off = [0] * v.players
    for p in [turn, *[q for q in range(v.players) if q != turn]]:
        left = v.checkers
        if mood == "blocked" and p == turn:
            out = draw(st.integers(1, 2))
            bar[p] = draw(st.integers(0, out))
            off[p] = left - out
        elif mood == "blocked":
            bar[p] = draw(st.integers(0, 1))
            off[p] = draw(st.integers(0, 2))
        else:
            bar[p] = draw(st.integers(0, min(left, 3 if n == 24 else left)))
            off[p] = draw(st.integers(0, left - bar[p]))
        left -= bar[p] + off[p]
        if p == turn and mood in ("home", "nearly-home"):
            # the last six points of the mover's path (all of a 6-point board)
            step = [k if v.directions[p] > 0 else n + 1 - k for k in range(n - 5, n + 1)]
            spots = [point - 1 for point in step if board[point - 1] == 0]
            if mood == "nearly-home" and n > 6 and left:
                # one checker just outside: 7 to 9 pips from home
                k = n - draw(st.integers(6, 8))
                board[(k if v.directions[p] > 0 else n + 1 - k) - 1] = 4 + p
                left -= 1
        else:
            spots = [i for i in range(n) if board[i] == 0]
        if not spots:
            off[p] += left
            continue
        if mood == "blocked" and p != turn:
            size = min(len(spots), left // 2)
            chosen = draw(st.lists(st.sampled_from(spots), min_size=min(size, 2), max_size=size, unique=True))
        else:
            chosen = draw(st.lists(st.sampled_from(spots), min_size=1, max_size=6, unique=True))
        if not chosen:
            off[p] += left
            continue
        if mood == "blocked" and p != turn:
            # made points: two checkers on each chosen point first, then the rest anywhere among them
            for i in chosen[: left // 2]:
                board[i] = 2 * 4 + p
                left -= 2
        for _ in range(left):
            i = draw(st.sampled_from(chosen))
            board[i] = board[i] + 4 if board[i] else 4 + p
    pos = Position(v, turn, tuple(board), tuple(bar), tuple(off))
    pos.validate()
    return pos


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


# ------------------------------------------------------------------ a reference generator from RULES.md


def _path_step(v, p, point):
    return point if v.directions[p] > 0 else v.points + 1 - point


def _point_at(v, p, step):
    return step if v.directions[p] > 0 else v.points + 1 - step


def _is_open(state, p, point):
    pts = state[0]
    entry = pts[point - 1]
    return entry is None or entry[0] == p or entry[1] == 1


def _land(state, p, src, dst):
    """Move one checker of ``p`` from ``src`` (0: bar) to ``dst`` (None: off), hitting a blot."""
    pts, bar, off = [list(x) for x in state]
    if src == 0:
        bar[p] -= 1
    else:
        owner, count = pts[src - 1]
        pts[src - 1] = (owner, count - 1) if count > 1 else None
    if dst is None:
        off[p] += 1
    else:
        entry = pts[dst - 1]
        if entry is None:
            pts[dst - 1] = (p, 1)
        elif entry[0] == p:
            pts[dst - 1] = (p, entry[1] + 1)
        else:  # a blot: hit
            bar[entry[0]] += 1
            pts[dst - 1] = (p, 1)
    return tuple(pts), tuple(bar), tuple(off)


def ref_single_moves(v, state, p, die):
    """Every state after one move of ``die`` (RULES.md: entering, open points, bar rule, bear-off)."""
    pts, bar, _off = state
    n = v.points
    out = []
    if bar[p]:
        entry = _point_at(v, p, die)
        if _is_open(state, p, entry):
            out.append(_land(state, p, 0, entry))
        if v.bar_rule == "strict":
            return out
    mine = [pt for pt in range(1, n + 1) if pts[pt - 1] and pts[pt - 1][0] == p]
    if v.bearoff == "always":
        may_bear = True
    elif v.bearoff == "no-bar":
        may_bear = not bar[p]
    else:
        may_bear = not bar[p] and all(_path_step(v, p, pt) > n - 6 for pt in mine)
    farthest = min(mine, key=lambda pt: _path_step(v, p, pt)) if mine else None
    for pt in mine:
        target = _path_step(v, p, pt) + die
        if target <= n:
            dst = _point_at(v, p, target)
            if _is_open(state, p, dst):
                out.append(_land(state, p, pt, dst))
        elif may_bear:
            distance = n + 1 - _path_step(v, p, pt)
            if die == distance or (die > distance and pt == farthest and not bar[p]):
                out.append(_land(state, p, pt, None))
    return out


def ref_legal_results(pos: Position, roll) -> set:
    """The set of ``(points, bar, off)`` the legal plays lead to, by brute force over every sequence."""
    v, p = pos.variant, pos.turn
    state = (tuple(pos.points()), pos.bar, pos.off)
    a, b = roll
    orders = [(a,) * v.doubles_moves] if a == b else [(a, b), (b, a)]
    found: list[tuple[tuple, tuple]] = []  # (state, dice used)

    if v.forced == "order":

        def walk(s, seq, used):
            if not seq:
                found.append((s, used))
                return
            nxt = ref_single_moves(v, s, p, seq[0])
            if not nxt:
                walk(s, seq[1:], used)  # this die cannot be played now: skipped
            for s2 in nxt:
                walk(s2, seq[1:], (*used, seq[0]))

        for order in orders:
            walk(state, order, ())
        return {s for s, _ in found}

    def dfs(s, seq, used):
        nxt = ref_single_moves(v, s, p, seq[0]) if seq else []
        if not nxt:
            found.append((s, used))
        for s2 in nxt:
            dfs(s2, seq[1:], (*used, seq[0]))

    for order in orders:
        dfs(state, order, ())
    most = max(len(used) for _, used in found)
    best = [(s, used) for s, used in found if len(used) == most]
    if a != b and most == 1 and any(used == (max(a, b),) for _, used in best):
        best = [(s, used) for s, used in best if used == (max(a, b),)]
    return {s for s, _ in best}


def engine_results(pos: Position, roll) -> set:
    return {(tuple(pl.result.points()), pl.result.bar, pl.result.off) for pl in pos.legal_plays(Dice(*roll))}


@SETTINGS
@given(positions(), dice)
def test_the_engine_agrees_with_the_reference_generator(pos, roll):
    assert engine_results(pos, roll) == ref_legal_results(pos, roll)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(VARIANTS)), st.integers(0, 10_000))
def test_the_engine_agrees_with_the_reference_on_reachable_positions(name, seed):
    rng = random.Random(seed)
    source = SeededDice(seed)
    game = Game.start(name, source)
    for _ in range(rng.randrange(1, 60)):
        if game.outcome is not None:
            break
        if game.dice is None:
            game = game.roll(source)
        assert engine_results(game.position, game.dice) == ref_legal_results(game.position, game.dice)
        plays = game.legal_plays()
        game = game.play(plays[rng.randrange(len(plays))])


# ------------------------------------------------------------------ invariants of every legal play


@SETTINGS
@given(positions(), dice)
def test_every_legal_play_conserves_checkers_and_keeps_points_single_owner(pos, roll):
    v = pos.variant
    for play in pos.legal_plays(Dice(*roll)):
        r = play.result
        r.validate()  # every player still has exactly v.checkers between board, bar and off
        assert r.turn == pos.turn
        for val in r.board:
            assert val == 0 or (val >> 2 >= 1 and (val & 3) < v.players)
        # Picking the moves one by one, each a legal single move, makes the same play.
        if play.moves:
            assert Game(pos, dice=Dice(*roll)).next_moves(play.moves)[1].result == r
        # Only the mover's checkers moved forward; nobody else gained borne-off checkers.
        for q in range(v.players):
            if q != pos.turn:
                assert r.off[q] == pos.off[q]
                assert r.bar[q] >= pos.bar[q]
        assert r.pip_count(pos.turn) < pos.pip_count(pos.turn) or not play.moves


@SETTINGS
@given(positions(), dice)
def test_legal_plays_are_distinct_and_a_pass_only_when_nothing_moves(pos, roll):
    plays = pos.legal_plays(Dice(*roll))
    results = [p.result for p in plays]
    assert len(set(results)) == len(results)
    if any(not p.moves for p in plays):
        assert len(plays) == 1
        a, b = roll
        assert not pos.single_moves(a)
        assert not pos.single_moves(b)


@SETTINGS
@given(positions(), dice)
def test_every_legal_play_formats_and_parses_back_to_itself(pos, roll):
    d = Dice(*roll)
    for play in pos.legal_plays(d):
        assert pos.parse_play(d, pos.format_play(play)) == play


# ------------------------------------------------------------------ round trips


@SETTINGS
@given(positions())
def test_position_ids_round_trip(pos):
    assert Position.from_id(pos.full_id()) == pos
    assert Position.from_id(pos.position_id(), pos.variant, pos.turn) == pos


@SETTINGS
@given(positions())
def test_position_json_round_trips(pos):
    assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(list(VARIANTS)), st.integers(0, 10_000), st.integers(0, 200))
def test_game_and_match_json_round_trip(name, seed, turns):
    rng = random.Random(seed)
    source = SeededDice(seed)
    match = Match.new(name)
    game = match.start_game(source)
    for _ in range(turns):
        if game.outcome is not None:
            break
        if game.dice is None:
            game = game.roll(source)
        plays = game.legal_plays()
        game = game.play(plays[rng.randrange(len(plays))])
    assert Game.from_json(json.loads(json.dumps(game.to_json()))) == game
    if game.outcome is not None:
        match = match.record(game.outcome)
    assert Match.from_json(json.loads(json.dumps(match.to_json()))) == match


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(list(VARIANTS)), st.integers(0, 10_000))
def test_random_games_always_end(name, seed):
    rng = random.Random(seed)
    source = SeededDice(seed)
    game = Game.start(name, source)
    for _ in range(20_000):
        if game.outcome is not None:
            break
        if game.dice is None:
            game = game.roll(source)
        plays = game.legal_plays()
        game = game.play(plays[rng.randrange(len(plays))])
    assert game.outcome is not None
    assert game.awaiting == "over"


# ------------------------------------------------------------------ bad input never crashes


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_as_an_id_reads_or_raises_position_id_error(text):
    for variant in (None, "minigam", "multigam", "backgammon"):
        with contextlib.suppress(PositionIdError):
            Position.from_id(text, variant)


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", min_size=6, max_size=14
    )
)
def test_base64_looking_ids_read_or_raise_position_id_error(text):
    for name, length in (("minigam", 6), ("multigam", 8), ("backgammon", 14)):
        try:
            pos = Position.from_id(text[:length], name)
        except PositionIdError:
            continue
        assert pos.position_id() == text[:length]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=7) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "variant": st.sampled_from(["minigam", "multigam", "backgammon", "bogus"]) | json_values,
            "turn": json_values,
            "bar": json_values | st.lists(st.integers(-1, 9), max_size=4),
            "off": json_values | st.lists(st.integers(-1, 9), max_size=4),
            "points": json_values
            | st.lists(
                st.none() | st.lists(st.integers(-1, 9), min_size=2, max_size=2), min_size=6, max_size=6
            ),
        },
    )
)
def test_malformed_position_json_raises_an_engine_error(data):
    with contextlib.suppress(EngineError):
        Position.from_json(data)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_malformed_game_and_match_json_raise_game_data_error(data):
    for reader in (Game.from_json, Match.from_json):
        with contextlib.suppress(GameDataError):
            reader(data)
    with contextlib.suppress(EngineError):
        Position.from_json(data)
