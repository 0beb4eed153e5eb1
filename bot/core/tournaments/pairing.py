"""Who plays whom in a tournament, and the table after each round: pure functions (no store, no Discord,
no clock), the same answer for the same input.

- :func:`bracket_order`: a knockout bracket's seeds, placed so that the top seeds meet last, with byes
  (``None``) against the top seeds, only in the first round.
- :func:`swiss_pairing`: a Swiss round. Players are placed by score, then seed; in each score group the
  top half meets the bottom half (1 against h+1, 2 against h+2), the odd one out floating down to the next
  group. No rematch where one can be avoided, exactly: the pairs are chosen one at a time, top player
  first, each the most wanted partner that still leaves the rest pairable with the fewest rematches
  possible, which a maximum matching of the "not yet met" graph (Edmonds' blossoms) tells. With an odd
  number, the bye goes to the lowest-placed player who has not had one (a second bye is avoided before a
  rematch is).
- :func:`round_robin`: every pair once, by the circle method.
- :func:`standings`: match wins, then Buchholz (the opponents' wins added up; a bye adds nothing), then
  the points difference of the matches, then the seed.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "MatchResult",
    "Pairing",
    "Standing",
    "SwissPlayer",
    "bracket_order",
    "round_robin",
    "standings",
    "swiss_pairing",
    "swiss_rounds",
]


# ------------------------------------------------------------------------------------ knockout


def bracket_order(n: int) -> list[int | None]:
    """Seed numbers (1 = top seed) in bracket order for n >= 2 players: its length is the next power of
    two; positions 2k and 2k+1 meet in round 1, the winners of round-1 matches k and k^1 meet in round 2,
    and so on; None is a bye, always facing one of the top seeds; seeds 1 and 2 can meet only in the
    final, seeds 1-4 only in the semi-finals or later, and so on.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    >>> bracket_order(5)
    [1, None, 4, 5, 2, None, 3, None]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ValueError(f"a bracket needs at least 2 players, not {n!r}")
    seeds = [1]
    while len(seeds) < n:
        size = 2 * len(seeds)  # each seed s meets size + 1 - s in the new first round
        seeds = [x for s in seeds for x in (s, size + 1 - s)]
    return [s if s <= n else None for s in seeds]


# ------------------------------------------------------------------------------------ Swiss


def swiss_rounds(n: int) -> int:
    """The default number of Swiss rounds for n players: ceil(log2 n), at least 1."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"a Swiss tournament needs at least 1 player, not {n!r}")
    return max(1, math.ceil(math.log2(n)))


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    player_id: int
    score: float  # match wins so far, a bye counting one
    seed: int  # 1 = top seed


@dataclass(frozen=True, slots=True)
class Pairing:
    pairs: tuple[tuple[int, int], ...]  # player ids
    bye: int | None = None


def swiss_pairing(
    players: Sequence[SwissPlayer], played: Collection[frozenset[int]], had_bye: Collection[int]
) -> Pairing:
    """Players with the same score paired (top half against bottom half of a score group, floaters down),
    no rematch where one can be avoided, a bye (counted as a win) to the lowest-placed player who has not
    had one, when the number is odd.

    ``played`` holds the pairs that have met (as frozensets of two ids); ``had_bye`` the ids given a bye.
    Each pair is written higher-placed player first; the pairs come in the order of the placings."""
    ids = [p.player_id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("a player appears twice in a Swiss round")
    ranked = sorted(players, key=lambda p: (-p.score, p.seed, p.player_id))
    graph = _Graph(ranked, played)
    alive = list(range(len(ranked)))
    bye = None
    if len(alive) % 2:
        bye = _choose_bye(graph, alive, {p.player_id for p in ranked} & set(had_bye))
        alive.remove(bye)
    mate = graph.maximum_matching(alive, _preferred(graph, alive))
    pairs = []
    while alive:
        top = alive[0]
        target = _size(mate, alive)
        for other in _candidates(graph, alive):
            trial = graph.without(mate, alive, top, other)
            if _size(trial, _less(alive, top, other)) == target - graph.allowed(top, other):
                break
        else:  # pragma: no cover - some partner always keeps the largest matching
            raise AssertionError("no partner keeps the largest matching")
        pairs.append((ranked[top].player_id, ranked[other].player_id))
        alive = _less(alive, top, other)
        mate = trial
    return Pairing(tuple(pairs), None if bye is None else ranked[bye].player_id)


def _candidates(graph: _Graph, alive: list[int]) -> list[int]:
    """The top player's partners, most wanted first: in its own score group the top of the bottom half,
    then the rest of the bottom half, then the top half upwards; then the groups below, nearest first."""
    top = alive[0]
    score = graph.players[top].score
    g = 1
    while g < len(alive) and graph.players[alive[g]].score == score:
        g += 1
    if g == 1:
        return alive[1:]
    h = g // 2
    return alive[h:g] + alive[h - 1 : 0 : -1] + alive[g:]


def _preferred(graph: _Graph, alive: list[int]) -> dict[int, int]:
    """The pairing a plain greedy pass makes (each top player with its first candidate not met yet): the
    starting matching, so that the exact pass mostly finds its pairs already there."""
    mate: dict[int, int] = {}
    left = list(alive)
    while left:
        top = left[0]
        other = next((c for c in _candidates(graph, left) if graph.allowed(top, c)), None)
        if other is None:
            left = left[1:]
            continue
        mate[top], mate[other] = other, top
        left = _less(left, top, other)
    return mate


def _choose_bye(graph: _Graph, alive: list[int], had_bye: set[int]) -> int:
    """The bye: the lowest-placed player without one (everyone, when all have had one) whose absence
    leaves the largest matching of the rest; a second bye is avoided before a rematch."""
    eligible = [i for i in alive if graph.players[i].player_id not in had_bye] or list(alive)
    mate = graph.maximum_matching(alive, _preferred(graph, alive))
    best = _size(mate, alive)
    for i in reversed(eligible):
        rest = [j for j in alive if j != i]
        if _size(graph.without(mate, alive, i), rest) == best:
            return i
    return eligible[-1]


def _less(alive: list[int], *gone: int) -> list[int]:
    return [i for i in alive if i not in gone]


def _size(mate: dict[int, int], alive: list[int]) -> int:
    return sum(1 for i in alive if i in mate) // 2


class _Graph:
    """The players (by index, in placing order) and who may still meet whom."""

    def __init__(self, ranked: list[SwissPlayer], played: Collection[frozenset[int]]) -> None:
        self.players = ranked
        index = {p.player_id: i for i, p in enumerate(ranked)}
        self.met: list[set[int]] = [set() for _ in ranked]
        for pair in played:
            found = [index[x] for x in pair if x in index]
            if len(found) == 2:
                a, b = found
                self.met[a].add(b)
                self.met[b].add(a)

    def allowed(self, a: int, b: int) -> bool:
        return b not in self.met[a]

    def maximum_matching(self, alive: list[int], start: dict[int, int]) -> dict[int, int]:
        """A maximum matching of the players of ``alive`` over the pairs not yet met, grown from ``start``
        by augmenting paths (one search from each unmatched player is enough: Edmonds)."""
        mate = dict(start)
        for v in alive:
            if v not in mate:
                self._augment(mate, alive, v)
        return mate

    def without(self, mate: dict[int, int], alive: list[int], *gone: int) -> dict[int, int]:
        """``mate`` (a maximum matching of ``alive``) made a maximum matching of ``alive`` less ``gone``:
        the partners left alone are the only players an augmenting path can start from."""
        out = dict(mate)
        alone = []
        for g in gone:
            partner = out.pop(g, None)
            if partner is not None:
                del out[partner]
                if partner not in gone:
                    alone.append(partner)
        rest = _less(alive, *gone)
        for v in alone:
            if v not in out:
                self._augment(out, rest, v)
        return out

    def _augment(self, mate: dict[int, int], alive: list[int], root: int) -> bool:
        """Grow ``mate`` by an augmenting path from the unmatched ``root`` (Edmonds' blossom search)."""
        parent: dict[int, int] = {}
        base = {v: v for v in alive}
        used = {root}
        queue = deque([root])
        while queue:
            v = queue.popleft()
            met = self.met[v]
            for to in alive:
                if to == v or to in met or base[v] == base[to] or mate.get(v) == to:
                    continue
                if to == root or (to in mate and mate[to] in parent):
                    b = self._common_base(v, to, mate, parent, base)
                    blossom: set[int] = set()
                    self._mark(v, b, to, mate, parent, base, blossom)
                    self._mark(to, b, v, mate, parent, base, blossom)
                    for i in alive:
                        if base[i] in blossom:
                            base[i] = b
                            if i not in used:
                                used.add(i)
                                queue.append(i)
                elif to not in parent:
                    parent[to] = v
                    if to not in mate:
                        while to is not None:  # flip the path's edges
                            pv = parent[to]
                            nxt = mate.get(pv)
                            mate[to], mate[pv] = pv, to
                            to = nxt
                        return True
                    used.add(mate[to])
                    queue.append(mate[to])
        return False

    @staticmethod
    def _common_base(
        a: int, b: int, mate: dict[int, int], parent: dict[int, int], base: dict[int, int]
    ) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if a not in mate:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    @staticmethod
    def _mark(
        v: int,
        b: int,
        child: int,
        mate: dict[int, int],
        parent: dict[int, int],
        base: dict[int, int],
        blossom: set[int],
    ) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]


# ------------------------------------------------------------------------------------ round robin


def round_robin(player_ids: Sequence[int]) -> list[Pairing]:
    """Every pair once, in rounds (the circle method): n-1 rounds for n even, n rounds with one bye each
    for n odd."""
    ids: list[int | None] = list(player_ids)
    if len(set(ids)) != len(ids):
        raise ValueError("a player appears twice in a round robin")
    if len(ids) < 2:
        return []
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    rounds = []
    circle = ids[1:]
    for _ in range(n - 1):
        table = [ids[0], *circle]
        pairs = []
        bye = None
        for i in range(n // 2):
            a, b = table[i], table[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                pairs.append((a, b))
        rounds.append(Pairing(tuple(pairs), bye))
        circle = circle[-1:] + circle[:-1]
    return rounds


# ------------------------------------------------------------------------------------ standings


@dataclass(frozen=True, slots=True)
class MatchResult:
    a: int
    b: int | None  # None: a bye for a
    winner: int
    points: tuple[int, int]  # match points won by a and by b (a bye: (0, 0))


@dataclass(frozen=True, slots=True)
class Standing:
    player_id: int
    wins: float
    buchholz: float
    points_diff: int
    played: int  # matches played, a bye counted


def standings(
    player_ids: Sequence[int], results: Sequence[MatchResult], seeds: Mapping[int, int]
) -> list[Standing]:
    """Swiss and round robin: ordered by match wins, then Buchholz (the sum of the opponents' wins; a bye
    adds nothing), then the points difference of the matches, then the seed.

    Results may name players no longer in ``player_ids`` (removed from the tournament): their wins still
    count in their opponents' Buchholz, but they get no line. A player without a seed comes after the
    seeded ones among equals."""
    wins: dict[int, float] = {}
    diff: dict[int, int] = {}
    played: dict[int, int] = {}
    opponents: dict[int, list[int]] = {}
    for r in results:
        for x in (r.a, r.b):
            if x is not None:
                wins.setdefault(x, 0.0)
                diff.setdefault(x, 0)
                played[x] = played.get(x, 0) + 1
                opponents.setdefault(x, [])
        if r.b is None:
            if r.winner != r.a:
                raise ValueError(f"a bye is won by its player {r.a}, not {r.winner}")
            wins[r.a] += 1
            continue
        if r.winner not in (r.a, r.b):
            raise ValueError(f"the winner of {r.a} against {r.b} is neither: {r.winner}")
        wins[r.winner] += 1
        diff[r.a] += r.points[0] - r.points[1]
        diff[r.b] += r.points[1] - r.points[0]
        opponents[r.a].append(r.b)
        opponents[r.b].append(r.a)
    table = [
        Standing(
            pid,
            wins.get(pid, 0.0),
            float(sum(wins[o] for o in opponents.get(pid, ()))),
            diff.get(pid, 0),
            played.get(pid, 0),
        )
        for pid in dict.fromkeys(player_ids)
    ]
    last = max(seeds.values(), default=0) + 1
    table.sort(
        key=lambda s: (-s.wins, -s.buchholz, -s.points_diff, seeds.get(s.player_id, last), s.player_id)
    )
    return table
