"""Read .mat files with GNU Backgammon's own importer, for tests/engine/test_mat_post_crawford.py.

Run inside gnubg's embedded Python (Debian package ``gnubg``) from the repository's root, with the files
in ``MAT_FILES`` (separated by ``:``)::

    MAT_FILES=a.mat:b.mat /usr/games/gnubg -t -q -p tests/engine/gnubg_mat_import.py < /dev/null

It prints one line ``GNUBG-MAT-IMPORT {json}``: for each file, each game as gnubg read it (the score
at its start, player 0 first, the winner, the points won and the cube actions). Nothing here uses this
project's engine.
"""

import json
import os

import gnubg  # only inside gnubg

CUBE_ACTIONS = ("double", "take", "drop")
PLAYER = {"X": 0, "O": 1}  # X is the first name of the file, the left column: our player 0


def main():
    gnubg.command("set display off")
    files = []
    for path in os.environ["MAT_FILES"].split(":"):
        gnubg.command(f"import mat {path}")
        match = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
        games = []
        for game in match["games"]:
            info = game["info"]
            games.append(
                {
                    "score": [info["score-X"], info["score-O"]],
                    "winner": PLAYER.get(info["winner"]),
                    "points": info["points-won"],
                    "cube": [
                        [PLAYER[action["player"]], action["action"]]
                        for action in game["game"]
                        if action["action"] in CUBE_ACTIONS
                    ],
                }
            )
        files.append({"path": path, "games": games})
    print("GNUBG-MAT-IMPORT " + json.dumps(files))


main()
