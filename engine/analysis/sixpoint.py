"""Post-game analysis of the two-player 6-point games, in winning chances.

The numbers come from the solved game's **exact table** when one is available, and from the
``hard`` level's evaluation until then (labelled approximate). A table is anything with
``win(position) -> float``: the chance that the player to move in ``position`` wins, before rolling
(:class:`WinTable`). It is found by :func:`exact_table`: one registered with :func:`register_exact`,
else the solver's :func:`engine.solve.win_table` (``None`` while no table is installed; it never
builds one on the spot).

A play's value is the mover's chance to win after it; its loss is the best play's value minus its
own. With the table that is exact; with ``hard`` it is the calibrated chance of ``hard``'s one-roll
look-ahead (the hints' numbers). A roll's luck is the best value of that roll against the average
roll (with ``hard``: on its static evaluation, as gnubg does at 0 ply). With the exact table, a
resignation (the game given up at once) is a decision too: it loses the chance to win that playing on had.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Protocol

from engine import solve
from engine.ai import search
from engine.ai.sixpoint import SixPointEval, hint_win
from engine.analysis.model import ChancePoint, Decision, GameAnalysis, Review, Source, Unit
from engine.analysis.rating import rating
from engine.analysis.walk import luck, summarise
from engine.events import Event, EventKind
from engine.game import Game
from engine.position import Dice, Position
from engine.replay import states
from engine.scoring import MatchContext
from engine.variants import Variant, find_variant


class WinTable(Protocol):
    def win(self, pos: Position) -> float: ...


_EXACT: dict[str, WinTable] = {}


def register_exact(variant: str | Variant, table: WinTable | None) -> None:
    """Use ``table`` for ``variant``'s analyses from now on (``None``: forget it)."""
    name = find_variant(variant).name
    if table is None:
        _EXACT.pop(name, None)
    else:
        _EXACT[name] = table


def exact_table(variant: str | Variant) -> WinTable | None:
    """The exact table of ``variant`` if one is registered or the solver has one ready."""
    v = find_variant(variant)
    if v.name in _EXACT:
        return _EXACT[v.name]
    return solve.win_table(v)


@cache
def _hard_evaluation(v: Variant) -> SixPointEval:
    return SixPointEval(v)  # the hard level's whole model


Valuer = Callable[[Position, int, bool], float]
"""``(position just played to, mover, deep)`` -> the mover's chance to win."""


def _valuers(v: Variant) -> tuple[Valuer, Source]:
    table = exact_table(v)
    n = v.checkers
    if table is not None:

        def exact(pos: Position, mover: int, deep: bool) -> float:
            if pos.off[mover] == n:
                return 1.0
            return 1.0 - table.win(search.to_move(pos, 1 - mover))

        return exact, Source.EXACT
    ev = _hard_evaluation(v)

    def hard(pos: Position, mover: int, deep: bool) -> float:
        return hint_win(v.name, search.value_after(pos, mover, ev, 1 if deep else 0))

    return hard, Source.HARD


def analyse(variant: str, events: Sequence[Event], match: MatchContext | None = None) -> GameAnalysis:
    """The analysis of the 6-point game recorded in ``events``."""
    v = find_variant(variant)
    value, source = _valuers(v)
    reviews: list[Review] = []
    series = [ChancePoint(0, (0.5, 0.5))]
    turn = 0
    table = exact_table(v) if source is Source.EXACT else None
    for index, event, game in states(v, events, match):
        if event.kind is EventKind.RESIGN and table is not None:
            reviews.append(_resign_review(index, turn + 1, game, event.player, value, table))
        if event.kind is not EventKind.PLAY:
            continue
        turn += 1
        review, after = _review(index, turn, game, event, value)
        reviews.append(review)
        series.append(ChancePoint(turn, (after, 1.0 - after) if game.turn == 0 else (1.0 - after, after)))
    # gnubg's scale is in equity: twice the winning chance lost
    players = summarise(2, reviews, lambda lost: rating(2.0 * lost), Unit.WIN_CHANCE.least)
    exact = source is Source.EXACT
    return GameAnalysis(v.name, source, Unit.WIN_CHANCE, not exact, players, tuple(reviews), tuple(series))


def _review(index: int, turn: int, game: Game, event: Event, value: Valuer) -> tuple[Review, float]:
    pos, mover = game.position, game.turn
    assert game.dice is not None
    legal = game.legal_plays()
    play = pos.parse_play(game.dice, " ".join(event.moves)) if event.moves else legal[0]
    forced = len(legal) == 1
    values = [(value(p.result, mover, True), i) for i, p in enumerate(legal)]
    played = next(val for val, i in values if legal[i] is play or legal[i].result == play.result)
    best_value, best_i = max(values, key=lambda t: (t[0], -t[1]))
    luck = _luck(pos, game.dice, mover, value, first=turn == 1)
    review = Review(
        index,
        turn,
        mover,
        Decision.PLAY,
        pos,
        game.dice,
        pos.format_play(play),
        pos.format_play(legal[best_i]),
        max(0.0, best_value - played),
        luck,
        forced,
    )
    return review, played


def _luck(pos: Position, dice: Dice, mover: int, value: Valuer, *, first: bool) -> float:
    def best(d: Dice) -> float:
        return max(value(p.result, mover, False) for p in pos.legal_plays(d))

    return luck(best, dice, first=first)


def _resign_review(
    index: int, turn: int, game: Game, resigner: int, value: Valuer, table: WinTable
) -> Review:
    """Giving the game up, against playing on: the resigner's exact chance to win from here is lost."""
    pos = game.position
    if game.dice is not None:  # the mover's best play of the roll, then the other's turn
        mover = game.turn
        best = max(value(p.result, mover, True) for p in game.legal_plays())
        chance = best if mover == resigner else 1.0 - best
    else:
        on_roll = table.win(search.to_move(pos, game.turn))
        chance = on_roll if game.turn == resigner else 1.0 - on_roll
    best_words = "play on" if chance > 0 else "resign"
    return Review(index, turn, resigner, Decision.RESIGN, pos, None, "resign", best_words, chance)
