"""Evaluation of multigam positions: each player's expected placing points (5 / 3 / 2 / 1).

The model, designed for this game and tuned with the arena:

1. **Race.** Alone on the board, each player needs a number of rolls to finish whose distribution
   the one-sided race table gives exactly (:mod:`engine.ai.race`, the bar being distance 7).
2. **Blots under fire.** Every checker moves the same way, so a blot can be hit by any other
   player's checker behind it (or on the bar) that rolls before its owner moves again. For each blot
   the chance that one of those players rolls a shot (direct or combined, through open points) is
   counted over the 21 rolls; a hit sends the blot to the bar and costs its owner the difference in
   expected rolls. The owner's distribution becomes the mixture "hit / not hit".
3. **Entry.** A checker on the bar enters only on a point not made by someone else; with ``b`` of
   the six entry points made, a roll fails with chance ``(b/6)^2``: the distribution is delayed by
   the expected rolls lost.
4. **Placings.** With each player's finishing-roll distribution and the turn order (who rolls
   first among equals), the chance of each finishing place follows (the players' finishing times
   treated as independent), hence each player's expected placing points.
"""

from __future__ import annotations

from engine.ai.race import MAX_ROLLS, RaceState, race_state, race_table
from engine.ai.shots import roll_reaches
from engine.position import Position
from engine.variants import Variant


class MultigamEval:
    """Expected placing points of every player of a multigam position."""

    def __init__(
        self,
        variant: Variant,
        *,
        hit_weight: float = 1.0,
        entry_weight: float = 1.0,
        direct_shots_only: bool = False,
        next_attacker_only: bool = False,
    ) -> None:
        if variant.players < 3:
            raise ValueError(f"{variant.name} is not a multi-player variant")
        self.variant = variant
        self.table = race_table(variant)
        self.hit_weight = hit_weight
        self.entry_weight = entry_weight
        self.next_attacker_only = next_attacker_only
        self.cache: dict = {}
        self.pmf_cache: dict[RaceState, list[float]] = {}
        self.reaches = roll_reaches(variant.doubles_moves, direct_only=direct_shots_only)

    # ------------------------------------------------------------------ public
    def next_player(self, pos: Position, mover: int, gone: frozenset[int] = frozenset()) -> int | None:
        """Who rolls after ``mover`` (skipping finished players and those who left)."""
        n = self.variant.players
        for k in range(1, n + 1):
            q = (mover + k) % n
            if q != mover and q not in gone and pos.off[q] < self.variant.checkers:
                return q
        return None

    def scores(self, pos: Position, nxt: int, gone: frozenset[int] = frozenset()) -> tuple[float, ...]:
        """Expected placing points of each player in ``pos`` with ``nxt`` to roll next.

        Finished players and players who left get 0 here (their places are the game's record).
        """
        key = (pos.board, pos.bar, nxt, gone)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if len(self.cache) > 200_000:  # bounded memory
            self.cache.clear()
        v = self.variant
        done = sum(1 for p in range(v.players) if pos.off[p] == v.checkers)
        out = [0.0] * v.players
        for p, probs in self.place_probs(pos, nxt, gone).items():
            places = v.placing_points[done : done + len(probs)]
            out[p] = sum(x * pts for x, pts in zip(probs, places, strict=True))
        value = tuple(out)
        self.cache[key] = value
        return value

    def first_place(self, pos: Position, nxt: int, gone: frozenset[int] = frozenset()) -> tuple[float, ...]:
        """Each active player's chance of finishing before every other active player."""
        out = [0.0] * self.variant.players
        for p, probs in self.place_probs(pos, nxt, gone).items():
            out[p] = probs[0]
        return tuple(out)

    # ------------------------------------------------------------------ model
    def place_probs(self, pos: Position, nxt: int, gone: frozenset[int]) -> dict[int, list[float]]:
        """For each active player, the chances of finishing 1st, 2nd, ... among the active players."""
        v = self.variant
        n = v.players
        full = v.checkers
        active = [p for p in range(n) if p not in gone and pos.off[p] < full]
        # turn order among the active players, starting with ``nxt``
        order = {}
        k = 0
        for step in range(n):
            q = (nxt + step) % n
            if q in active:
                order[q] = k
                k += 1
        if len(active) == 1:
            return {active[0]: [1.0]}
        pmfs = {p: self._pmf(pos, p, active, order) for p in active}
        cdfs = {}
        for p, pmf in pmfs.items():
            acc = 0.0
            c = []
            for x in pmf:
                acc += x
                c.append(acc)
            cdfs[p] = c
        out = {}
        for p in active:
            others = [q for q in active if q != p]
            total = [0.0] * len(active)
            for r, f in enumerate(pmfs[p]):
                if f < 1e-9:
                    continue
                # distribution of how many others finish before p, given p needs r rolls
                dist = [1.0]
                for q in others:
                    before = cdfs[q][r - 1] if r else 0.0
                    if order[q] < order[p]:
                        before += pmfs[q][r]
                    new = [0.0] * (len(dist) + 1)
                    for i, x in enumerate(dist):
                        new[i] += x * (1 - before)
                        new[i + 1] += x * before
                    dist = new
                for i, x in enumerate(dist):
                    total[i] += f * x
            out[p] = total
        return out

    def _base_pmf(self, state: RaceState) -> list[float]:
        pmf = self.pmf_cache.get(state)
        if pmf is None:
            cdf = self.table.cdf[state]
            pmf = [cdf[0]] + [cdf[i] - cdf[i - 1] for i in range(1, len(cdf))]
            self.pmf_cache[state] = pmf
        return pmf

    def _pmf(self, pos: Position, p: int, active: list[int], order: dict[int, int]) -> list[float]:
        """Player ``p``'s finishing-roll distribution with the contact terms mixed in."""
        state = race_state(pos, p)
        pmf = self._base_pmf(state)
        board = pos.board
        mean = self.table.mean
        # Entry against made points (of anyone else) on the entry points 1..6.
        if pos.bar[p]:
            blocked = sum(1 for val in board if val >= 8 and (val & 3) != p)
            if blocked:
                fail = 1.0 if blocked == 6 else (blocked / 6) ** 2
                delay = 3.0 if blocked == 6 else fail / (1 - fail)
                pmf = _shift(pmf, self.entry_weight * delay * pos.bar[p])
        # Blots under fire from the players who roll before p moves again.
        attackers = [q for q in active if q != p and order[q] < order[p]]
        if self.next_attacker_only:
            attackers = [q for q in attackers if order[q] == 0]
        if not attackers:
            return pmf
        made = [False] * 8  # made points, by point, that block every player but their owner
        owner = [-1] * 8
        for i, val in enumerate(board):
            if val:
                owner[i + 1] = val & 3
                made[i + 1] = val >= 8
        for i, val in enumerate(board):
            if not (4 <= val < 8 and (val & 3) == p):
                continue
            target = i + 1
            miss = 1.0
            for q in attackers:
                sources = [0] if pos.bar[q] else []
                sources += [s for s in range(1, target) if owner[s] == q]
                if not sources:
                    continue
                h = 0.0
                for w, steps in self.reaches:
                    hit = False
                    for src in sources:
                        for dist, via in steps:
                            if src + dist != target:
                                continue
                            if any(made[src + x] and owner[src + x] != q for x in via):
                                continue
                            hit = True
                            break
                        if hit:
                            break
                    if hit:
                        h += w
                miss *= 1 - h
            chance = (1 - miss) * self.hit_weight
            if chance <= 0:
                continue
            counts = list(state)
            counts[6 - target] -= 1  # distance of point ``target`` is 7 - target
            counts[6] += 1
            loss = mean[tuple(counts)] - mean[state]
            pmf = _mix(pmf, chance, loss)
        return pmf


def _shift(pmf: list[float], delay: float) -> list[float]:
    """``pmf`` delayed by a fractional number of rolls (linear between whole shifts)."""
    if delay <= 0:
        return pmf
    whole = int(delay)
    frac = delay - whole
    size = len(pmf)
    out = [0.0] * size
    for r, x in enumerate(pmf):
        if not x:
            continue
        lo = min(r + whole, size - 1)
        hi = min(r + whole + 1, size - 1)
        out[lo] += x * (1 - frac)
        out[hi] += x * frac
    return out


def _mix(pmf: list[float], chance: float, delay: float) -> list[float]:
    shifted = _shift(pmf, delay)
    return [(1 - chance) * a + chance * b for a, b in zip(pmf, shifted, strict=True)]


__all__ = ["MAX_ROLLS", "MultigamEval"]
