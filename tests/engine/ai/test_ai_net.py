"""The network evaluation: its fast forward pass, its gradient, its stored weights, its symmetry."""

from __future__ import annotations

import math
import random

import pytest

from engine import Game, Position, SeededDice
from engine.ai import _network
from engine.ai.net import Gradient, Net, TwoPlayerNet
from engine.ai.train import weights_module
from engine.variants import find_variant


def positions(variant: str, count: int, seed: int = 3) -> list[tuple[Position, int]]:
    """``(position, mover)`` right after each play of a game between random players."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    out: list[tuple[Position, int]] = []
    while len(out) < count:
        game = Game.start(variant, dice)
        while game.outcome is None and len(out) < count:
            if game.dice is None:
                game = game.roll(dice)
                continue
            me = game.turn
            game = game.play(rng.choice(game.legal_plays()))
            if game.outcome is None:
                out.append((game.position, me))
    return out


def plain_forward(tp: TwoPlayerNet, pos: Position, mover: int) -> float:
    """The network's output computed the slow, obvious way: every input times its weight."""
    net = tp.net
    pre = list(net.b_hidden)
    for u, x in tp.units(pos, mover):
        for j in range(net.hidden):
            pre[j] += x * net.w_units[u][j]
    for d, x in enumerate(tp.dense_features(pos, mover)):
        for j in range(net.hidden):
            pre[j] += x * net.w_dense[d][j]
    h = [1 / (1 + math.exp(-x)) for x in pre]
    return 1 / (1 + math.exp(-(net.b_out[0] + sum(w * a for w, a in zip(net.w_out[0], h, strict=True)))))


@pytest.mark.parametrize("variant", ["minigam", "backgammon"])
def test_the_table_forward_pass_equals_the_plain_sum(variant):
    v = find_variant(variant)
    tp = _network(v) if v.points == 24 else TwoPlayerNet(v, hidden=6, seed=4)
    assert tp is not None
    for pos, mover in positions(variant, 40):
        assert tp.forward(pos, mover)[2][0] == pytest.approx(plain_forward(tp, pos, mover), abs=1e-9)


def test_the_shipped_backgammon_network_serves_both_seats_alike():
    # The same position with the players' colours swapped must get the same value for the mover.
    tp = _network(find_variant("backgammon"))
    assert tp is not None
    for pos, mover in positions("backgammon", 30, seed=8):
        points = {25 - i: (1 - pt[0], pt[1]) for i, pt in enumerate(pos.points(), start=1) if pt}
        swapped = Position.from_points(
            "backgammon", turn=1 - pos.turn, points=points, bar=pos.bar[::-1], off=pos.off[::-1]
        )
        assert tp.win(swapped, 1 - mover) == pytest.approx(tp.win(pos, mover), abs=1e-12)


def test_the_shipped_backgammon_network_knows_a_won_race_from_a_lost_one():
    v = find_variant("backgammon")
    tp = _network(v)
    assert tp is not None
    # Player 0 (just moved) has 3 checkers on its 1-point; player 1 has 15 on its 6-point.
    ahead = Position.from_points(v, turn=1, points={24: (0, 3), 6: (1, 15)}, off=[12, 0])
    assert tp.win(ahead, 0) > 0.95
    assert tp.win(ahead, 1) < 0.05


def cross_entropy(tp: TwoPlayerNet, pos: Position, mover: int, target: float) -> float:
    tp.rebuild()
    y = tp.forward(pos, mover)[2][0]
    return -(target * math.log(y) + (1 - target) * math.log(1 - y))


def test_the_gradient_is_the_cross_entropy_derivative():
    # Gradient.add accumulates -dL/dw for L = cross-entropy(target, output); check it against finite
    # differences on every kind of weight of a small net.
    v = find_variant("minigam")
    tp = TwoPlayerNet(v, hidden=5, seed=11)
    pos, mover = positions("minigam", 12, seed=2)[-1]
    target = 0.8
    dense, h, outs = tp.forward(pos, mover)
    units = tp.units(pos, mover)
    grad = Gradient(tp.net)
    grad.add(units, dense, h, [target - outs[0]])
    net = tp.net
    d_used = next(d for d, x in enumerate(dense) if x)
    cases = [
        (net.w_out[0], 2, grad.w_out[0][2]),
        (net.b_out, 0, grad.b_out[0]),
        (net.b_hidden, 3, grad.b_hidden[3]),
        (net.w_dense[d_used], 1, grad.dense[d_used][1]),
        (net.w_units[units[0][0]], 4, grad.units[units[0][0]][4]),
    ]
    eps = 1e-6
    for row, j, analytic in cases:
        keep = row[j]
        row[j] = keep + eps
        up = cross_entropy(tp, pos, mover, target)
        row[j] = keep - eps
        down = cross_entropy(tp, pos, mover, target)
        row[j] = keep
        numeric = -(up - down) / (2 * eps)
        assert analytic == pytest.approx(numeric, rel=1e-4, abs=1e-8)


def test_a_training_step_moves_the_output_toward_the_target():
    v = find_variant("minigam")
    tp = TwoPlayerNet(v, hidden=5, seed=1)
    pos, mover = positions("minigam", 5, seed=6)[-1]
    before = tp.forward(pos, mover)[2][0]
    target = 1.0 if before < 0.5 else 0.0
    dense, h, outs = tp.forward(pos, mover)
    grad = Gradient(tp.net)
    grad.add(tp.units(pos, mover), dense, h, [target - outs[0]])
    grad.apply(0.1)
    tp.rebuild()
    after = tp.forward(pos, mover)[2][0]
    assert abs(after - target) < abs(before - target)


def test_weights_survive_the_module_they_are_stored_in():
    net = Net(16, 3, 4, 1, seed=9)
    data = net.to_data()
    namespace: dict = {}
    exec(weights_module(data, "test network"), namespace)
    assert namespace["DATA"] == data
    again = Net.from_data(namespace["DATA"]).to_data()
    assert again == data
    assert data["w_units"][3][2] == round(net.w_units[3][2], 5)
