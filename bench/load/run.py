"""Many matches at once through the Discord stand-in: ``python -m bench.load --matches 200``.

Each match has its own channel and two members. It starts with ``/minigam challenge`` and an Accept
click; by default every match is set up first, then all of them play at the same time. The player to
move sends ``/minigam move`` with a legal play and waits for the new board before the next turn, until
the match is over (or ``--turns``). With no ``--think`` time this is a closed loop that keeps the bot
saturated, so the board latency is the number of matches over the bot's turns per second. ``--vs-bot``:
each match is one member against the computer (``--level``, ``--variant``) instead.

The bot runs in this process (``create_bot``; plays are picked with the core's state, or from
autocomplete with ``--autocomplete``), or with ``--process`` as ``python -m bot`` in a child process
(plays picked from the database); ``--bot-tree DIR`` runs the bot of another checkout (its own ``.venv``),
and ``--against DIR`` runs the same load against that checkout's bot and this one's, side by side.
``--postgres`` runs this checkout's bot once more on PostgreSQL (a server the tool starts in a temporary
folder), after its run on SQLite: ``--against DIR --postgres`` compares DIR on SQLite, this checkout on
SQLite and this checkout on PostgreSQL in one run. ``--processes N``: N bot processes of this checkout
(``python -m bot``, ``SHARD_COUNT=N``, process i on ``SHARD_IDS=i``) on one PostgreSQL database (a server
the tool starts), the matches dealt evenly over N guilds, guild i on shard i, so each process serves 1/N of
them (:mod:`bench.load.fleet`); ``--processes 1,2`` runs the same guilds and matches with one process
serving every shard, then with two, side by side, with the ratio of their bot-side CPU per turn.

Printed, as the players saw it: latency from each interaction to the bot's first response (all, and per
kind), to the new board after a move, to the challenge message and to the first board (p50 / p90 / p99 /
max), turns per second, the most matches in play at once, the requests to Discord per turn (and those
under Discord's global limit of 50 a second, with their busiest second). As the machine saw it: CPU
seconds per turn of each process (the bot, each worker, the stand-in) during the play, the bot side's sum
(of every bot process and its workers, and of each bot process), memory, and the load average. As the
bot saw it (:mod:`bot.timing`): the server-side time from the interaction's arrival to the board posted,
split into its stages. ``--profile FILE``: a py-spy profile of the bot process during the play, summarised.
Every error is listed (protocol violations, refusals, timeouts, WARNING or worse in the bot's logs). Exit
status 1 on any error or a missed ``--target-p99`` (p99 first response); the issue's other targets are
printed as ok / MISSED.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from bench.load.bots import DatabaseState, RunningBot, ServiceState, start_bot
from bench.load.cpu import CpuSample, sample, settled, spent
from bench.load.fleet import Table, bots_in_processes, shard_count, stand_in
from bench.load.profiling import Profiler, summarise
from bench.load.report import Stats
from bench.load.summary import Run, print_run, print_side_by_side, write_json
from bench.load.vsbot import move_and_wait, run_vs_bot, set_up_at, turns
from tests.e2e.standin import Channel, FakeDiscord, Message, StandInError, User, busiest_second
from tests.e2e.standin.constants import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS
from tests.e2e.world import ROOT, choose_play, is_board
from tests.postgres_server import PostgresServer


class StartLine:
    """Every match set up (challenged, accepted, first board posted) before any play; then all play.
    ``on_open`` runs when the last one arrives, before anyone plays (a CPU sample, the profiler)."""

    def __init__(self, count: int, on_open: Callable[[], Awaitable[None]] | None = None) -> None:
        self.waiting = count
        self.event = asyncio.Event()
        self.opened_at = 0.0
        self.on_open = on_open
        self._opening: asyncio.Task | None = None

    def arrive(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0 and self._opening is None:
            self._opening = asyncio.create_task(self._open())

    async def _open(self) -> None:
        try:
            if self.on_open is not None:
                await self.on_open()
        finally:
            self.opened_at = time.perf_counter()
            self.event.set()

    async def wait(self) -> None:
        await self.event.wait()


def _has_accept(message: Message) -> bool:
    return not message.ephemeral and any(
        "accept" in str(b.get("label", "")).lower() for b in message.buttons()
    )


async def set_up(
    fake: FakeDiscord, channel: Channel, players: tuple[User, User], stats: Stats, within: float
) -> None:
    first, second = players
    started = time.perf_counter()
    stage = "challenge"
    try:
        asked = await fake.slash(first, "minigam challenge", channel=channel, opponent=second, within=within)
        stats.note("challenge", asked)
        stage = "the challenge message"
        invite = await fake.wait_for_message(_has_accept, channel=channel, after=started, within=within)
        stats.challenge.append(invite.created - asked.sent)
        stage = "accept"
        accepted = await fake.click(second, invite, invite.button("accept"), within=within)
        stats.note("accept", accepted)
        stage = "the first board"
        board = await fake.wait_for_message(is_board, channel=channel, after=started, within=within)
        stats.first_board.append(board.created - accepted.sent)
    except StandInError as exc:
        seen = " | ".join(m.text[:60].replace("\n", " ") for m in fake.channel_messages(channel))
        raise StandInError(f"{exc} (at {stage}; the channel shows: {seen or 'nothing'})") from None


async def run_match(
    fake: FakeDiscord,
    state: ServiceState | DatabaseState,
    channel: Channel,
    players: tuple[User, User],
    stats: Stats,
    args: argparse.Namespace,
    *,
    delay: float = 0.0,
    start_line: StartLine | None = None,
) -> None:
    await asyncio.sleep(delay)
    await set_up_at(start_line, set_up(fake, channel, players, stats, args.timeout))
    async for game, _, seat_users in turns(state, channel, stats, args):
        if game.actor is None:
            raise StandInError(f"#{channel.name}: the stored match is over but still active")
        user = fake.members[seat_users[game.actor]]
        if args.think:
            await asyncio.sleep(args.think)
        if args.autocomplete:
            completed = await fake.complete(user, "minigam move", "", channel=channel, within=args.timeout)
            stats.note("autocomplete", completed)
            if not completed.choices:
                stats.errors.append(f"#{channel.name}: autocomplete offered {user.name} nothing")
                return
            text = completed.choices[0]["value"]
        else:
            text = game.position.format_play(choose_play(game))
        stats.board.append(
            await move_and_wait(fake, channel, user, text, is_board, args.timeout, stats, "new board")
        )


async def sample_active(state: ServiceState | DatabaseState, stats: Stats) -> None:
    while True:
        stats.peak_active = max(stats.peak_active, state.active())
        await asyncio.sleep(0.25)


async def run_once(
    args: argparse.Namespace, tree: Path | None, database_url: str | None = None, processes: int | None = None
) -> Run:
    """One load: a fresh stand-in and bot (``tree``'s, as a process; None: in this process), on
    ``database_url`` (None: a fresh SQLite file); or ``processes`` bot processes sharing the shards."""
    stats = Stats()
    run = Run("", stats)
    samples: dict[str, CpuSample] = {}
    profiler: Profiler | None = None
    requests_at_play = [0, 0]  # the stand-in's counts of REST calls (all, global) when the play started
    with tempfile.TemporaryDirectory(prefix="minigam-load-") as tmp:
        fake, tables = stand_in(args.matches, shard_count(args.processes) if processes else None)
        async with fake:
            # Each match in its own channel, played there: no thread is opened (a thread would cost one
            # more request at the start of a match and nothing per turn; the players watch the channel).
            no_threads = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS
            fake.bot_channel_permissions.update({t.channel.id: no_threads for t in tables})
            t0 = time.perf_counter()
            async with _start(fake, Path(tmp), args, stats, tree, database_url, processes) as bot:
                run.label = bot.label
                ready = time.perf_counter() - t0
                warm = await settled(bot.pids)
                print(
                    f"bot ({bot.label}) ready in {ready:.2f} s, its workers warm {warm:.1f} s later;"
                    f" {args.matches} matches start"
                )
                samples["ready"] = sample(bot.pids)

                async def open_play() -> None:
                    nonlocal profiler
                    samples["play"] = sample(bot.pids)
                    requests_at_play[:] = len(fake.requests), len(fake.global_times)
                    if args.profile:  # of several bot processes, the first
                        pid = bot.pids[0] if bot.pids else os.getpid()
                        profiler = Profiler(pid, Path(args.profile), workers=args.profile_workers)
                        await profiler.start()

                line = None if args.no_start_line else StartLine(args.matches, open_play)
                if line is None:
                    await open_play()
                tasks = [_player_task(fake, bot.state, i, t, stats, args, line) for i, t in enumerate(tables)]
                stats.t_start = time.perf_counter()
                sampler = asyncio.create_task(sample_active(bot.state, stats))
                results = await asyncio.gather(*tasks, return_exceptions=True)
                samples["end"] = sample(bot.pids)
                run.requests = len(fake.requests) - requests_at_play[0]
                in_play = fake.global_times[requests_at_play[1] :]
                run.global_requests, run.busiest_second = len(in_play), busiest_second(in_play)
                run.elapsed = time.perf_counter() - stats.t_start
                sampler.cancel()
                if profiler is not None:
                    problem = await profiler.stop()
                    run.profile = [f"  py-spy: {problem}"] if problem else summarise(Path(args.profile))
                if line is not None and line.opened_at:
                    stats.setup_seconds = line.opened_at - stats.t_start
                    run.elapsed = time.perf_counter() - line.opened_at
                for table, result in zip(tables, results, strict=True):
                    if isinstance(result, BaseException):
                        kind = "timeout" if isinstance(result, StandInError) else type(result).__name__
                        stats.errors.append(f"#{table.channel.name}: {kind}: {result}")
            run.traces = bot.traces()
            stats.errors.extend(f"stand-in: {v}" for v in fake.violations)
            stats.errors.extend(f"unknown route: {m} {p}" for m, p in fake.unknown_routes)
            run.interactions = len(fake.interactions)
    play = samples.get("play", samples["ready"])
    run.cpu = spent(play, samples["end"])
    run.load = (play.load[0], samples["end"].load[0])
    if tree is not None and "play" in samples:
        grown = _rss(samples["play"], "bot") - _rss(samples["ready"], "bot")
        run.rss_per_match = grown / args.matches
    return run


def _start(
    fake: FakeDiscord,
    tmp: Path,
    args: argparse.Namespace,
    stats: Stats,
    tree: Path | None,
    database_url: str | None,
    processes: int | None,
) -> contextlib.AbstractAsyncContextManager[RunningBot]:
    if processes is None:
        return start_bot(fake, tmp, args, stats, tree, database_url)
    assert database_url is not None, "several bot processes share a PostgreSQL database"
    return bots_in_processes(fake, tmp, args, stats, database_url, processes, shard_count(args.processes))


def _rss(at: CpuSample, role: str) -> int:
    return sum(p.rss for p in at.processes if p.role == role)


def _player_task(
    fake: FakeDiscord,
    state: ServiceState | DatabaseState,
    i: int,
    table: Table,
    stats: Stats,
    args: argparse.Namespace,
    line: StartLine | None,
) -> Awaitable[None]:
    delay = args.ramp * i / args.matches
    if args.vs_bot:

        async def later() -> None:
            await asyncio.sleep(delay)
            await run_vs_bot(fake, state, table.channel, table.players[0], stats, args, start_line=line)

        return later()
    return run_match(fake, state, table.channel, table.players, stats, args, delay=delay, start_line=line)


async def main_async(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    runs = []
    failed = False
    with contextlib.ExitStack() as stack:
        postgres = PostgresServer() if args.postgres or args.processes else None
        if postgres is not None:
            stack.callback(postgres.close)
        for tree, url, processes in _plan(args, postgres):
            run = await run_once(args, tree, url, processes)
            runs.append(run)
            failed = print_run(args, run) or failed
            print()
    if len(runs) > 1:
        print_side_by_side(args, runs)
    if args.json:
        write_json(Path(args.json), args, runs)
    return 1 if failed else 0


def _plan(
    args: argparse.Namespace, postgres: PostgresServer | None
) -> Iterator[tuple[Path | None, str | None, int | None]]:
    """Each run's bot: its checkout (None: in this process), its database (None: a fresh SQLite file)
    and, with ``--processes``, how many processes share it."""
    if args.processes:
        assert postgres is not None
        for r in range(args.rounds):
            for n in args.processes:
                yield ROOT, postgres.create_database(f"load_{r}_{n}p"), n
        return
    if args.against:
        trees: list[Path | None] = [Path(args.against), ROOT] * args.rounds
    elif args.bot_tree:
        trees = [Path(args.bot_tree)] * args.rounds
    else:
        trees = [ROOT if args.process else None] * args.rounds
    for n, tree in enumerate(trees):
        yield tree, None, None
        if postgres is not None and tree in (None, ROOT):  # this checkout's bot on both stores
            yield tree, postgres.create_database(f"load_{n}"), None


def _counts(text: str) -> list[int]:
    """``2`` or ``1,2``: how many bot processes, for each run."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"a number of processes or a list like 1,2, not {text!r}")
    return counts


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches played at once (default 200)")
    parser.add_argument("--turns", type=int, default=1000, help="stop each match after this many turns")
    parser.add_argument("--seed", type=int, default=1, help="dice seed (the bot in this process)")
    parser.add_argument("--process", action="store_true", help="run the bot as `python -m bot` in a child")
    parser.add_argument("--bot-tree", metavar="DIR", help="run DIR's bot as a process (another checkout)")
    parser.add_argument(
        "--against", metavar="DIR", help="run the load against DIR's bot, then this checkout's, side by side"
    )
    parser.add_argument("--rounds", type=int, default=1, help="repeat the run(s) this many times")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="run this checkout's bot on PostgreSQL too (a server the tool starts), after its SQLite run",
    )
    parser.add_argument(
        "--processes",
        type=_counts,
        metavar="N[,N...]",
        help="N bot processes on one PostgreSQL database, a shard each (1,2: a run with each, side by side)",
    )
    parser.add_argument("--vs-bot", action="store_true", help="each match: one member against the computer")
    parser.add_argument("--level", default="hard", help="the computer's level with --vs-bot (default hard)")
    parser.add_argument("--variant", default="minigam", help="the variant with --vs-bot (default minigam)")
    parser.add_argument("--render-workers", type=int, default=1, help="RENDER_WORKERS of the bot process")
    parser.add_argument("--ai-workers", type=int, default=1, help="AI_WORKERS of the bot")
    parser.add_argument("--autocomplete", action="store_true", help="ask autocomplete before every move")
    parser.add_argument(
        "--no-start-line",
        action="store_true",
        help="let each match play as soon as it is set up (default: set up all, then play all at once)",
    )
    parser.add_argument("--think", type=float, default=0.0, help="seconds each player waits before moving")
    parser.add_argument(
        "--ramp", type=float, default=0.0, help="start the matches evenly over this many seconds"
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for any one answer")
    parser.add_argument(
        "--target-p99", type=float, default=0.5, help="p99 first-response target in seconds (default 0.5)"
    )
    parser.add_argument(
        "--no-timings",
        dest="timings",
        action="store_false",
        help="a bot process writes no stage timings (what they cost left out of its CPU: a fair --against)",
    )
    parser.add_argument("--profile", metavar="FILE", help="py-spy the bot during the play into FILE")
    parser.add_argument("--profile-workers", action="store_true", help="with --profile: the workers too")
    parser.add_argument("--json", metavar="FILE", help="write each run's figures to FILE as JSON")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.rounds < 1:
        parser.error("--matches and --rounds must be 1 or more")
    if args.turns < 0 or args.timeout <= 0 or args.ramp < 0 or args.think < 0:
        parser.error("--turns, --timeout, --ramp and --think cannot be negative")
    if args.render_workers < 0 or args.ai_workers < 0:
        parser.error("--render-workers and --ai-workers cannot be negative")
    if args.vs_bot and args.autocomplete:
        parser.error("--autocomplete is for matches between members, not --vs-bot")
    for option in ("bot_tree", "against"):
        tree = getattr(args, option)
        if tree and not (Path(tree) / "bot" / "__main__.py").exists():
            parser.error(f"--{option.replace('_', '-')}: {tree} is not a checkout of this project")
    if args.against and args.bot_tree:
        parser.error("--against already says which bots to run; leave out --bot-tree")
    if args.processes and (args.against or args.bot_tree):
        parser.error("--processes runs this checkout's bot; leave out --against and --bot-tree")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(main_async(args))
    return 130
