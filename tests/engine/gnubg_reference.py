"""Reference data from GNU Backgammon, an independent engine: every legal play for backgammon positions.

Run it inside gnubg's embedded Python (Debian package ``gnubg``)::

    /usr/games/gnubg -t -q -p tests/engine/gnubg_reference.py < /dev/null

It prints one line ``GNUBG-REFERENCE {json}`` (gnubg prints its banner around it) with, for the opening
position and for a fixed list of other positions (bar, bear-off, doubles and seeded random ones), the
moves gnubg lists for each of the 21 rolls, and gnubg's Position ID of each position.

How the plays are listed: both players are set to "human" so gnubg never moves by itself; each position
is set with ``set board <ID>`` and the roll with ``set dice``; ``gnubg.hint(maxmoves)`` with 0-ply
chequer-play evaluation returns every legal play once (gnubg generates the distinct resulting positions
of the plays that use the most dice; at 0 plies no move filter prunes the list), each written in
standard notation (``24/18 13/11*``, ``8/5(2)``, ``bar/22``, ``6/off``) in the numbering of the player on
roll. A roll with no legal play gives an empty list.

Boards are gnubg's: two lists of 25 counts, ``[player not on roll, player on roll]``, index ``i`` is that
player's own point ``i + 1`` and index 24 the bar. ``tests/engine/test_gnubg.py`` turns them into this
engine's absolute coordinates on its own and compares. The committed output lives in
``tests/data/gnubg_opening_counts.json`` (the opening) and ``tests/data/gnubg_positions.json`` (the others);
regenerate both with ``python -m tests.engine.gnubg_data --write``.
"""

import json
import random

import gnubg  # only inside gnubg

ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]  # 6-6, 6-5, ..., 1-1

OPENING = [
    [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
    [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
]


def board(mine, theirs, my_bar=0, their_bar=0):
    """A gnubg board from ``{own point: count}`` for the player on roll (``mine``) and the other."""
    on_roll = [0] * 25
    other = [0] * 25
    for point, n in mine.items():
        on_roll[point - 1] = n
    for point, n in theirs.items():
        other[point - 1] = n
    on_roll[24] = my_bar
    other[24] = their_bar
    for i in range(24):  # the on-roll player's point i + 1 is the other's point 24 - i
        if on_roll[i] and other[23 - i]:
            raise ValueError(f"both players on the on-roll player's point {i + 1}")
    if sum(on_roll) > 15 or sum(other) > 15:
        raise ValueError("more than 15 checkers")
    return [other, on_roll]


NAMED = [
    # Two on the bar against a 3-point board (the opponent holds their 1, 2 and 3 points).
    (
        "bar-two-against-three-points",
        board({6: 4, 8: 3, 13: 4, 21: 2}, {1: 2, 2: 2, 3: 2, 6: 3, 8: 3, 13: 3}, 2),
    ),
    # One on the bar, the opponent's home board open only on their 5 point.
    ("bar-one-against-five-points", board({6: 5, 8: 4, 13: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 6: 3, 13: 4}, 1)),
    # Bearing off with a gap on the 4 point and an opponent blot there.
    ("bear-off-with-blot", board({6: 2, 5: 3, 3: 4, 2: 2, 1: 1}, {21: 1, 12: 4, 8: 5, 6: 5})),
    # The last four checkers: overshoots from the highest point.
    ("bear-off-last-four", board({3: 1, 2: 2, 1: 1}, {13: 5, 8: 5, 6: 5})),
    # One checker outside the home board: no bearing off until it comes in.
    ("bear-off-one-outside", board({9: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {24: 2, 13: 5, 8: 3, 6: 5})),
    # A back checker behind a five-point prime: often only one die (the higher-die rule).
    ("behind-a-prime", board({24: 1, 6: 5, 5: 5, 4: 4}, {7: 2, 6: 2, 5: 2, 4: 2, 3: 2, 13: 5})),
    # A middle game with blots on both sides (hits everywhere).
    (
        "middle-game-blots",
        board(
            {24: 1, 22: 1, 13: 4, 10: 1, 8: 2, 6: 4, 5: 1, 3: 1},
            {24: 2, 18: 1, 13: 4, 9: 1, 8: 2, 6: 4, 4: 1},
        ),
    ),
    # A race (no contact): many plays with doubles.
    ("race", board({11: 2, 9: 2, 8: 3, 6: 3, 5: 3, 4: 2}, {12: 2, 10: 2, 8: 3, 6: 3, 5: 3, 3: 2})),
]


def random_board(rng, kind):
    """A random legal board; ``kind``: ``any``, ``home`` (the player on roll bears off) or ``bar``."""
    while True:
        on_roll = [0] * 25
        other = [0] * 25
        if kind == "home":
            mine = rng.randint(3, 15)
            spots = list(range(6))
        else:
            mine = 15 - rng.randint(0, 3)
            spots = list(range(24))
        if kind == "bar":
            on_roll[24] = rng.randint(1, 3)
        chosen = rng.sample(spots, rng.randint(1, min(6, len(spots))))
        for _ in range(mine - on_roll[24]):
            on_roll[rng.choice(chosen)] += 1
        theirs = 15 - rng.randint(0, 4)
        other[24] = rng.randint(0, 1)
        free = [i for i in range(24) if on_roll[23 - i] == 0]
        chosen = rng.sample(free, min(len(free), rng.randint(2, 7)))
        for _ in range(theirs - other[24]):
            other[rng.choice(chosen)] += 1
        if all(not (on_roll[i] and other[23 - i]) for i in range(24)):
            return [other, on_roll]


def random_positions(seed=20261121, count=24):
    rng = random.Random(seed)
    kinds = ["any", "home", "bar"]
    return [(f"random-{i}-{kinds[i % 3]}", random_board(rng, kinds[i % 3])) for i in range(count)]


def plays_for(board_, roll):
    gnubg.command("set board " + gnubg.positionid(board_))
    gnubg.command("set dice {}{}".format(*roll))
    try:
        hint = gnubg.hint(100000)
    except Exception as exc:  # gnubg raises when there is nothing to hint (no legal move)
        if "no legal" in str(exc).lower() or "no moves" in str(exc).lower():
            return []
        raise
    return [entry["move"] for entry in hint["hint"]]


def main():
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set automatic roll off")
    gnubg.command("new game")
    gnubg.command("set evaluation chequerplay evaluation plies 0")
    out = {
        "opening": {
            "board": OPENING,
            "position_id": gnubg.positionid(OPENING),
            "plays": {f"{a}{b}": plays_for(OPENING, (a, b)) for a, b in ROLLS},
        },
        "positions": [],
    }
    for name, b in NAMED + random_positions():
        out["positions"].append(
            {
                "name": name,
                "board": b,
                "position_id": gnubg.positionid(b),
                "plays": {f"{x}{y}": plays_for(b, (x, y)) for x, y in ROLLS},
            }
        )
    print("GNUBG-REFERENCE " + json.dumps(out, sort_keys=True))


main()
