"""Reference cube decisions in match play from GNU Backgammon itself, for
tests/engine/ai/test_cube_gnubg.py: after the Crawford game (the trailer on roll, and the leader), in
the Crawford game, and with a cube already past what the leader needs.

Run it inside gnubg's embedded Python (Debian package ``gnubg``) from the repository's root::

    /usr/games/gnubg -t -q -p tests/engine/gnubg_cube_reference.py < /dev/null

or regenerate the committed file with ``python -m tests.engine.gnubg_cube_data --write``. It prints one
line ``GNUBG-CUBE-REFERENCE {json}``. The boards are gnubg's own: the opening and those of
``tests/data/gnubg_positions.json`` (written by gnubg, see tests/engine/gnubg_reference.py). For each
board and case gnubg's ``cfevaluate`` gives, at 0 ply (the nets alone, as the ``hard`` level plays),
the cubeful equities of the player on roll (player 0, board ``[not on roll, on roll]``), normalised
to the cube as it is: the best action's, no double, double/take, double/pass, each also as a match
winning chance, and gnubg's words for the right action. Nothing here uses this project's engine.
"""

import json

import gnubg  # only inside gnubg

MATCH = 9
# (name, score of player 0 = the player on roll, score of player 1, crawford, cube, cube owner)
CASES = [(f"post-crawford-trailer-{n}-away", MATCH - n, MATCH - 1, 0, 1, -1) for n in (2, 3, 4, 5, 6, 7)]
CASES += [
    ("post-crawford-leader", MATCH - 1, MATCH - 3, 0, 1, -1),
    ("crawford-game-trailer", MATCH - 4, MATCH - 1, 1, 1, -1),
    # the roller owns a cube of 2 and may redouble past the 2 points the leader needs
    ("redouble-past-the-leader-4-away-2-away", MATCH - 4, MATCH - 2, 0, 2, 0),
    ("redouble-past-the-leader-6-away-3-away", MATCH - 6, MATCH - 3, 0, 2, 0),
]
EVAL = {"cubeful": 1, "plies": 0, "deterministic": 1, "noise": 0.0}
BOARD_NAMES = (
    "bar-two-against-three-points",
    "bar-one-against-five-points",
    "bear-off-one-outside",
    "behind-a-prime",
    "middle-game-blots",
    "race",
    "random-1-home",
    "random-3-any",
    "random-11-bar",
    "random-17-bar",
    "random-19-home",
    "random-21-any",
)


def boards():
    yield "opening", [list(side) for side in gnubg.positionfromid("4HPwATDgc/ABMA")]
    with open("tests/data/gnubg_positions.json") as f:
        positions = {p["name"]: p["board"] for p in json.load(f)["positions"]}
    for name in BOARD_NAMES:
        yield name, positions[name]


def main():
    gnubg.command("set display off")
    out = []
    for board_name, board in boards():
        for name, score0, score1, crawford, cube, owner in CASES:
            info = gnubg.cubeinfo(cube, owner, 0, MATCH, (score0, score1), crawford, 0)
            best, no_double, take, drop, code, words = gnubg.cfevaluate(board, info, EVAL)
            equities = {"best": best, "no_double": no_double, "double_take": take, "double_pass": drop}
            out.append(
                {
                    "board_name": board_name,
                    "case": name,
                    "board": board,
                    "position_id": gnubg.positionid(board),
                    "match": MATCH,
                    "score": [score0, score1],
                    "crawford": bool(crawford),
                    "cube": cube,
                    "cube_owner": None if owner < 0 else owner,
                    "equity": equities,
                    "mwc": {k: gnubg.eq2mwc(v, info) for k, v in equities.items()},
                    "action": words,
                    "action_code": code,
                }
            )
    print("GNUBG-CUBE-REFERENCE " + json.dumps({"plies": EVAL["plies"], "cases": out}))


main()
