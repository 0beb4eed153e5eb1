"""Positions, dice, moves and plays in RULES.md's absolute coordinates.

A :class:`Position` is immutable. Its board is a tuple of ``N`` packed integers, one per point
(index ``i`` is point ``i + 1``): ``0`` for an empty point, otherwise ``count * 4 + owner``. So a point
is *open* to player ``p`` when its value is below 8 (empty or a blot) or its owner is ``p``, and it holds
a blot when ``4 <= value < 8``. Use :meth:`Position.point` for the readable ``(owner, count)`` form.

Legal plays follow gnubg's rule: generate the resulting positions, keep one entry per distinct
position, then show each with the moves that reach it. Generation runs on raw tuples with per-variant,
per-player tables (:mod:`engine.movegen`), and only the final results become Position and Play
objects. Each position memoises its legal plays per roll (``_cache``, created on first use). Dice
live in :mod:`engine.dice`, moves and paths in :mod:`engine.moves`; notation and Position IDs
(:mod:`engine.notation`, :mod:`engine.position_id`) are reached through the methods here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine import notation
from engine import position_id as ids
from engine.dice import Dice, dice_pair
from engine.errors import DiceError, PositionError, PositionIdError, quoted
from engine.jsonread import is_int
from engine.movegen import expanders, legal_results
from engine.moves import BAR, OFF, Move, paths_for
from engine.variants import Variant, find_variant

__all__ = ["BAR", "OFF", "Dice", "Move", "Play", "Position", "paths_for"]


@dataclass(frozen=True, slots=True)
class Play:
    """A whole turn: the moves in the order played and the position they lead to."""

    moves: tuple[Move, ...]
    result: Position

    def __len__(self) -> int:
        return len(self.moves)


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
            if not is_int(point) or not 1 <= point <= n:
                raise PositionError(f"point {quoted(point)} is not on a {n}-point board")
            if entry is None:
                continue
            if (
                isinstance(entry, str | bytes)
                or not isinstance(entry, Sequence)
                or len(entry) != 2
                or not all(is_int(x) for x in entry)
            ):
                raise PositionError(f"point {point} must be null or [player, count], not {quoted(entry)}")
            owner, count = entry
            if not 0 <= owner < v.players:
                raise PositionError(f"point {point}: there is no player {quoted(owner)} in {v.name}")
            if not 0 <= count <= v.checkers:
                raise PositionError(
                    f"point {point}: a count of {quoted(count)} checkers (a player has {v.checkers})"
                )
            if count:
                board[point - 1] = count * 4 + owner
        bar_t = _int_tuple("bar", bar, v) if bar is not None else (0,) * v.players
        if off is None:
            on = [bar_t[p] if p < len(bar_t) else 0 for p in range(v.players)]
            for val in board:
                if val:
                    on[val & 3] += val >> 2
            off_t = tuple(v.checkers - c for c in on)
        else:
            off_t = _int_tuple("off", off, v)
        if not is_int(turn):
            raise PositionError(f"turn must be a player number, not {quoted(turn)}")
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
            raise PositionError(f"turn must be a player from 0 to {v.players - 1}, not {quoted(self.turn)}")
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
        return f"Position.from_id({ids.encode_full_id(self)!r})"

    # ----------------------------------------------------------------- moving
    def single_moves(self, die: int, player: int | None = None) -> list[tuple[Move, Position]]:
        """Every way ``player`` (default: the player to move) can play one ``die`` from here."""
        p = self.turn if player is None else player
        if type(die) is not int or die not in _DIE_FACES:
            raise DiceError(f"a die is a whole number from 1 to 6, not {quoted(die)}")
        if type(p) is not int or not 0 <= p < self.variant.players:
            raise PositionError(f"there is no player {quoted(p)} in {self.variant.name}")
        v, turn = self.variant, self.turn
        return [
            (move, _new_position(v, turn, b, bar, off))
            for move, b, bar, off, _k in expanders(v)[p](self.board, self.bar, self.off, die)
        ]

    def legal_plays(self, dice: Dice | Sequence[int]) -> tuple[Play, ...]:
        """Every legal play for ``dice``, one per distinct resulting position (a single empty play
        when no die can be played). ``dice`` is a :class:`Dice` or a pair of whole numbers from 1 to
        6; anything else raises :class:`DiceError`.

        The result positions keep ``turn`` unchanged; the game flow hands the turn on.
        """
        a, b = dice_pair(dice)
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
                for moves, board, bar, off in legal_results(v, self.board, self.bar, self.off, turn, (a, b))
            ]
        )
        cache[cache_key] = plays
        return plays

    def format_move(self, move: Move, player: int | None = None) -> str:
        return notation.format_move(self, move, self.turn if player is None else player)

    def format_play(self, play: Play | Sequence[Move]) -> str:
        return notation.format_play(self, play)

    def parse_play(self, dice: Dice | Sequence[int], text: str) -> Play:
        """The legal play ``text`` describes (see :mod:`engine.notation`), or a specific
        :class:`engine.errors.PlayError`."""
        return notation.parse_play(self, dice, text)  # type: ignore[return-value]

    # ----------------------------------------------------------------- IDs
    def position_id(self) -> str:
        """The ID relative to the player on roll (for backgammon: gnubg's Position ID)."""
        return ids.encode_position_id(self)

    def full_id(self) -> str:
        """``variant:turn:ID``: reads back to this position on its own."""
        return ids.encode_full_id(self)

    @classmethod
    def from_id(cls, text: str, variant: str | Variant | None = None, turn: int = 0) -> Position:
        """Read :meth:`full_id`'s ``variant:turn:ID`` or, with ``variant`` given, a bare ID with
        ``turn`` on roll; anything else raises :class:`PositionIdError`."""
        v, turn, board, bar, off = ids.decode_id(text, variant, turn)
        pos = cls(v, turn, board, bar, off)
        try:
            pos.validate()
        except PositionError as exc:
            raise PositionIdError(f"{text!r} is not a valid {v.name} position: {exc}") from None
        return pos

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
            raise PositionError(f"'variant' must be a variant's name, not {quoted(variant)}")
        v = find_variant(variant)
        if not isinstance(points, list) or len(points) != v.points:
            raise PositionError(f"'points' must be a list of {v.points} entries (point 1 first) for {v.name}")
        bar = data.get("bar")
        off = data.get("off")
        for name, value in (("bar", bar), ("off", off)):
            if value is not None and (
                not isinstance(value, list) or len(value) != v.players or not all(is_int(x) for x in value)
            ):
                raise PositionError(f"{name!r} must be a list of {v.players} whole numbers, one per player")
        turn = data.get("turn", 0)
        if not is_int(turn):
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


def _int_tuple(name: str, values: object, v: Variant) -> tuple[int, ...]:
    if (
        isinstance(values, str | bytes)
        or not isinstance(values, Sequence)
        or not all(is_int(x) and 0 <= x <= v.checkers for x in values)
    ):
        raise PositionError(
            f"{name!r} must be a list of counts from 0 to {v.checkers}, one per player, not {quoted(values)}"
        )
    return tuple(values)
