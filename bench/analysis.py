"""How long the bot takes to answer an analysis, and how big the answer is:
``python -m bench.analysis --plays 20 60 120 --games 3``.

For each length, money games between two ``medium`` players at least that long are cut after that many
plays and ended by a resignation there (the record stays the players' own), stored in a fresh database,
and asked for through the core as ``/minigam analyse`` does: the analysis in an analysis worker process
(warmed up first), stored; the pictures drawn in a drawing worker; the answer laid out as Discord embeds.
Printed per game: the time to the analysis (the worker's own time in brackets), to the pictures, and to
ask again (read back from the store), then the answer's size.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bot.app.analysis import cards, pages
from bot.core import AnalysisReport, Core
from bot.core.commit import game_context
from bot.models import MatchRecord, MatchStatus, PlayerRef, Seat
from bot.store import Store, open_store
from bot.workers.analysing import Analyst
from bot.workers.analysis_drawing import draw_analysis
from bot.workers.drawing import Painter
from engine import Game, replay
from engine.analysis.__main__ import record_of

GUILD, CHANNEL = 1, 100
SEATS = (Seat(11, "Alice"), Seat(22, "Bob"))


def resigned_at(plays: int, seed: int, variant: str, skip: int) -> Game:
    """A game of ``variant`` cut after ``plays`` plays, where the player to act resigns (at the full value
    of the game) and the other accepts."""
    full, events = record_of(plays, seed, variant, skip=skip)
    game = replay(variant, events, full.match)
    if game.actor is None:  # the last play ended it
        return game
    offered = game.resign(game.actor)
    return offered.accept_resignation() if offered.outcome is None else offered


async def store_game(store: Store, game: Game, now: float) -> int:
    """Store ``game`` (finished) as the one game of a finished match; its game id."""
    assert game.outcome is not None
    async with store.transaction() as tx:
        await tx.upsert_guild(GUILD, "bench", now)
        for seat in SEATS:
            await tx.upsert_player(PlayerRef(seat.user_id, seat.name), now)
        v = game.variant.name
        record = MatchRecord(0, GUILD, CHANNEL, v, 0, False, MatchStatus.FINISHED, SEATS, 1, None, now)
        match_id = await tx.insert_match(record)
        game_id = await tx.insert_game(match_id, 1, game.variant.name, game_context(game), now)
        await tx.add_events(game_id, 0, game.events, now)
        await tx.finish_game(game_id, game.outcome, now)
    return game_id


async def measure(plays: Sequence[int], games: int, seed: int, variant: str, workers: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.sqlite3")
        analyst, painter = Analyst(workers), Painter(workers)
        analyst.start()
        painter.start()
        core = Core(store, analyst=analyst)
        core.analyses.jobs.start()
        try:
            start = time.perf_counter()
            warm = resigned_at(2, seed, variant, 0)
            await analyst.analyse(variant, warm.events, warm.match)
            await painter.draw(warm)
            print(f"workers ready (warm-up included) in {time.perf_counter() - start:.1f} s")
            for n in plays:
                for k in range(games):
                    game = resigned_at(n, seed, variant, k)
                    game_id = await store_game(store, game, time.time())
                    await _one(core, painter, game_id, n)
        finally:
            await core.analyses.jobs.close()
            analyst.close()
            painter.close()
            await store.close()


async def _one(core: Core, painter: Painter, game_id: int, plays: int) -> None:
    t0 = time.perf_counter()
    (report,) = (await core.analyses.report(GUILD, CHANNEL, game_id)).notices
    t1 = time.perf_counter()
    assert isinstance(report, AnalysisReport)
    pictures = await painter.workers.run(
        draw_analysis, report.variant, report.events, report.match, report.analysis, report.names
    )
    t2 = time.perf_counter()
    await core.analyses.report(GUILD, CHANNEL, game_id)
    t3 = time.perf_counter()
    stored = await core.store.analysis(game_id)
    assert stored is not None
    laid_out = pages(cards(report, pictures))
    embeds = sum(len(page) for page in laid_out)
    characters = sum(len(c.embed) for page in laid_out for c in page)
    png = sum(len(p.png) for p in pictures)
    print(
        f"{report.variant}: {plays} plays: analysis {t1 - t0:.2f} s (in the worker {stored.seconds:.2f} s), "
        f"pictures {t2 - t1:.2f} s, asked again {1000 * (t3 - t2):.1f} ms; answer: "
        f"{len(laid_out)} message(s), {embeds} embeds of {characters} characters, "
        f"{len(pictures)} PNGs of {png / 1024:.0f} KB"
    )


def main(argv: Sequence[str] | None = None) -> int:
    prog, about = "python -m bench.analysis", __doc__.splitlines()[0]
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("--plays", type=int, nargs="+", default=[20, 60, 120])
    parser.add_argument("--games", type=int, default=3, help="games per length (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="backgammon")
    parser.add_argument("--workers", type=int, default=1, help="analysis and drawing processes (0: threads)")
    args = parser.parse_args(argv)
    asyncio.run(measure(args.plays, args.games, args.seed, args.variant, args.workers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
