"""Reference Match IDs (and a .mat file) from GNU Backgammon itself, for tests/engine/test_match_id.py
and tests/engine/test_mat.py.

Run it inside gnubg's embedded Python (Debian package ``gnubg``) from the repository's root::

    /usr/games/gnubg -t -q -p tests/engine/gnubg_match_reference.py < /dev/null

or regenerate the committed files with ``python -m tests.engine.gnubg_match_data --write``. It prints one
line ``GNUBG-MATCH-REFERENCE {json}`` and writes gnubg's own .mat export of each session it plays to
``tests/data/gnubg_session_N.mat`` (N from 1; the money session is written as gnubg writes one).
Nothing here uses this project's engine.

- ``fields``: gnubg's encoder on its own (``gnubg.matchid(cubeinfo, posinfo)``) for seeded random field
  values and the corners (every cube, owner, game state, resignation, dice, the longest match).
- ``sessions``: whole matches (and a money session) that gnubg plays with both seats "human": each
  step is one command typed to gnubg (``roll``, a move in gnubg's notation, ``double``, ``take``,
  ``drop``, ``resign N``, ``accept``, ``reject``, ``new game``) and what gnubg shows after it: the
  Match ID, the Position ID, the dice and the player on roll. Moves are gnubg's best at 0 ply; cube
  and resignation decisions are drawn from a seeded random generator so that every state occurs.
"""

import json
import os
import random

import gnubg  # only inside gnubg

C = gnubg.command
MAT_FILES = os.environ.get("GNUBG_MAT_DIR", "tests/data") + "/gnubg_session_{}.mat"


def setup():
    for command in (
        "set player 0 human",
        "set player 1 human",
        "set display off",
        "set automatic roll off",
        "set automatic game off",
        "set automatic bearoff off",
        "set automatic move off",
        "set automatic crawford on",
        "set jacoby on",
        "set evaluation chequerplay evaluation plies 0",
        "set rng mersenne",
        "set seed 31",
    ):
        C(command)


def field_cases(rng):
    cases = []
    for cube_log in range(13):
        cases.append({"cube": 1 << cube_log, "cubeowner": rng.choice([-1, 0, 1]) if cube_log else -1})
    for _ in range(300):
        cases.append({"cube": 1 << rng.randint(0, 12), "cubeowner": rng.choice([-1, 0, 1])})
    out = []
    for base in cases:
        length = rng.choice([0, 0, 1, 3, 5, 7, 11, 25, rng.randint(1, 64)])
        score = (rng.randint(0, max(0, length - 1)), rng.randint(0, max(0, length - 1))) if length else (0, 0)
        crawford = int(bool(length) and rng.random() < 0.3)
        dice = rng.choice([(0, 0), (rng.randint(1, 6), rng.randint(1, 6))])
        cubeinfo = {
            "cube": base["cube"],
            "cubeowner": base["cubeowner"],
            "move": rng.randint(0, 1),
            "matchto": length,
            "score": score,
            "crawford": crawford,
            "jacoby": int(not length and rng.random() < 0.5),
        }
        posinfo = {
            "dice": dice,
            "turn": rng.randint(0, 1),
            "resigned": rng.randint(0, 3),
            "doubled": rng.randint(0, 1),
            "gamestate": rng.randint(0, 4),
        }
        out.append({"cubeinfo": cubeinfo, "posinfo": posinfo, "match_id": gnubg.matchid(cubeinfo, posinfo)})
    return out


def state():
    """What gnubg shows now (its cube info cannot be had once the match is over)."""
    info = gnubg.posinfo()
    return {
        "match_id": gnubg.matchid(),
        "position_id": gnubg.positionid(),
        "dice": list(info["dice"]),
        "turn": info["turn"],
        "game_state": info["gamestate"],
    }


def most_at_stake():
    """What the game can still cost the player on roll (RULES.md, which allows no larger offer):
    1 once a checker is off, 3 with one on the bar or in the opponent's home board, else 2."""
    mine = gnubg.board()[1]  # [own point 1..24, bar]
    if sum(mine) < 15:
        return 1
    return 3 if mine[24] or any(mine[18:24]) else 2


def play_session(rng, start, games_cap=30):
    """Play a session to its end (or ``games_cap`` games) and return its steps."""
    steps = []

    def do(command):
        C(command)
        steps.append({"do": command, **state()})

    do(start)
    games = 1
    resigned_this_game = False
    while True:
        info = gnubg.posinfo()
        gs = info["gamestate"]
        if gs != 1:  # the game is over
            match = gnubg.match()
            length = match["match-info"]["match-length"]
            over = (length and match["match-info"]["result"]) or (not length and games >= 3)
            if over or games >= games_cap:
                return steps
            do("new game")
            if steps[-1]["game_state"] != 1:  # gnubg refuses: the match is over
                steps.pop()
                return steps
            games += 1
            resigned_this_game = False
            continue
        if info["resigned"]:
            do("accept" if rng.random() < 0.5 else "reject")
            continue
        if info["doubled"]:
            do("take" if rng.random() < 0.6 else "drop")
            continue
        if info["dice"][0] == 0:
            cube = gnubg.cubeinfo()
            # no double in the Crawford game, else whatever the score (post-Crawford, past what the
            # leader needs: RULES.md), up to gnubg's 4096; but gnubg refuses a double by a player whose
            # win at the cube as it is already wins the match ("the cube is dead"), so none is tried
            need = cube["matchto"] - cube["score"][cube["move"]] if cube["matchto"] else 4096
            may = not cube["crawford"] and cube["cubeowner"] in (-1, cube["move"]) and cube["cube"] < need
            if may and rng.random() < 0.05:
                do("double")
            else:
                do("roll")
                # a roll that cannot be played passes at once: the dice are then only in the record
                steps[-1]["rolled"] = list(gnubg.match()["games"][-1]["game"][-1]["dice"])
            continue
        if not resigned_this_game and rng.random() < 0.015:
            resigned_this_game = True
            do(f"resign {rng.choice(['single', 'gammon', 'backgammon'][: most_at_stake()])}")
            continue
        best = gnubg.findbestmove()
        text = gnubg.movetupletostring(best, gnubg.board()) if best else ""
        do(text if text else "move")


def main():
    setup()
    rng = random.Random(31)
    data = {"fields": field_cases(rng), "sessions": []}
    starts = ("new match 5", "new match 3", "new session", "new match 7", "new match 9", "new match 2")
    for number, start in enumerate(starts, 1):
        data["sessions"].append(
            {"start": start, "steps": play_session(rng, start), "mat": MAT_FILES.format(number)}
        )
        C("export match mat " + MAT_FILES.format(number))
    print("GNUBG-MATCH-REFERENCE " + json.dumps(data, separators=(",", ":")))


main()
