"""Tesauro's public evaluation function ("pubeval", IBM Research, 1993) for backgammon.

A linear move-ranking score of the position *after* a play, from the mover's side, with separate
weight vectors for contact and race positions. Its 122 inputs, for each of the mover's points 24
down to 1 (five inputs per point): an opposing blot; one own checker; two or more; exactly three;
``(n - 3) / 2`` for four or more; then the opponents on the bar (count / 2) and the mover's checkers
borne off (count / 15). The weights below are the ones Tesauro published for benchmarking; the code
is ours, on our coordinates. Scores only compare plays from the same position; the calibrated
probabilities are in :mod:`engine.ai.bg`.
"""

from __future__ import annotations

from functools import cache

from engine.position import Position
from engine.variants import Variant

# fmt: off
RACE_WEIGHTS = (
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375, -1.05121, 0.07217, -0.01351,
    0.00000, -1.29506, -2.16183, 0.13246, -1.03508, 0.00000, -2.29847, -2.34631, 0.17253, 0.08302,
    0.00000, -1.27266, -2.87401, -0.07456, -0.34240, 0.00000, -1.34640, -2.46556, -0.13022, -0.01591,
    0.00000, 0.27448, 0.60015, 0.48302, 0.25236, 0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
    0.00000, 0.24855, -0.06844, -0.37646, 0.05685, 0.00000, 0.17405, 0.00430, 0.74427, 0.00576,
    0.00000, 0.12392, 0.31202, -0.91035, -0.16270, 0.00000, 0.01418, -0.10839, -0.02781, -0.88035,
    0.00000, 1.07274, 2.00366, 1.16242, 0.22520, 0.00000, 0.85631, 1.06349, 1.49549, 0.18966,
    0.00000, 0.37183, -0.50352, -0.14818, 0.12039, 0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
    0.00000, -0.22082, 0.20178, -0.06285, -0.52728, 0.00000, -0.13597, -0.19412, -0.09308, -1.26062,
    0.00000, 3.05454, 5.16874, 1.50680, 5.35000, 0.00000, 2.19605, 3.85390, 0.88296, 2.30052,
    0.00000, 0.92321, 1.08744, -0.11696, -0.78560, 0.00000, -0.09795, -0.83050, -1.09167, -4.94251,
    0.00000, -1.00316, -3.66465, -2.56906, -9.67677, 0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
    0.00000, 3.42040,
)
CONTACT_WEIGHTS = (
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654, -0.92830, -1.99558,
    -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.59220, -0.73667, 0.89032, -0.38933, -1.59847,
    -1.50197, -0.60966, 1.56166, -0.47389, -1.80390, -0.83425, -0.97741, -1.41371, 0.24500, 0.10970,
    -1.36476, -1.05572, 1.15420, 0.11069, -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
    -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363, 1.06169, -0.21329, 0.04798,
    -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882, -0.13658, 1.78389, 0.30416, 0.36797,
    -0.69851, 0.13003, 1.23070, 0.40868, -0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429,
    -0.80789, 0.08240, 1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
    -0.90750, 0.05941, 1.83120, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983, 0.52698, 0.82132,
    -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276, -0.36214, 4.37655, 0.45481, 0.21746,
    0.10504, -0.61977, 3.54001, 0.04612, -0.18108, 0.63211, -0.87046, 2.47673, -0.48016, -1.27157,
    0.86505, -1.11342, 1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
    5.62596, -2.75800,
)
# fmt: on

WIN_SCORE = 99999999.0
"""The score of a play that bears off the last checker (pubeval's convention)."""


def _point_table(weights: tuple[float, ...]) -> tuple[tuple[float, ...], ...]:
    """For each block (mover's point 24 → block 0 ... point 1 → block 23), the score of
    a signed count on that point: index ``16 + n`` for ``n`` in -15..15 (own checkers positive)."""
    out = []
    for block in range(24):
        w = weights[5 * block : 5 * block + 5]
        row = []
        for n in range(-16, 16):
            if n == -1:
                s = w[0]
            elif n == 1:
                s = w[1]
            elif n >= 2:
                s = w[2] + (w[3] if n == 3 else 0.0) + (w[4] * (n - 3) / 2 if n >= 4 else 0.0)
            else:
                s = 0.0
            row.append(s)
        out.append(tuple(row))
    return tuple(out)


_RACE_TABLE = _point_table(RACE_WEIGHTS)
_CONTACT_TABLE = _point_table(CONTACT_WEIGHTS)


@cache
def _blocks(variant: Variant, mover: int) -> tuple[int, ...]:
    """The pubeval block of each board index, for ``mover`` (block = 24 - the mover's point number)."""
    n = variant.points
    out = []
    for idx in range(n):
        own_number = n - idx if variant.directions[mover] > 0 else idx + 1
        out.append(24 - own_number)
    return tuple(out)


def pubeval(pos: Position, mover: int, race: bool) -> float:
    """Tesauro's score of ``pos`` (just played by ``mover``); ``race`` chooses the weight set and
    should describe the position *before* the play, as pubeval prescribes."""
    v = pos.variant
    if pos.off[mover] == v.checkers:
        return WIN_SCORE
    table = _RACE_TABLE if race else _CONTACT_TABLE
    weights = RACE_WEIGHTS if race else CONTACT_WEIGHTS
    blocks = _blocks(v, mover)
    score = 0.0
    for idx, val in enumerate(pos.board):
        if val:
            n = val >> 2 if (val & 3) == mover else -(val >> 2)
            score += table[blocks[idx]][16 + n]
    return score + weights[120] * pos.bar[1 - mover] / 2 + weights[121] * pos.off[mover] / 15


def pubeval_both(pos: Position, mover: int, race: bool) -> tuple[float, float]:
    """``(pubeval(pos, mover, race), pubeval(pos, opponent, race))`` in one pass over the board."""
    v = pos.variant
    opp = 1 - mover
    table = _RACE_TABLE if race else _CONTACT_TABLE
    weights = RACE_WEIGHTS if race else CONTACT_WEIGHTS
    blocks = _blocks(v, mover)
    mine = theirs = 0.0
    for idx, val in enumerate(pos.board):
        if val:
            n = val >> 2 if (val & 3) == mover else -(val >> 2)
            b = blocks[idx]
            mine += table[b][16 + n]
            theirs += table[23 - b][16 - n]
    mine += weights[120] * pos.bar[opp] / 2 + weights[121] * pos.off[mover] / 15
    theirs += weights[120] * pos.bar[mover] / 2 + weights[121] * pos.off[opp] / 15
    if pos.off[mover] == v.checkers:
        mine = WIN_SCORE
    if pos.off[opp] == v.checkers:
        theirs = WIN_SCORE
    return mine, theirs
