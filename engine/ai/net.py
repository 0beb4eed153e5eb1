"""A small neural network evaluation, trained by TD(λ) self-play (:mod:`engine.ai.train`).

One hidden layer of sigmoid units over two kinds of inputs:

- **point units**, TD-Gammon's encoding: for every point and every player, four units for that
  player's checkers there (at least 1, at least 2, at least 3, and ``(n - 3) / 2`` beyond three),
  numbered along each player's own path, seen from the side of the player who has just moved (so
  one network serves every seat). Since a point holds one player's checkers, the hidden layer's
  share of a point is a table lookup by the point and the signed count, rebuilt whenever the
  weights change: a forward pass is a sum of a few vectors, fast enough for look-ahead in Python.
- **dense features** per variant family (checkers on the bar and borne off, and the strong
  hand-made signals: in the 6-point games the exact race from the race tables and the ``medium``
  level's whole evaluation, so the network learns corrections to it; in backgammon Tesauro's
  pubeval from both sides and the pip race).

Outputs are sigmoids: two-player nets give P(the mover wins); the multigam net gives each seat's
expected placing points / 5, seats counted from the mover.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Sequence

from engine.ai.race import race_state, race_table
from engine.position import Position, paths_for
from engine.variants import Variant

MAX_COUNT = 15
_exp = math.exp


def _sigmoid(x: float) -> float:
    if x < -30:
        return 9.357622968839299e-14
    if x > 30:
        return 1.0 - 9.357622968839299e-14
    return 1.0 / (1.0 + math.exp(-x))


def point_units(n: int) -> tuple[tuple[int, float], ...]:
    """The (unit offset, value) pairs of ``n`` checkers on a point (TD-Gammon's four units)."""
    out = []
    if n >= 1:
        out.append((0, 1.0))
    if n >= 2:
        out.append((1, 1.0))
    if n >= 3:
        out.append((2, 1.0))
    if n >= 4:
        out.append((3, (n - 3) / 2))
    return tuple(out)


class Net:
    """Weights and the forward pass; ``units`` sparse inputs (grouped 4 per point and seat),
    ``dense`` dense inputs, ``hidden`` units, ``outputs`` sigmoid outputs."""

    def __init__(self, units: int, dense: int, hidden: int, outputs: int, seed: int = 0) -> None:
        rng = random.Random(seed)
        self.units, self.dense, self.hidden, self.outputs = units, dense, hidden, outputs
        r = 0.1
        self.w_units = [[rng.uniform(-r, r) for _ in range(hidden)] for _ in range(units)]
        self.w_dense = [[rng.uniform(-r, r) for _ in range(hidden)] for _ in range(dense)]
        self.b_hidden = [0.0] * hidden
        self.w_out = [[rng.uniform(-r, r) for _ in range(hidden)] for _ in range(outputs)]
        self.b_out = [0.0] * outputs

    # ------------------------------------------------------------------ storage
    def to_data(self) -> dict:
        def rnd(row: Sequence[float]) -> list[float]:
            return [round(x, 5) for x in row]

        return {
            "shape": [self.units, self.dense, self.hidden, self.outputs],
            "w_units": [rnd(r) for r in self.w_units],
            "w_dense": [rnd(r) for r in self.w_dense],
            "b_hidden": rnd(self.b_hidden),
            "w_out": [rnd(r) for r in self.w_out],
            "b_out": rnd(self.b_out),
        }

    @classmethod
    def from_data(cls, data: dict) -> Net:
        units, dense, hidden, outputs = data["shape"]
        net = cls(units, dense, hidden, outputs)
        net.w_units = [list(r) for r in data["w_units"]]
        net.w_dense = [list(r) for r in data["w_dense"]]
        net.b_hidden = list(data["b_hidden"])
        net.w_out = [list(r) for r in data["w_out"]]
        net.b_out = list(data["b_out"])
        return net

    # ------------------------------------------------------------------ passes
    def combine(self, base: int, n: int) -> list[float]:
        """The hidden layer's share of ``n`` checkers whose four units start at ``base``."""
        acc = [0.0] * self.hidden
        for off, x in point_units(n):
            row = self.w_units[base + off]
            acc = [a + x * w for a, w in zip(acc, row, strict=True)]
        return acc

    def finish(self, pre: list[float]) -> tuple[list[float], list[float]]:
        """Hidden activations and outputs from the hidden pre-activations."""
        h = [1.0 / (1.0 + _exp(-x)) if x > -40.0 else 0.0 for x in pre]
        outs = [
            _sigmoid(b + sum(map(operator.mul, row, h)))
            for row, b in zip(self.w_out, self.b_out, strict=True)
        ]
        return h, outs


class Gradient:
    """Accumulated updates for one :class:`Net` (applied once per game)."""

    def __init__(self, net: Net) -> None:
        self.net = net
        hid = net.hidden
        self.units: dict[int, list[float]] = {}
        self.dense = [[0.0] * hid for _ in range(net.dense)]
        self.b_hidden = [0.0] * hid
        self.w_out = [[0.0] * hid for _ in range(net.outputs)]
        self.b_out = [0.0] * net.outputs

    def add(
        self,
        units: Sequence[tuple[int, float]],
        dense: Sequence[float],
        h: Sequence[float],
        errors: Sequence[float],
    ) -> None:
        """Cross-entropy gradient of one sample: ``errors[k] = target_k - output_k``."""
        net = self.net
        hid = net.hidden
        back = [0.0] * hid
        for k, err in enumerate(errors):
            if not err:
                continue
            row = net.w_out[k]
            self.b_out[k] += err
            go = self.w_out[k]
            for j in range(hid):
                go[j] += err * h[j]
                back[j] += err * row[j]
        gh = [back[j] * h[j] * (1.0 - h[j]) for j in range(hid)]
        for j in range(hid):
            self.b_hidden[j] += gh[j]
        for u, x in units:
            acc = self.units.get(u)
            if acc is None:
                acc = self.units[u] = [0.0] * hid
            for j in range(hid):
                acc[j] += x * gh[j]
        for d, x in enumerate(dense):
            if x:
                acc = self.dense[d]
                for j in range(hid):
                    acc[j] += x * gh[j]

    def apply(self, rate: float) -> None:
        net = self.net
        for u, acc in self.units.items():
            row = net.w_units[u]
            for j, g in enumerate(acc):
                row[j] += rate * g
        for d, acc in enumerate(self.dense):
            row = net.w_dense[d]
            for j, g in enumerate(acc):
                row[j] += rate * g
        for j, g in enumerate(self.b_hidden):
            net.b_hidden[j] += rate * g
        for k, acc in enumerate(self.w_out):
            row = net.w_out[k]
            for j, g in enumerate(acc):
                row[j] += rate * g
            net.b_out[k] += rate * self.b_out[k]


# --------------------------------------------------------------------------- two players


class TwoPlayerNet:
    """Encoder and evaluator of a two-player variant's net: ``win(pos, mover)``, ``equity``."""

    def __init__(self, variant: Variant, net: Net | None = None, *, hidden: int = 24, seed: int = 0) -> None:
        self.variant = variant
        self.points = variant.points
        self.paths = paths_for(variant)
        self.six = variant.points == 6
        if self.six:
            from engine.ai.sixpoint import SixPointEval

            self.race = race_table(variant)
            self.heuristic = SixPointEval(variant)
        else:
            from engine.ai.bg import BgEval

            self.bg = BgEval(variant)
        # own point number (1..N) of each board index, for each mover
        n = self.points
        self.number = [
            [n - idx if variant.directions[m] > 0 else idx + 1 for idx in range(n)] for m in range(2)
        ]
        units = self.points * 2 * 4
        self.net = net or Net(units, len(self.dense_features(_empty(variant), 0)), hidden, 1, seed)
        self.cache: dict = {}
        self.rebuild()

    # units: side 0 = the mover, side 1 = the opponent; base = ((side * N) + number - 1) * 4
    def unit_base(self, side: int, number: int) -> int:
        return (side * self.points + number - 1) * 4

    def rebuild(self) -> None:
        """Recompute the per-point tables from the weights (after training steps)."""
        n = self.points
        net = self.net
        zero = [0.0] * net.hidden
        self.tables = []
        for mover in range(2):
            per_idx = []
            for idx in range(n):
                own = self.number[mover][idx]
                row = [zero] * (2 * MAX_COUNT + 1)
                for count in range(1, MAX_COUNT + 1):
                    row[MAX_COUNT + count] = net.combine(self.unit_base(0, own), count)
                    row[MAX_COUNT - count] = net.combine(self.unit_base(1, n + 1 - own), count)
                per_idx.append(row)
            self.tables.append(per_idx)
        self.cache.clear()

    def dense_features(self, pos: Position, mover: int) -> list[float]:
        opp = 1 - mover
        v = self.variant
        feats = [
            pos.bar[mover] / 2,
            pos.bar[opp] / 2,
            pos.off[mover] / v.checkers,
            pos.off[opp] / v.checkers,
        ]
        if self.six:
            s_me = race_state(pos, mover)
            s_opp = race_state(pos, opp)
            p = self.race.win_first(s_me, s_opp)
            p = min(max(p, 1e-4), 1 - 1e-4)
            h = min(max(self.heuristic.win(pos, mover), 1e-4), 1 - 1e-4)
            feats += [
                math.log(p / (1 - p)) / 4,
                (self.race.mean[s_opp] - self.race.mean[s_me]) / 4,
                math.log(h / (1 - h)) / 4,
            ]
        else:
            feats += self._bg_features(pos, mover)
        return feats

    def _bg_features(self, pos: Position, mover: int) -> list[float]:
        """Backgammon's dense features in one pass: both sides' pubeval scores, the race (Keith
        count wastage and the lead in rolls over its spread), no-contact, the pip lead."""
        from engine.ai.bg import MEAN_ROLL, ROLL_VARIANCE
        from engine.ai.pubeval import pubeval_both

        opp = 1 - mover
        number = self.number[mover]
        pips_me = pips_opp = 0
        low_me = [0] * 7  # checkers at own distances 1..6
        low_opp = [0] * 7
        back_me = back_opp = 0
        for idx, val in enumerate(pos.board):
            if not val:
                continue
            c = val >> 2
            own = number[idx]
            if (val & 3) == mover:
                pips_me += own * c
                back_me = max(back_me, own)
                if own <= 6:
                    low_me[own] += c
            else:
                theirs = 25 - own
                pips_opp += theirs * c
                back_opp = max(back_opp, theirs)
                if theirs <= 6:
                    low_opp[theirs] += c
        pips_me += 25 * pos.bar[mover]
        pips_opp += 25 * pos.bar[opp]
        contact = bool(pos.bar[0] or pos.bar[1]) or (back_me + back_opp > 25 and back_me and back_opp)
        eff_me = pips_me + _wastage(low_me)
        eff_opp = pips_opp + _wastage(low_opp)
        lead = (eff_opp - eff_me) / MEAN_ROLL - 0.5
        spread = math.sqrt((eff_me + eff_opp) * ROLL_VARIANCE / MEAN_ROLL**3 + 0.25)
        mine, theirs = pubeval_both(pos, mover, race=not contact)
        return [
            mine / 10,
            theirs / 10,
            lead / spread / 2,
            0.0 if contact else 1.0,
            (pips_opp - pips_me) / 50,
        ]

    def units(self, pos: Position, mover: int) -> list[tuple[int, float]]:
        """The active point units (for training)."""
        out = []
        n = self.points
        for idx, val in enumerate(pos.board):
            if not val:
                continue
            own = self.number[mover][idx]
            if (val & 3) == mover:
                base = self.unit_base(0, own)
            else:
                base = self.unit_base(1, n + 1 - own)
            out.extend((base + off, x) for off, x in point_units(val >> 2))
        return out

    def forward(self, pos: Position, mover: int) -> tuple[list[float], list[float], list[float]]:
        """``(dense features, hidden activations, outputs)``."""
        table = self.tables[mover]
        vecs = [self.net.b_hidden]
        for idx, val in enumerate(pos.board):
            if val:
                n = val >> 2
                vecs.append(table[idx][MAX_COUNT + n if (val & 3) == mover else MAX_COUNT - n])
        dense = self.dense_features(pos, mover)
        for x, row in zip(dense, self.net.w_dense, strict=True):
            if x:
                vecs.append([x * w for w in row])
        pre = list(map(sum, zip(*vecs, strict=True)))
        h, outs = self.net.finish(pre)
        return dense, h, outs

    def win(self, pos: Position, mover: int) -> float:
        """P(``mover`` wins), ``pos`` right after ``mover``'s play."""
        v = self.variant
        if pos.off[mover] == v.checkers:
            return 1.0
        if pos.off[1 - mover] == v.checkers:
            return 0.0
        key = (pos.board, pos.bar, pos.off, mover)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if len(self.cache) > 50_000:  # bounded memory: a move needs a few thousand
            self.cache.clear()
        value = self.forward(pos, mover)[2][0]
        self.cache[key] = value
        return value

    def equity(self, pos: Position, mover: int) -> float:
        return 2.0 * self.win(pos, mover) - 1.0


def _wastage(low: list[int]) -> int:
    """The Keith count's adjustments from the checkers at distances 1..6."""
    waste = 2 * max(0, low[1] - 1) + max(0, low[2] - 1) + max(0, low[3] - 3)
    return waste + sum(1 for d in (4, 5, 6) if low[d] == 0)


def _empty(variant: Variant) -> Position:
    return Position.initial(variant, 0)
