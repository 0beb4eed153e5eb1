"""What a match clock costs a turn: ``python -m bench.clocks [--matches 200] [--turns 20]``.

The same hot-seat matches (minigam, 5 points, two people each, the first legal play every turn) are played
through the core on a SQLite file twice, without a clock and on the ``live`` clock, with the runner's flag
timers armed as in the bot (the system's clock): every stored action then charges a reserve, stores the
reserves, and wakes the match's timer for the next decision. Printed per turn: the bot process's CPU time
and the wall time, for each, and the difference; and the flag timers running at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.core import Action, Core, Result
from bot.core.runner import Runner
from bot.models import PlayerRef
from bot.store import open_store
from engine import SeededDice

GUILD = 1


async def _nothing(result: Result) -> None:
    return None


async def one_run(folder: Path, clock: str, matches: int, turns: int) -> tuple[float, float, int]:
    """CPU and wall seconds per turn over ``matches`` × ``turns`` plays, and the timers running at the end."""
    store = await open_store(f"sqlite:///{folder / f'{clock}.sqlite3'}")
    core = Core(store, dice=SeededDice(1))
    runner = Runner(core, _nothing, move_delay=0, sweep_interval=3600)
    try:
        ids = []
        for n in range(matches):
            a, b = PlayerRef(10 + 2 * n, f"A{n}"), PlayerRef(11 + 2 * n, f"B{n}")
            sent = await core.challenges.challenge(GUILD, 1000 + n, a, b, "minigam", 5, clock=clock)
            await core.challenges.answer(sent.notices[0].challenge_id, b, accept=True)
            ids.append((core.ctx.live.played_in(1000 + n), a, b))
        played = 0
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(turns):
            for live, a, b in ids:
                if not live.is_live or live.game.actor is None:
                    continue
                who = a if live.record.seats[live.game.actor].user_id == a.user_id else b
                play = live.game.position.format_play(live.game.legal_plays()[0])
                await core.matches.act(live.match_id, live.version, who, Action.PLAY, play)
                played += 1
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        await asyncio.sleep(0)
        timers = sum(1 for live, _a, _b in ids if live.match_id in runner.flags)
        return cpu / played, wall / played, timers
    finally:
        await runner.close()
        await store.close()


async def main(matches: int, turns: int, rounds: int) -> None:
    results: dict[str, list[tuple[float, float, int]]] = {"none": [], "live": []}
    with tempfile.TemporaryDirectory() as tmp:
        await one_run(Path(tmp), "live", min(matches, 10), 2)  # warm up: imports, caches
        for r in range(rounds):
            order = list(results.items()) if r % 2 == 0 else list(reversed(results.items()))
            for clock, runs in order:  # each first in turn
                folder = Path(tmp) / f"{clock}-{r}"
                folder.mkdir()
                runs.append(await one_run(folder, clock, matches, turns))
    print(f"{matches} matches, {turns} turns each, {rounds} rounds (median per turn):")
    medians = {}
    for clock, runs in results.items():
        cpu = statistics.median(r[0] for r in runs) * 1000
        wall = statistics.median(r[1] for r in runs) * 1000
        medians[clock] = (cpu, wall)
        print(f"  clock {clock:5}: {cpu:.3f} ms CPU, {wall:.3f} ms wall; flag timers running: {runs[-1][2]}")
    extra_cpu = medians["live"][0] - medians["none"][0]
    extra_wall = medians["live"][1] - medians["none"][1]
    print(f"  the clock's cost: {extra_cpu:+.3f} ms CPU, {extra_wall:+.3f} ms wall a turn")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(args.matches, args.turns, args.rounds))
