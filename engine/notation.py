"""Writing plays as players read them, and finding the plays that fit what someone is typing.

Backgammon (each player's own numbering, home board 1-6) is written in the standard short form that
gnubg, XG and BGBlitz show: the moves sorted from the back, a checker's steps merged where it hits
nothing on the way (``24/14``, ``13/3``; ``24/18*/13`` keeps the point where it hit), a hit marked
once (``13/7*``), repeats counted (``8/6(2)``), ``bar/22`` and ``6/off``. Minigam and multigam keep
RULES.md's notation in absolute points: the moves in the order played, a checker's moves as one chain
(``bar/3/5``), repeats counted (``6/off(2)``). :func:`format_moves` writes single moves for machines
and game records. Reading is :mod:`engine.notation_read` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice, dice_pair
from engine.errors import PlayError
from engine.moves import BAR, OFF, Move, PlayLike
from engine.moves import PositionLike as Position
from engine.notation_read import PASS_WORDS, abs_point, parse_play, parse_steps, path_of_abs, plain_words

# ------------------------------------------------------------------------- writing


def point_label(pos: Position, player: int, point: int) -> str:
    """How ``player`` writes absolute ``point`` (``BAR``/``OFF`` included)."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    if pos.variant.numbering == "own":
        return str(pos.distance(player, point))
    return str(point)


def format_move(pos: Position, move: Move, player: int) -> str:
    star = "*" if move.hit else ""
    return f"{point_label(pos, player, move.src)}/{point_label(pos, player, move.dst)}{star}"


def format_moves(pos: Position, moves: Sequence[Move], player: int | None = None) -> list[str]:
    """Each move on its own, in the order played (the machine interface's and the records' form)."""
    p = pos.turn if player is None else player
    return [format_move(pos, m, p) for m in moves]


def move_chains(moves: Sequence[Move]) -> list[list[Move]]:
    """The moves grouped by checker, in the order played: ``bar/3 3/5`` is one chain ``bar/3/5``."""
    chains: list[list[Move]] = []
    for move in moves:
        for chain in reversed(chains):
            if chain[-1].dst == move.src and move.src not in (BAR, OFF):
                chain.append(move)
                break
        else:
            chains.append([move])
    return chains


def format_play(pos: Position, play: PlayLike | Sequence[Move], *, numbered_for: int | None = None) -> str:
    """A play as people write it: backgammon's standard short form (:func:`standard_form`), or for the
    6-point games each checker's moves as a chain in the order played (``bar/3/5``) and repeats as
    ``6/off(2)``. ``(no move)`` for a pass. ``numbered_for``: the player whose numbers a backgammon play
    is written in (default: the mover's own, ``pos.turn``), as on a board drawn for that player."""
    moves = tuple(play) if isinstance(play, list | tuple) else play.moves
    if not moves:
        return "(no move)"
    if pos.variant.numbering == "own":
        return standard_form(pos, moves, numbered_for=numbered_for)
    player = pos.turn
    texts = []
    for chain in move_chains(moves):
        parts = [point_label(pos, player, chain[0].src)]
        parts.extend(point_label(pos, player, m.dst) + ("*" if m.hit else "") for m in chain)
        texts.append("/".join(parts))
    return _counted(texts)


def _counted(texts: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for t in texts:
        counts[t] = counts.get(t, 0) + 1
    return " ".join(f"{t}({c})" if c > 1 else t for t, c in counts.items())


def standard_form(pos: Position, moves: Sequence[Move], *, numbered_for: int | None = None) -> str:
    """Backgammon's short form, as gnubg writes it (``FormatMove`` in its drawboard.c): the single
    moves sorted by their starting point, highest first; a move that starts where an earlier one
    ended continues that checker, the point between dropped unless the checker hit there
    (``13/8 8/3`` is ``13/3``, ``24/18* 18/13`` is ``24/18*/13``); equal checker paths counted
    (``8/6(2)``); each hit point marked ``*`` once. ``numbered_for`` another player than the mover
    writes the same play in that player's numbers (the mover's ``24/18 13/8`` is their ``1/7 12/17``)."""
    player = pos.turn
    flip = numbered_for is not None and numbered_for != player

    def own(point: int) -> int:
        return 25 if point == BAR else 0 if point == OFF else pos.distance(player, point)

    singles = sorted(((own(m.src), own(m.dst)) for m in moves), reverse=True)
    hit = {own(m.dst) for m in moves if m.hit}
    paths: list[list[int] | None] = [[s, d] for s, d in singles]
    for i, path in enumerate(paths):
        if path is None:
            continue
        for j in range(i + 1, len(paths)):
            other = paths[j]
            if other is not None and len(other) == 2 and other[0] == path[-1]:
                if path[-1] in hit:
                    path.append(other[1])  # the checker hit there: the point stays in the path
                else:
                    path[-1] = other[1]
                paths[j] = None
    marked: set[int] = set()
    texts = []
    for path in (p for p in paths if p is not None):
        parts = [_own_label(path[0], flip)]
        for point in path[1:-1]:
            parts.append(f"{_own_label(point, flip)}*")
            marked.add(point)
        end = path[-1]
        star = "*" if end in hit and end not in marked else ""
        marked.update((end,) if star else ())
        parts.append(_own_label(end, flip) + star)
        texts.append("/".join(parts))
    return _counted_paths(texts)


def _counted_paths(texts: Sequence[str]) -> str:
    """Equal paths counted: ``8/5* 8/5`` is ``8/5*(2)`` (the hit mark belongs to the point)."""
    order: list[str] = []
    counts: dict[str, int] = {}
    shown: dict[str, str] = {}
    for t in texts:
        key = t.replace("*", "")
        if key not in counts:
            order.append(key)
            counts[key] = 0
            shown[key] = t
        counts[key] += 1
        if "*" in t:
            shown[key] = t
    return " ".join(f"{shown[k]}({counts[k]})" if counts[k] > 1 else shown[k] for k in order)


def _own_label(number: int, flip: bool = False) -> str:
    """A point in the mover's own numbers (25 the bar, 0 off) as written, ``flip``: in the opponent's."""
    if number in (0, 25):
        return "bar" if number == 25 else "off"
    return str(25 - number if flip else number)


# ------------------------------------------------------------------------- typing


def matching_plays(pos: Position, dice: Dice | Sequence[int], typed: str) -> list[str]:
    """The legal plays (in :func:`format_play`'s form, in ``legal_plays`` order) that fit ``typed``,
    for autocomplete; never raises.

    Every complete word of ``typed`` is read as a move in any accepted form (``8/6(2)``, ``13/8 8/3``
    for ``13/3``, ``25/22``, ``6/0``, ``24-18``) and a play fits when it makes those moves and then
    more; the last word, while it is still being typed, need only begin one of the play's moves (in
    the short or the single-move form). A text that reads as a whole legal play puts that play first.
    """
    d = Dice(*dice_pair(dice))
    plays = list(pos.legal_plays(d))
    texts = [pos.format_play(p) for p in plays]
    stripped = " ".join(typed.lower().split())
    if not plays[0].moves:
        return texts if any(w.startswith(stripped) for w in PASS_WORDS) else []
    words = plain_words(typed)
    if words is None:
        return []
    if not words:
        return texts
    exact = _exact(pos, d, typed)
    complete = words if typed[-1:].isspace() else words[:-1]
    partial = None if typed[-1:].isspace() else words[-1]
    reachable = _reachable(pos, d, complete)
    if reachable is None:
        return [] if exact is None else [exact]
    out = []
    for play, text in zip(plays, texts, strict=True):
        if (play.result.board, play.result.bar) not in reachable:
            continue
        if partial is not None and not any(w.startswith(partial) for w in _forms(pos, play, text)):
            continue
        out.append(text)
    if exact is not None:
        out = [exact, *(t for t in out if t != exact)]
    return out


def _exact(pos: Position, dice: Dice, typed: str) -> str | None:
    try:
        return pos.format_play(parse_play(pos, dice, typed))
    except PlayError:
        return None


def _reachable(pos: Position, dice: Dice, words: Sequence[str]) -> set | None:
    """Every ``(board, bar)`` reached by making the moves of ``words`` along with any others the dice
    allow, in any order; ``None`` when the words are not moves that can be made together."""
    all_dice = tuple(dice.moves_of(pos.variant))
    try:
        steps = parse_steps(pos, " ".join(words)) if words else []
    except PlayError:
        return None
    if len(steps) > len(all_dice):
        return None
    n = pos.variant.points
    player = pos.turn
    seen: set = set()
    out: set = set()

    def search(p: Position, todo: tuple, left: tuple[int, ...]) -> None:
        key = (p.board, p.bar, todo, left)
        if key in seen:
            return
        seen.add(key)
        if not todo:
            out.add((p.board, p.bar))
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            rest_t = tuple(rest)
            for move, nxt in p.single_moves(die):
                search(nxt, todo, rest_t)  # a move the words leave open
                k_new = n + 1 if move.dst == OFF else path_of_abs(p, player, move.dst)
                for i, (cur, dst) in enumerate(todo):
                    src = BAR if cur == 0 else abs_point(p, player, cur)
                    if move.src != src or k_new > dst:
                        continue
                    remaining = todo[:i] + todo[i + 1 :]
                    if k_new < dst:
                        remaining = tuple(sorted((*remaining, (k_new, dst))))
                    search(nxt, remaining, rest_t)

    search(pos, tuple(sorted(steps)), all_dice)
    return out or None


def _forms(pos: Position, play: PlayLike, text: str) -> set[str]:
    """The words a player may type for ``play``'s moves, without ``*``: the short form's words, the
    single moves, and both with the bar as 25 and off as 0."""
    words = [w.replace("*", "") for w in (*text.split(), *format_moves(pos, play.moves))]
    plain = [w.replace("bar", "25").replace("off", "0") for w in words]
    return set(words) | set(plain)


__all__ = [
    "PASS_WORDS",
    "format_move",
    "format_moves",
    "format_play",
    "matching_plays",
    "move_chains",
    "parse_play",
    "parse_steps",
    "point_label",
    "standard_form",
]
