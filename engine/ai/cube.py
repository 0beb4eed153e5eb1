"""Doubling-cube decisions for backgammon: when to double, take or drop, and resignations.

The method (money-play thresholds; the engine itself enforces what is allowed: ``may_double``, the
Crawford game, a cube never past what the leader needs):

**Races** (no contact left) use the **Keith count**: each side's pip count, plus 2 for each checker
beyond one on the 1-point, 1 for each beyond one on the 2-point, 1 for each beyond three on the
3-point, and 1 for each empty 4-, 5- or 6-point; the count of the player on roll is then increased
by a seventh. The player on roll doubles when their count exceeds the opponent's by no more than 4
(redoubles: no more than 3); the opponent takes when the doubler's count exceeds theirs by at least 2.

**Contact** positions use the evaluation's probabilities for the player on roll (the average over
their 21 rolls of the best play's win, gammon and equity estimates): with the cubeless equity
``E = P(win) - P(lose) + P(win gammon) - P(lose gammon)`` (gammons at 2 points, and backgammons
counted as gammons),

- double when ``E >= 0.36`` (centred cube; ``0.40`` to redouble), i.e. at about 68% (70%) to win
  when there are no gammons, the classic opening of the doubling window with a live cube;
- but not when too good: when ``E >= 1.0`` playing on for the gammon is worth more than the point
  a drop would give;
- take when the taker's equity, doubled, is better than losing one point: ``E_taker >= -0.5``,
  which is 25% to win (the doubler at most 75%) without gammons.

**Matches**: after the Crawford game the trailer doubles at once (the leader's drop would cost
nothing). **Resignations** are accepted when the offer (1, 2 or 3 points times the cube) is at
least what playing on is expected to win.
"""

from __future__ import annotations

from engine.ai import search
from engine.ai.bg import BgEval, Probs
from engine.game import Game
from engine.position import Position

DOUBLE_AT = 0.36
REDOUBLE_AT = 0.40
TOO_GOOD_AT = 1.0
TAKE_AT = -0.5


def keith_count(pos: Position, player: int, ev: BgEval) -> float:
    """``player``'s Keith count (before the on-roll seventh)."""
    c = ev.counts_by_distance(pos, player)
    pips = sum(d * k for d, k in enumerate(c))
    extra = 2 * max(0, c[1] - 1) + max(0, c[2] - 1) + max(0, c[3] - 3)
    extra += sum(1 for d in (4, 5, 6) if c[d] == 0)
    return pips + extra


def on_roll(pos: Position, player: int, ev: BgEval) -> Probs:
    """``player``'s chances with ``player`` about to roll: the best play's, averaged over the rolls."""
    mine = search.to_move(pos, player)
    win = gammon = lose = equity = 0.0
    for dice, w in search.ROLLS:
        best = max((ev.probs(p.result, player) for p in mine.legal_plays(dice)), key=lambda pr: pr.equity)
        win += w * best.win
        gammon += w * best.gammon
        lose += w * best.lose_gammon
        equity += w * best.equity
    return Probs(win, gammon, lose, equity)


def _trailer_post_crawford(game: Game, player: int) -> bool:
    m = game.match
    if m.target <= 0 or m.crawford:
        return False
    opp = 1 - player
    return m.needs(opp) == 1 and m.needs(player) > 1


def wants_to_double(game: Game, ev: BgEval) -> bool:
    if not game.may_double():
        return False
    me = game.turn
    if _trailer_post_crawford(game, me):
        return True
    if game.match.target > 0 and game.match.needs(1 - me) == 1:
        return False
    pos = game.position
    redouble = game.cube_owner == me
    if not ev.contact(pos):
        mine = keith_count(pos, me, ev) * 8 / 7
        theirs = keith_count(pos, 1 - me, ev)
        return mine - theirs <= (3 if redouble else 4)
    probs = on_roll(pos, me, ev)
    if probs.equity >= TOO_GOOD_AT:
        return False
    return probs.equity >= (REDOUBLE_AT if redouble else DOUBLE_AT)


def accepts_double(game: Game, ev: BgEval) -> bool:
    doubler = game.turn
    taker = 1 - doubler
    if _trailer_post_crawford(game, doubler):
        return True  # the leader takes the trailer's automatic double
    pos = game.position
    if not ev.contact(pos):
        theirs = keith_count(pos, doubler, ev) * 8 / 7
        mine = keith_count(pos, taker, ev)
        return theirs - mine >= 2
    probs = on_roll(pos, doubler, ev)
    return -probs.equity >= TAKE_AT


def accepts_resignation(game: Game, ev: BgEval) -> bool:
    if game.resign_offer is None:
        return False
    resigner, level = game.resign_offer
    me = 1 - resigner
    pos = game.position
    if pos.turn == me:
        expected = on_roll(pos, me, ev).equity
    else:
        expected = -on_roll(pos, resigner, ev).equity
    return level >= expected - 0.02
