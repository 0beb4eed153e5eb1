"""The multigam network: every seat's expected placing points and chance of finishing first.

Inputs are seen from the player about to roll (relative seat 0, then the seats in turn order):
for each of the six points, TD-Gammon's four units for the checkers of the seat that holds it;
then per relative seat the checkers on the bar and borne off, whether the seat has finished or
left, its expected rolls to finish alone (the race table) and its expected placing points by the
``medium`` level's model (:mod:`engine.ai.multigam`), which the network learns to correct.
Outputs, per relative seat: the expected placing points / 5 and the chance of finishing first.
Same interface as
:class:`engine.ai.multigam.MultigamEval` (``next_player``, ``scores``, ``first_place``).
"""

from __future__ import annotations

from engine.ai.multigam import MultigamEval
from engine.ai.net import MAX_COUNT, Net, point_units
from engine.ai.race import race_state, race_table
from engine.position import Position
from engine.variants import Variant


class MultiNet:
    def __init__(self, variant: Variant, net: Net | None = None, *, hidden: int = 24, seed: int = 0) -> None:
        if variant.players < 3:
            raise ValueError(f"{variant.name} is not a multi-player variant")
        self.variant = variant
        self.seats = variant.players
        self.race = race_table(variant)
        self.heuristic = MultigamEval(variant)
        units = variant.points * self.seats * 4
        dense = 5 * self.seats + 1
        self.net = net or Net(units, dense, hidden, 2 * self.seats, seed)
        self.cache: dict = {}
        self.rebuild()

    def unit_base(self, point_index: int, rel: int) -> int:
        return (point_index * self.seats + rel) * 4

    def rebuild(self) -> None:
        zero = [0.0] * self.net.hidden
        self.tables = []
        for idx in range(self.variant.points):
            per_rel = []
            for rel in range(self.seats):
                row = [zero] + [
                    self.net.combine(self.unit_base(idx, rel), n) for n in range(1, MAX_COUNT + 1)
                ]
                per_rel.append(row)
            self.tables.append(per_rel)
        self.cache.clear()

    # ------------------------------------------------------------------ interface
    def next_player(self, pos: Position, mover: int, gone: frozenset[int] = frozenset()) -> int | None:
        n = self.seats
        for k in range(1, n + 1):
            q = (mover + k) % n
            if q != mover and q not in gone and pos.off[q] < self.variant.checkers:
                return q
        return None

    def outputs(self, pos: Position, nxt: int, gone: frozenset[int] = frozenset()) -> tuple[float, ...]:
        """The raw outputs by absolute seat: points / 5 for seats 0..3, then P(first) for 0..3."""
        key = (pos.board, pos.bar, nxt, gone)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if len(self.cache) > 300_000:
            self.cache.clear()
        outs = self.forward(pos, nxt, gone)[2]
        n = self.seats
        value = tuple(outs[(p - nxt) % n] for p in range(n)) + tuple(
            outs[n + (p - nxt) % n] for p in range(n)
        )
        self.cache[key] = value
        return value

    def scores(self, pos: Position, nxt: int, gone: frozenset[int] = frozenset()) -> tuple[float, ...]:
        return tuple(5.0 * x for x in self.outputs(pos, nxt, gone)[: self.seats])

    def first_place(self, pos: Position, nxt: int, gone: frozenset[int] = frozenset()) -> tuple[float, ...]:
        return self.outputs(pos, nxt, gone)[self.seats :]

    # ------------------------------------------------------------------ encoding
    def dense_features(self, pos: Position, nxt: int, gone: frozenset[int]) -> list[float]:
        v = self.variant
        n = self.seats
        feats = []
        done = 0
        model = self.heuristic.scores(pos, nxt, gone)
        for rel in range(n):
            p = (nxt + rel) % n
            finished = pos.off[p] == v.checkers
            done += finished
            feats += [
                pos.bar[p] / 2,
                pos.off[p] / v.checkers,
                1.0 if finished or p in gone else 0.0,
                self.race.mean[race_state(pos, p)] / 5,
                model[p] / 5,
            ]
        feats.append(done / n)
        return feats

    def units(self, pos: Position, nxt: int) -> list[tuple[int, float]]:
        out = []
        for idx, val in enumerate(pos.board):
            if val:
                base = self.unit_base(idx, ((val & 3) - nxt) % self.seats)
                out.extend((base + off, x) for off, x in point_units(val >> 2))
        return out

    def forward(
        self, pos: Position, nxt: int, gone: frozenset[int]
    ) -> tuple[list[float], list[float], list[float]]:
        n = self.seats
        vecs = [self.net.b_hidden]
        for idx, val in enumerate(pos.board):
            if val:
                vecs.append(self.tables[idx][((val & 3) - nxt) % n][val >> 2])
        dense = self.dense_features(pos, nxt, gone)
        for x, row in zip(dense, self.net.w_dense, strict=True):
            if x:
                vecs.append([x * w for w in row])
        pre = list(map(sum, zip(*vecs, strict=True)))
        h, outs = self.net.finish(pre)
        return dense, h, outs
