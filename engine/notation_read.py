"""Reading plays as people type them: ``bar/3 5/off``, ``24/14``, ``8/6(2)``, ``13/7*``, ``25/19``,
``6/0``, ``24-18``.

A play is read by walking the user's moves over the real dice (single-die steps of different moves
interleaved in every order) and then matching the position they lead to against the legal plays, so
every way of writing the same play (either order of moves, a chain, one move over two dice,
``bar/15(2)``) works. When the text fits more than one legal play, the ``*`` marks decide: a move
written without ``*`` hits nothing on its way, as in gnubg (``15/12`` and ``15/13*/12`` are different
plays); otherwise the play is ambiguous. In backgammon's own numbering ``25`` is the bar and ``0`` is
off (gnubg's and the .mat files' plain form); a move's ends may be joined by ``/`` or ``-``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import NamedTuple

from engine.dice import Dice, dice_pair
from engine.digits import ascii_digits
from engine.errors import (
    AmbiguousPlayError,
    IllegalPlayError,
    IncompletePlayError,
    InvalidPlayError,
    quoted,
)
from engine.moves import BAR, OFF, PlayLike
from engine.moves import PositionLike as Position

PASS_WORDS = frozenset({"pass", "none", "no move", "-", "(no move)", "nothing"})

_LABEL = r"(?:bar|off|[0-9]{1,2})\*?"
_TOKEN = re.compile(rf"^(?P<chain>{_LABEL}(?:[/-]{_LABEL})+)(?:\((?P<count>[0-9])\))?$")
_SEPARATOR = re.compile(r"[/-]")


def _path_index(pos: Position, player: int, label: str, text: str) -> int:
    """Path coordinate of a label: 0 for the bar, N + 1 for off, 1..N along the player's path."""
    n = pos.variant.points
    own = pos.variant.numbering == "own"
    if label == "bar" or (own and label == str(n + 1)):
        return 0
    if label == "off" or (own and label == "0"):
        return n + 1
    number = int(label)
    if not 1 <= number <= n:
        ends = f"; {n + 1} is the bar and 0 is off" if own else ""
        raise InvalidPlayError(
            f"{quoted(text)}: there is no point {number} (points go from 1 to {n}{ends})", text=text
        )
    if own:
        return n + 1 - number
    return number if pos.variant.directions[player] > 0 else n + 1 - number


def _label_for_path(pos: Position, player: int, k: int) -> str:
    n = pos.variant.points
    if k == 0:
        return "bar"
    if k == n + 1:
        return "off"
    if pos.variant.numbering == "own":
        return str(n + 1 - k)
    return str(k if pos.variant.directions[player] > 0 else n + 1 - k)


def _tokens(text: str) -> list[str]:
    """The words of typed moves: lower case, commas as spaces, full-width digits made ASCII. Any
    other digit (``١``, ``²``, ...) is refused: ``int`` would read ``1٣`` as 13."""
    mapped, other = ascii_digits(text)
    if other is not None:
        raise InvalidPlayError(
            f"{quoted(text)}: only the digits 0-9 are accepted (or full-width ０-９), not {quoted(other)}",
            text=text,
        )
    return mapped.strip().lower().replace(",", " ").replace("\u2013", "-").split()


def plain_words(text: str) -> list[str] | None:
    """The typed words in one spelling (lower case, ``/`` between the ends, no ``*``), or ``None``
    when the text has digits that are not 0-9."""
    try:
        tokens = _tokens(text)
    except InvalidPlayError:
        return None
    return [t.replace("-", "/").replace("*", "") for t in tokens]


def parse_steps(pos: Position, text: str) -> list[tuple[int, int]]:
    """The user's moves as ``(from, to)`` path coordinates, chains split and repeats expanded."""
    return [step for step, _typed in typed_steps(pos, text)]


class Typed(NamedTuple):
    """Where a step came from: the word typed, and whether its ends were read the other way round."""

    token: str
    flipped: bool


def typed_steps(pos: Position, text: str) -> list[tuple[tuple[int, int], Typed]]:
    """:func:`parse_steps`, each step with the word it was read from (for a refusal that quotes it)."""
    player = pos.turn
    tokens = _tokens(text)
    if not tokens:
        raise InvalidPlayError("type the moves of your play, for example 'bar/3 5/off'", text=text)
    steps: list[tuple[tuple[int, int], Typed]] = []
    for token in tokens:
        m = _TOKEN.match(token)
        if not m:
            raise InvalidPlayError(
                f"{quoted(token)} is not a move; write moves as from/to, e.g. 'bar/3', '5/off', '8/5(2)'",
                text=text,
            )
        labels = [part.rstrip("*") for part in _SEPARATOR.split(m.group("chain"))]
        ks = [_path_index(pos, player, label, text) for label in labels]
        flipped = all(a > b for a, b in itertools.pairwise(ks))
        if flipped:
            ks.reverse()  # only one direction is possible for this player: "3/bar" is "bar/3"
        for a, b in itertools.pairwise(ks):
            if a >= b:
                raise InvalidPlayError(
                    f"{quoted(token)} does not move in one direction along your path", text=text
                )
            if a == pos.variant.points + 1 or b == 0:
                raise InvalidPlayError(f"{quoted(token)}: checkers never come back from off", text=text)
        count = int(m.group("count") or 1)
        if count < 1:
            raise InvalidPlayError(f"{quoted(token)}: a repeat count must be at least 1", text=text)
        typed = Typed(token, flipped)
        for _ in range(count):
            steps.extend((step, typed) for step in itertools.pairwise(ks))
    return steps


def _walk(pos: Position, k_src: int, k_dst: int, dice_left: tuple[int, ...]):
    """Every way to carry one checker from path ``k_src`` to ``k_dst`` with some of ``dice_left``.

    Yields ``(position, dice_left, moves)``.
    """
    n = pos.variant.points
    player = pos.turn
    src_abs = BAR if k_src == 0 else abs_point(pos, player, k_src)
    for die in sorted(set(dice_left), reverse=True):
        for move, nxt in pos.single_moves(die):
            if move.src != src_abs:
                continue
            k_new = n + 1 if move.dst == OFF else path_of_abs(pos, player, move.dst)
            rest = list(dice_left)
            rest.remove(die)
            rest_t = tuple(rest)
            if k_new == k_dst:
                yield nxt, rest_t, (move,)
            elif k_new < k_dst:
                for pos2, rest2, moves2 in _walk(nxt, k_new, k_dst, rest_t):
                    yield pos2, rest2, (move, *moves2)


def abs_point(pos: Position, player: int, k: int) -> int:
    n = pos.variant.points
    return k if pos.variant.directions[player] > 0 else n + 1 - k


def path_of_abs(pos: Position, player: int, point: int) -> int:
    n = pos.variant.points
    return point if pos.variant.directions[player] > 0 else n + 1 - point


def _carry_out(pos: Position, steps: Sequence[tuple[int, int]], dice: Sequence[int]):
    """Every ``(position, dice_left)`` reached by carrying out all of ``steps`` (``(from, to)`` in path
    coordinates, each walked by one checker with one or more dice), the single-die moves of different
    steps interleaved in every possible order.

    Interleaving matters: gnubg writes ``bar/15(2)`` for two checkers that must both enter (strict
    bar) before either moves on, and ``13/8 8/5`` may be played in either order.
    """
    n = pos.variant.points
    player = pos.turn
    seen: set = set()
    out: list = []

    def search(p: Position, todo: tuple, left: tuple) -> None:
        key = (p.board, p.bar, todo, left)
        if key in seen:
            return
        seen.add(key)
        if not todo:
            out.append((p, left))
            return
        for i, (cur, dst) in enumerate(todo):
            if i and todo[i - 1] == todo[i]:
                continue
            src_abs = BAR if cur == 0 else abs_point(p, player, cur)
            for die in sorted(set(left), reverse=True):
                rest = list(left)
                rest.remove(die)
                rest_t = tuple(rest)
                for move, nxt in p.single_moves(die):
                    if move.src != src_abs:
                        continue
                    k_new = n + 1 if move.dst == OFF else path_of_abs(p, player, move.dst)
                    if k_new > dst:
                        continue
                    remaining = todo[:i] + todo[i + 1 :]
                    if k_new < dst:
                        remaining = tuple(sorted((*remaining, (k_new, dst))))
                    search(nxt, remaining, rest_t)

    search(pos, tuple(sorted(steps)), tuple(sorted(dice, reverse=True)))
    return out


def parse_play(pos: Position, dice: Dice | Sequence[int], text: str) -> PlayLike:
    """The legal play that ``text`` describes, or a specific :class:`PlayError`."""
    d = dice if isinstance(dice, Dice) else Dice(*dice_pair(dice))
    if not isinstance(text, str):
        raise InvalidPlayError(f"a play is text like 'bar/3 5/off', not {quoted(text)}")
    legal = pos.legal_plays(d)

    def written() -> list[str]:  # every legal play in notation, for an error (a long list in backgammon)
        return [pos.format_play(p) for p in legal]

    by_result = {(p.result.board, p.result.bar): p for p in legal}
    stripped = text.strip().lower()
    if not legal[0].moves:
        if stripped in PASS_WORDS or stripped == "":
            return legal[0]
        raise IllegalPlayError(
            f"no move is possible with {d}: the turn passes (you typed {quoted(text)})",
            text=text,
            legal=["(no move)"],
        )
    if stripped in PASS_WORDS:
        raise IllegalPlayError(f"you can move with {d}, so you cannot pass", text=text, legal=written())
    try:
        typed = typed_steps(pos, text)
    except InvalidPlayError as exc:
        raise InvalidPlayError(exc.reason, text=text, legal=written()) from None
    steps = [step for step, _typed in typed]
    all_dice = d.moves_of(pos.variant)
    if len(steps) > len(all_dice):
        raise IllegalPlayError(
            f"{quoted(text)} has {len(steps)} moves but {d} gives only {len(all_dice)}",
            text=text,
            legal=written(),
        )
    matched: dict = {}
    partial: list = []
    for end, left in _carry_out(pos, steps, all_dice):
        key = (end.board, end.bar)
        if key in by_result:
            matched[key] = by_result[key]
        else:
            partial.append((end, left))
    if len(matched) == 1:
        return next(iter(matched.values()))
    if len(matched) > 1:
        # "*" marks a hit, so a move written without one hits nothing on its way (gnubg writes
        # 15/12 and 15/13*/12 for two different plays): keep the plays whose hits are the ones marked.
        marked = _marked_hits(pos, text)
        fits = [p for p in matched.values() if _hit_points(pos, p) == marked]
        if len(fits) == 1:
            return fits[0]
        options = [pos.format_play(p) for p in matched.values()]
        raise AmbiguousPlayError(
            f"{quoted(text)} could mean {' or '.join(options)}; write the moves out to choose",
            text=text,
            legal=written(),
        )
    if partial:
        missing = _missing_dice(partial, by_result)
        if missing:
            dice_words = _dice_words(missing)
            raise IncompletePlayError(
                f"{quoted(text)} is not the whole turn: you must also play {dice_words}",
                text=text,
                legal=written(),
            )
        raise IllegalPlayError(
            f"{quoted(text)} is not allowed with {d}: {_why_not_legal(pos, d, partial)}",
            text=text,
            legal=written(),
        )
    raise IllegalPlayError(
        f"{quoted(text)} is not possible with {d}: {_first_bad_step(pos, typed, all_dice)}",
        text=text,
        legal=written(),
    )


def _marked_hits(pos: Position, text: str) -> tuple[int, ...]:
    """The path coordinates the text marks with ``*``, sorted, each as often as it is marked."""
    marks: list[int] = []
    for token in _tokens(text):
        m = _TOKEN.match(token)
        if not m:
            continue
        # A repeated move hits once: in "5/4*(3)" the first checker hits, the others join it.
        for part in _SEPARATOR.split(m.group("chain")):
            if part.endswith("*"):
                marks.append(_path_index(pos, pos.turn, part.rstrip("*"), text))
    return tuple(sorted(marks))


def _hit_points(pos: Position, play: PlayLike) -> tuple[int, ...]:
    """The path coordinates where ``play`` hits, sorted."""
    return tuple(sorted(path_of_abs(pos, pos.turn, m.dst) for m in play.moves if m.hit))


def _dice_words(dice: Sequence[int]) -> str:
    """``(5,)``: "the 5"; ``(5, 3)``: "the 5 and the 3"; ``(3, 3)``: "two more 3s"."""
    if len(dice) > 1 and len(set(dice)) == 1:
        return f"{('two', 'three', 'four')[len(dice) - 2]} more {dice[0]}s"
    return " and ".join(f"the {x}" for x in dice)


def _missing_dice(partial, by_result) -> tuple[int, ...]:
    """If some reached position can be completed into a legal play, the dice it still has to play."""
    for end, left in partial:
        if not left:
            continue
        if _completes(end, left, by_result):
            return tuple(sorted(left, reverse=True))
    return ()


def _completes(pos: Position, left: tuple[int, ...], by_result) -> bool:
    if (pos.board, pos.bar) in by_result:
        return True
    for die in set(left):
        rest = list(left)
        rest.remove(die)
        for _move, nxt in pos.single_moves(die):
            if _completes(nxt, tuple(rest), by_result):
                return True
    return False


def _why_not_legal(pos: Position, dice: Dice, partial) -> str:
    if pos.variant.forced == "order":
        return "each die must be played when it can be, in the order you choose"
    if not dice.is_double and any(len(left) == 1 for _end, left in partial):
        return "you must use both dice when you can, and the larger one when only one can be played"
    return "you must play as many dice as you can"


def _first_bad_step(pos: Position, steps: Sequence[tuple[tuple[int, int], Typed]], all_dice) -> str:
    """Explain the first move that cannot be made, trying the moves in the order given, quoting the word
    the player typed for it."""
    player = pos.turn
    current = [(pos, tuple(all_dice))]
    for (k_src, k_dst), typed in steps:
        nxt = [(end, left) for p, dl in current for end, left, _m in _walk(p, k_src, k_dst, dl)]
        if not nxt:
            src = _label_for_path(pos, player, k_src)
            dst = _label_for_path(pos, player, k_dst)
            label = f"{src}/{dst}"
            return f"{_step_words(typed, label)}: {_explain_step(current[0][0], k_src, k_dst, label)}"
        current = nxt
    return "the moves do not fit together"


def _step_words(typed: Typed, label: str) -> str:
    """The word typed, quoted, and how it was read when that is not plain from it: ``'4/3', read as 3/4
    (the only way your checkers move)``, ``'bar/3/5', its move 3/5``."""
    word = quoted(typed.token)
    if typed.flipped:
        return f"{word}, read as {label} (the only way your checkers move)"
    plain = typed.token.replace("*", "").replace("-", "/")
    if plain.split("(")[0] != label:
        return f"{word}, its move {label}"
    return word


def _explain_step(pos: Position, k_src: int, k_dst: int, label: str) -> str:
    player = pos.turn
    n = pos.variant.points
    if k_src == 0:
        if not pos.bar[player]:
            return "you have no checker on the bar"
    else:
        val = pos.board[abs_point(pos, player, k_src) - 1]
        if not val or (val & 3) != player:
            return f"you have no checker on point {label.split('/', maxsplit=1)[0]}"
        if pos.variant.bar_rule == "strict" and pos.bar[player]:
            return "you must enter your checkers from the bar first"
    if k_dst <= n:
        val = pos.board[abs_point(pos, player, k_dst) - 1]
        if val >= 8 and (val & 3) != player:
            return f"point {label.split('/')[1]} is blocked (two or more opposing checkers)"
    else:
        return "you may not bear that checker off now"
    return "no die of this roll takes that checker there"
