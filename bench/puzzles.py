"""How long the bot takes to grade a puzzle's answer: ``python -m bench.puzzles --answers 200``.

Through the core, as ``/minigam puzzle answer`` and a menu's click do, on a fresh database (SQLite, or
``--database`` a PostgreSQL URL): for each family, puzzles are served (not timed) and answered (timed:
reading the attempt and the puzzle, grading by look-up, both Glicko-2 ratings moved, the answer and the
ratings stored in one transaction, the graded card built), half of them with the best answer, half with
the worst. Then the time to draw the graded card's board (the best play drawn) in this process. Printed
per family: the median, 90th percentile and largest time to grade, and the drawing's median.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bot.clock import FakeClock
from bot.core import Core
from bot.core.notices import PuzzleCard
from bot.core.puzzles.finding import shipped_index
from bot.models import PlayerRef
from bot.store import open_store
from bot.store.protocol_puzzles import PuzzleMode
from bot.workers.drawing import draw_board
from engine.puzzles import FAMILIES

GUILD = 1


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


async def measure(answers: int, url: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(url or f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        try:
            core = Core(store, clock=FakeClock())
            index = await shipped_index()
            for family in FAMILIES:
                puzzles = [p for p in index.values() if p.family is family][:answers]
                times, drawn = [], []
                for number, puzzle in enumerate(puzzles):
                    user = PlayerRef(1000 + number % 20, f"Player {number % 20}")
                    served = await core.puzzles.serve(GUILD, user, puzzle.id, PuzzleMode.SOLVE)
                    card = served.notices[0]
                    assert isinstance(card, PuzzleCard)
                    assert card.attempt_id is not None
                    answer = puzzle.best.text if number % 2 else puzzle.answers[-1].text
                    start = time.perf_counter()
                    graded = await core.puzzles.answer(card.attempt_id, user, answer)
                    times.append(time.perf_counter() - start)
                    if number < 20:
                        picture = graded.notices[0].picture  # type: ignore[union-attr]
                        start = time.perf_counter()
                        draw_board(picture.game, picture.names, picture.perspective, None, picture.footer)
                        drawn.append(time.perf_counter() - start)
                times.sort()
                print(
                    f"{family.name}: {len(times)} answers graded: median {_ms(statistics.median(times))}, "
                    f"90th percentile {_ms(times[int(len(times) * 0.9)])}, most {_ms(times[-1])}; "
                    f"the graded board drawn in {_ms(statistics.median(drawn))} (median)"
                )
        finally:
            await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    prog, about = "python -m bench.puzzles", __doc__.splitlines()[0]
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("--answers", type=int, default=200, help="answers per family (default 200)")
    parser.add_argument("--database", default=None, help="a PostgreSQL URL (default: a SQLite file)")
    args = parser.parse_args(argv)
    asyncio.run(measure(args.answers, args.database))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
