"""Positions, dice, moves and plays in RULES.md's absolute coordinates.

A :class:`Position` is immutable. Its board is a tuple of ``N`` packed integers, one per point
(index ``i`` is point ``i + 1``): ``0`` for an empty point, otherwise ``count * 4 + owner``. So a point
is *open* to player ``p`` when its value is below 8 (empty or a blot) or its owner is ``p``, and it holds
a blot when ``4 <= value < 8``. Use :meth:`Position.point` for the readable ``(owner, count)`` form.

Legal plays follow gnubg's rule: generate the resulting positions, keep one entry per distinct
position, then show each with the moves that reach it. Generation runs on raw tuples with per-variant,
per-player tables (see ``_make_expander``); a double's moves are generated with their sources in path
order only (moves of one die commute), and only the final results become Position and Play objects.
Each position memoises its legal plays per roll (``_cache``, created on first use).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.errors import PositionError
from engine.variants import Variant, find_variant

BAR = 0
"""``Move.src`` of a checker entering from the bar."""
OFF = -1
"""``Move.dst`` of a checker borne off."""


class Dice(NamedTuple):
    """Two dice as rolled. ``Dice(5, 3)``; ``str`` gives ``"5-3"``."""

    first: int
    second: int

    @classmethod
    def parse(cls, text: str | Sequence[int]) -> Dice:
        """Read ``"5-3"``, ``"53"``, ``"5 3"`` or ``[5, 3]``."""
        if isinstance(text, str):
            digits = [c for c in text if c.isdigit()]
            values = [int(c) for c in digits]
        else:
            values = [int(x) for x in text]
        if len(values) != 2 or not all(1 <= x <= 6 for x in values):
            raise ValueError(f"dice must be two numbers from 1 to 6, not {text!r}")
        return cls(values[0], values[1])

    @property
    def is_double(self) -> bool:
        return self.first == self.second

    @property
    def high(self) -> int:
        return max(self.first, self.second)

    @property
    def low(self) -> int:
        return min(self.first, self.second)

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"


class Move(NamedTuple):
    """One checker moved by one die, in absolute points (``BAR`` / ``OFF`` for the ends)."""

    src: int
    dst: int
    hit: bool = False

    def __repr__(self) -> str:
        return f"Move({self.src}, {self.dst}{', hit=True' if self.hit else ''})"


@dataclass(frozen=True, slots=True)
class Play:
    """A whole turn: the moves in the order played and the position they lead to."""

    moves: tuple[Move, ...]
    result: Position

    def __len__(self) -> int:
        return len(self.moves)


def _paths(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """For each player, the board index of path step k (k = 1..N) at ``path[k - 1]``."""
    n = variant.points
    out = []
    for direction in variant.directions:
        if direction > 0:
            out.append(tuple(range(n)))
        else:
            out.append(tuple(range(n - 1, -1, -1)))
    return tuple(out)


_PATHS: dict[str, tuple[tuple[int, ...], ...]] = {}


def paths_for(variant: Variant) -> tuple[tuple[int, ...], ...]:
    try:
        return _PATHS[variant.name]
    except KeyError:
        _PATHS[variant.name] = p = _paths(variant)
        return p


@dataclass(frozen=True, slots=True)
class Position:
    """A position: the variant, the player to move, the board, each player's bar and borne-off count."""

    variant: Variant
    turn: int
    board: tuple[int, ...]
    bar: tuple[int, ...]
    off: tuple[int, ...]
    _cache: dict | None = field(default=None, init=False, compare=False, hash=False, repr=False)

    def __reduce__(self) -> tuple:
        # Pickle the position itself, not its memo of legal plays.
        return (_new_position, (self.variant, self.turn, self.board, self.bar, self.off))

    # ----------------------------------------------------------------- construction
    @classmethod
    def initial(cls, variant: str | Variant, turn: int = 0) -> Position:
        """The starting position of ``variant`` with ``turn`` to move."""
        v = find_variant(variant)
        board = [0] * v.points
        paths = paths_for(v)
        bar = []
        for p in range(v.players):
            on_board = 0
            for distance, count in v.start:
                idx = paths[p][v.points - distance]
                board[idx] = count * 4 + p
                on_board += count
            bar.append(v.checkers - on_board)
        return cls(v, turn, tuple(board), tuple(bar), (0,) * v.players)

    @classmethod
    def from_points(
        cls,
        variant: str | Variant,
        *,
        turn: int = 0,
        points: Sequence[tuple[int, int] | Sequence[int] | None] | dict[int, tuple[int, int]] = (),
        bar: Sequence[int] | None = None,
        off: Sequence[int] | None = None,
    ) -> Position:
        """Build and validate a position from readable parts.

        ``points`` is either a sequence of ``N`` entries (``None`` or ``(player, count)``, point 1 first)
        or a dict ``{point: (player, count)}``. When ``off`` is omitted, it is whatever is on neither the
        board nor the bar; when ``bar`` is omitted too, missing checkers are borne off.
        """
        v = find_variant(variant)
        n = v.points
        board = [0] * n
        items: Iterable[tuple[int, object]]
        if isinstance(points, dict):
            items = points.items()
        else:
            if len(points) not in (0, n):
                raise PositionError(f"{v.name} has {n} points, not {len(points)}")
            items = enumerate(points, start=1)
        for point, entry in items:
            if not isinstance(point, int) or not 1 <= point <= n:
                raise PositionError(f"point {point!r} is not on a {n}-point board")
            if entry is None:
                continue
            if (
                isinstance(entry, str | bytes)
                or not isinstance(entry, Sequence)
                or len(entry) != 2
                or not all(_is_int(x) for x in entry)
            ):
                raise PositionError(f"point {point} must be null or [player, count], not {entry!r}")
            owner, count = entry
            if not 0 <= owner < v.players:
                raise PositionError(f"point {point}: there is no player {owner} in {v.name}")
            if count < 0:
                raise PositionError(f"point {point}: a count of {count} checkers")
            if count:
                board[point - 1] = count * 4 + owner
        bar_t = _int_tuple("bar", bar) if bar is not None else (0,) * v.players
        if off is None:
            on = [bar_t[p] if p < len(bar_t) else 0 for p in range(v.players)]
            for val in board:
                if val:
                    on[val & 3] += val >> 2
            off_t = tuple(v.checkers - c for c in on)
        else:
            off_t = _int_tuple("off", off)
        if not _is_int(turn):
            raise PositionError(f"turn must be a player number, not {turn!r}")
        pos = cls(v, turn, tuple(board), bar_t, off_t)
        pos.validate()
        return pos

    def validate(self) -> None:
        """Raise :class:`PositionError` unless this is a legal position of its variant."""
        v = self.variant
        if len(self.board) != v.points:
            raise PositionError(f"{v.name} has {v.points} points, not {len(self.board)}")
        if len(self.bar) != v.players or len(self.off) != v.players:
            raise PositionError(f"{v.name} needs bar and off counts for {v.players} players")
        if not 0 <= self.turn < v.players:
            raise PositionError(f"turn must be a player from 0 to {v.players - 1}, not {self.turn}")
        totals = list(self.bar)
        for i, val in enumerate(self.board):
            if val == 0:
                continue
            owner, count = val & 3, val >> 2
            if owner >= v.players or count < 1:
                raise PositionError(f"point {i + 1} holds a bad value {val}")
            totals[owner] += count
        for p in range(v.players):
            if self.bar[p] < 0 or self.off[p] < 0:
                raise PositionError(f"player {p} has a negative bar or off count")
            if totals[p] + self.off[p] != v.checkers:
                on_board = totals[p] - self.bar[p]
                raise PositionError(
                    f"player {p} has {totals[p] + self.off[p]} checkers ({on_board} on the board, "
                    f"{self.bar[p]} on the bar, {self.off[p]} off); {v.name} needs {v.checkers}"
                )

    # ----------------------------------------------------------------- reading
    def point(self, point: int) -> tuple[int, int] | None:
        """``(owner, count)`` on absolute ``point`` (1..N), or ``None`` when empty."""
        val = self.board[point - 1]
        return (val & 3, val >> 2) if val else None

    def points(self) -> list[tuple[int, int] | None]:
        """Every point, point 1 first, as in :meth:`point`."""
        return [(val & 3, val >> 2) if val else None for val in self.board]

    def distance(self, player: int, point: int) -> int:
        """Pips ``player`` still needs to bear off a checker on absolute ``point`` (``BAR``: N + 1)."""
        n = self.variant.points
        if point == BAR:
            return n + 1
        return n + 1 - point if self.variant.directions[player] > 0 else point

    def pip_count(self, player: int) -> int:
        """Total pips ``player`` needs to bear off every checker."""
        n = self.variant.points
        total = self.bar[player] * (n + 1)
        for k, idx in enumerate(paths_for(self.variant)[player], start=1):
            val = self.board[idx]
            if val and (val & 3) == player:
                total += (val >> 2) * (n + 1 - k)
        return total

    def pip_counts(self) -> tuple[int, ...]:
        return tuple(self.pip_count(p) for p in range(self.variant.players))

    def checkers_on(self, player: int) -> list[tuple[int, int]]:
        """``(absolute point, count)`` of ``player``'s checkers on the board."""
        return [(i + 1, val >> 2) for i, val in enumerate(self.board) if val and (val & 3) == player]

    def is_finished(self, player: int) -> bool:
        """Has ``player`` borne off every checker?"""
        return self.off[player] == self.variant.checkers

    @property
    def winner(self) -> int | None:
        """In a two-player variant, the player who has borne off everything, if any."""
        for p in range(self.variant.players):
            if self.off[p] == self.variant.checkers:
                return p
        return None

    def with_turn(self, turn: int) -> Position:
        return Position(self.variant, turn, self.board, self.bar, self.off)

    def key(self) -> tuple:
        """A hashable key of everything but the variant."""
        return (self.turn, self.board, self.bar)

    def __hash__(self) -> int:
        return hash((self.variant.name, self.turn, self.board, self.bar, self.off))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.variant is other.variant
            and self.turn == other.turn
            and self.board == other.board
            and self.bar == other.bar
            and self.off == other.off
        )

    def __repr__(self) -> str:
        from engine.position_id import encode_full_id

        return f"Position.from_id({encode_full_id(self)!r})"

    # ----------------------------------------------------------------- moving
    def single_moves(self, die: int, player: int | None = None) -> list[tuple[Move, Position]]:
        """Every way ``player`` (default: the player to move) can play one ``die`` from here."""
        p = self.turn if player is None else player
        v, turn = self.variant, self.turn
        return [
            (move, _new_position(v, turn, b, bar, off))
            for move, b, bar, off, _k in _expanders(v)[p](self.board, self.bar, self.off, die)
        ]

    def legal_plays(self, dice: Dice | Sequence[int]) -> tuple[Play, ...]:
        """Every legal play for ``dice``, one per distinct resulting position (``()`` means pass).

        The result positions keep ``turn`` unchanged; the game flow hands the turn on.
        """
        a, b = dice
        if not (a in _DIE_FACES and b in _DIE_FACES):
            raise ValueError(f"dice must be two numbers from 1 to 6, not {tuple(dice)!r}")
        cache = self._cache
        if cache is None:
            cache = {}
            _set_cache(self, cache)
        cache_key = (a, b) if a <= b else (b, a)
        plays = cache.get(cache_key)
        if plays is not None:
            return plays
        v, turn = self.variant, self.turn
        plays = tuple(
            [
                _new_play(moves, _new_position(v, turn, board, bar, off))
                for moves, board, bar, off in _legal(v, self.board, self.bar, self.off, turn, (a, b))
            ]
        )
        cache[cache_key] = plays
        return plays

    def can_move(self, dice: Dice | Sequence[int]) -> bool:
        return bool(self.legal_plays(dice))

    def apply_moves(self, moves: Iterable[Move]) -> Position:
        """Apply single moves one after another without checking the dice (for replays and tests).

        Each move must still be a legal single step for the player to move; a bad one raises
        :class:`PositionError`.
        """
        pos = self
        for move in moves:
            die = _die_for(pos, move)
            for m, nxt in pos.single_moves(die):
                if m.src == move.src and m.dst == move.dst:
                    pos = nxt
                    break
            else:
                raise PositionError(f"{move!r} cannot be played from this position")
        return pos

    # ----------------------------------------------------------------- notation
    def format_move(self, move: Move, player: int | None = None) -> str:
        from engine.notation import format_move

        return format_move(self, move, self.turn if player is None else player)

    def format_play(self, play: Play | Sequence[Move]) -> str:
        from engine.notation import format_play

        return format_play(self, play)

    def parse_play(self, dice: Dice | Sequence[int], text: str) -> Play:
        from engine.notation import parse_play

        return parse_play(self, dice, text)

    # ----------------------------------------------------------------- IDs
    def position_id(self) -> str:
        from engine.position_id import encode_position_id

        return encode_position_id(self)

    def full_id(self) -> str:
        from engine.position_id import encode_full_id

        return encode_full_id(self)

    @classmethod
    def from_id(cls, text: str, variant: str | Variant | None = None, turn: int = 0) -> Position:
        from engine.position_id import decode_id

        return decode_id(text, variant, turn)

    # ----------------------------------------------------------------- JSON
    def to_json(self, *, with_turn: bool = True) -> dict:
        """The machine-interface shape of RULES.md coordinates (``points[i]`` is point ``i + 1``)."""
        out: dict = {"variant": self.variant.name}
        if with_turn:
            out["turn"] = self.turn
        out["bar"] = list(self.bar)
        out["off"] = list(self.off)
        out["points"] = [[val & 3, val >> 2] if val else None for val in self.board]
        return out

    @classmethod
    def from_json(cls, data: dict) -> Position:
        if not isinstance(data, dict):
            raise PositionError("a position must be a JSON object")
        try:
            variant = data["variant"]
            points = data["points"]
        except KeyError as exc:
            raise PositionError(f"a position needs {exc.args[0]!r}") from None
        if not isinstance(variant, str):
            raise PositionError(f"'variant' must be a variant's name, not {variant!r}")
        v = find_variant(variant)
        if not isinstance(points, list) or len(points) != v.points:
            raise PositionError(f"'points' must be a list of {v.points} entries (point 1 first) for {v.name}")
        bar = data.get("bar")
        off = data.get("off")
        for name, value in (("bar", bar), ("off", off)):
            if value is not None and (
                not isinstance(value, list) or len(value) != v.players or not all(_is_int(x) for x in value)
            ):
                raise PositionError(f"{name!r} must be a list of {v.players} whole numbers, one per player")
        turn = data.get("turn", 0)
        if not _is_int(turn):
            raise PositionError("'turn' must be a player number")
        return cls.from_points(v, turn=turn, points=points, bar=bar, off=off)

    def cached(self, key: object, compute):
        """Memoise derived data on this (immutable) position (``key`` must not be a pair of ints:
        those hold the legal plays)."""
        cache = self._cache
        if cache is None:
            cache = {}
            _set_cache(self, cache)
        try:
            return cache[key]
        except KeyError:
            cache[key] = value = compute()
            return value


# Fast constructors for generated results: a frozen dataclass's __init__ goes through
# object.__setattr__ once per field; setting the slots directly is about twice as fast.
_DIE_FACES = frozenset(range(1, 7))
_object_new = object.__new__
_set_variant = Position.variant.__set__  # type: ignore[attr-defined]
_set_turn = Position.turn.__set__  # type: ignore[attr-defined]
_set_board = Position.board.__set__  # type: ignore[attr-defined]
_set_bar = Position.bar.__set__  # type: ignore[attr-defined]
_set_off = Position.off.__set__  # type: ignore[attr-defined]
_set_cache = Position._cache.__set__  # type: ignore[attr-defined]
_set_moves = Play.moves.__set__  # type: ignore[attr-defined]
_set_result = Play.result.__set__  # type: ignore[attr-defined]


def _new_position(v: Variant, turn: int, board: tuple, bar: tuple, off: tuple) -> Position:
    pos = _object_new(Position)
    _set_variant(pos, v)
    _set_turn(pos, turn)
    _set_board(pos, board)
    _set_bar(pos, bar)
    _set_off(pos, off)
    _set_cache(pos, None)
    return pos


def _new_play(moves: tuple, result: Position) -> Play:
    play = _object_new(Play)
    _set_moves(play, moves)
    _set_result(play, result)
    return play


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _int_tuple(name: str, values: object) -> tuple[int, ...]:
    if (
        isinstance(values, str | bytes)
        or not isinstance(values, Sequence)
        or not all(_is_int(x) for x in values)
    ):
        raise PositionError(f"{name!r} must be a list of whole numbers, one per player, not {values!r}")
    return tuple(values)


# --------------------------------------------------------------------- generation
#
# Generation works on raw ``(board, bar, off)`` tuples; only the final, distinct results become
# Position and Play objects. Per variant and player an *expander* (a closure over precomputed tables:
# the board index of every path step, every single move as one shared Move object) lists the single
# moves of one die.

_MOVES: dict[tuple[int, int, bool], Move] = {}


def _shared_move(src: int, dst: int, hit: bool = False) -> Move:
    """One Move object per distinct move, shared by every generated play."""
    key = (src, dst, hit)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(src, dst, hit)
    return move


_EXPANDERS: dict[Variant, tuple] = {}


def _expanders(v: Variant) -> tuple:
    """Per player, the function listing single moves: ``expand(board, bar, off, die, kfrom=-1)``."""
    try:
        return _EXPANDERS[v]
    except KeyError:
        _EXPANDERS[v] = ex = tuple(_make_expander(v, p) for p in range(v.players))
        return ex


def _make_expander(v: Variant, p: int):
    n = v.points
    path = paths_for(v)[p]
    strict = v.bar_rule == "strict"
    rule = v.bearoff
    home_k = n - 6  # path steps k >= home_k (0-based) are the home board
    # entry[d] = (board index, move, move with hit); steps[d][k] = (k, src, dst, move, move with hit),
    # where dst is a board index, -1 for an exact bear-off or -2 for an overshoot.
    entry: list = [None]
    steps: list = [None]
    for d in range(1, 7):
        idx = path[d - 1] if d <= n else -1
        entry.append((idx, _shared_move(BAR, idx + 1), _shared_move(BAR, idx + 1, True)))
        row = []
        for k in range(n):
            src = path[k]
            t = k + d
            if t < n:
                dst = path[t]
                row.append(
                    (k, src, dst, _shared_move(src + 1, dst + 1), _shared_move(src + 1, dst + 1, True))
                )
            else:
                move = _shared_move(src + 1, OFF)
                row.append((k, src, -1 if t == n else -2, move, move))
        steps.append(tuple(row))

    def expand(board: tuple, bar: tuple, off: tuple, die: int, kfrom: int = -1) -> list:
        """``[(move, board, bar, off, k), ...]`` for every single move of ``die``; ``k`` is the path
        step of the source (-1: the bar). Only sources at step ``kfrom`` or later are moved."""
        out = []
        mybar = bar[p]
        if mybar:
            if kfrom < 0:
                idx, move, move_hit = entry[die]
                val = board[idx]
                if val == 0 or (val & 3) == p:
                    nb = list(board)
                    nb[idx] = val + 4 if val else 4 + p
                    nbar = list(bar)
                    nbar[p] = mybar - 1
                    out.append((move, tuple(nb), tuple(nbar), off, -1))
                elif val < 8:
                    nb = list(board)
                    nb[idx] = 4 + p
                    nbar = list(bar)
                    nbar[p] = mybar - 1
                    nbar[val & 3] += 1
                    out.append((move_hit, tuple(nb), tuple(nbar), off, -1))
            if strict:
                return out
        can_bear = None  # worked out when a bear-off is first possible
        overshoot = False
        k0 = -1  # the farthest-back checker's path step, once seen
        row = steps[die]
        for k, src, dst, move, move_hit in row[kfrom:] if kfrom > 0 else row:
            sval = board[src]
            if not sval or (sval & 3) != p:
                continue
            if k0 < 0:
                k0 = k
            if dst >= 0:
                val = board[dst]
                if val == 0 or (val & 3) == p:
                    nb = list(board)
                    nb[src] = sval - 4 if sval > 7 else 0
                    nb[dst] = val + 4 if val else 4 + p
                    out.append((move, tuple(nb), bar, off, k))
                elif val < 8:
                    nb = list(board)
                    nb[src] = sval - 4 if sval > 7 else 0
                    nb[dst] = 4 + p
                    nbar = list(bar)
                    nbar[val & 3] += 1
                    out.append((move_hit, tuple(nb), tuple(nbar), off, k))
                continue
            if can_bear is None:
                if kfrom > 0:  # sources before kfrom were skipped: find the farthest-back checker
                    for j in range(kfrom):
                        val = board[path[j]]
                        if val and (val & 3) == p:
                            k0 = j
                            break
                if rule == "always":
                    can_bear = True
                elif mybar:
                    can_bear = False
                else:
                    can_bear = rule == "no-bar" or k0 >= home_k
                overshoot = can_bear and not mybar
            if can_bear and (dst == -1 or (overshoot and k == k0)):
                nb = list(board)
                nb[src] = sval - 4 if sval > 7 else 0
                noff = list(off)
                noff[p] += 1
                out.append((move, tuple(nb), bar, tuple(noff), k))
        return out

    return expand


def _expand(v: Variant, board, bar, off, p: int, die: int) -> list:
    """All single moves of ``die`` for player ``p``: ``[(Move, board, bar, off), ...]``."""
    return [item[:4] for item in _expanders(v)[p](board, bar, off, die)]


def _legal(v: Variant, board, bar, off, p: int, dice: Sequence[int]) -> list:
    """``[(moves, board, bar, off), ...]``, one per distinct legal result (the pass: ``moves == ()``)."""
    expand = _expanders(v)[p]
    a, b = dice
    if v.forced == "order":
        if a == b:
            return _legal_order_double(expand, board, bar, off, a, v.doubles_moves)
        return _legal_order(expand, board, bar, off, a, b)
    if a == b:
        return _legal_double(expand, board, bar, off, a, v.doubles_moves)
    hi, lo = (a, b) if a > b else (b, a)
    return _legal_standard(expand, board, bar, off, hi, lo)


def _legal_standard(expand, board, bar, off, hi: int, lo: int) -> list:
    """The standard policy, two different dice: both if possible, else the larger if possible."""
    results: dict = {}
    first_hi = expand(board, bar, off, hi)
    first_lo = expand(board, bar, off, lo)
    for first, second_die in ((first_hi, lo), (first_lo, hi)):
        for m1, b1, r1, o1, _k in first:
            for m2, b2, r2, o2, _k2 in expand(b1, r1, o1, second_die):
                key = (b2, r2)
                if key not in results:
                    results[key] = ((m1, m2), b2, r2, o2)
    if results:
        return list(results.values())
    # No play uses both dice: the larger one if it can be played, else the smaller.
    single = first_hi or first_lo
    if single:
        return [((m1,), b1, r1, o1) for m1, b1, r1, o1, _k in single]
    return [((), board, bar, off)]


def _legal_double(expand, board, bar, off, die: int, count: int) -> list:
    """The standard policy with a double: as many of the ``count`` moves as possible.

    Moves of one die commute, so only sequences whose sources never go back along the path are
    generated (each legal sequence has such an ordering, which is also legal); duplicates of a
    result are then merged.
    """
    frontier = [((), board, bar, off, -1)]
    for _ in range(count):
        nxt = [
            ((*moves, m), b1, r1, o1, k1)
            for moves, b0, r0, o0, k0 in frontier
            for m, b1, r1, o1, k1 in expand(b0, r0, o0, die, k0)
        ]
        if not nxt:
            break
        frontier = nxt
    results: dict = {}
    for moves, b1, r1, o1, _k in frontier:
        key = (b1, r1)
        if key not in results:
            results[key] = (moves, b1, r1, o1)
    return list(results.values())


def _legal_order(expand, board, bar, off, a: int, b: int) -> list:
    """The order policy, two different dice: the player picks the order; each die in turn is played
    if it can be at that moment and skipped if not."""
    results: dict = {}
    first_a = expand(board, bar, off, a)
    first_b = expand(board, bar, off, b)
    for first, other, second_die in ((first_a, first_b, b), (first_b, first_a, a)):
        if not first:
            # The first die cannot be played: skipped; the other is played alone if it can be.
            for m, b1, r1, o1, _k in other:
                results.setdefault((b1, r1), ((m,), b1, r1, o1))
            continue
        for m1, b1, r1, o1, _k in first:
            second = expand(b1, r1, o1, second_die)
            if second:
                for m2, b2, r2, o2, _k2 in second:
                    key = (b2, r2)
                    if key not in results:
                        results[key] = ((m1, m2), b2, r2, o2)
            else:
                results.setdefault((b1, r1), ((m1,), b1, r1, o1))
    if not results:
        return [((), board, bar, off)]
    return list(results.values())


def _legal_order_double(expand, board, bar, off, die: int, count: int) -> list:
    """The order policy with a double: each of the ``count`` moves is played whenever it can be."""
    results: dict = {}
    frontier = [((), board, bar, off)]
    for _ in range(count):
        nxt = []
        for moves, b0, r0, o0 in frontier:
            found = expand(b0, r0, o0, die)
            if found:
                nxt.extend(((*moves, m), b1, r1, o1) for m, b1, r1, o1, _k in found)
            elif moves:
                results.setdefault((b0, r0), (moves, b0, r0, o0))
        frontier = nxt
    for moves, b1, r1, o1 in frontier:
        results.setdefault((b1, r1), (moves, b1, r1, o1))
    if not results:
        return [((), board, bar, off)]
    return list(results.values())


def _die_for_move(v: Variant, move: Move, p: int) -> int:
    """Pips between the ends of ``move`` (for a bear-off: the distance of its source)."""
    n = v.points
    if move.src == BAR:
        k_src = 0
    else:
        k_src = move.src if v.directions[p] > 0 else n + 1 - move.src
    k_dst = n + 1 if move.dst == OFF else (move.dst if v.directions[p] > 0 else n + 1 - move.dst)
    return k_dst - k_src


def _die_for(pos: Position, move: Move) -> int:
    """The die a single move needs; a bear-off may need any die at least its distance."""
    steps = _die_for_move(pos.variant, move, pos.turn)
    if move.dst == OFF:
        for die in range(steps, 7):
            if any(m.src == move.src and m.dst == OFF for m, _ in pos.single_moves(die)):
                return die
    return steps


def all_dice() -> Iterator[Dice]:
    """The 21 distinct rolls, doubles included, higher die first."""
    for hi, lo in itertools.combinations_with_replacement(range(6, 0, -1), 2):
        yield Dice(hi, lo)
